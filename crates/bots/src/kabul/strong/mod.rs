//! The strong Kabul bot: a belief over every card it cannot see, and a search over worlds sampled
//! from it.
//!
//! **Belief.** Read from the seat's view alone ([`belief`]): the faces it has seen wherever they
//! moved, the discard pile, the size of the draw pile and who knows each slot's card. The other
//! cards are dealt at random into the places it cannot see; each world also says what every other
//! seat knows, so they play on what they really know. A bot made afresh for every decision (as
//! the server makes them) decides the same as one kept for the match.
//!
//! **Search.** At each decision of its turn — call Kabul or draw, from which pile, keep or discard,
//! which slot to replace, whether to use a power and on whom — every candidate is played out in
//! the same sampled worlds to the end of the round ([`sim`]: every other seat then follows the
//! heuristic's rules on what it knows, and this seat the same rules with thresholds tuned against
//! them, [`sim::TUNED`]), and the candidate with the best mean outcome wins: a determinized
//! expectimax one decision deep with the heuristic's rules as the rollout policy.
//! A power is judged with its best target, so discarding for a power is weighed against keeping
//! the card. Many candidates (the switches of a queen) are cut to the better half as the worlds
//! come in.
//!
//! **Objective.** The round's final score against the table: this seat's score minus the mean of
//! the others' (lower is better), which is the score itself for a lone player and, with others,
//! values both lowering one's own cards and calling Kabul while the others are still high. With
//! `target_score` set, a world where the round ends the match also counts the match: winning it
//! (the lowest total) is worth [`MATCH_WEIGHT`] points.
//!
//! **Snaps** need no search: the bot snaps a card it has seen that matches the discard pile and
//! counts against it, at once, well inside any snap window.
//!
//! **Budget.** `ms` per decision: the search plays about `ms` × [`KabulStrong::WORK_PER_MS`]
//! simulated turns (a fixed count, so the bot is deterministic given its seed), and stops early at
//! `ms` of wall time on a slow machine ([`crate::search::budget`]).

mod belief;
mod sim;
#[cfg(test)]
mod tests;

use arrayvec::ArrayVec;
use game::{MAX_SEATS, Seat};
use kabul::{Kabul, KabulAction, KabulView, Pos, Power, SlotView, Source, StageView, card_value, same_rank};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use self::belief::{Belief, HIDDEN};
use self::sim::{NO_CARD, Place, Sim, Start, Target};
use crate::analysis::{Evaluation, Unit};
use crate::search::{Budget, Purpose, Search, Tally};
use crate::{Bot, KabulHeuristic};

/// What winning the match is worth, in points of the round, when a world's round ends it.
pub const MATCH_WEIGHT: f64 = 30.0;

/// The most candidates weighed at once (a queen's switches at six players, deduplicated, fit).
const MAX_CANDIDATES: usize = 256;

/// The candidates that survive each cut (at least this many).
const KEEP_AT_LEAST: usize = 4;

/// The first cut comes after this many worlds, the next ones at twice as many each time.
const FIRST_CUT: u32 = 16;

/// What the search found at its last decision (for tests and tuning).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Candidates weighed.
    pub candidates: usize,
    /// Worlds sampled.
    pub worlds: u32,
    /// Rollouts played.
    pub rollouts: u32,
}

/// A candidate of the search: an action, or a discard with its power's target.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Candidate {
    /// The action itself.
    Act(KabulAction),
    /// `discard power`, then this target.
    Power(Power, Target),
}

/// The strong Kabul bot (`strong`, level `hard`).
#[derive(Clone, Debug)]
pub struct KabulStrong {
    ms: u32,
    steps: u64,
    rng: ChaCha8Rng,
    fallback: KabulHeuristic,
    stats: SearchStats,
}

impl Search for KabulStrong {
    const DEFAULT_MS: u32 = 100;
    /// Simulated turns: about half what one core of a 2020s laptop plays in a millisecond, so a
    /// decision takes around half its budget.
    const WORK_PER_MS: u64 = 3000;
}

impl KabulStrong {
    /// A strong bot with `ms` milliseconds per decision (at least 1), its worlds drawn from `seed`.
    #[must_use]
    pub fn new(ms: u32, seed: u64) -> Self {
        let ms = ms.max(1);
        KabulStrong {
            ms,
            steps: u64::from(ms) * Self::WORK_PER_MS,
            rng: ChaCha8Rng::seed_from_u64(seed),
            fallback: KabulHeuristic::new(0.0, seed),
            stats: SearchStats::default(),
        }
    }

