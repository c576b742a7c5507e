//! The rule set of Kabul: the options of `docs/rules/kabul.md`.

use game::{GameKind, Options, RuleSet};
use serde_json::Value;

/// Why a record's `"rules"` are not Kabul rules. Values are shown as JSON text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The rules are asked for another game.
    #[error("these are Kabul's rules, not {}'s", .0.title())]
    NotKabul(GameKind),
    /// `players` is not 2 to 6.
    #[error("players must be a whole number from 2 to 6, not {0}")]
    Players(String),
    /// `target_score` is neither a whole number nor null.
    #[error("target_score must be a whole number or null, not {0}")]
    TargetNotANumber(String),
    /// `target_score` is not positive.
    #[error("target_score must be a positive number of points, not {0}")]
    TargetNotPositive(i32),
    /// `snap_window_ms` is not a whole number.
    #[error("snap_window_ms must be a whole number of milliseconds, not {0}")]
    SnapWindow(String),
    /// An option Kabul does not have (its name, cut to 40 characters).
    #[error("Kabul has no option {0:?} (its options are players, target_score, snap_window_ms)")]
    UnknownOption(String),
}

/// The fewest players Kabul is played with.
pub const MIN_PLAYERS: usize = 2;
/// The most players Kabul is played with (the deck serves six).
pub const MAX_PLAYERS: usize = 6;

/// The options of Kabul. Build with [`KabulRules::new`] or read a record's `"rules"` object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KabulRules {
    players: usize,
    target_score: Option<i32>,
    snap_window_ms: u64,
}

impl Default for KabulRules {
    fn default() -> Self {
        KabulRules { players: 4, target_score: None, snap_window_ms: 3000 }
    }
}

impl KabulRules {
    /// The default rules for `players` players, if 2 to 6.
    #[must_use]
    pub fn new(players: usize) -> Option<KabulRules> {
        (MIN_PLAYERS..=MAX_PLAYERS).contains(&players).then_some(KabulRules { players, ..KabulRules::default() })
    }

    /// The same rules, played over rounds until someone's total reaches `target` (`None`: one round).
    ///
    /// # Errors
    /// A target that is not positive.
    pub fn with_target_score(self, target: Option<i32>) -> Result<KabulRules, RulesError> {
        if let Some(t) = target {
            if t <= 0 {
                return Err(RulesError::TargetNotPositive(t));
            }
        }
        Ok(KabulRules { target_score: target, ..self })
    }

    /// How many players sit at the table.
    #[must_use]
    pub const fn players(&self) -> usize {
        self.players
    }

    /// The total that ends the match, if rounds add up; `None` for a single round.
    #[must_use]
    pub const fn target_score(&self) -> Option<i32> {
        self.target_score
    }

    /// How long a snap window stays open, for the server's clock (the engine takes no clock).
    #[must_use]
    pub const fn snap_window_ms(&self) -> u64 {
        self.snap_window_ms
    }
}

impl RuleSet for KabulRules {
    type Error = RulesError;

    fn from_options(kind: GameKind, options: &Options) -> Result<Self, RulesError> {
        if kind != GameKind::Kabul {
            return Err(RulesError::NotKabul(kind));
        }
        let mut rules = KabulRules::default();
        for (name, value) in options {
            match name.as_str() {
                "players" => {
                    let n = value
                        .as_u64()
                        .and_then(|n| usize::try_from(n).ok())
                        .filter(|n| (MIN_PLAYERS..=MAX_PLAYERS).contains(n))
                        .ok_or_else(|| RulesError::Players(value.to_string()))?;
                    rules.players = n;
                }
                "target_score" => {
                    let target = match value {
                        Value::Null => None,
                        v => Some(
                            v.as_i64()
                                .and_then(|t| i32::try_from(t).ok())
                                .ok_or_else(|| RulesError::TargetNotANumber(v.to_string()))?,
                        ),
                    };
                    rules = rules.with_target_score(target)?;
                }
                "snap_window_ms" => {
                    rules.snap_window_ms = value.as_u64().ok_or_else(|| RulesError::SnapWindow(value.to_string()))?;
                }
                other => {
                    return Err(RulesError::UnknownOption(other.chars().take(40).collect()));
                }
            }
        }
        Ok(rules)
    }

    fn to_options(&self) -> Options {
        let mut options = Options::new();
        options.insert("players".to_owned(), Value::from(self.players));
        if let Some(t) = self.target_score {
            options.insert("target_score".to_owned(), Value::from(t));
        }
        options.insert("snap_window_ms".to_owned(), Value::from(self.snap_window_ms));
        options
    }

    fn seat_count(&self) -> usize {
        self.players
    }

    fn snap_window_ms(&self) -> Option<u64> {
        Some(KabulRules::snap_window_ms(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(v: Value) -> Result<KabulRules, RulesError> {
        let Value::Object(map) = v else { panic!("object") };
        KabulRules::from_options(GameKind::Kabul, &map)
    }

    #[test]
    fn defaults_are_four_players_one_round_three_second_windows() {
        let r = read(json!({})).expect("defaults");
        assert_eq!((r.players(), r.target_score(), r.snap_window_ms()), (4, None, 3000));
        assert_eq!(r.seat_count(), 4);
    }

    #[test]
    fn players_from_two_to_six() {
        for n in 2..=6 {
            assert_eq!(read(json!({ "players": n })).expect("valid").seat_count(), n);
        }
        for bad in [json!(1), json!(7), json!(0), json!(-3), json!("4"), json!(4.5)] {
            let e = read(json!({ "players": bad })).expect_err("invalid");
            assert!(e.to_string().contains("players"), "{e}");
        }
    }

    #[test]
    fn unknown_options_are_errors() {
        let e = read(json!({ "play_out": true })).expect_err("unknown");
        assert!(e.to_string().contains("play_out"), "{e}");
        assert!(KabulRules::from_options(GameKind::Kout6, &Options::new()).is_err());
    }

    #[test]
    fn target_score_and_window_round_trip() {
        let r = read(json!({ "players": 3, "target_score": 50, "snap_window_ms": 1500 })).expect("valid");
        assert_eq!((r.target_score(), r.snap_window_ms()), (Some(50), 1500));
        assert_eq!(RuleSet::snap_window_ms(&r), Some(1500), "the generic server reads it through RuleSet");
        assert_eq!(KabulRules::from_options(GameKind::Kabul, &r.to_options()), Ok(r));
        assert_eq!(read(json!({ "target_score": null })).expect("null").target_score(), None);
        assert!(read(json!({ "target_score": 0 })).is_err());
        assert!(read(json!({ "snap_window_ms": -1 })).is_err());
    }
}
