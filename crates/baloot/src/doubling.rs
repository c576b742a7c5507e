//! The doubling steps of the Saudi table calls: `double`, `three`, `four` (open or closed) and
//! `gahwa`, said after the bidding and before the stock is dealt.
//!
//! Each step is offered to one team, its two players in seat order starting after the last caller
//! (after the bidder for step 1); the first call ends the step and offers the next one to the other
//! team; two passes end the chain. In Sun there is only step 1, a plain `double`.

use game::Seat;

use crate::action::{BalootAction, Side, Stake};
use crate::bidding::Contract;
use crate::error::Illegal;
use crate::trick::Mode;

/// The last step: `gahwa`, the match on this hand.
pub const GAHWA_STEP: u8 = 4;

/// Where the doubling steps stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Doubling {
    /// The contract being raised.
    pub contract: Contract,
    /// The step offered now: 1 `double`, 2 `three`, 3 `four`, 4 `gahwa`.
    pub step: u8,
    /// Who speaks now.
    pub next: Seat,
    /// Whether the first of the team's two players has passed this step.
    pub second: bool,
}

/// What a call of the doubling steps leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoublingOutcome {
    /// The next player speaks.
    Continue(Doubling),
    /// The chain is over: the stock is dealt and play starts.
    Done,
}

/// Whether the defenders (the team that did not bid) are offered step `step`.
#[must_use]
pub const fn defenders_step(step: u8) -> bool {
    step % 2 == 1
}

impl Doubling {
    /// Step 1 of the contract `contract`: the defender after the bidder speaks first.
    #[must_use]
    pub const fn start(contract: Contract) -> Self {
        Doubling { contract, step: 1, next: contract.bidder.next(4), second: false }
    }

    /// Who speaks now.
    #[must_use]
    pub const fn to_act(self) -> Seat {
        self.next
    }

    /// The call that raises at this step.
    fn raise(self, side: Option<Side>) -> BalootAction {
        match Stake::ALL.get(usize::from(self.step.saturating_sub(1))) {
            Some(&stake) => BalootAction::Raise(stake, side),
            None => BalootAction::Gahwa,
        }
    }

    /// Pushes the legal calls of the seat to act: `pass`, then this step's raise (open, closed;
    /// plain in Sun) or `gahwa`.
    pub fn legal(self, out: &mut Vec<BalootAction>) {
        out.push(BalootAction::Pass);
        match (self.step, self.contract.mode) {
            (GAHWA_STEP, _) => out.push(BalootAction::Gahwa),
            (_, Mode::Sun) => out.push(self.raise(None)),
            (_, Mode::Hokum(_)) => {
                out.push(self.raise(Some(Side::Open)));
                out.push(self.raise(Some(Side::Closed)));
            }
        }
    }

    /// Checks a call by the seat to act.
    ///
    /// # Errors
    /// A bid, card or claim (the doubling is under way), the other team's raise, a raise of
    /// another step, or a raise without (Hokum) or with (Sun) `open`/`closed`.
    pub fn check(self, action: BalootAction) -> Result<(), Illegal> {
        let ours = defenders_step(self.step);
        match action {
            BalootAction::Pass => Ok(()),
            BalootAction::Raise(stake, side) => {
                if stake.by_defenders() != ours {
                    Err(Illegal::NotYourTeamsCall(stake.word()))
                } else if stake.step() != self.step {
                    Err(Illegal::NotThisStep(self.step))
                } else {
                    match (self.contract.mode, side) {
                        (Mode::Sun, None) | (Mode::Hokum(_), Some(_)) => Ok(()),
                        (Mode::Sun, Some(_)) => Err(Illegal::SunDoubleIsPlain),
                        (Mode::Hokum(_), None) => Err(Illegal::OpenOrClosed(stake)),
                    }
                }
            }
            BalootAction::Gahwa if ours => Err(Illegal::NotYourTeamsCall("gahwa")),
            BalootAction::Gahwa if self.step != GAHWA_STEP => Err(Illegal::NotThisStep(self.step)),
            BalootAction::Gahwa => Ok(()),
            BalootAction::Hokum(_)
            | BalootAction::Sun
            | BalootAction::Play(_)
            | BalootAction::Ashkal
            | BalootAction::Kawesh
            | BalootAction::Sawa => Err(Illegal::StillDoubling),
        }
    }

