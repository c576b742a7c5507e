//! The deals a Baloot seat may face: what it knows of the other hands, as constraints on a deal
//! ([`crate::search::deal`]), and the hand's plays so far, which a deal must replay legally.

use baloot::{BalootRules, HandView, Mode, ModeName};
use cards::{Card, CardSet, DeckKind};
use game::{MAX_SEATS, Seat};
use solver::BalootPosition;

use crate::search::Constraints;

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
