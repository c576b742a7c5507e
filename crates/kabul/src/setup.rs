//! Why a match cannot start or a round cannot be dealt.

use cards::{Card, DeckError};
use game::{GameKind, Seat};

/// Why [`Game::new`](game::Game::new), [`Game::deal`](game::Game::deal),
/// [`Game::deal_from_record`](game::Game::deal_from_record), [`Kabul::with_rules`](crate::Kabul::with_rules)
/// or [`KabulDeal::check`](crate::KabulDeal::check) refuse. Its `Display` is a sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The kind is not Kabul.
    #[error("this engine plays Kabul, not {}", .0.title())]
    NotKabul(GameKind),
    /// The first dealer has no seat at the table.
    #[error("dealer {dealer} has no seat at a table of {seats}")]
    DealerOutside {
        /// The dealer asked for.
        dealer: Seat,
        /// The seats of the table.
        seats: usize,
    },
    /// A round is being played, or the match is over.
    #[error("no round is waiting to be dealt")]
    NoDealDue,
    /// The deck is not the 54 Kabul cards.
    #[error(transparent)]
    Deck(#[from] DeckError),
    /// A reshuffle list names a card twice.
    #[error("reshuffle {reshuffle} holds {card} twice")]
    ReshuffleRepeats {
        /// The reshuffle, from 0.
        reshuffle: usize,
        /// The card.
        card: Card,
    },
    /// The deck has too few cards to deal the grids and the first discard.
    #[error("the deck ran out during the deal")]
    DeckRanOut,
}
