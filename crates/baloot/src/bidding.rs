//! Round-1 and round-2 bidding, `sun_in_first_round`, and void hands.

use cards::Suit;
use game::Seat;

use crate::action::BalootAction;
use crate::error::Illegal;
use crate::rules::BalootRules;
use crate::trick::Mode;

/// The bid that won: who plays it and in which mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    /// The bidder.
    pub bidder: Seat,
    /// Hokum with its trump, or Sun.
    pub mode: Mode,
}

/// Where the bidding stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bidding {
    /// Round 1: `next` speaks (`pass`, `hokum`, and `sun` with `sun_in_first_round`).
    RoundOne {
        /// Who speaks now.
        next: Seat,
    },
    /// After a round-1 `hokum` with `sun_in_first_round`: the seats after the hokum bidder up to
    /// the dealer each say `sun` or `pass`.
    SunWindow {
        /// The hokum bidder.
        hokum: Seat,
        /// Who speaks now.
        next: Seat,
    },
    /// Round 2: `next` speaks (`pass`, `hokum S` with another suit than the face-up card's, `sun`).
    RoundTwo {
        /// Who speaks now.
        next: Seat,
    },
}

/// What a bid leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BidOutcome {
    /// The bidding goes on.
    Continue(Bidding),
    /// The bidding is over.
    Contract(Contract),
    /// Everyone passed twice: the hand is void.
    Void,
}

impl Bidding {
    /// The bidding of a hand dealt by `dealer`: seat dealer + 1 speaks first.
    #[must_use]
    pub const fn start(dealer: Seat) -> Self {
        Bidding::RoundOne { next: dealer.next(4) }
    }

    /// Who speaks now.
    #[must_use]
    pub const fn to_act(self) -> Seat {
        match self {
            Bidding::RoundOne { next } | Bidding::SunWindow { next, .. } | Bidding::RoundTwo { next } => next,
        }
    }

    /// The bidding round of `docs/rules/baloot.md`: 1 (the sun window after a round-1 hokum
    /// included) or 2.
    #[must_use]
    pub const fn round(self) -> u8 {
        match self {
            Bidding::RoundOne { .. } | Bidding::SunWindow { .. } => 1,
            Bidding::RoundTwo { .. } => 2,
        }
    }

    /// Pushes the legal bids (in a fixed order: pass, hokum, hokum S…, sun). Each bid is listed
    /// once, in its record notation: round 1's Hokum is the bare `hokum` (naming the face-up suit,
    /// `hokum S`, is accepted as the same bid but not listed again).
    pub fn legal(self, face: Suit, rules: &BalootRules, out: &mut Vec<BalootAction>) {
        out.push(BalootAction::Pass);
        match self {
            Bidding::RoundOne { .. } => {
                out.push(BalootAction::Hokum(None));
                if rules.sun_in_first_round {
                    out.push(BalootAction::Sun);
                }
            }
            Bidding::SunWindow { .. } => out.push(BalootAction::Sun),
            Bidding::RoundTwo { .. } => {
                for s in Suit::ALL {
                    if s != face {
                        out.push(BalootAction::Hokum(Some(s)));
                    }
                }
                out.push(BalootAction::Sun);
            }
        }
    }

    /// Checks a bid by the seat to act.
    ///
    /// # Errors
    /// Why the bid is not allowed now.
    pub fn check(self, action: BalootAction, face: Suit, rules: &BalootRules) -> Result<(), Illegal> {
        match (self, action) {
            (_, BalootAction::Play(_)) => Err(Illegal::StillBidding),
            (_, BalootAction::Pass) => Ok(()),
            (Bidding::RoundOne { .. }, BalootAction::Hokum(None)) => Ok(()),
            (Bidding::RoundOne { .. }, BalootAction::Hokum(Some(s))) if s == face => Ok(()),
            (Bidding::RoundOne { .. }, BalootAction::Hokum(Some(_))) => Err(Illegal::RoundOneHokumSuit(face)),
            (Bidding::RoundOne { .. }, BalootAction::Sun) if rules.sun_in_first_round => Ok(()),
            (Bidding::RoundOne { .. }, BalootAction::Sun) => Err(Illegal::SunInRoundOne),
            (Bidding::SunWindow { .. }, BalootAction::Sun) => Ok(()),
            (Bidding::SunWindow { hokum, .. }, BalootAction::Hokum(_)) => Err(Illegal::OnlySunOrPass(hokum)),
            (Bidding::RoundTwo { .. }, BalootAction::Hokum(None)) => Err(Illegal::BareHokumInRoundTwo),
            (Bidding::RoundTwo { .. }, BalootAction::Hokum(Some(s))) if s == face => {
                Err(Illegal::RoundTwoHokumSuit(face))
            }
            (Bidding::RoundTwo { .. }, BalootAction::Hokum(Some(_)) | BalootAction::Sun) => Ok(()),
        }
    }

