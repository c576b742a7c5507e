//! Why an action is refused, in words a player understands.

use cards::{Card, Rank};
use game::{Refusal, Refuse, Seat};

use crate::action::{Pos, Slot};
use crate::power::Power;

/// An illegal action: what [`game::Game::check`] answers, one variant per reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// No round (Kabul's hand) is in progress: code `no_hand`, as in every game.
    #[error("no round is being played: the next round needs its deal")]
    NoHand,
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

impl Refuse for Illegal {
    fn refusal(&self) -> Refusal {
        match self {
            Illegal::NoHand => Refusal::new("no_hand"),
            Illegal::MatchOver => Refusal::new("match_over"),
            Illegal::NotYourTurn(seat) => Refusal::new("not_your_turn").with_seat("seat", *seat),
            Illegal::NoSuchSeat { seat, players } => {
                Refusal::new("no_such_seat").with_seat("seat", *seat).with("players", *players)
            }
            Illegal::ClockOnlyCloses => Refusal::new("clock_only_closes"),
            Illegal::OnlyTheClockCloses => Refusal::new("only_the_clock_closes"),
            Illegal::NoWindow => Refusal::new("no_window"),
            Illegal::WindowOpen => Refusal::new("window_open"),
            Illegal::CallerLocked => Refusal::new("caller_locked"),
            Illegal::TargetLocked(seat) => Refusal::new("target_locked").with_seat("seat", *seat),
            Illegal::NoCardsLeft => Refusal::new("no_cards_left"),
            Illegal::AlreadyPassed => Refusal::new("already_passed"),
            Illegal::KabulAlreadyCalled(seat) => Refusal::new("kabul_already_called").with_seat("seat", *seat),
            Illegal::DrawFirst => Refusal::new("draw_first"),
            Illegal::AlreadyDrawn => Refusal::new("already_drawn"),
            Illegal::NoPowerInPlay => Refusal::new("no_power_in_play"),
            Illegal::MustReplace => Refusal::new("must_replace"),
            Illegal::DiscardPileEmpty => Refusal::new("discard_pile_empty"),
            Illegal::NoCardAt(slot) => Refusal::new("no_card_at").with("slot", *slot),
            Illegal::NoCardAtPos(pos) => {
                Refusal::new("no_card_at_pos").with_seat("seat", pos.seat).with("slot", pos.slot)
            }
            Illegal::NoPower(card) => Refusal::new("no_power").with_text("card", card),
            Illegal::NoTarget { power } => Refusal::new("no_target").with("power", power.code()),
            Illegal::PowerPending(power) => Refusal::new("power_pending").with("power", power.code()),
            Illegal::WrongTarget(power) => Refusal::new("wrong_target").with("power", power.code()),
            Illegal::OwnCardAsOther => Refusal::new("own_card_as_other"),
            Illegal::SameCardTwice => Refusal::new("same_card_twice"),
            // The record's lists are checked only in replays; the sentence names the cards.
            Illegal::BadReshuffle(detail) => Refusal::new("bad_reshuffle").with("detail", detail.as_str()),
        }
    }
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

