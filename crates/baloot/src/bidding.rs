//! Round-1 and round-2 bidding, `sun_in_first_round`, void hands, and the round-1 calls `ashkal`
//! and `kawesh`.

use cards::{Card, CardSet, Rank, Suit};
use game::Seat;

use crate::action::BalootAction;
use crate::error::Illegal;
use crate::rules::BalootRules;
use crate::trick::Mode;

/// The bid that won: who plays it and in which mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    /// The bidder (for `ashkal`, the caller).
    pub bidder: Seat,
    /// Hokum with its trump, or Sun.
    pub mode: Mode,
    /// Whether the Sun was called as `ashkal`: the face-up card goes to the bidder's partner.
    pub ashkal: bool,
}

impl Contract {
    /// The seat that takes the face-up card and 2 stock cards: the bidder, or its partner after
    /// `ashkal`.
    #[must_use]
    pub const fn face_up_taker(self) -> Seat {
        if self.ashkal { self.bidder.offset(2, 4) } else { self.bidder }
    }
}

/// What the bidding rules need to know of a hand besides the bids: the face-up card, the dealer
/// and the speaker's five cards (for `kawesh`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BidTable {
    /// The face-up card (card 21).
    pub face_up: Card,
    /// The dealer.
    pub dealer: Seat,
    /// The five cards of the seat to speak.
    pub hand: CardSet,
}

impl BidTable {
    fn face(self) -> Suit {
        self.face_up.suit().unwrap_or(Suit::Spades)
    }
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
    /// This seat said `kawesh`: the hand ends, and the same dealer deals again.
    Kawesh(Seat),
}

