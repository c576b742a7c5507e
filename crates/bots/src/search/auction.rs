//! Bidding by simulation, for the team games (`strong:bids=sim`): every call a seat may make is
//! tried on deals sampled from what it knows, each played out to the end of the hand by the
//! heuristic, and compared with the heuristic's own call on the same deals.
//!
//! Each game samples its deals (`kout/auction.rs`, `baloot/auction.rs`): the seat's own cards where
//! they lie and the others shuffled, kept only if the heuristic, holding those cards, would have
//! made every call the others made so far (the others' bids weigh the deals, as in the card play).
//! Here, on the same deals for every candidate (so that the luck of the deal cancels out between
//! them), the candidate is made and the heuristic plays every seat to the end of the hand; the
//! hand's score change for the seat's team less the other team's is its value. Another call than
//! the heuristic's is made only when its mean advantage clears [`CLEAR`] standard errors. A hand
//! that ends the match counts `match_end` more for the winner.
//!
//! The same played-out deals value every call for the analysis and the hints ([`evaluate`]): a
//! call's value is its mean over the deals, so the calls are compared on the same cards.

use game::{Actor, Game, Phase, Seat, Winner};

use crate::Bot;
use crate::analysis::{Evaluation, Unit};

/// How many standard errors a call's mean advantage over the heuristic's must clear to be made.
pub(crate) const CLEAR: f64 = 2.0;

/// How many deals are drawn, at most, for each one kept.
pub(crate) const DRAWS_PER_DEAL: usize = 12;

/// The most actions a played-out hand may take.
const MAX_STEPS: usize = 600;

/// The call among `legal` to make: `heuristic`'s, unless another clears it on the deals `sample`
/// draws (up to `deals` kept of `deals` × [`DRAWS_PER_DEAL`] drawn; `None` for a deal that does
/// not fit). `bot` plays the deals out. `None` when a played-out hand does not end.
pub(crate) fn choose<G: Game>(
    seat: Seat,
    legal: &[G::Action],
    heuristic: G::Action,
    deals: usize,
    bot: &mut dyn Bot<G>,
    match_end: f64,
    sample: impl FnMut() -> Option<G>,
) -> Option<G::Action> {
    let base = legal.iter().position(|&a| a == heuristic)?;
    let sums = play_deals(seat, legal, base, deals, bot, match_end, sample)?;
    if sums.kept < 2 {
        return Some(heuristic);
    }
    let n = sums.kept as f64;
    let clear = |&(sum, squares): &(f64, f64)| {
        let mean = sum / n;
        let var = ((squares - sum * mean) / (n - 1.0)).max(0.0);
        (mean > 0.0 && mean > CLEAR * (var / n).sqrt()).then_some(mean)
    };
    let best = sums
        .advantage
        .iter()
        .enumerate()
        .filter_map(|(i, s)| clear(s).map(|m| (i, m)))
        .max_by(|a, b| a.1.total_cmp(&b.1));
    Some(best.map_or(heuristic, |(i, _)| legal[i]))
}

/// The value of every call among `legal` (see [`crate::Playable::evaluate`]): each one's mean
/// [`play_out`] over the same deals `sample` draws (as [`choose`]), in [`Unit::GamePoints`].
/// `None` when fewer than two deals fit or a played-out hand does not end.
pub(crate) fn evaluate<G: Game>(
    seat: Seat,
    legal: &[G::Action],
    deals: usize,
    bot: &mut dyn Bot<G>,
    match_end: f64,
    sample: impl FnMut() -> Option<G>,
) -> Option<Evaluation<G::Action>> {
    let sums = play_deals(seat, legal, 0, deals, bot, match_end, sample)?;
    if sums.kept < 2 {
        return None;
    }
    let n = sums.kept as f64;
    let actions = legal.iter().zip(&sums.value).map(|(&a, &v)| (a, v / n)).collect();
    Some(Evaluation::sorted(actions, Unit::GamePoints, None, sums.kept))
}

/// What [`play_deals`] sums over the deals kept.
struct Sums {
    /// How many deals were kept (and played out for every call).
    kept: usize,
    /// Per call, the sum of its [`play_out`] values.
    value: Vec<f64>,
    /// Per call, the sum and the sum of squares of its advantage over the call at `base`.
    advantage: Vec<(f64, f64)>,
}

/// Every call of `legal` played out on the same deals, up to `deals` kept of `deals` ×
/// [`DRAWS_PER_DEAL`] drawn by `sample`; the advantages against `legal[base]`.
fn play_deals<G: Game>(
    seat: Seat,
    legal: &[G::Action],
    base: usize,
    deals: usize,
    bot: &mut dyn Bot<G>,
    match_end: f64,
    mut sample: impl FnMut() -> Option<G>,
) -> Option<Sums> {
    let mut sums = Sums { kept: 0, value: vec![0.0; legal.len()], advantage: vec![(0.0, 0.0); legal.len()] };
    let mut values = vec![0.0; legal.len()];
    for _ in 0..deals * DRAWS_PER_DEAL {
        if sums.kept == deals {
            break;
        }
        let Some(game) = sample() else { continue };
        sums.kept += 1;
        for (value, &action) in values.iter_mut().zip(legal) {
            *value = play_out(&game, seat, action, bot, match_end)?;
        }
        for ((advantage, total), value) in sums.advantage.iter_mut().zip(&mut sums.value).zip(&values) {
            let d = value - values[base];
            advantage.0 += d;
            advantage.1 += d * d;
            *total += value;
        }
    }
    Some(sums)
}

/// The hand's score change for `seat`'s team less the other team's (and `match_end` more for the
/// winner of a match it ends), once `seat` makes `action` and `bot` plays every seat to the end of
/// the hand; `None` if the action is refused or the hand does not end.
pub(crate) fn play_out<G: Game>(
    game: &G,
    seat: Seat,
    action: G::Action,
    bot: &mut dyn Bot<G>,
    match_end: f64,
) -> Option<f64> {
    let before = game.score();
    let mut g = game.clone();
    g.play(Actor::Seat(seat), action).ok()?;
    let mut legal = Vec::new();
    let mut steps = 0;
    while g.phase() == Phase::InHand {
        steps += 1;
        let next = g.to_act().first()?;
        g.legal_actions(next, &mut legal);
        if legal.is_empty() || steps > MAX_STEPS {
            return None;
        }
        let chosen = bot.choose(next, &g.view(Some(next)), &legal);
        g.play(Actor::Seat(next), chosen).ok()?;
    }
    let (ours, theirs) = (seat.team().index(), seat.team().other().index());
    let after = g.score();
    let gained = |t: usize| f64::from(after.get(t).copied().unwrap_or(0) - before.get(t).copied().unwrap_or(0));
    let end = match g.outcome() {
        Some(Winner::Team(t)) if t == seat.team() => match_end,
        Some(Winner::Team(_)) => -match_end,
        _ => 0.0,
    };
    Some(gained(ours) - gained(theirs) + end)
}