    /// A strong bot whose search plays `steps` simulated turns per decision, within `ms` of wall
    /// time.
    #[cfg(test)]
    fn with_budget(steps: u64, ms: u32, seed: u64) -> Self {
        KabulStrong { steps, ..KabulStrong::new(ms, seed) }
    }

    /// What the search did at the last decision (zero for a decision without search).
    #[must_use]
    pub fn last_search(&self) -> SearchStats {
        self.stats
    }

    fn search(&mut self, b: &Belief, view: &KabulView, legal: &[KabulAction]) -> Option<KabulAction> {
        let candidates = candidates(b, view, legal, false);
        if candidates.len() <= 1 {
            return candidates.first().map(|c| to_action(*c));
        }
        let found = self.weigh(b, view, &candidates, Purpose::Choose);
        let sums = &found.tally;
        let best = found.alive.iter().copied().min_by(|&x, &y| sums.sum(x).total_cmp(&sums.sum(y)).then(x.cmp(&y)))?;
        Some(to_action(candidates[best]))
    }

    /// Plays every candidate out in the same sampled worlds: the one search behind both
    /// [`Bot::choose`] (the weaker half of the candidates cut as the worlds come in, the wall clock
    /// as a stop) and [`KabulStrong::evaluate`] (every candidate in every world, by the count of
    /// steps alone, so that the values compare and repeat).
    fn weigh(&mut self, b: &Belief, view: &KabulView, candidates: &[Candidate], purpose: Purpose) -> Weighed {
        let budget = Budget::new(purpose, self.ms, self.steps);
        let me = usize::from(b.me);
        let mut tally = Tally::new(candidates.len());
        let mut alive: ArrayVec<usize, MAX_CANDIDATES> = (0..candidates.len()).collect();
        let mut steps = 0u64;
        let mut worlds = 0u32;
        let mut rollouts = 0u32;
        let mut next_cut = FIRST_CUT;
        let mut results: ArrayVec<(usize, f64), MAX_CANDIDATES> = ArrayVec::new();
        while steps < budget.work() && (worlds == 0 || budget.in_time()) {
            let seed = self.rng.next_u64();
            let mut world = b.sample_weighted(&mut self.rng, seed);
            world.own = b.me;
            world.own_policy = sim::TUNED;
            results.clear();
            for &i in &alive {
                let mut sim = world.clone();
                play(&mut sim, b, candidates[i]);
                sim.run();
                results.push((i, objective(&sim, me, view)));
                steps += u64::from(sim.steps) + 1;
                rollouts += 1;
            }
            tally.add_some(results.iter().copied(), 1.0);
            worlds += 1;
            if purpose == Purpose::Choose && worlds == next_cut {
                next_cut *= 2;
                if alive.len() > KEEP_AT_LEAST {
                    // The same worlds for every survivor: their sums compare directly.
                    alive.sort_by(|&x, &y| tally.sum(x).total_cmp(&tally.sum(y)).then(x.cmp(&y)));
                    let keep = (alive.len() / 2).max(KEEP_AT_LEAST);
                    alive.truncate(keep);
                    alive.sort_unstable();
                }
            }
        }
        self.stats = SearchStats { candidates: candidates.len(), worlds, rollouts };
        Weighed { tally, alive }
    }

    /// The values of `seat`'s legal actions at a decision of its turn (see
    /// [`crate::Playable::evaluate`]), in [`Unit::RoundScore`]: the negated mean, over the sampled
    /// worlds, of the search's objective — the seat's round score less the mean of the others'
    /// (plus, with a target score, [`MATCH_WEIGHT`] off for winning the match) — so higher is better.
    /// Discarding a card for its power is valued with its best target; a legal action the search
    /// has no candidate for (a power without a target worth weighing) is left out. `None` outside the seat's
    /// turn decisions (snap windows), with fewer than two legal actions, or when the seat's view
    /// does not make a belief.
    pub(crate) fn evaluate(
        &mut self,
        seat: Seat,
        view: &KabulView,
        legal: &[KabulAction],
    ) -> Option<Evaluation<KabulAction>> {
        self.stats = SearchStats::default();
        if legal.len() < 2
            || !matches!(
                view.step,
                StageView::AwaitingDraw { .. } | StageView::DrawnCard { .. } | StageView::PowerTarget { .. }
            )
        {
            return None;
        }
        let b = Belief::from_view(seat, view).ok()?;
        let candidates = candidates(&b, view, legal, true);
        let found = self.weigh(&b, view, &candidates, Purpose::Evaluate);
        let means = found.tally.means();
        if means.is_empty() {
            return None;
        }
        let actions: Vec<(KabulAction, f64)> = legal
            .iter()
            .filter_map(|&a| {
                let values = candidates.iter().enumerate().filter(|&(_, &c)| to_action(c) == a);
                let best = values.map(|(i, _)| -means[i]).fold(f64::NEG_INFINITY, f64::max);
                (best > f64::NEG_INFINITY).then_some((a, best))
            })
            .collect();
        if actions.len() < 2 {
            return None;
        }
        Some(Evaluation::sorted(actions, Unit::RoundScore, None, found.tally.deals()))
    }
}

