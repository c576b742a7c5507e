//! The rule set: the options of the spec's table, the two presets, and reading them from a record.

use game::{GameKind, Options, RuleSet};
use serde_json::{Value, json};

/// Why a record's `"rules"` are not Baloot rules. Values are shown as JSON text and names cut to
/// 40 characters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The rules are asked for another game.
    #[error("Baloot rules cannot play {}", .0.title())]
    NotBaloot(GameKind),
    /// A preset name other than `seed`, `saudi` and `saudi_full`.
    #[error("unknown Baloot preset {0:?} (known: seed, saudi, saudi_full)")]
    UnknownPreset(String),
    /// `preset` is not a string.
    #[error("\"preset\" must be \"seed\", \"saudi\" or \"saudi_full\", not {0}")]
    PresetNotAName(String),
    /// A true/false option with another value.
    #[error("option {name} must be true or false, not {value}")]
    NotABool {
        /// The option.
        name: String,
        /// The value given.
        value: String,
    },
    /// A named-choice option with a value outside its choices.
    #[error("option {name} must be {}, not {value}", one_of(.known))]
    NotAChoice {
        /// The option.
        name: String,
        /// Its choices.
        known: &'static [&'static str],
        /// The value given.
        value: String,
    },
    /// `four_hundred_points` is neither 400 nor 200.
    #[error("option four_hundred_points must be 400 or 200, not {0}")]
    FourHundredPoints(String),
    /// An option Baloot does not have.
    #[error("unknown Baloot option {name:?} (known: preset, {known})", name = .0, known = OPTION_NAMES.join(", "))]
    UnknownOption(String),
}

/// `"a" or "b"`.
fn one_of(known: &[&str]) -> String {
    known.iter().map(|k| format!("\"{k}\"")).collect::<Vec<_>>().join(" or ")
}

/// Which four of a kind count as a Hundred.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FourOfAKind {
    /// `"any"`: four cards of any rank.
    Any,
    /// `"saudi"`: only aces (in Hokum; in Sun four aces are the Four hundred), kings, queens, jacks
    /// and tens.
    Saudi,
}

/// What happens when both teams' best projects are worth the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProjectTie {
    /// `"cancel"`: neither team scores its projects.
    Cancel,
    /// `"top_card"`: the higher top card wins, then the holder nearer to seat dealer + 1.
    TopCard,
}

/// How Hokum card points become game points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HokumRounding {
    /// `"each_team"`: each team's points ÷ 10 on its own, a remainder of exactly 5 rounding down.
    EachTeam,
    /// `"sum16"`: as `each_team`, then the two card-point halves are made to sum to 16.
    Sum16,
}

/// The Baloot rule set: one field per option of `docs/rules/baloot.md`.
///
/// [`BalootRules::seed`] (the default), [`BalootRules::saudi`] and [`BalootRules::saudi_full`] are
/// the presets; any option may be changed alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BalootRules {
    /// `sun` may be bid in round 1, and overrides a round-1 `hokum` of a player who spoke earlier.
    pub sun_in_first_round: bool,
    /// A player void in the led suit must trump even while the partner wins the trick.
    pub trump_when_partner_winning: bool,
    /// When trumping, or when trump is led, beat the best trump in the trick if you can.
    pub must_overtrump: bool,
    /// Which four of a kind count.
    pub four_of_a_kind: FourOfAKind,
    /// Raw points of the Four hundred (four aces in Sun): 400 or 200.
    pub four_hundred_points: u16,
    /// Equal best projects.
    pub project_tie: ProjectTie,
    /// Hokum rounding.
    pub hokum_rounding: HokumRounding,
    /// A team that takes all 8 tricks scores 25 (Hokum) / 44 (Sun) and the other team nothing.
    pub kaboot: bool,
    /// The Saudi doubling steps after the bidding: `double`, `three`, `four` (open or closed) and
    /// `gahwa`.
    pub doubling: bool,
    /// `ashkal`: a round-1 Sun by the dealer or the seat before it, the face-up card going to the
    /// caller's partner.
    pub ashkal: bool,
    /// `kawesh`: a player holding only 7s, 8s and 9s ends the hand before any bid; the same dealer
    /// deals again.
    pub kawesh: bool,
    /// `sawa`: the player about to lead claims every remaining trick.
    pub sawa: bool,
}

impl Default for BalootRules {
    fn default() -> Self {
        BalootRules::seed()
    }
}

