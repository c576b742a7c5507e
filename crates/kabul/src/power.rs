//! The powers of cards drawn from the deck and discarded at once: queen/king switch and look,
//! jack/10 blind switch, 9/8 look at your own card, 7/6 look at another player's card.

use std::fmt;

use cards::{Card, Rank};
use serde::{Deserialize, Serialize};

/// A card's power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Power {
    /// Queen, king: switch any two cards and look at both (compulsory once chosen).
    SwitchAndLook,
    /// Jack, 10: switch any two cards without looking.
    BlindSwitch,
    /// 9, 8: look at one of your own cards.
    PeekOwn,
    /// 7, 6: look at one card of another player.
    PeekOther,
}

impl Power {
    /// The power of `card`, if it has one (6 to king; ace to 5 and the jokers have none).
    #[must_use]
    pub fn of(card: Card) -> Option<Power> {
        match card.rank()? {
            Rank::Queen | Rank::King => Some(Power::SwitchAndLook),
            Rank::Jack | Rank::Ten => Some(Power::BlindSwitch),
            Rank::Nine | Rank::Eight => Some(Power::PeekOwn),
            Rank::Seven | Rank::Six => Some(Power::PeekOther),
            _ => None,
        }
    }

    /// The power's name in records, views and refusals: `switch_and_look`, `blind_switch`,
    /// `peek_own`, `peek_other` (as it serializes).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Power::SwitchAndLook => "switch_and_look",
            Power::BlindSwitch => "blind_switch",
            Power::PeekOwn => "peek_own",
            Power::PeekOther => "peek_other",
        }
    }

    /// What the power does and how its target is written.
    #[must_use]
    pub const fn hint(self) -> &'static str {
        match self {
            Power::SwitchAndLook => "a queen or king switches two cards and looks at both: write switch S:P S:P",
            Power::BlindSwitch => "a jack or 10 switches two cards without looking: write switch S:P S:P",
            Power::PeekOwn => "a 9 or 8 looks at one of your own cards: write peek P",
            Power::PeekOther => "a 7 or 6 looks at one card of another player: write peek S:P",
        }
    }
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Power::SwitchAndLook => "the queen/king switch",
            Power::BlindSwitch => "the jack/10 switch",
            Power::PeekOwn => "the 9/8 look at your own card",
            Power::PeekOther => "the 7/6 look at another player's card",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_to_king_have_powers_ace_to_five_and_jokers_none() {
        let c = |t: &str| t.parse::<Card>().expect("card");
        assert_eq!(Power::of(c("QH")), Some(Power::SwitchAndLook));
        assert_eq!(Power::of(c("KS")), Some(Power::SwitchAndLook));
        assert_eq!(Power::of(c("JD")), Some(Power::BlindSwitch));
        assert_eq!(Power::of(c("TC")), Some(Power::BlindSwitch));
        assert_eq!(Power::of(c("9S")), Some(Power::PeekOwn));
        assert_eq!(Power::of(c("8H")), Some(Power::PeekOwn));
        assert_eq!(Power::of(c("7D")), Some(Power::PeekOther));
        assert_eq!(Power::of(c("6C")), Some(Power::PeekOther));
        for none in ["AS", "2H", "3D", "4C", "5S", "RJ", "BJ"] {
            assert_eq!(Power::of(c(none)), None, "{none}");
        }
    }
}
