//! The decks of each game and deterministic, seeded shuffles.

use arrayvec::ArrayVec;
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::{Card, CardSet, Rank, Suit};

/// Which cards a game is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeckKind {
    /// Kout Bo 6: 52 cards and both jokers (54).
    Kout6,
    /// Kout Bo 4: the 54 without any 2, 3, 4, 5 and without 6♥ and 6♦ (36).
    Kout4,
    /// Baloot: 7 to ace in four suits (32).
    Baloot,
    /// Kabul: 52 cards and both jokers (54).
    Kabul,
}

impl DeckKind {
    /// The set of cards in this deck.
    #[must_use]
    pub fn cards(self) -> CardSet {
        match self {
            DeckKind::Kout6 | DeckKind::Kabul => CardSet::ALL,
            DeckKind::Kout4 => {
                let low = [Rank::Two, Rank::Three, Rank::Four, Rank::Five]
                    .into_iter()
                    .fold(CardSet::EMPTY, |acc, r| acc | CardSet::rank(r));
                CardSet::ALL
                    - low
                    - CardSet::single(Card::new(Rank::Six, Suit::Hearts))
                    - CardSet::single(Card::new(Rank::Six, Suit::Diamonds))
            }
            DeckKind::Baloot => {
                [Rank::Seven, Rank::Eight, Rank::Nine, Rank::Ten, Rank::Jack, Rank::Queen, Rank::King, Rank::Ace]
                    .into_iter()
                    .fold(CardSet::EMPTY, |acc, r| acc | CardSet::rank(r))
            }
        }
    }

    /// How many cards the deck has.
    #[must_use]
    pub fn size(self) -> usize {
        self.cards().len()
    }

    /// The deck in a fixed order (index order), unshuffled.
    #[must_use]
    pub fn ordered(self) -> Deck {
        Deck(self.cards().iter().collect())
    }

    /// The deck shuffled by `rng`.
    pub fn shuffled<R: RngCore + ?Sized>(self, rng: &mut R) -> Deck {
        let mut deck = self.ordered();
        shuffle(&mut deck.0, rng);
        deck
    }

    /// The deck shuffled from a seed: the same seed gives the same order on every machine.
    #[must_use]
    pub fn shuffled_from_seed(self, seed: u64) -> Deck {
        self.shuffled(&mut seeded_rng(seed))
    }
}

/// The random number generator every seeded thing in Majlis uses: ChaCha20, whose output is fixed by
/// its specification, so a seed means the same on every platform and version.
#[must_use]
pub fn seeded_rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

/// A uniformly random index below `n` (`n` > 0), without bias (Lemire's multiply-and-reject).
///
/// Written here rather than taken from `rand` so that shuffles stay the same across `rand` versions.
///
/// # Panics
/// Panics if `n` is 0.
pub fn random_below<R: RngCore + ?Sized>(rng: &mut R, n: u32) -> u32 {
    assert!(n > 0, "random_below(0)");
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// Shuffles `items` in place (Fisher–Yates with [`random_below`]).
pub fn shuffle<T, R: RngCore + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = random_below(rng, (i + 1) as u32) as usize;
        items.swap(i, j);
    }
}

/// A deck in dealing order, top card first; at most 54 cards, stored inline.
#[derive(Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Deck(ArrayVec<Card, 54>);

impl Deck {
    /// Checks that `cards` holds every card of `kind` exactly once and nothing else.
    ///
    /// # Errors
    /// Names the first duplicate, the first foreign card, or the missing cards.
    pub fn new(kind: DeckKind, cards: &[Card]) -> Result<Deck, DeckError> {
        let expected = kind.cards();
        let mut seen = CardSet::EMPTY;
        let mut deck = ArrayVec::new();
        for &card in cards {
            if !expected.contains(card) {
                return Err(DeckError::Foreign(card));
            }
            if !seen.insert(card) {
                return Err(DeckError::Duplicate(card));
            }
            // Cannot overflow: every card is distinct and from a deck of at most 54.
            deck.push(card);
        }
        if seen != expected {
            return Err(DeckError::Missing(expected - seen));
        }
        Ok(Deck(deck))
    }

