//! What one seat believes about the cards it cannot see, read from its view alone, and the worlds
//! sampled from that belief.
//!
//! The view shows every face the seat has looked at, wherever the card has moved since, the
//! discard pile, how many cards the draw pile holds, and (`seen`) which seats know the card in
//! each slot. Every other card — in the grids face down, in the draw pile — is one of the cards the
//! seat has not placed, each place equally likely: a world deals those cards at random into those
//! places. What the other seats know in the world comes from `seen`, so a rollout lets each of
//! them play on what it really knows. The belief is a function of the view: a bot made afresh for
//! each decision (as the server does) believes the same.

use arrayvec::ArrayVec;
use cards::{CardSet, random_below};
use game::Seat;
use kabul::{KabulView, SlotView, Source, StageView};
use rand_core::RngCore;

use super::sim::{CAP, NO_CARD, NO_SEAT, SEATS, Sim, bit};

/// A face-down card the seat has not seen.
pub(crate) const HIDDEN: u8 = NO_CARD - 1;

/// Why a view cannot be read into a belief (the bot then plays the heuristic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unreadable {
    /// The view is not this seat's, or has no round in play.
    NotInPlay,
    /// A grid has more slots than the model holds.
    TooManySlots,
    /// The cards do not add up to the deck (a view that is not the engine's).
    Inconsistent,
}

/// One seat's belief about a round in play.
#[derive(Clone, Debug)]
pub(crate) struct Belief {
    /// Whose belief.
    pub me: u8,
    /// Players.
    pub n: u8,
    /// The grids: a card the seat knows, [`HIDDEN`] or [`NO_CARD`], slot by slot.
    pub slots: [[u8; CAP]; SEATS],
    /// How many slots each grid has.
    pub len: [u8; SEATS],
    /// For each slot, the seats (bits) that know its card.
    pub seen: [[u8; CAP]; SEATS],
    /// The discard pile, top last.
    pub discard: ArrayVec<u8, 54>,
    /// How many cards the draw pile holds.
    pub draw_count: u8,
    /// The cards whose place the seat does not know: one for each hidden slot and each card of the
    /// draw pile.
    pub pool: ArrayVec<u8, 54>,
    /// The card the seat holds, if it has drawn one.
    pub drawn: Option<(u8, Source)>,
    /// Whose turn.
    pub turn: u8,
    /// Who called Kabul, or [`NO_SEAT`].
    pub caller: u8,
}

fn index(seat: Seat) -> u8 {
    // Seats are below 6.
    seat.index() as u8
}

