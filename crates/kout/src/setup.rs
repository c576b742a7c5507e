//! Why a match cannot start or a hand cannot be dealt.

use cards::DeckError;
use game::{GameKind, Seat};

/// Why [`Game::new`](game::Game::new), [`Game::deal`](game::Game::deal),
/// [`Game::deal_from_record`](game::Game::deal_from_record) or [`KoutDeal::from_hands`](crate::KoutDeal::from_hands)
/// refuse. Its `Display` is a sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The rules are another variant's (or the kind is not Kout Bo).
    #[error("{} cannot be played with the rules of {}", .kind.title(), .rules.title())]
    WrongRules {
        /// The game asked for.
        kind: GameKind,
        /// The game the rules are for.
        rules: GameKind,
    },
    /// The first dealer has no seat at the table.
    #[error("dealer {dealer} has no seat at a table of {seats}")]
    DealerOutside {
        /// The dealer asked for.
        dealer: Seat,
        /// The seats of the table.
        seats: usize,
    },
    /// The match is over: no more deals.
    #[error("the match is over")]
    MatchOver,
    /// A hand is being played.
    #[error("a hand is being played; the next deal waits for its end")]
    HandInProgress,
    /// The deck is not the variant's deck.
    #[error(
        "the deck must be exactly the {kind} deck of {expected} cards (given {given} cards, {missing} missing, {foreign} foreign)"
    )]
    WrongDeck {
        /// The game.
        kind: GameKind,
        /// The cards of its deck.
        expected: usize,
        /// The cards given.
        given: usize,
        /// Cards of the deck not given.
        missing: usize,
        /// Cards given that are not in the deck.
        foreign: usize,
    },
    /// A record's hand holds reshuffle lists.
    #[error("a Kout Bo hand has no \"reshuffles\" (they belong to Kabul)")]
    Reshuffles,
    /// The record's deck is not the variant's deck.
    #[error(transparent)]
    Deck(#[from] DeckError),
    /// [`KoutDeal::from_hands`](crate::KoutDeal::from_hands): not one hand per seat.
    #[error("{given} hands given for a table of {seats}")]
    HandCount {
        /// The hands given.
        given: usize,
        /// The seats of the table.
        seats: usize,
    },
    /// [`KoutDeal::from_hands`](crate::KoutDeal::from_hands): a hand of the wrong size.
    #[error("seat {seat} is given {cards} cards, not {expected}")]
    HandSize {
        /// The seat (its index).
        seat: usize,
        /// The cards it is given.
        cards: usize,
        /// The cards of a hand ([`HAND_SIZE`](crate::HAND_SIZE)).
        expected: usize,
    },
}
