//! The scores of a search's candidates, summed over the sampled deals (or worlds) as they are
//! searched: what the searching bots pick the best candidate from, and an evaluation averages.

use arrayvec::ArrayVec;

/// The sums of up to `N` candidates' results over the deals searched so far.
#[derive(Clone, Debug)]
pub(crate) struct Tally<const N: usize> {
    sums: ArrayVec<f64, N>,
    deals: usize,
    /// The deals' weights summed (each at most 1).
    weight: f64,
}

impl<const N: usize> Tally<N> {
    /// A tally of `candidates` candidates (at most `N`), before any deal.
    pub(crate) fn new(candidates: usize) -> Self {
        Tally { sums: (0..candidates.min(N)).map(|_| 0.0).collect(), deals: 0, weight: 0.0 }
    }

    /// Adds one deal's results, one per candidate, counted with `weight` (within 0–1: how likely
    /// the deal is, given what the bidding said).
    pub(crate) fn add_weighted(&mut self, results: &[f64], weight: f64) {
        self.add_some(results.iter().copied().enumerate(), weight);
    }

    /// Adds one deal's results for the candidates it was searched for, `(candidate, result)` (a
    /// search that has cut the others), counted with `weight` (within 0–1).
    pub(crate) fn add_some(&mut self, results: impl IntoIterator<Item = (usize, f64)>, weight: f64) {
        let weight = weight.clamp(0.0, 1.0);
        for (i, r) in results {
            if let Some(sum) = self.sums.get_mut(i) {
                *sum += r * weight;
            }
        }
        self.deals += 1;
        self.weight += weight;
    }

    /// Deals counted.
    pub(crate) const fn deals(&self) -> usize {
        self.deals
    }

    /// Candidate `i`'s sum (0 for a candidate the tally does not hold).
    pub(crate) fn sum(&self, i: usize) -> f64 {
        self.sums.get(i).copied().unwrap_or(0.0)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tally_prefers_the_heuristics_card_among_equals_and_stops_only_when_settled() {
        let mut t = Tally::<9>::new(3);
        assert_eq!(t.best(Some(1), 0.0), None);
        t.add_weighted(&[1.0, 1.0, 0.0], 1.0);
        assert_eq!(t.best(Some(1), 0.0), Some(1), "a tie goes to the preferred card");
        assert_eq!(t.best(Some(2), 0.0), Some(0), "a worse preferred card is not taken");
        assert!(!t.settled(0, 1.0), "a tie is never settled");
        t.add_weighted(&[1.0, 0.0, 0.0], 1.0);
        assert!(t.settled(0, 1.0));
        assert!(!t.settled(1, 1.0), "one more deal could still tie it");
        t.add_weighted(&[1.0, 0.0, 0.0], 1.0);
        assert!(t.settled(1, 1.0));
    }
}