impl Belief {
    /// Reads `seat`'s view.
    pub fn from_view(seat: Seat, view: &KabulView) -> Result<Belief, Unreadable> {
        let playing = !matches!(view.step, StageView::AwaitingDeal { .. } | StageView::MatchOver);
        if view.seat != Some(seat) || !playing || view.grids.len() != view.players || view.players > SEATS {
            return Err(Unreadable::NotInPlay);
        }
        let me = index(seat);
        let mut b = Belief {
            me,
            n: view.players as u8,
            slots: [[NO_CARD; CAP]; SEATS],
            len: [0; SEATS],
            seen: [[0; CAP]; SEATS],
            discard: ArrayVec::new(),
            draw_count: 0,
            pool: ArrayVec::new(),
            drawn: None,
            turn: view.turn.map_or(0, index),
            caller: view.caller.map_or(NO_SEAT, index),
        };
        let mut placed = CardSet::EMPTY;
        let mut hidden = 0usize;
        for (s, grid) in view.grids.iter().enumerate() {
            if grid.len() > CAP {
                return Err(Unreadable::TooManySlots);
            }
            b.len[s] = grid.len() as u8;
            for (i, slot) in grid.iter().enumerate() {
                b.slots[s][i] = match slot {
                    SlotView::Empty => NO_CARD,
                    SlotView::Down => {
                        hidden += 1;
                        HIDDEN
                    }
                    SlotView::Face(c) => {
                        if !placed.insert(*c) {
                            return Err(Unreadable::Inconsistent);
                        }
                        c.index() as u8
                    }
                };
                let seen = view.seen.get(s).and_then(|g| g.get(i)).copied();
                b.seen[s][i] = match (seen, slot) {
                    (Some(set), _) => set.iter().fold(0, |acc, k| acc | 1 << k.index()),
                    // A view without `seen` (an older client's): only what this seat sees.
                    (None, SlotView::Face(_)) => 1 << me,
                    (None, _) => 0,
                };
            }
        }
        for &c in &view.discard {
            if !placed.insert(c) {
                return Err(Unreadable::Inconsistent);
            }
            b.discard.push(c.index() as u8);
        }
        match view.drawn {
            Some(d) if d.seat == seat => {
                let c = d.card.ok_or(Unreadable::Inconsistent)?;
                if !placed.insert(c) {
                    return Err(Unreadable::Inconsistent);
                }
                b.drawn = Some((c.index() as u8, d.from));
            }
            Some(d) => match d.card {
                Some(c) if placed.insert(c) => {}
                Some(_) => return Err(Unreadable::Inconsistent),
                // Another seat's card from the deck: one more unknown place.
                None => hidden += 1,
            },
            None => {}
        }
        b.draw_count = u8::try_from(view.draw_pile).map_err(|_| Unreadable::Inconsistent)?;
        b.pool = (CardSet::ALL - placed).iter().map(|c| c.index() as u8).collect();
        if b.pool.len() != hidden + view.draw_pile {
            return Err(Unreadable::Inconsistent);
        }
        Ok(b)
    }

    /// Whether the seat may be told apart from another slot `(s, i)`: the card it knows there, or
    /// who knows it when hidden. Hidden slots with the same owner and the same knowers are alike
    /// in every respect the belief holds.
    pub fn signature(&self, s: u8, i: u8) -> (u8, u8, u8) {
        let (si, ii) = (usize::from(s), usize::from(i));
        (s, self.slots[si][ii], if self.slots[si][ii] == HIDDEN { self.seen[si][ii] } else { 0 })
    }

    /// A world drawn from the belief: the unplaced cards dealt at random into the hidden slots and
    /// the draw pile; every seat knows what `seen` says it knows, and this seat its drawn card.
    /// `rollout_seed` seeds the world's reshuffles.
    pub fn sample<R: RngCore + ?Sized>(&self, rng: &mut R, rollout_seed: u64) -> Sim {
        let mut pool = self.pool.clone();
        for i in (1..pool.len()).rev() {
            let j = random_below(rng, (i + 1) as u32) as usize;
            pool.swap(i, j);
        }
        let mut next = pool.iter().copied();
        let mut sim = Sim::empty(self.n);
        for s in 0..usize::from(self.n) {
            sim.len[s] = self.len[s];
            for i in 0..usize::from(self.len[s]) {
                let c = match self.slots[s][i] {
                    HIDDEN => next.next().unwrap_or(NO_CARD),
                    c => c,
                };
                sim.grid[s][i] = c;
                if c != NO_CARD {
                    sim.count[s] += 1;
                    for k in 0..usize::from(self.n) {
                        if self.seen[s][i] & (1 << k) != 0 {
                            sim.known[k] |= bit(c);
                        }
                    }
                }
            }
        }
        // The rest is the draw pile (an unseen drawn card of another seat is not modelled: the
        // search runs on this seat's own turns only).
        sim.draw.extend(next.take(usize::from(self.draw_count)));
        for &c in &self.discard {
            sim.discard.push(c);
            sim.disc_set |= bit(c);
        }
        if let Some((c, _)) = self.drawn {
            sim.known[usize::from(self.me)] |= bit(c);
        }
        sim.turn = self.turn;
        sim.caller = self.caller;
        sim.rng = rollout_seed;
        sim
    }
}
