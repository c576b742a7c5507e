//! The strong bots of the trick games, Kout Bo and Baloot: perfect-information Monte Carlo.
//!
//! At each card it plays, the bot deals the cards it cannot see in many ways that agree with
//! everything its seat knows ([`deal`]: the cards played and by whom, the voids shown by failures
//! to follow, each seat's count of cards, the cards known to sit in a hand such as Baloot's face-up
//! card or a shown project, and — checked by replaying the hand — every earlier play being legal
//! from the hand dealt), solves each deal exactly with the `solver` crate, and plays the card with
//! the best result averaged over the deals: Kout Bo, the chance that its team makes (or breaks)
//! the bid; Baloot, the expected game points of the hand for its team less the other team's, the
//! contract's failure rule, the doubling and the Kaboot included. Ties go to the heuristic's card.
//!
//! **Bidding** is the heuristic's by default. With `bids=solved` it is by estimates fitted on the
//! solver's results ([`bids`]): the tricks a Kout maker's team takes, the game points a Baloot
//! contract scores, as linear models of the bidder's known cards fitted by least squares on
//! thousands of random deals solved exactly (`crates/bots/examples/fit_bids.rs`); the Kout bot
//! bids its best trump's estimate with the heuristic's margin and names that trump, the Baloot bot
//! bids the contract whose estimate clears the heuristic's bar of its place. That measures weaker
//! than the heuristic's bidding (the README's arena figures), hence not the default. The Saudi
//! calls and Sawa are the heuristic's.
//!
//! **Budget.** `ms` per decision buys about `ms` × [`NODES_PER_MS`] solver positions (a fixed
//! count, so the bot is deterministic given its seed), at most [`MAX_DEALS`] deals, and stops at
//! `ms` of wall time whatever the count. A deal whose search would go past the budget is dropped
//! whole, so every move is compared over the same deals. A single legal card, or cards that are
//! all equal, take no search.

pub(crate) mod baloot;
pub(crate) mod bids;
pub(crate) mod deal;
pub(crate) mod kout;

#[cfg(test)]
mod tests;

use std::time::{Duration, Instant};

use cards::{Card, CardSet};

pub use self::baloot::BalootStrong;
pub(crate) use self::baloot::Scorer;
pub use self::kout::KoutStrong;

/// Solver positions a millisecond of budget buys: deliberately few (the solvers search some tens
/// of thousands of positions a millisecond on one core, see the README's solver figures), so that
/// a decision keeps well inside its time on a crowded machine; most decisions stop at
/// [`MAX_DEALS`] first.
pub const NODES_PER_MS: u64 = 1_500;

/// The most deals one decision solves.
pub const MAX_DEALS: usize = 48;

/// The default time per decision of the trick games' strong bot, in milliseconds.
pub const TRICK_DEFAULT_MS: u32 = 400;

/// What one decision may spend: solver positions and wall time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    nodes: u64,
    /// The wall-clock stop; `None` for an analysis, which must give the same values on any machine.
    deadline: Option<Instant>,
}

impl Budget {
    /// The budget of `ms` milliseconds, starting now.
    pub(crate) fn new(ms: u32) -> Self {
        Budget {
            nodes: u64::from(ms.max(1)) * NODES_PER_MS,
            deadline: Some(Instant::now() + Duration::from_millis(u64::from(ms.max(1)))),
        }
    }

    /// The positions `ms` milliseconds buy, without a wall-clock stop: the same result however
    /// busy the machine is (what an analysis needs to be deterministic).
    pub(crate) fn counted(ms: u32) -> Self {
        Budget { nodes: u64::from(ms.max(1)) * NODES_PER_MS, deadline: None }
    }

    /// The positions left after `spent`, if any, and if the clock allows.
    pub(crate) fn left(&self, spent: u64) -> Option<u64> {
        (spent < self.nodes && self.deadline.is_none_or(|d| Instant::now() < d)).then(|| self.nodes - spent)
    }
}