    /// Applies a legal call of the seat to act.
    #[must_use]
    pub fn apply(self, action: BalootAction) -> DoublingOutcome {
        match action {
            BalootAction::Pass if self.second => DoublingOutcome::Done,
            BalootAction::Pass => {
                DoublingOutcome::Continue(Doubling { next: self.next.offset(2, 4), second: true, ..self })
            }
            BalootAction::Raise(..) if self.contract.mode == Mode::Sun => DoublingOutcome::Done,
            BalootAction::Raise(..) => DoublingOutcome::Continue(Doubling {
                step: self.step + 1,
                next: self.next.next(4),
                second: false,
                ..self
            }),
            // `gahwa` is the last step; anything else is not legal here and ends nothing.
            BalootAction::Gahwa => DoublingOutcome::Done,
            _ => DoublingOutcome::Continue(self),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Suit;

    fn seat(i: usize) -> Seat {
        Seat::new(i).expect("seat")
    }

    /// Runs calls on a contract by `bidder` in `mode`; returns who spoke, and the outcome.
    fn run(bidder: usize, mode: Mode, calls: &[&str]) -> Result<(Vec<Seat>, DoublingOutcome), Illegal> {
        let mut d = Doubling::start(Contract { bidder: seat(bidder), mode, ashkal: false });
        let mut speakers = Vec::new();
        let mut last = DoublingOutcome::Continue(d);
        for text in calls {
            let a: BalootAction = text.parse().expect("action");
            d.check(a)?;
            let mut legal = Vec::new();
            d.legal(&mut legal);
            assert!(legal.contains(&a), "{text} accepted but not listed: {legal:?}");
            speakers.push(d.to_act());
            last = d.apply(a);
            match last {
                DoublingOutcome::Continue(next) => d = next,
                DoublingOutcome::Done => break,
            }
        }
        Ok((speakers, last))
    }

    const HOKUM: Mode = Mode::Hokum(Suit::Hearts);

    #[test]
    fn the_defenders_speak_first_in_seat_order_after_the_bidder_and_two_passes_end_the_chain() {
        let (who, out) = run(1, HOKUM, &["pass", "pass"]).expect("legal");
        assert_eq!(who, [seat(2), seat(0)]);
        assert_eq!(out, DoublingOutcome::Done);
    }

    #[test]
    fn each_step_goes_to_the_other_team_starting_after_the_last_caller() {
        // Bidder 1; seat 0 (second defender) doubles; step 2 starts at seat 1, then seat 3.
        let (who, out) = run(1, HOKUM, &["pass", "double open", "pass", "three closed", "four open", "pass", "gahwa"])
            .expect("legal");
        assert_eq!(who, [seat(2), seat(0), seat(1), seat(3), seat(0), seat(1), seat(3)]);
        assert_eq!(out, DoublingOutcome::Done, "gahwa is the last step");
    }

    #[test]
    fn two_passes_after_a_raise_end_the_chain() {
        let (who, out) = run(3, HOKUM, &["double closed", "pass", "pass"]).expect("legal");
        assert_eq!(who, [seat(0), seat(1), seat(3)]);
        assert_eq!(out, DoublingOutcome::Done);
    }

    #[test]
    fn three_by_the_wrong_team_is_refused() {
        assert_eq!(run(1, HOKUM, &["three open"]), Err(Illegal::NotYourTeamsCall("three")));
        assert_eq!(run(1, HOKUM, &["double open", "double open"]), Err(Illegal::NotYourTeamsCall("double")));
        assert_eq!(run(1, HOKUM, &["gahwa"]), Err(Illegal::NotYourTeamsCall("gahwa")));
    }

    #[test]
    fn a_raise_of_another_step_is_refused() {
        assert_eq!(run(1, HOKUM, &["four open"]), Err(Illegal::NotThisStep(1)));
        assert_eq!(run(1, HOKUM, &["double open", "gahwa"]), Err(Illegal::NotThisStep(2)));
    }

    #[test]
    fn hokum_raises_say_open_or_closed_and_the_sun_double_is_plain() {
        assert_eq!(run(1, HOKUM, &["double"]), Err(Illegal::OpenOrClosed(Stake::Double)));
        assert_eq!(run(1, Mode::Sun, &["double open"]), Err(Illegal::SunDoubleIsPlain));
        let (_, out) = run(1, Mode::Sun, &["double"]).expect("legal");
        assert_eq!(out, DoublingOutcome::Done, "Sun has step 1 only");
    }

    #[test]
    fn bids_cards_and_claims_wait_for_the_doubling() {
        for text in ["sun", "hokum", "play 7H", "sawa", "ashkal", "kawesh"] {
            assert_eq!(run(1, HOKUM, &[text]), Err(Illegal::StillDoubling), "{text}");
        }
    }
}
