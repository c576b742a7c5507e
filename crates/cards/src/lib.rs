//! Playing cards for Majlis.
//!
//! Everything the card games share below the rules: [`Suit`], [`Rank`], the two jokers, [`Card`]
//! with the record notation (`AS`, `TH`, `10h`, `RJ`, `BJ`), [`CardSet`] (a `u64` bitset holding
//! any set of the 54 cards), the deck of each game ([`DeckKind`]) and a deterministic shuffle: one
//! seed gives the same deal on every machine.
//!
//! ```
//! use cards::{Card, CardSet, DeckKind, Rank, Suit};
//!
//! let ace: Card = "as".parse().unwrap();
//! assert_eq!(ace, Card::new(Rank::Ace, Suit::Spades));
//! assert_eq!("10H".parse::<Card>().unwrap().to_string(), "TH");
//!
//! let deck = DeckKind::Kout4.shuffled_from_seed(42);
//! assert_eq!(deck.len(), 36);
//! let first_hand: CardSet = deck[..9].iter().copied().collect();
//! assert_eq!(first_hand.len(), 9);
//! ```
//!
//! The crate is pure: no IO, clock or threads.

mod card;
mod deck;
mod set;

pub use card::{Card, ParseCardError, Rank, Suit};
pub use deck::{Deck, DeckError, DeckKind, random_below, seeded_rng, shuffle};
pub use set::{CardSet, Iter};
