//! What happens in public during a round ([`Event`]), as views list it, and where a drawn card
//! came from ([`Source`]). Below both the state and the views, so neither imports the other for
//! them.

use cards::Card;
use game::Seat;
use serde::{Deserialize, Serialize};

use crate::action::{Pos, Slot};
use crate::scoring::RoundEnd;

/// Where a drawn card came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The draw pile: only the drawer saw it, and it may be discarded (with its power).
    Deck,
    /// The top of the discard pile: everyone saw it, and it must replace one of the drawer's cards.
    Discard,
}

/// Something that happened in public: what moved where and who looked at which slot, never a face
/// that was not shown to everyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// `seat` called Kabul.
    Kabul {
        /// The caller.
        seat: Seat,
    },
    /// `seat` drew a card; its face only if it came from the discard pile.
    Draw {
        /// The drawer.
        seat: Seat,
        /// Where from.
        from: Source,
        /// The card, when everyone saw it.
        card: Option<Card>,
    },
    /// `seat` discarded the card it drew from the deck.
    Discard {
        /// Who.
        seat: Seat,
        /// The card, now face up on the discard pile.
        card: Card,
        /// Whether its power is used.
        power: bool,
    },
    /// `seat` put its drawn card into `slot`; the card that was there went to the discard pile.
    Replace {
        /// Who.
        seat: Seat,
        /// Which of its slots.
        slot: Slot,
        /// The card thrown away (face up).
        discarded: Card,
    },
    /// `seat` looked at the card at `at`.
    Peek {
        /// Who looked.
        seat: Seat,
        /// Where.
        at: Pos,
    },
    /// `seat` switched the cards at `a` and `b` (and looked at both if `looked`).
    Switch {
        /// Who switched.
        seat: Seat,
        /// One place.
        a: Pos,
        /// The other place.
        b: Pos,
        /// Whether the switcher looked at both cards (queen/king).
        looked: bool,
    },
    /// `seat` snapped its card at `slot`, shown to everyone.
    Snap {
        /// Who snapped.
        seat: Seat,
        /// Which of its slots.
        slot: Slot,
        /// The card turned up.
        card: Card,
        /// Whether it matched the discard pile (and left the grid).
        hit: bool,
        /// On a miss, the slot that received the unseen penalty card.
        penalty: Option<Slot>,
    },
    /// `seat` left the snap window.
    Pass {
        /// Who.
        seat: Seat,
    },
    /// The clock closed the snap window.
    Close,
    /// The discard pile minus its top card became the new draw pile.
    Reshuffle {
        /// How many cards it holds.
        cards: usize,
    },
    /// The round ended.
    End {
        /// How.
        end: RoundEnd,
    },
}
