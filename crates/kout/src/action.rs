//! The actions of Kout Bo and their record notation: `pass`, `bid N`, `trump S`, `play C`.

use std::fmt;
use std::str::FromStr;

use cards::{Card, Suit};
use game::ParseActionError;

/// A bid: a number of tricks from 5 (Bab) to 9 (Bawan). A value outside 5–9 cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bid(u8);

impl Bid {
    /// The lowest bid, 5 (Bab).
    pub const BAB: Bid = Bid(5);
    /// The highest bid, 9 (Bawan): nobody can outbid it.
    pub const BAWAN: Bid = Bid(9);

    /// The bid of `tricks`, if it is 5–9.
    #[must_use]
    pub const fn new(tricks: u8) -> Option<Bid> {
        if tricks >= 5 && tricks <= 9 { Some(Bid(tricks)) } else { None }
    }

    /// How many tricks the bid promises.
    #[must_use]
    pub const fn tricks(self) -> u8 {
        self.0
    }

    /// The bids from `self` up to 9.
    pub fn and_above(self) -> impl Iterator<Item = Bid> {
        (self.0..=9).map(Bid)
    }

    /// The next higher bid, if any.
    #[must_use]
    pub const fn next(self) -> Option<Bid> {
        Bid::new(self.0 + 1)
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One action of a Kout Bo hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoutAction {
    /// Decline to bid (`pass`).
    Pass,
    /// Bid this many tricks (`bid 7`).
    Bid(Bid),
    /// The maker names the trump suit (`trump H`).
    Trump(Suit),
    /// Play a card to the trick (`play AH`).
    Play(Card),
}

impl fmt::Display for KoutAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KoutAction::Pass => f.write_str("pass"),
            KoutAction::Bid(b) => write!(f, "bid {b}"),
            KoutAction::Trump(s) => write!(f, "trump {s}"),
            KoutAction::Play(c) => write!(f, "play {c}"),
        }
    }
}

const HINT: &str = "write \"pass\", \"bid N\" (5 to 9), \"trump S\" (S, H, D or C) or \"play C\" (a card such as AH)";

impl FromStr for KoutAction {
    type Err = ParseActionError;

    /// Reads the notation in any case, with `10` for `T` (`play 10h`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseActionError::new(s, "Kout Bo", HINT);
        let mut words = s.split_whitespace();
        let (verb, arg, rest) = (words.next(), words.next(), words.next());
        if rest.is_some() {
            return Err(err());
        }
        let verb = verb.ok_or_else(err)?;
        match (verb.to_ascii_lowercase().as_str(), arg) {
            ("pass", None) => Ok(KoutAction::Pass),
            ("bid", Some(n)) => n.parse::<u8>().ok().and_then(Bid::new).map(KoutAction::Bid).ok_or_else(err),
            ("trump", Some(suit)) => suit.parse::<Suit>().map(KoutAction::Trump).map_err(|_| err()),
            ("play", Some(card)) => card.parse::<Card>().map(KoutAction::Play).map_err(|_| err()),
            _ => Err(err()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Rank;

    #[test]
    fn notation_prints_upper_case_with_t_for_ten() {
        assert_eq!(KoutAction::Pass.to_string(), "pass");
        assert_eq!(KoutAction::Bid(Bid::BAWAN).to_string(), "bid 9");
        assert_eq!(KoutAction::Trump(Suit::Hearts).to_string(), "trump H");
        assert_eq!(KoutAction::Play(Card::new(Rank::Ten, Suit::Hearts)).to_string(), "play TH");
        assert_eq!(KoutAction::Play(Card::RED_JOKER).to_string(), "play RJ");
    }

    #[test]
    fn notation_reads_any_case_and_ten_as_10() {
        let ten = KoutAction::Play(Card::new(Rank::Ten, Suit::Hearts));
        assert_eq!("play 10h".parse(), Ok(ten));
        assert_eq!("PLAY th".parse(), Ok(ten));
        assert_eq!("Bid 5".parse(), Ok(KoutAction::Bid(Bid::BAB)));
        assert_eq!("trump c".parse(), Ok(KoutAction::Trump(Suit::Clubs)));
        assert_eq!("PASS".parse(), Ok(KoutAction::Pass));
        assert_eq!("play bj".parse(), Ok(KoutAction::Play(Card::BLACK_JOKER)));
    }

    #[test]
    fn every_action_round_trips() {
        let mut all = vec![KoutAction::Pass];
        all.extend(Bid::BAB.and_above().map(KoutAction::Bid));
        all.extend(Suit::ALL.map(KoutAction::Trump));
        all.extend((0..Card::COUNT).filter_map(Card::from_index).map(KoutAction::Play));
        assert_eq!(all.len(), 1 + 5 + 4 + 54);
        for a in all {
            assert_eq!(a.to_string().parse::<KoutAction>(), Ok(a));
        }
    }

    #[test]
    fn bad_text_is_an_error() {
        for bad in
            ["", "pass 5", "bid", "bid 4", "bid 10", "bid x", "trump", "trump X", "trump RJ", "play", "play 1H", "fold"]
        {
            let e = bad.parse::<KoutAction>().expect_err(bad);
            assert!(e.to_string().contains("Kout Bo"), "{e}");
        }
    }

    #[test]
    fn bids_are_five_to_nine() {
        assert_eq!(Bid::new(4), None);
        assert_eq!(Bid::new(10), None);
        assert_eq!(Bid::new(7).map(Bid::tricks), Some(7));
        assert_eq!(Bid::BAB.and_above().count(), 5);
        assert_eq!(Bid::BAWAN.next(), None);
    }
}