/// What [`KabulStrong::weigh`] found: each candidate's sum of objectives over the worlds sampled
/// (lower is better), and the candidates still weighed at the end.
struct Weighed {
    tally: Tally<MAX_CANDIDATES>,
    alive: ArrayVec<usize, MAX_CANDIDATES>,
}

impl Bot<Kabul> for KabulStrong {
    fn choose(&mut self, seat: Seat, view: &KabulView, legal: &[KabulAction]) -> KabulAction {
        self.stats = SearchStats::default();
        let wanted = match view.step {
            StageView::SnapWindow { .. } => Some(snap(seat, view)),
            StageView::AwaitingDraw { .. } | StageView::DrawnCard { .. } | StageView::PowerTarget { .. }
                if legal.len() > 1 =>
            {
                match Belief::from_view(seat, view) {
                    Ok(b) => self.search(&b, view, legal),
                    Err(_) => Some(self.fallback.choose(seat, view, legal)),
                }
            }
            _ => None,
        };
        crate::pick(legal, wanted)
    }
}

/// The snap: a card this seat has seen, of the top's rank, that counts against it; else pass.
fn snap(seat: Seat, view: &KabulView) -> KabulAction {
    let Some(&top) = view.discard.last() else { return KabulAction::Pass };
    let grid = view.grids.get(seat.index()).map_or(&[][..], Vec::as_slice);
    grid.iter()
        .enumerate()
        .find_map(|(i, slot)| match slot {
            SlotView::Face(c) if same_rank(*c, top) && card_value(*c) > 0 => u8::try_from(i).ok(),
            _ => None,
        })
        .map_or(KabulAction::Pass, KabulAction::Snap)
}

fn pos(p: Place) -> Pos {
    Pos::new(Seat::new(usize::from(p.0)).unwrap_or(Seat::ZERO), p.1)
}

fn target_action(t: Target) -> KabulAction {
    match t {
        Target::PeekOwn(slot) => KabulAction::PeekOwn(slot),
        Target::PeekOther(p) => KabulAction::PeekOther(pos(p)),
        Target::Switch(a, b) => KabulAction::Switch(pos(a), pos(b)),
    }
}

fn to_action(c: Candidate) -> KabulAction {
    match c {
        Candidate::Act(a) => a,
        Candidate::Power(..) => KabulAction::DiscardPower,
    }
}

fn place(p: Pos) -> Place {
    (p.seat.index() as u8, p.slot)
}

/// The candidates worth weighing, in the order of `legal`; with `every`, each legal power target
/// too (an analysis values every legal action, not only one place of each kind).
fn candidates(b: &Belief, view: &KabulView, legal: &[KabulAction], every: bool) -> ArrayVec<Candidate, MAX_CANDIDATES> {
    let mut out: ArrayVec<Candidate, MAX_CANDIDATES> = ArrayVec::new();
    match view.step {
        StageView::AwaitingDraw { .. } => {
            out.extend(legal.iter().copied().map(Candidate::Act).take(MAX_CANDIDATES));
        }
        StageView::DrawnCard { .. } => {
            for &a in legal {
                match a {
                    KabulAction::DiscardPower => {
                        if let Some(p) = b.drawn.filter(|d| d.1 == Source::Deck).and_then(|d| sim::power_of(d.0)) {
                            for t in targets(b, p) {
                                let _ = out.try_push(Candidate::Power(p, t));
                            }
                        }
                    }
                    a => {
                        let _ = out.try_push(Candidate::Act(a));
                    }
                }
            }
        }
        StageView::PowerTarget { .. } if every => {
            out.extend(legal.iter().copied().map(Candidate::Act).take(MAX_CANDIDATES));
        }
        StageView::PowerTarget { power, .. } => {
            let wanted = targets(b, power);
            // Only targets the engine accepts, in its order.
            for &a in legal {
                if wanted.iter().any(|&t| target_action(t) == a) {
                    let _ = out.try_push(Candidate::Act(a));
                }
            }
            if out.is_empty() {
                out.extend(legal.iter().copied().map(Candidate::Act).take(MAX_CANDIDATES));
            }
        }
        _ => {}
    }
    out
}

