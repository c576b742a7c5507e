//! `CardSet`: any set of the 54 cards in one `u64`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Card, Rank, Suit};

/// A set of cards as a bitset: bit `card.index()` is set when the card is in the set.
///
/// All operations are a few instructions; iteration goes from the lowest index (2♠) to the
/// highest (the black joker).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 54 cards.
    pub const ALL: CardSet = CardSet((1 << 54) - 1);
    /// The two jokers.
    pub const JOKERS: CardSet = CardSet(0b11 << 52);

    /// The set whose raw bits are `bits`; bits above 53 are dropped.
    #[must_use]
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & CardSet::ALL.0)
    }

    /// The raw bits.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding just `card`.
    #[must_use]
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// The thirteen cards of `suit`.
    #[must_use]
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(0x1fff << (suit as u64 * 13))
    }

    /// The four cards of `rank`.
    #[must_use]
    pub const fn rank(rank: Rank) -> CardSet {
        let r = rank.index() as u64;
        CardSet((1 << r) | (1 << (r + 13)) | (1 << (r + 26)) | (1 << (r + 39)))
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many cards are in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether `card` is in the set.
    #[must_use]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Adds `card`; returns whether it was absent.
    pub fn insert(&mut self, card: Card) -> bool {
        let absent = !self.contains(card);
        self.0 |= 1 << card.index();
        absent
    }

    /// Removes `card`; returns whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !(1 << card.index());
        present
    }

    /// Whether every card of `other` is in `self`.
    #[must_use]
    pub const fn is_superset(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Whether the two sets share no card.
    #[must_use]
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The cards of `suit` in this set.
    #[must_use]
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & CardSet::suit(suit).0)
    }

    /// The jokers in this set.
    #[must_use]
    pub const fn jokers(self) -> CardSet {
        CardSet(self.0 & CardSet::JOKERS.0)
    }

    /// The card with the lowest index, if any.
    #[must_use]
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 { None } else { Card::from_index(self.0.trailing_zeros() as usize) }
    }

    /// The card with the highest index, if any.
    #[must_use]
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 { None } else { Card::from_index(63 - self.0.leading_zeros() as usize) }
    }

    /// The `n`-th card (from 0) in index order, if the set has more than `n` cards.
    #[must_use]
    pub fn nth(self, n: usize) -> Option<Card> {
        let mut bits = self.0;
        for _ in 0..n {
            if bits == 0 {
                return None;
            }
            bits &= bits - 1;
        }
        CardSet(bits).first()
    }

    /// Iterates over the cards, lowest index first.
    #[must_use]
    pub const fn iter(self) -> Iter {
        Iter(self.0)
    }
}

/// Iterator over a [`CardSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Card::from_index(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Iter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = 63 - self.0.leading_zeros() as usize;
        self.0 &= !(1 << i);
        Card::from_index(i)
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for card in iter {
            self.insert(card);
        }
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> Self {
        CardSet::single(card)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::ALL.0)
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for CardSet {
    /// Cards in notation separated by spaces: `AS TH RJ`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl Serialize for CardSet {
    /// A list of cards in notation.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        Ok(cards.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn suit_and_rank_masks_partition_the_suited_cards() {
        let suits = Suit::ALL.iter().fold(CardSet::EMPTY, |acc, &s| {
            assert_eq!(CardSet::suit(s).len(), 13);
            assert!(acc.is_disjoint(CardSet::suit(s)));
            acc | CardSet::suit(s)
        });
        let ranks = Rank::ALL.iter().fold(CardSet::EMPTY, |acc, &r| acc | CardSet::rank(r));
        assert_eq!(suits, ranks);
        assert_eq!(suits | CardSet::JOKERS, CardSet::ALL);
        assert_eq!(CardSet::ALL.len(), 54);
    }

    #[test]
    fn masks_hold_the_right_cards() {
        for s in Suit::ALL {
            for r in Rank::ALL {
                let c = Card::new(r, s);
                assert!(CardSet::suit(s).contains(c));
                assert!(CardSet::rank(r).contains(c));
                assert_eq!(c.suit(), Some(s));
                assert_eq!(c.rank(), Some(r));
            }
        }
    }

    proptest! {
        #[test]
        fn set_operations_match_a_model(a in 0u64..(1 << 54), b in 0u64..(1 << 54), n in 0usize..60) {
            let (x, y) = (CardSet::from_bits(a), CardSet::from_bits(b));
            prop_assert_eq!((x | y).bits(), a | b);
            prop_assert_eq!((x & y).bits(), a & b);
            prop_assert_eq!((x - y).bits(), a & !b);
            prop_assert_eq!(x.len(), a.count_ones() as usize);
            prop_assert_eq!(x.iter().count(), x.len());
            prop_assert_eq!(x.iter().collect::<CardSet>(), x);
            prop_assert_eq!(x.nth(n), x.iter().nth(n));
            prop_assert_eq!(x.iter().next_back(), x.last());
            prop_assert_eq!(!(!x), x);
        }
    }
}