    /// The cards, top first.
    #[must_use]
    pub fn as_slice(&self) -> &[Card] {
        &self.0
    }

    /// The cards as a set.
    #[must_use]
    pub fn set(&self) -> CardSet {
        self.0.iter().copied().collect()
    }

    /// How many cards.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no cards.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::fmt::Debug for Deck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl std::ops::Deref for Deck {
    type Target = [Card];
    fn deref(&self) -> &[Card] {
        &self.0
    }
}

/// A list of cards that is not exactly a game's deck.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    /// A card appears twice.
    #[error("the deck holds {0} twice")]
    Duplicate(Card),
    /// A card that this game does not use.
    #[error("the deck holds {0}, which this game does not use")]
    Foreign(Card),
    /// Cards of the game are missing.
    #[error("the deck is missing {count} card(s): {0}", count = .0.len())]
    Missing(CardSet),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_sizes() {
        assert_eq!(DeckKind::Kout6.size(), 54);
        assert_eq!(DeckKind::Kout4.size(), 36);
        assert_eq!(DeckKind::Baloot.size(), 32);
        assert_eq!(DeckKind::Kabul.size(), 54);
    }

    #[test]
    fn kout4_has_no_low_cards_and_no_red_sixes() {
        let deck = DeckKind::Kout4.cards();
        for card in deck {
            if let Some(rank) = card.rank() {
                assert!(rank >= Rank::Six, "{card}");
            }
        }
        assert!(!deck.contains(Card::new(Rank::Six, Suit::Hearts)));
        assert!(!deck.contains(Card::new(Rank::Six, Suit::Diamonds)));
        assert!(deck.contains(Card::new(Rank::Six, Suit::Spades)));
        assert!(deck.contains(Card::new(Rank::Six, Suit::Clubs)));
        assert!(deck.is_superset(CardSet::JOKERS));
    }

    #[test]
    fn baloot_is_seven_to_ace() {
        let deck = DeckKind::Baloot.cards();
        assert!(deck.is_disjoint(CardSet::JOKERS));
        assert!(deck.iter().all(|c| c.rank().is_some_and(|r| r >= Rank::Seven)));
    }

    #[test]
    fn shuffle_is_a_permutation_and_reproducible() {
        for kind in [DeckKind::Kout6, DeckKind::Kout4, DeckKind::Baloot, DeckKind::Kabul] {
            let a = kind.shuffled_from_seed(7);
            assert_eq!(Deck::new(kind, &a).as_ref(), Ok(&a));
            assert_eq!(a, kind.shuffled_from_seed(7));
            assert_ne!(a, kind.shuffled_from_seed(8));
        }
    }

    /// Pins the seeded shuffle: if this changes, every published seed deals differently.
    #[test]
    fn seeded_shuffle_is_stable() {
        let deck = DeckKind::Baloot.shuffled_from_seed(1);
        let text: Vec<String> = deck.iter().take(8).map(ToString::to_string).collect();
        assert_eq!(text.join(" "), STABLE_SEED_1);
    }

    const STABLE_SEED_1: &str = "9C 9S 7S QH 8D AD 7C JD";

    #[test]
    fn random_below_is_roughly_uniform() {
        let mut rng = seeded_rng(3);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[random_below(&mut rng, 6) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn deck_errors() {
        let mut cards: Vec<Card> = DeckKind::Baloot.ordered().to_vec();
        assert!(Deck::new(DeckKind::Baloot, &cards).is_ok());
        cards[0] = cards[1];
        assert_eq!(Deck::new(DeckKind::Baloot, &cards), Err(DeckError::Duplicate(cards[1])));
        cards[0] = Card::RED_JOKER;
        assert_eq!(Deck::new(DeckKind::Baloot, &cards), Err(DeckError::Foreign(Card::RED_JOKER)));
        cards.remove(0);
        assert!(matches!(Deck::new(DeckKind::Baloot, &cards), Err(DeckError::Missing(m)) if m.len() == 1));
    }
}