/// The option names, in the order of the spec's table.
pub const OPTION_NAMES: [&str; 12] = [
    "sun_in_first_round",
    "trump_when_partner_winning",
    "must_overtrump",
    "four_of_a_kind",
    "four_hundred_points",
    "project_tie",
    "hokum_rounding",
    "doubling",
    "ashkal",
    "kawesh",
    "sawa",
    "kaboot",
];

/// The preset names, in the order [`BalootRules::to_options`] prefers them on a tie.
pub const PRESET_NAMES: [&str; 3] = ["seed", "saudi", "saudi_full"];

impl BalootRules {
    /// The `seed` preset: the seed guide as written, with its errors fixed.
    #[must_use]
    pub const fn seed() -> Self {
        BalootRules {
            sun_in_first_round: false,
            trump_when_partner_winning: true,
            must_overtrump: false,
            four_of_a_kind: FourOfAKind::Any,
            four_hundred_points: 400,
            project_tie: ProjectTie::Cancel,
            hokum_rounding: HokumRounding::EachTeam,
            kaboot: false,
            doubling: false,
            ashkal: false,
            kawesh: false,
            sawa: false,
        }
    }

    /// The `saudi` preset: what most Saudi apps and open-source engines play.
    #[must_use]
    pub const fn saudi() -> Self {
        BalootRules {
            sun_in_first_round: true,
            trump_when_partner_winning: false,
            must_overtrump: true,
            four_of_a_kind: FourOfAKind::Saudi,
            four_hundred_points: 200,
            project_tie: ProjectTie::TopCard,
            hokum_rounding: HokumRounding::Sum16,
            kaboot: true,
            doubling: false,
            ashkal: false,
            kawesh: false,
            sawa: false,
        }
    }

    /// The `saudi_full` preset: `saudi` with every Saudi table call on (doubling, Ashkal, Kawesh,
    /// Sawa).
    #[must_use]
    pub const fn saudi_full() -> Self {
        BalootRules { doubling: true, ashkal: true, kawesh: true, sawa: true, ..BalootRules::saudi() }
    }

    /// The preset called `name` (`seed`, `saudi` or `saudi_full`).
    #[must_use]
    pub fn preset(name: &str) -> Option<Self> {
        match name {
            "seed" => Some(BalootRules::seed()),
            "saudi" => Some(BalootRules::saudi()),
            "saudi_full" => Some(BalootRules::saudi_full()),
            _ => None,
        }
    }

    /// Reads Baloot options: `"preset"` first (default `seed`), then single options on top.
    ///
    /// # Errors
    /// An unknown option or preset, or a value of the wrong type or range, in words.
    pub fn from_options(options: &Options) -> Result<Self, RulesError> {
        let mut rules = match options.get("preset") {
            None | Some(Value::Null) => BalootRules::seed(),
            Some(Value::String(name)) => {
                BalootRules::preset(name).ok_or_else(|| RulesError::UnknownPreset(short(name)))?
            }
            Some(other) => return Err(RulesError::PresetNotAName(short_value(other))),
        };
        for (name, value) in options {
            rules.set(name, value)?;
        }
        Ok(rules)
    }

