//! Why a position cannot be built, or a card cannot be played in it.

use cards::Card;
use game::Seat;

/// A position that is not one of the trick play, or a card the rules refuse. Its `Display` is a
/// sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// The game is not playing tricks (bidding, between hands, over).
    #[error("the hand is not in trick play")]
    NotPlaying,
    /// A card that is not in this game's deck.
    #[error("{0} is not a card of this game's deck")]
    NotInDeck(Card),
    /// A card held by two seats, or held and already played.
    #[error("{0} is held twice or was already played")]
    Duplicate(Card),
    /// A hand of the wrong size for the tricks played.
    #[error("seat {seat} holds {held} cards where {expected} are left")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// How many cards it was given.
        held: usize,
        /// How many it should hold.
        expected: usize,
    },
    /// As many hands as seats are needed.
    #[error("{given} hands given for a table of {seats}")]
    Seats {
        /// The hands given.
        given: usize,
        /// The seats at the table.
        seats: usize,
    },
    /// The trick on the table is not played in seat order, or is full.
    #[error("the trick on the table is not a trick in progress")]
    Trick,
    /// The card is not one the seat to move may play.
    #[error("seat {seat} may not play {card} now")]
    Illegal {
        /// The seat to move.
        seat: Seat,
        /// The card refused.
        card: Card,
    },
    /// Every trick has been played.
    #[error("the hand is over")]
    Over,
}