    /// One example of every variant; the exhaustive match fails to compile when a variant is added
    /// without an example.
    fn every_variant() -> Vec<Illegal> {
        let seat = |i| Seat::new(i).expect("seat");
        let all = vec![
            Illegal::NoHand,
            Illegal::MatchOver,
            Illegal::NotYourTurn(seat(2)),
            Illegal::NoSuchSeat { seat: seat(5), players: 4 },
            Illegal::ClockOnlyCloses,
            Illegal::OnlyTheClockCloses,
            Illegal::NoWindow,
            Illegal::WindowOpen,
            Illegal::CallerLocked,
            Illegal::TargetLocked(seat(1)),
            Illegal::NoCardsLeft,
            Illegal::AlreadyPassed,
            Illegal::KabulAlreadyCalled(seat(0)),
            Illegal::DrawFirst,
            Illegal::AlreadyDrawn,
            Illegal::NoPowerInPlay,
            Illegal::MustReplace,
            Illegal::DiscardPileEmpty,
            Illegal::NoCardAt(3),
            Illegal::NoCardAtPos(Pos::new(seat(1), 2)),
            Illegal::NoPower(Card::new(Rank::Five, Suit::Hearts)),
            Illegal::NoTarget { power: Power::PeekOther },
            Illegal::PowerPending(Power::SwitchAndLook),
            Illegal::WrongTarget(Power::PeekOwn),
            Illegal::OwnCardAsOther,
            Illegal::SameCardTwice,
            Illegal::BadReshuffle("reshuffle 0 of the record must hold ...".to_owned()),
        ];
        for (i, e) in all.iter().enumerate() {
            let n = match e {
                Illegal::NoHand => 0,
                Illegal::MatchOver => 1,
                Illegal::NotYourTurn(_) => 2,
                Illegal::NoSuchSeat { .. } => 3,
                Illegal::ClockOnlyCloses => 4,
                Illegal::OnlyTheClockCloses => 5,
                Illegal::NoWindow => 6,
                Illegal::WindowOpen => 7,
                Illegal::CallerLocked => 8,
                Illegal::TargetLocked(_) => 9,
                Illegal::NoCardsLeft => 10,
                Illegal::AlreadyPassed => 11,
                Illegal::KabulAlreadyCalled(_) => 12,
                Illegal::DrawFirst => 13,
                Illegal::AlreadyDrawn => 14,
                Illegal::NoPowerInPlay => 15,
                Illegal::MustReplace => 16,
                Illegal::DiscardPileEmpty => 17,
                Illegal::NoCardAt(_) => 18,
                Illegal::NoCardAtPos(_) => 19,
                Illegal::NoPower(_) => 20,
                Illegal::NoTarget { .. } => 21,
                Illegal::PowerPending(_) => 22,
                Illegal::WrongTarget(_) => 23,
                Illegal::OwnCardAsOther => 24,
                Illegal::SameCardTwice => 25,
                Illegal::BadReshuffle(_) => 26,
            };
            assert_eq!(n, i, "every_variant lists each variant once, in order");
        }
        all
    }

    #[test]
    fn every_refusal_has_a_distinct_stable_code_and_shared_codes_share_params() {
        let expected = [
            "no_hand",
            "match_over",
            "not_your_turn",
            "no_such_seat",
            "clock_only_closes",
            "only_the_clock_closes",
            "no_window",
            "window_open",
            "caller_locked",
            "target_locked",
            "no_cards_left",
            "already_passed",
            "kabul_already_called",
            "draw_first",
            "already_drawn",
            "no_power_in_play",
            "must_replace",
            "discard_pile_empty",
            "no_card_at",
            "no_card_at_pos",
            "no_power",
            "no_target",
            "power_pending",
            "wrong_target",
            "own_card_as_other",
            "same_card_twice",
            "bad_reshuffle",
        ];
        game::testing::check_refusal_codes(&every_variant(), &expected).expect("codes");
    }

    #[test]
    fn refusal_params_are_in_record_notation() {
        let json = |e: Illegal| serde_json::to_value(e.refusal()).expect("json");
        let seat = |i| Seat::new(i).expect("seat");
        assert_eq!(
            json(Illegal::NoCardAtPos(Pos::new(seat(1), 2))),
            serde_json::json!({"code": "no_card_at_pos", "seat": 1, "slot": 2})
        );
        assert_eq!(
            json(Illegal::NoPower(Card::new(Rank::Five, Suit::Hearts))),
            serde_json::json!({"code": "no_power", "card": "5H"})
        );
        assert_eq!(
            json(Illegal::WrongTarget(Power::PeekOwn)),
            serde_json::json!({"code": "wrong_target", "power": "peek_own"})
        );
        for p in [Power::SwitchAndLook, Power::BlindSwitch, Power::PeekOwn, Power::PeekOther] {
            assert_eq!(serde_json::to_value(p).expect("json"), p.code(), "Power::code is its serde name");
        }
    }
}