/// The first card of `hand` above the 9, from the ace down, if any (what keeps it from `kawesh`).
#[must_use]
pub fn kawesh_spoiler(hand: CardSet) -> Option<Card> {
    [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack, Rank::Ten]
        .into_iter()
        .find_map(|r| (hand & CardSet::rank(r)).iter().next())
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

    /// Pushes the legal bids (in a fixed order: pass, hokum, hokum S…, sun, ashkal, kawesh). Each
    /// bid is listed once, in its record notation: round 1's Hokum is the bare `hokum` (naming the
    /// face-up suit, `hokum S`, is accepted as the same bid but not listed again).
    pub fn legal(self, table: &BidTable, rules: &BalootRules, out: &mut Vec<BalootAction>) {
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
                    if s != table.face() {
                        out.push(BalootAction::Hokum(Some(s)));
                    }
                }
                out.push(BalootAction::Sun);
            }
        }
        for call in [BalootAction::Ashkal, BalootAction::Kawesh] {
            if self.check(call, table, rules).is_ok() {
                out.push(call);
            }
        }
    }

    /// Checks a bid by the seat to act.
    ///
    /// # Errors
    /// Why the bid is not allowed now.
    pub fn check(self, action: BalootAction, table: &BidTable, rules: &BalootRules) -> Result<(), Illegal> {
        let face = table.face();
        match (self, action) {
            (_, BalootAction::Play(_) | BalootAction::Raise(..) | BalootAction::Gahwa | BalootAction::Sawa) => {
                Err(Illegal::StillBidding)
            }
            (_, BalootAction::Pass) => Ok(()),
            (_, BalootAction::Ashkal) if !rules.ashkal => Err(Illegal::CallNotInRules("ashkal")),
            (_, BalootAction::Kawesh) if !rules.kawesh => Err(Illegal::CallNotInRules("kawesh")),
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
            (Bidding::RoundTwo { .. }, BalootAction::Ashkal) => Err(Illegal::AshkalOnlyInRoundOne),
            (Bidding::RoundOne { next } | Bidding::SunWindow { next, .. }, BalootAction::Ashkal) => {
                if next != table.dealer && next != table.dealer.offset(3, 4) {
                    Err(Illegal::AshkalWrongSeat)
                } else if table.face_up.rank() == Some(Rank::Ace) {
                    Err(Illegal::AshkalOnAnAce)
                } else if matches!(self, Bidding::RoundOne { .. }) && !rules.sun_in_first_round {
                    // Ashkal is a Sun: only where the seat could say `sun`.
                    Err(Illegal::SunInRoundOne)
                } else {
                    Ok(())
                }
            }
            (Bidding::RoundOne { .. }, BalootAction::Kawesh) => match kawesh_spoiler(table.hand) {
                Some(card) => Err(Illegal::KaweshNeedsLowCards(card)),
                None => Ok(()),
            },
            (Bidding::SunWindow { .. } | Bidding::RoundTwo { .. }, BalootAction::Kawesh) => Err(Illegal::KaweshTooLate),
        }
    }

    /// Applies a legal bid of the seat to act in a hand dealt by `dealer`.
    #[must_use]
    pub fn apply(self, action: BalootAction, face: Suit, dealer: Seat, rules: &BalootRules) -> BidOutcome {
        let contract = |bidder, mode| BidOutcome::Contract(Contract { bidder, mode, ashkal: false });
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
            (Bidding::RoundOne { next } | Bidding::SunWindow { next, .. }, BalootAction::Ashkal) => {
                BidOutcome::Contract(Contract { bidder: next, mode: Mode::Sun, ashkal: true })
            }
            (Bidding::RoundOne { next }, BalootAction::Kawesh) => BidOutcome::Kawesh(next),
            (Bidding::SunWindow { hokum, next }, _) if next == dealer => contract(hokum, Mode::Hokum(face)),
            (Bidding::SunWindow { hokum, next }, _) => {
                BidOutcome::Continue(Bidding::SunWindow { hokum, next: next.next(4) })
            }
            (Bidding::RoundTwo { next }, BalootAction::Hokum(Some(s))) => contract(next, Mode::Hokum(s)),
            (Bidding::RoundTwo { next }, _) if next == dealer => BidOutcome::Void,
            (Bidding::RoundTwo { next }, _) => BidOutcome::Continue(Bidding::RoundTwo { next: next.next(4) }),
            // Not legal (a card or a raise during the bidding): nothing changes.
            (b, _) => BidOutcome::Continue(b),
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

    fn table(face_up: &str, hand: &str) -> BidTable {
        BidTable {
            face_up: face_up.parse().expect("card"),
            dealer: seat(0),
            hand: hand.split_whitespace().map(|c| c.parse::<Card>().expect("card")).collect(),
        }
    }

    /// Runs bids from a fresh bidding with dealer 0 and returns the outcome of the last one.
    fn run(rules: &BalootRules, bids: &[&str]) -> Result<BidOutcome, Illegal> {
        run_at(rules, &table("9H", "AS KS QS JS TS"), bids)
    }

    /// Runs bids as [`run`] does, with the face-up card and every speaker's hand from `t`.
    fn run_at(rules: &BalootRules, t: &BidTable, bids: &[&str]) -> Result<BidOutcome, Illegal> {
        let mut b = Bidding::start(seat(0));
        let mut last = BidOutcome::Continue(b);
        for text in bids {
            let a: BalootAction = text.parse().expect("action");
            b.check(a, t, rules)?;
            let mut legal = Vec::new();
            b.legal(t, rules, &mut legal);
            // Round 1's `hokum S` naming the face-up suit is the listed bare `hokum`.
            let listed = if a == BalootAction::Hokum(Some(FACE)) { BalootAction::Hokum(None) } else { a };
            assert!(legal.contains(&listed), "{text} accepted but not listed");
            last = b.apply(a, t.face(), seat(0), rules);
            match last {
                BidOutcome::Continue(next) => b = next,
                _ => break,
            }
        }
        Ok(last)
    }

    fn contract(bidder: usize, mode: Mode) -> BidOutcome {
        BidOutcome::Contract(Contract { bidder: seat(bidder), mode, ashkal: false })
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

#[cfg(test)]
mod call_tests {
    use super::*;

    fn seat(i: usize) -> Seat {
        Seat::new(i).expect("seat")
    }

    fn cards(text: &str) -> CardSet {
        text.split_whitespace().map(|c| c.parse::<Card>().expect("card")).collect()
    }

    /// Dealer 0: the bids `bids` from seat 1 on, each speaker holding `hand`, face-up `face`.
    fn run(rules: &BalootRules, face: &str, hand: &str, bids: &[&str]) -> Result<BidOutcome, Illegal> {
        let t = BidTable { face_up: face.parse().expect("card"), dealer: seat(0), hand: cards(hand) };
        let mut b = Bidding::start(seat(0));
        let mut last = BidOutcome::Continue(b);
        for text in bids {
            let a: BalootAction = text.parse().expect("action");
            b.check(a, &t, rules)?;
            let mut legal = Vec::new();
            b.legal(&t, rules, &mut legal);
            let listed = if a == BalootAction::Hokum(t.face_up.suit()) { BalootAction::Hokum(None) } else { a };
            assert!(legal.contains(&listed), "{text} accepted but not listed: {legal:?}");
            last = b.apply(a, t.face(), seat(0), rules);
            match last {
                BidOutcome::Continue(next) => b = next,
                _ => break,
            }
        }
        Ok(last)
    }

    const HIGH: &str = "AS KS QS JS TS";

    #[test]
    fn ashkal_by_the_seat_before_the_dealer_or_the_dealer_is_a_sun_for_the_caller() {
        let full = BalootRules::saudi_full();
        let sun = |bidder| BidOutcome::Contract(Contract { bidder: seat(bidder), mode: Mode::Sun, ashkal: true });
        assert_eq!(run(&full, "9H", HIGH, &["pass", "pass", "ashkal"]), Ok(sun(3)));
        assert_eq!(run(&full, "9H", HIGH, &["pass", "pass", "pass", "ashkal"]), Ok(sun(0)));
        let c = Contract { bidder: seat(3), mode: Mode::Sun, ashkal: true };
        assert_eq!(c.face_up_taker(), seat(1), "the face-up card goes to the caller's partner");
    }

    #[test]
    fn ashkal_answers_a_round_one_hokum_in_the_sun_or_pass_turn() {
        let full = BalootRules::saudi_full();
        let sun = BidOutcome::Contract(Contract { bidder: seat(0), mode: Mode::Sun, ashkal: true });
        assert_eq!(run(&full, "9H", HIGH, &["hokum", "pass", "pass", "ashkal"]), Ok(sun));
    }

    #[test]
    fn ashkal_from_the_wrong_seat_is_refused() {
        let full = BalootRules::saudi_full();
        assert_eq!(run(&full, "9H", HIGH, &["ashkal"]), Err(Illegal::AshkalWrongSeat));
        assert_eq!(run(&full, "9H", HIGH, &["pass", "ashkal"]), Err(Illegal::AshkalWrongSeat));
    }

    #[test]
    fn ashkal_on_an_ace_is_refused() {
        let full = BalootRules::saudi_full();
        assert_eq!(run(&full, "AH", HIGH, &["pass", "pass", "ashkal"]), Err(Illegal::AshkalOnAnAce));
    }

    #[test]
    fn ashkal_is_round_one_only_and_needs_sun_in_round_one() {
        let full = BalootRules::saudi_full();
        let passes = ["pass"; 4];
        let late = [&passes[..], &["pass", "pass", "ashkal"]].concat();
        assert_eq!(run(&full, "9H", HIGH, &late), Err(Illegal::AshkalOnlyInRoundOne));
        let no_sun = BalootRules { sun_in_first_round: false, ..full };
        assert_eq!(run(&no_sun, "9H", HIGH, &["pass", "pass", "ashkal"]), Err(Illegal::SunInRoundOne));
        let off = BalootRules::saudi();
        assert_eq!(run(&off, "9H", HIGH, &["pass", "pass", "ashkal"]), Err(Illegal::CallNotInRules("ashkal")));
    }

    #[test]
    fn kawesh_with_only_sevens_eights_and_nines_before_any_bid() {
        let full = BalootRules::saudi_full();
        let low = "7S 8S 9H 7D 9C";
        assert_eq!(run(&full, "AH", low, &["pass", "kawesh"]), Ok(BidOutcome::Kawesh(seat(2))));
        assert_eq!(run(&full, "AH", low, &["kawesh"]), Ok(BidOutcome::Kawesh(seat(1))));
    }

    #[test]
    fn kawesh_holding_a_ten_is_refused() {
        let full = BalootRules::saudi_full();
        let with_ten = "7S 8S 9H TD 9C";
        assert_eq!(
            run(&full, "AH", with_ten, &["kawesh"]),
            Err(Illegal::KaweshNeedsLowCards("TD".parse().expect("card")))
        );
        assert_eq!(kawesh_spoiler(cards("7S AS TD")), Some("AS".parse().expect("card")), "the highest rank is named");
    }

    #[test]
    fn kawesh_after_a_bid_or_in_round_two_is_refused() {
        let full = BalootRules::saudi_full();
        let low = "7S 8S 9H 7D 9C";
        assert_eq!(run(&full, "AH", low, &["hokum", "kawesh"]), Err(Illegal::KaweshTooLate));
        let late = [&["pass"; 4][..], &["kawesh"]].concat();
        assert_eq!(run(&full, "AH", low, &late), Err(Illegal::KaweshTooLate));
        assert_eq!(run(&BalootRules::saudi(), "AH", low, &["kawesh"]), Err(Illegal::CallNotInRules("kawesh")));
    }
}
