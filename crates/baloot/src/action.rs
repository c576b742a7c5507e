//! Baloot actions and their notation: `pass`, `hokum`, `hokum S`, `sun`, `play C`.

use std::fmt;
use std::str::FromStr;

use cards::{Card, DeckKind, Suit};
use game::ParseActionError;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One Baloot action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BalootAction {
    /// `pass`: no bid this time round.
    Pass,
    /// `hokum` (round 1: trump is the face-up card's suit) or `hokum S` (naming the suit).
    Hokum(Option<Suit>),
    /// `sun`: no trump.
    Sun,
    /// `play C`: play a card.
    Play(Card),
}

const HINT: &str =
    "write pass, hokum, hokum S (S, H, D or C), sun, or play C with a card from 7 to ace such as play 10H";

impl fmt::Display for BalootAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BalootAction::Pass => f.write_str("pass"),
            BalootAction::Hokum(None) => f.write_str("hokum"),
            BalootAction::Hokum(Some(s)) => write!(f, "hokum {s}"),
            BalootAction::Sun => f.write_str("sun"),
            BalootAction::Play(c) => write!(f, "play {c}"),
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
        match (verb.as_str(), arg) {
            ("pass", None) => Ok(BalootAction::Pass),
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
    /// Every action of the notation (pass, hokum, hokum ×4, sun, play ×32: 39): what property tests try.
    #[must_use]
    pub fn all() -> Vec<BalootAction> {
        let mut out = vec![BalootAction::Pass, BalootAction::Hokum(None)];
        out.extend(Suit::ALL.map(|s| BalootAction::Hokum(Some(s))));
        out.push(BalootAction::Sun);
        out.extend(DeckKind::Baloot.cards().iter().map(BalootAction::Play));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Rank;

    #[test]
    fn display_prints_the_notation_and_parse_reads_it_back() {
        let all = BalootAction::all();
        assert_eq!(all.len(), 39);
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
    }

    #[test]
    fn bad_text_is_a_parse_error() {
        for bad in ["", "bid 7", "play", "play 6H", "play RJ", "hokum X", "hokum H H", "pass now", "sun H", "trump H"] {
            let e = bad.parse::<BalootAction>().expect_err(bad);
            assert!(e.to_string().contains("Baloot"), "{e}");
        }
    }
}
