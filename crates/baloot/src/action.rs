//! Baloot actions and their notation: `pass`, `hokum`, `hokum S`, `sun`, `play C`, and the Saudi
//! table calls `double open|closed` (`double` in Sun), `three open|closed`, `four open|closed`,
//! `gahwa`, `ashkal`, `kawesh`, `sawa`.

use std::fmt;
use std::str::FromStr;

use cards::{Card, DeckKind, Suit};
use game::ParseActionError;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The raising calls of the doubling steps, each worth a multiplier of the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stake {
    /// `double` (step 1, the defenders): ×2.
    Double,
    /// `three` (step 2, the bidder's team): ×3.
    Three,
    /// `four` (step 3, the defenders): ×4.
    Four,
}

impl Stake {
    /// The three raises, in step order.
    pub const ALL: [Stake; 3] = [Stake::Double, Stake::Three, Stake::Four];

    /// The word of the notation: `double`, `three`, `four`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Stake::Double => "double",
            Stake::Three => "three",
            Stake::Four => "four",
        }
    }

    /// The multiplier the call sets: 2, 3 or 4.
    #[must_use]
    pub const fn multiplier(self) -> u8 {
        match self {
            Stake::Double => 2,
            Stake::Three => 3,
            Stake::Four => 4,
        }
    }

    /// The doubling step it belongs to: 1, 2 or 3 (`gahwa` is step 4).
    #[must_use]
    pub const fn step(self) -> u8 {
        self.multiplier() - 1
    }

    /// Whether the defenders say it (`double`, `four`); the bidder's team says `three`.
    #[must_use]
    pub const fn by_defenders(self) -> bool {
        !matches!(self, Stake::Three)
    }
}

/// Whether a raise leaves trumps free to lead (`open`) or not (`closed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// `open`: play as usual.
    Open,
    /// `closed`: nobody may lead a trump while holding another suit.
    Closed,
}

impl Side {
    /// `open` or `closed`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Side::Open => "open",
            Side::Closed => "closed",
        }
    }
}

/// One Baloot action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BalootAction {
    /// `pass`: no bid this time round (or, during the doubling steps, no raise).
    Pass,
    /// `hokum` (round 1: trump is the face-up card's suit) or `hokum S` (naming the suit).
    Hokum(Option<Suit>),
    /// `sun`: no trump.
    Sun,
    /// `play C`: play a card.
    Play(Card),
    /// `double open|closed`, `three open|closed`, `four open|closed`; `double` alone in Sun.
    Raise(Stake, Option<Side>),
    /// `gahwa`: the bidder's team stakes the match on the hand (step 4).
    Gahwa,
    /// `ashkal`: Sun for the caller's team, the face-up card going to the caller's partner.
    Ashkal,
    /// `kawesh`: five cards of 7s, 8s and 9s end the hand before any bid.
    Kawesh,
    /// `sawa`: the player about to lead claims every remaining trick.
    Sawa,
}

const HINT: &str = "write pass, hokum, hokum S (S, H, D or C), sun, play C with a card from 7 to ace such as play \
     10H, double open, double closed, double, three open, three closed, four open, four closed, gahwa, ashkal, \
     kawesh or sawa";

impl fmt::Display for BalootAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BalootAction::Pass => f.write_str("pass"),
            BalootAction::Hokum(None) => f.write_str("hokum"),
            BalootAction::Hokum(Some(s)) => write!(f, "hokum {s}"),
            BalootAction::Sun => f.write_str("sun"),
            BalootAction::Play(c) => write!(f, "play {c}"),
            BalootAction::Raise(stake, None) => f.write_str(stake.word()),
            BalootAction::Raise(stake, Some(side)) => write!(f, "{} {}", stake.word(), side.word()),
            BalootAction::Gahwa => f.write_str("gahwa"),
            BalootAction::Ashkal => f.write_str("ashkal"),
            BalootAction::Kawesh => f.write_str("kawesh"),
            BalootAction::Sawa => f.write_str("sawa"),
        }
    }
}

impl FromStr for BalootAction {
    type Err = ParseActionError;