/// What a search is for: a bot's move (stop as soon as the best card is settled, within the wall
/// clock) or an analysis (every card's value over as many deals as the budget buys, by count only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// Choose a card.
    Choose,
    /// Value every card.
    Evaluate,
}

impl Purpose {
    /// The budget of `ms` for this purpose.
    pub(crate) fn budget(self, ms: u32) -> Budget {
        match self {
            Purpose::Choose => Budget::new(ms),
            Purpose::Evaluate => Budget::counted(ms),
        }
    }
}

/// The sums of the candidates' results over the deals solved so far.
#[derive(Clone, Debug)]
pub(crate) struct Tally {
    sums: arrayvec::ArrayVec<f64, 9>,
    deals: usize,
    /// The deals' weights summed (each at most 1).
    weight: f64,
}

impl Tally {
    pub(crate) fn new(candidates: usize) -> Self {
        Tally { sums: (0..candidates.min(9)).map(|_| 0.0).collect(), deals: 0, weight: 0.0 }
    }

    /// Adds one deal's results, one per candidate.
    pub(crate) fn add(&mut self, results: &[f64]) {
        self.add_weighted(results, 1.0);
    }

    /// Adds one deal's results, one per candidate, counted with `weight` (within 0–1: how likely
    /// the deal is, given what the bidding said).
    pub(crate) fn add_weighted(&mut self, results: &[f64], weight: f64) {
        let weight = weight.clamp(0.0, 1.0);
        for (sum, r) in self.sums.iter_mut().zip(results) {
            *sum += r * weight;
        }
        self.deals += 1;
        self.weight += weight;
    }

    /// Deals counted.
    pub(crate) const fn deals(&self) -> usize {
        self.deals
    }

    /// The weighted mean of each candidate's results (empty before any deal).
    pub(crate) fn means(&self) -> Vec<f64> {
        if self.deals == 0 || self.weight <= 0.0 {
            return Vec::new();
        }
        self.sums.iter().map(|s| s / self.weight).collect()
    }

    /// Whether `more` further deals, each giving every candidate a result within a spread of
    /// `spread`, could no longer change the best candidate: the leader is ahead of every other by
    /// more than they could gain.
    pub(crate) fn settled(&self, more: usize, spread: f64) -> bool {
        let Some(lead) = self.best(None, 0.0) else { return false };
        let margin = more as f64 * spread;
        (0..self.sums.len()).all(|i| i == lead || self.sums[lead] - self.sums[i] > margin)
    }

    /// The best candidate: the highest sum; among those within `tie` of it (per deal), `prefer`
    /// if it is one, else the first. `None` before any deal.
    pub(crate) fn best(&self, prefer: Option<usize>, tie: f64) -> Option<usize> {
        if self.deals == 0 {
            return None;
        }
        let top = self.sums.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let near = |i: usize| self.sums[i] >= top - tie * self.weight;
        match prefer {
            Some(p) if p < self.sums.len() && near(p) => Some(p),
            _ => (0..self.sums.len()).find(|&i| near(i)),
        }
    }
}

/// Whether the cards are all alike for the play: of one suit, the same `value` each, and every card
/// of `suit_cards` ranked (by `order`) between the lowest and the highest of them held by the
/// player too or already gone (`mine_or_gone`). Then which one is played changes nothing, and the
/// bot does not search.
pub(crate) fn alike(
    cards: &[Card],
    suit_cards: impl Fn(cards::Suit) -> CardSet,
    mine_or_gone: CardSet,
    order: impl Fn(Card) -> u8,
    value: impl Fn(Card) -> u16,
) -> bool {
    let Some(suit) = cards.first().and_then(|c| c.suit()) else { return false };
    if cards.iter().any(|c| c.suit() != Some(suit) || value(*c) != value(cards[0])) {
        return false;
    }
    let lo = cards.iter().map(|&c| order(c)).min().unwrap_or(0);
    let hi = cards.iter().map(|&c| order(c)).max().unwrap_or(0);
    suit_cards(suit).iter().all(|c| {
        let o = order(c);
        o <= lo || o >= hi || mine_or_gone.contains(c)
    })
}
