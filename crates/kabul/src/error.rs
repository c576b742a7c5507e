//! Why an action is refused, in words a player understands.

use cards::{Card, Rank};
use game::Seat;

use crate::action::{Pos, Slot};
use crate::powers::Power;

/// An illegal action: what [`game::Game::check`] answers, one variant per reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// No round is in progress.
    #[error("no round is being played: the next round needs its deal")]
    NoRound,
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// Another seat must act.
    #[error("it is seat {0}'s turn")]
    NotYourTurn(Seat),
    /// The seat is not at this table.
    #[error("there is no seat {seat} at a table of {players}")]
    NoSuchSeat {
        /// The seat named.
        seat: Seat,
        /// How many players the table has.
        players: usize,
    },
    /// The clock did something other than close an open snap window.
    #[error("the clock can only close an open snap window")]
    ClockOnlyCloses,
    /// A player tried to `close`.
    #[error("only the clock closes a snap window; pass to leave it")]
    OnlyTheClockCloses,
    /// `snap` or `pass` with no snap window open.
    #[error("no snap window is open")]
    NoWindow,
    /// A turn action while a snap window is open.
    #[error("a snap window is open: snap one of your cards or pass")]
    WindowOpen,
    /// The caller tried to snap.
    #[error("the caller's cards are locked")]
    CallerLocked,
    /// A power named a card of the caller.
    #[error("the caller's cards are locked: seat {0}'s cards cannot be targeted")]
    TargetLocked(Seat),
    /// A player without cards tried to snap or take the discard.
    #[error("you have no cards left")]
    NoCardsLeft,
    /// A player who passed tried to act again in the same window.
    #[error("you have passed in this snap window")]
    AlreadyPassed,
    /// Kabul was called already this round.
    #[error("seat {0} has already called Kabul this round")]
    KabulAlreadyCalled(Seat),
    /// A turn must start by calling Kabul or drawing.
    #[error("draw a card first (draw deck or draw discard), or call kabul")]
    DrawFirst,
    /// The player has drawn and must now get rid of a card.
    #[error("you have already drawn a card: discard it or replace one of your cards with it")]
    AlreadyDrawn,
    /// A power's target named without a power in play.
    #[error("no power is in play: a power is used by discarding a card drawn from the deck with discard power")]
    NoPowerInPlay,
    /// `discard` after taking the discard pile's top card.
    #[error("a card taken from the discard pile must replace one of your cards")]
    MustReplace,
    /// The discard pile has no card to take.
    #[error("the discard pile is empty")]
    DiscardPileEmpty,
    /// The acting player's own slot holds no card.
    #[error("you have no card at position {0}")]
    NoCardAt(Slot),
    /// Another grid's slot holds no card.
    #[error("seat {} has no card at position {}", .0.seat, .0.slot)]
    NoCardAtPos(Pos),
    /// `discard power` with a card that has none.
    #[error("{} has no power", rank_phrase(*.0))]
    NoPower(Card),
    /// `discard power` when the power could target nothing.
    #[error("{power} has no possible target now")]
    NoTarget {
        /// The power that cannot be used.
        power: Power,
    },
    /// A power waits for its target.
    #[error("name the target of the power first: {}", .0.hint())]
    PowerPending(Power),
    /// The target does not fit the power.
    #[error("{}", .0.hint())]
    WrongTarget(Power),
    /// Peeking at one's own card with the 7/6 notation.
    #[error("write your own card as peek P, not peek S:P")]
    OwnCardAsOther,
    /// A switch of a card with itself.
    #[error("a switch needs two different cards")]
    SameCardTwice,
    /// The record's reshuffle list does not fit the discard pile.
    #[error("{0}")]
    BadReshuffle(String),
}

/// "a 5", "an ace", "a joker", "a king".
fn rank_phrase(card: Card) -> String {
    match card.rank() {
        None => "a joker".to_owned(),
        Some(Rank::Ace) => "an ace".to_owned(),
        Some(Rank::Eight) => "an 8".to_owned(),
        Some(r) if r > Rank::Ten => format!("a {}", r.name()),
        Some(r) => format!("a {}", r.label()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Suit;

    #[test]
    fn messages_read_as_sentences() {
        let five = Card::new(Rank::Five, Suit::Hearts);
        assert_eq!(Illegal::NoPower(five).to_string(), "a 5 has no power");
        assert_eq!(Illegal::NoPower(Card::new(Rank::Ace, Suit::Clubs)).to_string(), "an ace has no power");
        assert_eq!(Illegal::NoPower(Card::RED_JOKER).to_string(), "a joker has no power");
        assert_eq!(Illegal::NoCardAt(3).to_string(), "you have no card at position 3");
        assert_eq!(Illegal::NotYourTurn(Seat::new(2).expect("seat")).to_string(), "it is seat 2's turn");
        assert_eq!(Illegal::CallerLocked.to_string(), "the caller's cards are locked");
    }
}
