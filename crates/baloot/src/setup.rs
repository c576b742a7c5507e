//! Why a match cannot start or a hand cannot be dealt.

use cards::DeckError;
use game::{GameKind, Seat};

/// Why [`Game::new`](game::Game::new), [`Game::deal`](game::Game::deal),
/// [`Game::deal_from_record`](game::Game::deal_from_record) or [`first_deal`](crate::first_deal)
/// refuse. Its `Display` is a sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The kind is not Baloot.
    #[error("the Baloot engine cannot play {}", .0.title())]
    NotBaloot(GameKind),
    /// The first dealer has no seat at the table.
    #[error("dealer {dealer} has no seat at a table of {seats}")]
    DealerOutside {
        /// The dealer asked for.
        dealer: Seat,
        /// The seats of the table.
        seats: usize,
    },
    /// A hand is being played.
    #[error("a hand is in progress")]
    HandInProgress,
    /// The match is over: no more deals.
    #[error("the match is over")]
    MatchOver,
    /// The deck is not the 32 Baloot cards.
    #[error(transparent)]
    Deck(#[from] DeckError),
    /// The deck is not 32 cards long.
    #[error("a Baloot deck has 32 cards")]
    DeckSize,
    /// A record's hand holds reshuffle lists.
    #[error("a Baloot hand has no \"reshuffles\"")]
    Reshuffles,
}