    /// Reads the notation in any case, with `10` for `T`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseActionError::new(s, "Baloot", HINT);
        let mut words = s.split_whitespace();
        let verb = words.next().ok_or_else(err)?.to_ascii_lowercase();
        let arg = words.next();
        if words.next().is_some() {
            return Err(err());
        }
        let stake = Stake::ALL.into_iter().find(|s| s.word() == verb);
        if let Some(stake) = stake {
            return match arg.map(str::to_ascii_lowercase).as_deref() {
                None => Ok(BalootAction::Raise(stake, None)),
                Some("open") => Ok(BalootAction::Raise(stake, Some(Side::Open))),
                Some("closed") => Ok(BalootAction::Raise(stake, Some(Side::Closed))),
                Some(_) => Err(err()),
            };
        }
        match (verb.as_str(), arg) {
            ("pass", None) => Ok(BalootAction::Pass),
            ("gahwa", None) => Ok(BalootAction::Gahwa),
            ("ashkal", None) => Ok(BalootAction::Ashkal),
            ("kawesh", None) => Ok(BalootAction::Kawesh),
            ("sawa", None) => Ok(BalootAction::Sawa),
            ("sun", None) => Ok(BalootAction::Sun),
            ("hokum", None) => Ok(BalootAction::Hokum(None)),
            ("hokum", Some(suit)) => suit.parse::<Suit>().map(|s| BalootAction::Hokum(Some(s))).map_err(|_| err()),
            ("play", Some(card)) => match card.parse::<Card>() {
                Ok(c) if DeckKind::Baloot.cards().contains(c) => Ok(BalootAction::Play(c)),
                _ => Err(err()),
            },
            _ => Err(err()),
        }
    }
}

/// Serialized in the record notation (`"hokum S"`, `"play AH"`).
impl Serialize for BalootAction {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for BalootAction {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer)?.parse().map_err(serde::de::Error::custom)
    }
}

impl BalootAction {
    /// Every action of the notation (pass, hokum, hokum ×4, sun, play ×32, the three raises bare,
    /// open and closed ×9, gahwa, ashkal, kawesh, sawa: 52): what property tests try.
    #[must_use]
    pub fn all() -> Vec<BalootAction> {
        let mut out = vec![BalootAction::Pass, BalootAction::Hokum(None)];
        out.extend(Suit::ALL.map(|s| BalootAction::Hokum(Some(s))));
        out.push(BalootAction::Sun);
        out.extend(DeckKind::Baloot.cards().iter().map(BalootAction::Play));
        for stake in Stake::ALL {
            for side in [None, Some(Side::Open), Some(Side::Closed)] {
                out.push(BalootAction::Raise(stake, side));
            }
        }
        out.extend([BalootAction::Gahwa, BalootAction::Ashkal, BalootAction::Kawesh, BalootAction::Sawa]);
        out
    }

    /// Whether the action is one of the doubling steps' calls (`double`, `three`, `four`, `gahwa`).
    #[must_use]
    pub const fn is_raise(self) -> bool {
        matches!(self, BalootAction::Raise(..) | BalootAction::Gahwa)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Rank;

    #[test]
    fn display_prints_the_notation_and_parse_reads_it_back() {
        let all = BalootAction::all();
        assert_eq!(all.len(), 52);
        for a in all {
            assert_eq!(a.to_string().parse::<BalootAction>(), Ok(a));
            assert_eq!(a.to_string().to_uppercase().parse::<BalootAction>(), Ok(a));
        }
    }

    #[test]
    fn parse_reads_any_case_and_ten_as_t() {
        let ten = BalootAction::Play(Card::new(Rank::Ten, Suit::Hearts));
        assert_eq!("play 10h".parse(), Ok(ten));
        assert_eq!("PLAY TH".parse(), Ok(ten));
        assert_eq!(ten.to_string(), "play TH");
        assert_eq!("Hokum d".parse(), Ok(BalootAction::Hokum(Some(Suit::Diamonds))));
        assert_eq!("  sun ".parse(), Ok(BalootAction::Sun));
        assert_eq!("Double Closed".parse(), Ok(BalootAction::Raise(Stake::Double, Some(Side::Closed))));
        assert_eq!("double".parse(), Ok(BalootAction::Raise(Stake::Double, None)));
        assert_eq!("GAHWA".parse(), Ok(BalootAction::Gahwa));
    }

    #[test]
    fn the_calls_print_as_the_spec_writes_them() {
        let texts: Vec<String> = BalootAction::all().iter().skip(39).map(ToString::to_string).collect();
        assert_eq!(
            texts,
            [
                "double",
                "double open",
                "double closed",
                "three",
                "three open",
                "three closed",
                "four",
                "four open",
                "four closed",
                "gahwa",
                "ashkal",
                "kawesh",
                "sawa"
            ]
        );
        assert_eq!(Stake::ALL.map(Stake::multiplier), [2, 3, 4]);
        assert_eq!(Stake::ALL.map(Stake::step), [1, 2, 3]);
        assert_eq!(Stake::ALL.map(Stake::by_defenders), [true, false, true]);
    }

    #[test]
    fn bad_text_is_a_parse_error() {
        for bad in [
            "",
            "bid 7",
            "play",
            "play 6H",
            "play RJ",
            "hokum X",
            "hokum H H",
            "pass now",
            "sun H",
            "trump H",
            "double shut",
            "gahwa now",
            "sawa AS",
            "five open",
            "double open closed",
        ] {
            let e = bad.parse::<BalootAction>().expect_err(bad);
            assert!(e.to_string().contains("Baloot"), "{e}");
        }
    }
}
