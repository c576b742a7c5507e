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

use game::{Actor, Game, Phase, Seat, Winner};

use crate::Bot;

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
    mut sample: impl FnMut() -> Option<G>,
) -> Option<G::Action> {
    let base = legal.iter().position(|&a| a == heuristic)?;
    // Per candidate, the sum and the sum of squares of its advantage over the heuristic's call.
    let mut sums = vec![(0.0, 0.0); legal.len()];
    let mut values = vec![0.0; legal.len()];
    let mut kept = 0usize;
    for _ in 0..deals * DRAWS_PER_DEAL {
        if kept == deals {
            break;
        }
        let Some(game) = sample() else { continue };
        kept += 1;
        for (value, &action) in values.iter_mut().zip(legal) {
            *value = play_out(&game, seat, action, bot, match_end)?;
        }
        for (sum, value) in sums.iter_mut().zip(&values) {
            let d = value - values[base];
            sum.0 += d;
            sum.1 += d * d;
        }
    }
    if kept < 2 {
        return Some(heuristic);
    }
    let n = kept as f64;
    let clear = |&(sum, squares): &(f64, f64)| {
        let mean = sum / n;
        let var = ((squares - sum * mean) / (n - 1.0)).max(0.0);
        (mean > 0.0 && mean > CLEAR * (var / n).sqrt()).then_some(mean)
    };
    let best = sums.iter().enumerate().filter_map(|(i, s)| clear(s).map(|m| (i, m))).max_by(|a, b| a.1.total_cmp(&b.1));
    Some(best.map_or(heuristic, |(i, _)| legal[i]))
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