    /// Sets one option by its record name.
    ///
    /// # Errors
    /// An unknown name or a bad value, in words.
    pub fn set(&mut self, name: &str, value: &Value) -> Result<(), RulesError> {
        let flag =
            || value.as_bool().ok_or_else(|| RulesError::NotABool { name: name.to_owned(), value: short_value(value) });
        let word = |known: &'static [&'static str]| -> Result<usize, RulesError> {
            value.as_str().and_then(|s| known.iter().position(|k| *k == s)).ok_or_else(|| RulesError::NotAChoice {
                name: name.to_owned(),
                known,
                value: short_value(value),
            })
        };
        match name {
            "preset" => {}
            "sun_in_first_round" => self.sun_in_first_round = flag()?,
            "trump_when_partner_winning" => self.trump_when_partner_winning = flag()?,
            "must_overtrump" => self.must_overtrump = flag()?,
            "kaboot" => self.kaboot = flag()?,
            "doubling" => self.doubling = flag()?,
            "ashkal" => self.ashkal = flag()?,
            "kawesh" => self.kawesh = flag()?,
            "sawa" => self.sawa = flag()?,
            "four_of_a_kind" => {
                self.four_of_a_kind = [FourOfAKind::Any, FourOfAKind::Saudi][word(&["any", "saudi"])? & 1];
            }
            "project_tie" => {
                self.project_tie = [ProjectTie::Cancel, ProjectTie::TopCard][word(&["cancel", "top_card"])? & 1];
            }
            "hokum_rounding" => {
                self.hokum_rounding =
                    [HokumRounding::EachTeam, HokumRounding::Sum16][word(&["each_team", "sum16"])? & 1];
            }
            "four_hundred_points" => {
                self.four_hundred_points = match value.as_u64() {
                    Some(400) => 400,
                    Some(200) => 200,
                    _ => return Err(RulesError::FourHundredPoints(short_value(value))),
                };
            }
            _ => return Err(RulesError::UnknownOption(short(name))),
        }
        Ok(())
    }

    fn option_value(&self, name: &str) -> Value {
        match name {
            "sun_in_first_round" => json!(self.sun_in_first_round),
            "trump_when_partner_winning" => json!(self.trump_when_partner_winning),
            "must_overtrump" => json!(self.must_overtrump),
            "kaboot" => json!(self.kaboot),
            "doubling" => json!(self.doubling),
            "ashkal" => json!(self.ashkal),
            "kawesh" => json!(self.kawesh),
            "sawa" => json!(self.sawa),
            "four_of_a_kind" => json!(match self.four_of_a_kind {
                FourOfAKind::Any => "any",
                FourOfAKind::Saudi => "saudi",
            }),
            "project_tie" => json!(match self.project_tie {
                ProjectTie::Cancel => "cancel",
                ProjectTie::TopCard => "top_card",
            }),
            "hokum_rounding" => json!(match self.hokum_rounding {
                HokumRounding::EachTeam => "each_team",
                HokumRounding::Sum16 => "sum16",
            }),
            "four_hundred_points" => json!(self.four_hundred_points),
            _ => Value::Null,
        }
    }

    /// The options as a record's `"rules"` object: the nearest preset (the earlier of
    /// [`PRESET_NAMES`] on a tie), then the options that differ from it.
    #[must_use]
    pub fn to_options(&self) -> Options {
        let diff =
            |base: &BalootRules| OPTION_NAMES.iter().filter(|n| base.option_value(n) != self.option_value(n)).count();
        let mut name = "seed";
        let mut base = BalootRules::seed();
        for candidate in PRESET_NAMES {
            let Some(rules) = BalootRules::preset(candidate) else { continue };
            if diff(&rules) < diff(&base) {
                (name, base) = (candidate, rules);
            }
        }
        let mut out = Options::new();
        out.insert("preset".to_owned(), json!(name));
        for n in OPTION_NAMES {
            let v = self.option_value(n);
            if base.option_value(n) != v {
                out.insert(n.to_owned(), v);
            }
        }
        out
    }
}

fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

fn short_value(v: &Value) -> String {
    short(&v.to_string())
}

impl RuleSet for BalootRules {
    type Error = RulesError;

    fn from_options(kind: GameKind, options: &Options) -> Result<Self, RulesError> {
        if kind != GameKind::Baloot {
            return Err(RulesError::NotBaloot(kind));
        }
        BalootRules::from_options(options)
    }

    fn to_options(&self) -> Options {
        BalootRules::to_options(self)
    }

    fn all_options(&self) -> Options {
        let mut out = BalootRules::to_options(self);
        for n in OPTION_NAMES {
            out.insert(n.to_owned(), self.option_value(n));
        }
        out
    }

