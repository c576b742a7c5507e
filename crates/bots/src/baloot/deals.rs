//! The deals a Baloot seat may face: what it knows of the other hands, as constraints on a deal
//! ([`crate::search::deal`]); the hand's plays so far, which a deal must replay legally; and,
//! with `strong:infer=on`, what the auction says of the hands ([`CallsModel`]), which weighs a
//! deal.

use arrayvec::ArrayVec;
use baloot::{BalootRules, BalootView, HandView, Mode, ModeName};
use cards::{Card, CardSet, DeckKind};
use game::{MAX_SEATS, Seat};
use rand_chacha::ChaCha8Rng;
use solver::BalootPosition;

use super::auction::auction_of;
use crate::search::Constraints;

/// What a seat's calls count for, in a deal where the heuristic would not have made them: people
/// and other bots bid otherwise, so such a deal is made less likely, not ruled out. When no deal
/// fits, every deal weighs the same, as without the model.
pub(crate) const MISFIT_WEIGHT: f64 = 0.2;

/// How many times a weighing draws the five cards each seat held in the auction.
const DRAWS: u32 = 6;

/// What the auction says of the other hands during the card play (`strong:infer=on`): a deal of
/// the hands now weighs by how likely the others' calls were, had the heuristic made them with
/// those cards. Which five of a seat's eight cards it held in the auction is not known, so a
/// weighing draws them [`DRAWS`] times (the face-up card is never among the taker's five): a
/// seat's factor is 1 where its calls were the heuristic's in every draw, [`MISFIT_WEIGHT`]
/// where in none, and in between by the share of draws. A seat's calls depend only on its own
/// cards and the calls before it, so the deal's weight is the product of the seats' factors.
#[derive(Debug)]
pub(crate) struct CallsModel<'v> {
    seat: Seat,
    view: &'v BalootView,
    hand: &'v HandView,
    rules: BalootRules,
    /// Who took the face-up card: the bidder, or its partner after Ashkal.
    taker: usize,
    /// The cards each seat has played this hand.
    played: [CardSet; 4],
}

impl<'v> CallsModel<'v> {
    /// The model of `seat`'s view of a hand in play; `None` before the contract, or when no other
    /// seat made a call the heuristic could be checked against.
    pub(crate) fn of(seat: Seat, view: &'v BalootView, rules: BalootRules) -> Option<Self> {
        let hand = view.hand.as_ref()?;
        let contract = hand.contract?;
        hand.bids.iter().chain(&hand.calls).any(|c| c.seat != seat).then_some(())?;
        let taker = if contract.ashkal { contract.bidder.offset(2, 4) } else { contract.bidder };
        let mut played = [CardSet::EMPTY; 4];
        for p in hand.tricks.iter().chain([&hand.trick]).flat_map(|t| t.plays.iter()) {
            played[p.seat.index() % 4].insert(p.card);
        }
        Some(CallsModel { seat, view, hand, rules, taker: taker.index(), played })
    }

    /// The weight of a deal in which the seats hold `hands` now: within [`MISFIT_WEIGHT`] to the
    /// power of three and 1.
    pub(crate) fn weight(&self, hands: &[CardSet; MAX_SEATS], rng: &mut ChaCha8Rng) -> f64 {
        let mut eights: [ArrayVec<Card, 8>; 4] = Default::default();
        for (s, eight) in eights.iter_mut().enumerate() {
            let mut cards = hands[s] | self.played[s];
            if s == self.taker {
                cards.remove(self.hand.face_up);
            }
            *eight = cards.iter().take(8).collect();
            if eight.len() < 5 {
                return 1.0;
            }
        }
        let mut fits = [0u32; 4];
        for _ in 0..DRAWS {
            let mut first = [CardSet::EMPTY; 4];
            let mut stock: ArrayVec<Card, 32> = ArrayVec::new();
            for (five, eight) in first.iter_mut().zip(eights.iter_mut()) {
                cards::shuffle(eight, rng);
                *five = eight[..5].iter().copied().collect();
                stock.extend(eight[5..].iter().copied());
            }
            let Some((_, fit)) = auction_of(self.seat, self.view, self.hand, self.rules, &first, &stock, false) else {
                return 1.0;
            };
            for (n, ok) in fits.iter_mut().zip(fit) {
                *n += u32::from(ok);
            }
        }
        fits.iter().map(|&n| (f64::from(n) + MISFIT_WEIGHT * f64::from(DRAWS - n)) / f64::from(DRAWS)).product()
    }
}