/// The targets worth weighing for `power`, one of each kind of place: the slots the seat knows,
/// and the hidden slots told apart by owner and by who knows them.
fn targets(b: &Belief, power: Power) -> ArrayVec<Target, MAX_CANDIDATES> {
    let me = b.me;
    let mine = distinct_places(b, |s| s == me, |c| c == HIDDEN || power != Power::PeekOwn);
    let theirs = distinct_places(b, |s| s != me && s != b.caller, |c| c == HIDDEN || power != Power::PeekOther);
    let mut out = ArrayVec::new();
    match power {
        Power::PeekOwn => out.extend(mine.iter().map(|p| Target::PeekOwn(p.1))),
        Power::PeekOther => out.extend(theirs.iter().map(|&p| Target::PeekOther(p))),
        Power::SwitchAndLook | Power::BlindSwitch => {
            for &a in &mine {
                for &t in &theirs {
                    let _ = out.try_push(Target::Switch(a, t));
                }
            }
        }
    }
    out
}

/// The places of seats `whose` holding a card `which` accepts, one per signature.
fn distinct_places(
    b: &Belief,
    whose: impl Fn(u8) -> bool,
    which: impl Fn(u8) -> bool,
) -> ArrayVec<Place, { sim::CAP * MAX_SEATS }> {
    let mut out: ArrayVec<Place, { sim::CAP * MAX_SEATS }> = ArrayVec::new();
    let mut signatures: ArrayVec<(u8, u8, u8), { sim::CAP * MAX_SEATS }> = ArrayVec::new();
    for s in (0..b.n).filter(|&s| whose(s)) {
        for i in 0..b.len[usize::from(s)] {
            let c = b.slots[usize::from(s)][usize::from(i)];
            if c == NO_CARD || !which(c) {
                continue;
            }
            let sig = b.signature(s, i);
            if !signatures.contains(&sig) {
                signatures.push(sig);
                out.push((s, i));
            }
        }
    }
    out
}

/// Plays candidate `c` in world `sim` at the seat's decision.
fn play(sim: &mut Sim, b: &Belief, c: Candidate) {
    let drawn = b.drawn.map(|d| d.0);
    match c {
        Candidate::Act(KabulAction::Kabul) => sim.start_turn(Start::Kabul),
        Candidate::Act(KabulAction::DrawDeck) => sim.start_turn(Start::Deck),
        Candidate::Act(KabulAction::DrawDiscard) => sim.start_turn(Start::Discard),
        Candidate::Act(KabulAction::Replace(slot)) => sim.replace(slot, drawn.unwrap_or(NO_CARD)),
        Candidate::Act(KabulAction::Discard) => sim.discard(drawn.unwrap_or(NO_CARD)),
        Candidate::Power(p, t) => sim.discard_with_power(drawn.unwrap_or(NO_CARD), p, t),
        Candidate::Act(a @ (KabulAction::PeekOwn(_) | KabulAction::PeekOther(_) | KabulAction::Switch(..))) => {
            let power = match a {
                KabulAction::PeekOwn(_) => Power::PeekOwn,
                KabulAction::PeekOther(_) => Power::PeekOther,
                _ => b.discard.last().and_then(|&c| sim::power_of(c)).unwrap_or(Power::BlindSwitch),
            };
            let t = match a {
                KabulAction::PeekOwn(slot) => Target::PeekOwn(slot),
                KabulAction::PeekOther(p) => Target::PeekOther(place(p)),
                KabulAction::Switch(x, y) => Target::Switch(place(x), place(y)),
                _ => return,
            };
            sim.use_power(power, t);
        }
        Candidate::Act(_) => {}
    }
}

/// The outcome of a finished world for seat `me` (lower is better): its score minus the others'
/// mean, and the match when the round ends it.
fn objective(sim: &Sim, me: usize, view: &KabulView) -> f64 {
    let n = usize::from(sim.n);
    let scores = sim.scores();
    let others: i32 = scores.iter().take(n).enumerate().filter(|&(s, _)| s != me).map(|(_, &v)| v).sum();
    let mut value = f64::from(scores[me]) - f64::from(others) / (n - 1).max(1) as f64;
    if let Some(target) = view.target_score {
        let mut totals = [0i32; MAX_SEATS];
        for (s, t) in totals.iter_mut().enumerate().take(n) {
            *t = view.scores.get(s).copied().unwrap_or(0) + scores[s];
        }
        let totals = &totals[..n];
        if totals.iter().any(|&t| t >= target) {
            let low = totals.iter().copied().min().unwrap_or(0);
            let winners = totals.iter().filter(|&&t| t == low).count();
            if totals[me] == low {
                value -= MATCH_WEIGHT / winners as f64;
            }
        }
    }
    value
}