    fn seat_count(&self) -> usize {
        4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(v: Value) -> Options {
        v.as_object().cloned().expect("object")
    }

    #[test]
    fn default_is_the_seed_preset() {
        assert_eq!(BalootRules::from_options(&Options::new()), Ok(BalootRules::seed()));
        assert_eq!(BalootRules::default(), BalootRules::seed());
    }

    #[test]
    fn seed_preset_values_match_the_table() {
        let r = BalootRules::seed();
        assert!(!r.sun_in_first_round && r.trump_when_partner_winning && !r.must_overtrump && !r.kaboot);
        assert_eq!(r.four_of_a_kind, FourOfAKind::Any);
        assert_eq!(r.four_hundred_points, 400);
        assert_eq!(r.project_tie, ProjectTie::Cancel);
        assert_eq!(r.hokum_rounding, HokumRounding::EachTeam);
    }

    #[test]
    fn saudi_preset_values_match_the_table() {
        let r = BalootRules::from_options(&opts(json!({"preset": "saudi"}))).expect("saudi");
        assert!(r.sun_in_first_round && !r.trump_when_partner_winning && r.must_overtrump && r.kaboot);
        assert_eq!(r.four_of_a_kind, FourOfAKind::Saudi);
        assert_eq!(r.four_hundred_points, 200);
        assert_eq!(r.project_tie, ProjectTie::TopCard);
        assert_eq!(r.hokum_rounding, HokumRounding::Sum16);
    }

    #[test]
    fn single_options_override_the_preset() {
        let r = BalootRules::from_options(&opts(json!({"must_overtrump": false, "preset": "saudi"}))).expect("ok");
        assert!(!r.must_overtrump);
        assert!(r.sun_in_first_round);
        let r = BalootRules::from_options(&opts(json!({"hokum_rounding": "sum16", "four_hundred_points": 200})))
            .expect("ok");
        assert_eq!(r.hokum_rounding, HokumRounding::Sum16);
        assert_eq!(r.four_hundred_points, 200);
        assert!(!r.sun_in_first_round);
    }

    #[test]
    fn unknown_names_and_bad_values_are_errors_in_words() {
        let cases = [
            (json!({"preset": "kuwaiti"}), "unknown Baloot preset"),
            (json!({"preset": 3}), "\"preset\" must be"),
            (json!({"jokers": true}), "unknown Baloot option \"jokers\""),
            (json!({"doubling": "on"}), "doubling must be true or false"),
            (json!({"sawa": 1}), "sawa must be true or false"),
            (json!({"kaboot": "yes"}), "kaboot must be true or false"),
            (json!({"four_of_a_kind": "all"}), "four_of_a_kind must be \"any\" or \"saudi\""),
            (json!({"four_hundred_points": 300}), "four_hundred_points must be 400 or 200"),
            (json!({"project_tie": true}), "project_tie must be"),
            (json!({"hokum_rounding": "sum17"}), "hokum_rounding must be"),
        ];
        for (o, want) in cases {
            let err = BalootRules::from_options(&opts(o.clone())).expect_err("must fail");
            assert!(err.to_string().contains(want), "{o}: {err}");
        }
        assert!(<BalootRules as RuleSet>::from_options(GameKind::Kout4, &Options::new()).is_err());
    }

    #[test]
    fn to_options_round_trips_every_single_change() {
        let mut all = vec![BalootRules::seed(), BalootRules::saudi(), BalootRules::saudi_full()];
        for base in [BalootRules::seed(), BalootRules::saudi(), BalootRules::saudi_full()] {
            for n in OPTION_NAMES {
                let mut r = base;
                match n {
                    "sun_in_first_round" => r.sun_in_first_round ^= true,
                    "trump_when_partner_winning" => r.trump_when_partner_winning ^= true,
                    "must_overtrump" => r.must_overtrump ^= true,
                    "kaboot" => r.kaboot ^= true,
                    "doubling" => r.doubling ^= true,
                    "ashkal" => r.ashkal ^= true,
                    "kawesh" => r.kawesh ^= true,
                    "sawa" => r.sawa ^= true,
                    "four_of_a_kind" => r.four_of_a_kind = BalootRules::seed().four_of_a_kind,
                    "four_hundred_points" => r.four_hundred_points = 600 - r.four_hundred_points,
                    "project_tie" => r.project_tie = ProjectTie::TopCard,
                    _ => r.hokum_rounding = HokumRounding::EachTeam,
                }
                all.push(r);
            }
        }
        for r in all {
            let o = r.to_options();
            assert_eq!(BalootRules::from_options(&o), Ok(r), "{o:?}");
        }
        assert_eq!(BalootRules::saudi().to_options().len(), 1, "a preset writes just its name");
        assert_eq!(BalootRules::saudi_full().to_options(), opts(json!({"preset": "saudi_full"})));
        let one_call = BalootRules { sawa: true, ..BalootRules::saudi() };
        assert_eq!(one_call.to_options(), opts(json!({"preset": "saudi", "sawa": true})));
    }

    #[test]
    fn the_calls_are_off_in_seed_and_saudi_and_all_on_in_saudi_full() {
        for r in [BalootRules::seed(), BalootRules::saudi()] {
            assert!(!r.doubling && !r.ashkal && !r.kawesh && !r.sawa, "{r:?}");
        }
        let full = BalootRules::from_options(&opts(json!({"preset": "saudi_full"}))).expect("saudi_full");
        assert!(full.doubling && full.ashkal && full.kawesh && full.sawa);
        assert_eq!(
            BalootRules { doubling: false, ashkal: false, kawesh: false, sawa: false, ..full },
            BalootRules::saudi()
        );
        let house = BalootRules::from_options(&opts(json!({"preset": "saudi_full", "sawa": false}))).expect("ok");
        assert!(house.doubling && !house.sawa);
        let seed_double = BalootRules::from_options(&opts(json!({"doubling": true}))).expect("ok");
        assert!(seed_double.doubling && !seed_double.sun_in_first_round);
    }
}
