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
use game::{MAX_SEATS, Seat};
use kabul::{Event, KabulView, Pos, Power, RECENT_EVENTS, SlotView, Source, StageView};
use rand_core::RngCore;

use super::sim::{self, CAP, Keep, NO_CARD, NO_SEAT, Place, Sim, Start, Target, bit};

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
    pub slots: [[u8; CAP]; MAX_SEATS],
    /// How many slots each grid has.
    pub len: [u8; MAX_SEATS],
    /// For each slot, the seats (bits) that know its card.
    pub seen: [[u8; CAP]; MAX_SEATS],
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
    /// The recent public events, oldest first (since the last reshuffle at most).
    pub events: ArrayVec<Event, RECENT_EVENTS>,
}

fn index(seat: Seat) -> u8 {
    // Seats are below 6.
    seat.index() as u8
}

impl Belief {
    /// Reads `seat`'s view.
    pub fn from_view(seat: Seat, view: &KabulView) -> Result<Belief, Unreadable> {
        let playing = !matches!(view.step, StageView::AwaitingDeal { .. } | StageView::MatchOver);
        if view.seat != Some(seat) || !playing || view.grids.len() != view.players || view.players > MAX_SEATS {
            return Err(Unreadable::NotInPlay);
        }
        let me = index(seat);
        let mut b = Belief {
            me,
            n: view.players as u8,
            slots: [[NO_CARD; CAP]; MAX_SEATS],
            len: [0; MAX_SEATS],
            seen: [[0; CAP]; MAX_SEATS],
            discard: ArrayVec::new(),
            draw_count: 0,
            pool: ArrayVec::new(),
            drawn: None,
            turn: view.turn.map_or(0, index),
            caller: view.caller.map_or(NO_SEAT, index),
            events: view.events.iter().rev().take(RECENT_EVENTS).rev().copied().collect(),
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

/// How likely a player is to act against the heuristic's rules at a decision: the belief's
/// allowance for players (people, other bots) who are not the heuristic.
pub(crate) const SURPRISE: f64 = 0.02;

/// The most worlds drawn for one accepted world.
pub(crate) const MAX_DRAWS: u32 = 40;

/// What a seat did with its drawn card, as the events show it, waiting for the draw to be undone.
#[derive(Clone, Copy, Debug)]
struct Kept {
    seat: u8,
    card: u8,
    keep: Keep,
    /// The card the replace threw away, whose owner may or may not have known it.
    thrown: Option<u8>,
}

impl Belief {
    /// A world drawn from the belief weighed by what the other seats did: each world is accepted
    /// with the likelihood of the recent public actions ([`Belief::likelihood`]), so worlds where
    /// their moves make sense are the ones searched. After [`MAX_DRAWS`] refusals the likeliest
    /// world drawn is taken.
    pub fn sample_weighted<R: RngCore + ?Sized>(&self, rng: &mut R, rollout_seed: u64) -> Sim {
        let mut best: Option<(f64, Sim)> = None;
        for _ in 0..MAX_DRAWS {
            let world = self.sample(rng, rollout_seed);
            let l = self.likelihood(&world);
            // 53 bits of the generator: a uniform number in [0, 1).
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            if u < l {
                return world;
            }
            if best.as_ref().is_none_or(|(b, _)| l > *b) {
                best = Some((l, world));
            }
        }
        best.map_or_else(|| self.sample(rng, rollout_seed), |(_, w)| w)
    }

    /// How likely the other seats' recent public actions (the view's events) are in `world` if
    /// they play the heuristic's rules: [`SURPRISE`] for each decision the rules would not have
    /// made. The events are undone one by one from the newest, which gives back the table as each
    /// decision found it (where the cards were exactly; what the seat knew, as nearly as the
    /// events tell).
    pub fn likelihood(&self, world: &Sim) -> f64 {
        let mut sim = world.clone();
        let mut l = 1.0;
        let mut kept: Option<Kept> = None;
        let mut target: Option<(u8, Target)> = None;
        let others = |s: Seat| index(s) != self.me;
        for e in self.events.iter().rev() {
            match *e {
                Event::Pass { seat } => {
                    if others(seat) && sim.policy_snap(index(seat)).is_some() {
                        l *= SURPRISE;
                    }
                }
                Event::Snap { seat, slot, card, hit, penalty } => {
                    let (s, i) = (usize::from(index(seat)), usize::from(slot));
                    if i >= CAP {
                        break;
                    }
                    let c = card.index() as u8;
                    if hit {
                        if sim.discard.pop() != Some(c) {
                            break;
                        }
                        sim.disc_set &= !bit(c);
                        sim.grid[s][i] = c;
                        sim.count[s] += 1;
                        // The heuristic snaps only cards it knows.
                        sim.known[s] |= bit(c);
                        if others(seat) && sim.policy_snap(index(seat)) != Some(slot) {
                            l *= SURPRISE;
                        }
                    } else if let Some(p) = penalty {
                        let p = usize::from(p);
                        if p >= CAP || sim.grid[s][p] == NO_CARD {
                            break;
                        }
                        sim.draw.push(sim.grid[s][p]);
                        sim.grid[s][p] = NO_CARD;
                        sim.count[s] -= 1;
                    }
                }
                Event::Replace { seat, slot, discarded } => {
                    let (s, i) = (usize::from(index(seat)), usize::from(slot));
                    let y = discarded.index() as u8;
                    if i >= CAP || sim.discard.pop() != Some(y) {
                        break;
                    }
                    sim.disc_set &= !bit(y);
                    let x = std::mem::replace(&mut sim.grid[s][i], y);
                    sim.known[s] |= bit(x);
                    kept = Some(Kept { seat: index(seat), card: x, keep: Keep::Replace(slot), thrown: Some(y) });
                }
                Event::Discard { seat, card, power } => {
                    let x = card.index() as u8;
                    if sim.discard.pop() != Some(x) {
                        break;
                    }
                    sim.disc_set &= !bit(x);
                    sim.known[usize::from(index(seat))] |= bit(x);
                    let keep = match (power, sim::power_of(x)) {
                        (true, Some(p)) => Keep::Power(p),
                        _ => Keep::Discard,
                    };
                    kept = Some(Kept { seat: index(seat), card: x, keep, thrown: None });
                }
                Event::Peek { seat, at } => {
                    let s = index(seat);
                    let c = sim.at(place(at));
                    // A look is at a card the looker did not know (the heuristic's rule).
                    if c != NO_CARD {
                        sim.known[usize::from(s)] &= !bit(c);
                    }
                    let t = if at.seat == seat { Target::PeekOwn(at.slot) } else { Target::PeekOther(place(at)) };
                    target = Some((s, t));
                }
                Event::Switch { seat, a, b, looked } => {
                    let (pa, pb) = (place(a), place(b));
                    if usize::from(pa.1) >= CAP || usize::from(pb.1) >= CAP {
                        break;
                    }
                    let (ca, cb) = (sim.at(pa), sim.at(pb));
                    sim.grid[usize::from(pa.0)][usize::from(pa.1)] = cb;
                    sim.grid[usize::from(pb.0)][usize::from(pb.1)] = ca;
                    let s = index(seat);
                    if looked {
                        // What the switcher knew before is not told: judge it by its likeliest.
                        if others(seat) {
                            l *= best_of_knowledge(&mut sim, s, &[cb, ca], |sim| {
                                let power = sim.top().and_then(sim::power_of).unwrap_or(Power::SwitchAndLook);
                                if switch_matches(sim.policy_target(s, power), pa, pb) { 1.0 } else { SURPRISE }
                            });
                        }
                    } else if others(seat) {
                        let power = sim.top().and_then(sim::power_of).unwrap_or(Power::BlindSwitch);
                        if !switch_matches(sim.policy_target(s, power), pa, pb) {
                            l *= SURPRISE;
                        }
                    }
                }
                Event::Draw { seat, from, card } => {
                    let s = index(seat);
                    let (x, k) = match kept.take() {
                        Some(k) if k.seat == s => (k.card, Some(k)),
                        // This seat's own turn in progress: the card in its hand.
                        None if s == self.me => match self.drawn {
                            Some((c, _)) => (c, None),
                            None => break,
                        },
                        _ => break,
                    };
                    let look = target.take();
                    let undo = |sim: &mut Sim| match (from, card) {
                        (Source::Deck, _) => {
                            sim.draw.push(x);
                            sim.known[usize::from(s)] &= !bit(x);
                            true
                        }
                        (Source::Discard, Some(c)) if c.index() as u8 == x => {
                            sim.discard.push(x);
                            sim.disc_set |= bit(x);
                            true
                        }
                        _ => false,
                    };
                    let Some(k) = k.filter(|_| others(seat)) else {
                        if undo(&mut sim) {
                            continue;
                        }
                        break;
                    };
                    let start = if from == Source::Deck { Start::Deck } else { Start::Discard };
                    // The whole turn at once: where it started, what it kept and what it looked at,
                    // for the likeliest of what it may have known of the card it threw away.
                    let thrown: ArrayVec<u8, 1> = k.thrown.into_iter().collect();
                    l *= best_of_knowledge(&mut sim, s, &thrown, |sim| {
                        let mut verdict = 1.0;
                        if sim.policy_keep(s, x, from) != k.keep {
                            verdict *= SURPRISE;
                        }
                        if let (Keep::Power(p), Some((ts, t))) = (k.keep, look) {
                            if ts == s && sim.policy_target(s, p) != Some(t) {
                                verdict *= SURPRISE;
                            }
                        }
                        let mut before = sim.clone();
                        if undo(&mut before) && before.policy_start(s) != start {
                            verdict *= SURPRISE;
                        }
                        verdict
                    });
                    if !undo(&mut sim) {
                        break;
                    }
                }
                Event::Kabul { seat } => {
                    sim.caller = NO_SEAT;
                    if others(seat) && sim.policy_start(index(seat)) != Start::Kabul {
                        l *= SURPRISE;
                    }
                }
                Event::Close => {}
                Event::Reshuffle { .. } | Event::End { .. } => break,
            }
        }
        l
    }
}

/// The best of `judge`'s verdicts over what seat `s` may have known of `cards` (each known or
/// not); its knowledge is left at the best choice.
fn best_of_knowledge(sim: &mut Sim, s: u8, cards: &[u8], judge: impl Fn(&Sim) -> f64) -> f64 {
    let list: ArrayVec<u8, 2> = cards.iter().copied().filter(|&c| c != NO_CARD).take(2).collect();
    let si = usize::from(s);
    let before = sim.known[si];
    let mut best = (f64::NEG_INFINITY, before);
    for mask in 0..(1u32 << list.len()) {
        let mut known = before;
        for (j, &c) in list.iter().enumerate() {
            if mask & (1 << j) != 0 {
                known |= bit(c);
            } else {
                known &= !bit(c);
            }
        }
        sim.known[si] = known;
        let verdict = judge(sim);
        if verdict > best.0 {
            best = (verdict, known);
        }
        if verdict >= 1.0 {
            break;
        }
    }
    sim.known[si] = best.1;
    best.0
}

fn place(p: Pos) -> Place {
    (index(p.seat), p.slot)
}

/// Whether the rules' switch is the one made (in either order).
fn switch_matches(t: Option<Target>, a: Place, b: Place) -> bool {
    matches!(t, Some(Target::Switch(x, y)) if (x, y) == (a, b) || (x, y) == (b, a))
}
