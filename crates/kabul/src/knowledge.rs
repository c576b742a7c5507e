//! What each seat knows: Kabul is a game of memory.
//!
//! Knowledge is kept per card, not per place: a seat knows a card's face, and because everyone
//! sees which places a switch or a snap touches, it also knows where that card is now. So a
//! switch needs no bookkeeping here at all — knowledge moves with the card — and a blind switch
//! tells nobody a face it did not know. What changes knowledge is a look (the set-up peek, 9/8,
//! 7/6, queen/king), a face shown to everyone (a failed snap, a card taken from the discard pile),
//! a card going face down where nobody can follow it (a reshuffle into the draw pile), and the
//! end of the round, when every grid is turned up.
//!
//! Cards on the discard pile are face up and public; they are not tracked here.

use cards::{Card, CardSet};
use game::{BySeat, Seat};

/// For every seat, the face-down cards whose face it knows; and the ones everybody saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    known: BySeat<CardSet>,
    public: CardSet,
}

impl Knowledge {
    /// Nobody knows anything yet, at a table of `players`.
    #[must_use]
    pub fn new(players: usize) -> Knowledge {
        Knowledge { known: BySeat::filled(players, CardSet::EMPTY), public: CardSet::EMPTY }
    }

    /// `seat` looks at `card` (alone).
    pub fn learn(&mut self, seat: Seat, card: Card) {
        if let Some(k) = self.known.iter_mut().nth(seat.index()) {
            k.insert(card);
        }
    }

    /// Everybody sees `card`.
    pub fn learn_all(&mut self, card: Card) {
        self.public.insert(card);
        self.known.iter_mut().for_each(|k| {
            k.insert(card);
        });
    }

    /// `cards` went face down where nobody can follow them (the draw pile).
    pub fn forget(&mut self, cards: CardSet) {
        self.public -= cards;
        self.known.iter_mut().for_each(|k| *k -= cards);
    }

    /// Whether `seat` knows the face of `card`.
    #[must_use]
    pub fn knows(&self, seat: Seat, card: Card) -> bool {
        self.known.get(seat).is_some_and(|k| k.contains(card))
    }

    /// Whether everybody saw `card` (a spectator may see it too).
    #[must_use]
    pub fn is_public(&self, card: Card) -> bool {
        self.public.contains(card)
    }

    /// Every card whose face `seat` knows (among cards not on the discard pile).
    #[must_use]
    pub fn known_by(&self, seat: Seat) -> CardSet {
        self.known.get(seat).copied().unwrap_or(CardSet::EMPTY)
    }

    /// The cards everybody saw.
    #[must_use]
    pub fn public(&self) -> CardSet {
        self.public
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Rank, Suit};

    #[test]
    fn a_look_is_private_and_a_public_showing_is_for_everyone() {
        let s = |i| Seat::new(i).expect("seat");
        let five = Card::new(Rank::Five, Suit::Hearts);
        let king = Card::new(Rank::King, Suit::Spades);
        let mut k = Knowledge::new(3);
        k.learn(s(1), five);
        assert!(k.knows(s(1), five) && !k.knows(s(0), five) && !k.is_public(five));
        k.learn_all(king);
        assert!((0..3).all(|i| k.knows(s(i), king)) && k.is_public(king));
        k.forget(CardSet::single(king) | CardSet::single(five));
        assert!(k.known_by(s(1)).is_empty() && k.public().is_empty());
    }
}