    /// Applies a legal bid of the seat to act in a hand dealt by `dealer`.
    #[must_use]
    pub fn apply(self, action: BalootAction, face: Suit, dealer: Seat, rules: &BalootRules) -> BidOutcome {
        let contract = |bidder, mode| BidOutcome::Contract(Contract { bidder, mode });
        match (self, action) {
            (Bidding::RoundOne { next }, BalootAction::Pass) if next == dealer => {
                BidOutcome::Continue(Bidding::RoundTwo { next: dealer.next(4) })
            }
            (Bidding::RoundOne { next }, BalootAction::Pass) => {
                BidOutcome::Continue(Bidding::RoundOne { next: next.next(4) })
            }
            (Bidding::RoundOne { next }, BalootAction::Hokum(_)) => {
                if rules.sun_in_first_round && next != dealer {
                    BidOutcome::Continue(Bidding::SunWindow { hokum: next, next: next.next(4) })
                } else {
                    contract(next, Mode::Hokum(face))
                }
            }
            (
                Bidding::RoundOne { next } | Bidding::SunWindow { next, .. } | Bidding::RoundTwo { next },
                BalootAction::Sun,
            ) => contract(next, Mode::Sun),
            (Bidding::SunWindow { hokum, next }, _) if next == dealer => contract(hokum, Mode::Hokum(face)),
            (Bidding::SunWindow { hokum, next }, _) => {
                BidOutcome::Continue(Bidding::SunWindow { hokum, next: next.next(4) })
            }
            (Bidding::RoundTwo { next }, BalootAction::Hokum(Some(s))) => contract(next, Mode::Hokum(s)),
            (Bidding::RoundTwo { next }, _) if next == dealer => BidOutcome::Void,
            (Bidding::RoundTwo { next }, _) => BidOutcome::Continue(Bidding::RoundTwo { next: next.next(4) }),
            // Not legal (a card during the bidding): nothing changes.
            (b, BalootAction::Play(_)) => BidOutcome::Continue(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FACE: Suit = Suit::Hearts;

    fn seat(i: usize) -> Seat {
        Seat::new(i).expect("seat")
    }

    /// Runs bids from a fresh bidding with dealer 0 and returns the outcome of the last one.
    fn run(rules: &BalootRules, bids: &[&str]) -> Result<BidOutcome, Illegal> {
        let mut b = Bidding::start(seat(0));
        let mut last = BidOutcome::Continue(b);
        for text in bids {
            let a: BalootAction = text.parse().expect("action");
            b.check(a, FACE, rules)?;
            let mut legal = Vec::new();
            b.legal(FACE, rules, &mut legal);
            // Round 1's `hokum S` naming the face-up suit is the listed bare `hokum`.
            let listed = if a == BalootAction::Hokum(Some(FACE)) { BalootAction::Hokum(None) } else { a };
            assert!(legal.contains(&listed), "{text} accepted but not listed");
            last = b.apply(a, FACE, seat(0), rules);
            match last {
                BidOutcome::Continue(next) => b = next,
                _ => break,
            }
        }
        Ok(last)
    }

    fn contract(bidder: usize, mode: Mode) -> BidOutcome {
        BidOutcome::Contract(Contract { bidder: seat(bidder), mode })
    }

    #[test]
    fn round_one_starts_at_dealer_plus_one_and_the_first_hokum_ends_it() {
        let seed = BalootRules::seed();
        assert_eq!(Bidding::start(seat(3)).to_act(), seat(0));
        assert_eq!(run(&seed, &["pass", "hokum"]), Ok(contract(2, Mode::Hokum(FACE))));
        assert_eq!(run(&seed, &["hokum h"]), Ok(contract(1, Mode::Hokum(FACE))), "hokum S naming the face suit");
    }

    #[test]
    fn round_one_hokum_must_be_the_face_up_suit() {
        assert_eq!(run(&BalootRules::seed(), &["hokum S"]), Err(Illegal::RoundOneHokumSuit(FACE)));
    }

    #[test]
    fn sun_in_first_round_false_forbids_sun_in_round_one() {
        assert_eq!(run(&BalootRules::seed(), &["pass", "sun"]), Err(Illegal::SunInRoundOne));
    }

    #[test]
    fn sun_in_first_round_true_allows_sun_which_ends_the_bidding() {
        assert_eq!(run(&BalootRules::saudi(), &["pass", "sun"]), Ok(contract(2, Mode::Sun)));
    }

    #[test]
    fn sun_in_first_round_true_sun_overrides_an_earlier_hokum() {
        let saudi = BalootRules::saudi();
        assert_eq!(run(&saudi, &["hokum", "pass", "sun"]), Ok(contract(3, Mode::Sun)));
        assert_eq!(run(&saudi, &["hokum", "pass", "pass", "pass"]), Ok(contract(1, Mode::Hokum(FACE))));
        assert_eq!(run(&saudi, &["hokum", "hokum"]), Err(Illegal::OnlySunOrPass(seat(1))));
        // The dealer's hokum leaves nobody to override it.
        assert_eq!(run(&saudi, &["pass", "pass", "pass", "hokum"]), Ok(contract(0, Mode::Hokum(FACE))));
    }

    #[test]
    fn round_two_after_all_pass_names_another_suit_or_sun() {
        let seed = BalootRules::seed();
        let passes = ["pass"; 4];
        let with = |extra: &[&'static str]| [&passes[..], extra].concat();
        assert_eq!(run(&seed, &with(&["pass", "hokum S"])), Ok(contract(2, Mode::Hokum(Suit::Spades))));
        assert_eq!(run(&seed, &with(&["sun"])), Ok(contract(1, Mode::Sun)));
        assert_eq!(run(&seed, &with(&["hokum"])), Err(Illegal::BareHokumInRoundTwo));
        assert_eq!(run(&seed, &with(&["hokum H"])), Err(Illegal::RoundTwoHokumSuit(FACE)));
    }

    #[test]
    fn all_pass_twice_is_a_void_hand() {
        assert_eq!(run(&BalootRules::seed(), &["pass"; 8]), Ok(BidOutcome::Void));
        assert_eq!(run(&BalootRules::saudi(), &["pass"; 8]), Ok(BidOutcome::Void));
    }

    #[test]
    fn a_card_is_refused_during_the_bidding() {
        assert_eq!(run(&BalootRules::seed(), &["play AS"]), Err(Illegal::StillBidding));
    }
}
