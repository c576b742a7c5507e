//! The rule set: the variant (`kout6` or `kout4`) and the house-rule options of `docs/rules/kout.md`.

use cards::{CardSet, DeckKind};
use game::{GameKind, Options, RuleSet};
use serde_json::Value;

/// Kout Bo for six or for four players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// `kout6`: six players (0,2,4 vs 1,3,5), the full 54-card deck.
    Six,
    /// `kout4`: four players (0,2 vs 1,3), 36 cards (no 2–5, no 6♥ 6♦).
    Four,
}

impl Variant {
    /// The variant that plays `kind`, if `kind` is Kout Bo.
    #[must_use]
    pub const fn of(kind: GameKind) -> Option<Variant> {
        match kind {
            GameKind::Kout6 => Some(Variant::Six),
            GameKind::Kout4 => Some(Variant::Four),
            _ => None,
        }
    }

    /// The game id of this variant.
    #[must_use]
    pub const fn kind(self) -> GameKind {
        match self {
            Variant::Six => GameKind::Kout6,
            Variant::Four => GameKind::Kout4,
        }
    }

    /// How many players sit at the table.
    #[must_use]
    pub const fn seats(self) -> usize {
        match self {
            Variant::Six => 6,
            Variant::Four => 4,
        }
    }

    /// The cards of the variant's deck (the same as `self.deck().cards()`, without computing it).
    #[must_use]
    pub const fn cards(self) -> CardSet {
        match self {
            Variant::Six => CardSet::ALL,
            Variant::Four => KOUT4_CARDS,
        }
    }

    /// The deck the variant is played with.
    #[must_use]
    pub const fn deck(self) -> DeckKind {
        match self {
            Variant::Six => DeckKind::Kout6,
            Variant::Four => DeckKind::Kout4,
        }
    }
}

/// The Kout Bo 4 deck: 6 to ace of spades and clubs, 7 to ace of hearts and diamonds, both jokers.
const KOUT4_CARDS: CardSet = {
    let spades_clubs = 0x1fff & !0b1111; // the suit's 13 bits without 2–5
    let hearts_diamonds = 0x1fff & !0b1_1111; // … and without 6
    CardSet::from_bits(
        spades_clubs
            | (hearts_diamonds << 13)
            | (hearts_diamonds << 26)
            | (spades_clubs << 39)
            | CardSet::JOKERS.bits(),
    )
};

/// The rules of a Kout Bo match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KoutRules {
    /// Six or four players.
    pub variant: Variant,
    /// Play all nine tricks even once the hand is decided (default false: the hand stops as soon as
    /// the maker's team has made its bid or can no longer make it). The score is the same.
    pub play_out: bool,
}

impl KoutRules {
    /// The default rules of `variant`.
    #[must_use]
    pub const fn new(variant: Variant) -> KoutRules {
        KoutRules { variant, play_out: false }
    }
}

/// Why a record's `"rules"` are not Kout Bo rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The rules are asked for another game.
    #[error("{} is not Kout Bo", .0.title())]
    NotKout(GameKind),
    /// `play_out` is not a boolean (the value as JSON text, cut to 40 characters).
    #[error("option \"play_out\" must be true or false, not {0}")]
    PlayOut(String),
    /// An option Kout Bo does not have (its name, cut to 40 characters).
    #[error("unknown option {0:?} for Kout Bo (known: play_out)")]
    UnknownOption(String),
}

impl RuleSet for KoutRules {
    type Error = RulesError;

    fn from_options(kind: GameKind, options: &Options) -> Result<Self, RulesError> {
        let variant = Variant::of(kind).ok_or(RulesError::NotKout(kind))?;
        let mut rules = KoutRules::new(variant);
        for (name, value) in options {
            match name.as_str() {
                "play_out" => {
                    rules.play_out = match value {
                        Value::Bool(b) => *b,
                        other => {
                            return Err(RulesError::PlayOut(other.to_string().chars().take(40).collect()));
                        }
                    };
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
        options.insert("play_out".to_owned(), Value::Bool(self.play_out));
        options
    }

    fn seat_count(&self) -> usize {
        self.variant.seats()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn options(value: Value) -> Options {
        match value {
            Value::Object(map) => map,
            _ => Options::new(),
        }
    }

    #[test]
    fn variant_cards_are_the_decks() {
        for v in [Variant::Six, Variant::Four] {
            assert_eq!(v.cards(), v.deck().cards());
            assert_eq!(v.cards().len(), v.seats() * 9);
        }
    }

    #[test]
    fn play_out_defaults_to_false() {
        let rules = KoutRules::from_options(GameKind::Kout6, &Options::new()).expect("defaults");
        assert_eq!(rules, KoutRules { variant: Variant::Six, play_out: false });
        assert_eq!(rules.seat_count(), 6);
        let four = KoutRules::from_options(GameKind::Kout4, &options(json!({"play_out": true}))).expect("play_out");
        assert_eq!(four, KoutRules { variant: Variant::Four, play_out: true });
        assert_eq!(four.seat_count(), 4);
        assert_eq!(KoutRules::from_options(GameKind::Kout4, &four.to_options()), Ok(four));
    }

    #[test]
    fn unknown_options_and_wrong_types_are_refused_in_words() {
        let e = KoutRules::from_options(GameKind::Kout6, &options(json!({"preset": "saudi"}))).expect_err("unknown");
        assert_eq!(e, RulesError::UnknownOption("preset".to_owned()));
        let e = e.to_string();
        assert!(e.contains("unknown option \"preset\"") && e.contains("play_out"), "{e}");
        let e = KoutRules::from_options(GameKind::Kout6, &options(json!({"play_out": 1}))).expect_err("type");
        assert_eq!(e.to_string(), "option \"play_out\" must be true or false, not 1");
        let e = e.to_string();
        assert!(e.contains("must be true or false"), "{e}");
        let e = KoutRules::from_options(GameKind::Baloot, &Options::new()).expect_err("not kout");
        assert_eq!(e, RulesError::NotKout(GameKind::Baloot));
        let e = e.to_string();
        assert!(e.contains("not Kout Bo"), "{e}");
    }
}