/// The mode of a hand in play.
pub(crate) fn mode_of(hand: &HandView) -> Option<Mode> {
    let contract = hand.contract?;
    match (contract.mode, contract.trump) {
        (ModeName::Hokum, Some(t)) => Some(Mode::Hokum(t)),
        (ModeName::Sun, _) => Some(Mode::Sun),
        (ModeName::Hokum, None) => None,
    }
}

/// The hand's plays so far, to check a deal against.
#[derive(Clone, Debug)]
pub(crate) struct History {
    mode: Mode,
    rules: BalootRules,
    closed: bool,
    leader: Seat,
    plays: Vec<(Seat, Card)>,
}

impl History {
    pub(crate) fn of(hand: &HandView, rules: BalootRules) -> Option<History> {
        let first = hand.tricks.first().unwrap_or(&hand.trick);
        let plays =
            hand.tricks.iter().chain([&hand.trick]).flat_map(|t| t.plays.iter().map(|p| (p.seat, p.card))).collect();
        Some(History { mode: mode_of(hand)?, rules, closed: hand.closed, leader: first.leader, plays })
    }

    /// Whether every play so far was legal had the seats held `hands` now.
    pub(crate) fn allows(&self, hands: &[CardSet; MAX_SEATS]) -> bool {
        let mut start = [hands[0], hands[1], hands[2], hands[3]];
        for &(seat, card) in &self.plays {
            start[seat.index() % 4].insert(card);
        }
        let Ok(pos) = BalootPosition::new(self.mode, self.rules, self.leader, start) else { return false };
        let mut pos = pos.with_closed(self.closed);
        self.plays.iter().all(|&(seat, card)| pos.to_move() == seat && pos.play(card).is_ok())
    }
}

/// What `seat` knows of the other hands: the unseen cards, the counts, the face-up card in the
/// hand that took it, shown project cards, and the voids shown by failures to follow (and, in
/// Hokum, to trump a trump lead).
pub(crate) fn constraints(seat: Seat, hand: &HandView) -> Option<Constraints> {
    let contract = hand.contract?;
    mode_of(hand)?;
    let own = hand.cards?;
    let played: CardSet =
        hand.tricks.iter().chain([&hand.trick]).flat_map(|t| t.plays.iter().map(|p| p.card)).collect();
    let mut held = [0u8; MAX_SEATS];
    for (s, h) in held.iter_mut().enumerate().take(4) {
        *h = Seat::new(s).map_or(0, |s| hand.hand_sizes[s]);
    }
    let mut c = Constraints::new(4, held, DeckKind::Baloot.cards() - played);
    c.place(seat.index(), own);
    let taker = if contract.ashkal { contract.bidder.offset(2, 4) } else { contract.bidder };
    if !played.contains(hand.face_up) && taker != seat {
        c.place(taker.index(), CardSet::single(hand.face_up));
    }
    for p in &hand.projects {
        if let Some(cards) = p.cards
            && p.seat != seat
        {
            c.place(p.seat.index(), cards - played);
        }
    }
    for t in hand.tricks.iter().chain([&hand.trick]) {
        let Some(led) = t.plays.first().and_then(|p| p.card.suit()) else { continue };
        for p in t.plays.iter().skip(1) {
            if p.card.suit() != Some(led) {
                c.exclude(p.seat.index(), CardSet::suit(led));
            }
        }
    }
    c.balanced().then_some(c)
}
