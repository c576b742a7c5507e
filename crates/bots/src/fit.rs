//! Fitting the strong bots' bidding estimates on exact solves (`crates/bots/examples/fit_bids.rs`
//! runs it; the weights it prints are the constants in `kout/bids.rs`, `baloot/bids.rs` and
//! `baloot/heuristic/estimate.rs`).
//!
//! A sample is one random deal: the features of the cards the bidder knows when it bids, and the
//! deal's value with every hand open, from the first lead, by the exact solver. The model is the
//! least-squares fit of the values on the features.

use baloot::{BalootRules, Mode};
use cards::{CardSet, DeckKind, Suit, random_below, shuffle};
use game::{GameKind, Seat};
use kout::{Bid, Contract, Variant};
use rand_core::RngCore;
use solver::{BalootPosition, BalootSolver, KoutPosition, KoutSolver};

use crate::baloot::heuristic::{PLAYOUTS, hokum_features, sun_features};
use crate::baloot::score::Scorer;
pub use crate::kout::bids::{KOUT_FEATURE_NAMES, KOUT_FEATURES, kout_features};
use crate::kout::heuristic::{best_trump, own_tricks};

/// The least-squares weights `w` minimising Σ (w·x − y)² over `rows` of (x, y), all `x` of one
/// length, with a small ridge `ridge` on every weight but the first (the constant) to keep
/// features that never vary from making the system singular. `None` when there are no rows or the
/// system cannot be solved.
#[must_use]
pub fn least_squares(rows: &[(Vec<f64>, f64)], ridge: f64) -> Option<Vec<f64>> {
    let n = rows.first()?.0.len();
    // The normal equations (XᵀX + λI) w = Xᵀy, solved by Gaussian elimination with pivoting.
    let mut a = vec![vec![0.0; n + 1]; n];
    for (x, y) in rows {
        if x.len() != n {
            return None;
        }
        for (row, xi) in a.iter_mut().zip(x) {
            for (cell, xj) in row.iter_mut().zip(x) {
                *cell += xi * xj;
            }
            row[n] += xi * y;
        }
    }
    for (i, row) in a.iter_mut().enumerate().skip(1) {
        row[i] += ridge;
    }
    for col in 0..n {
        let pivot = (col..n).max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        let pivot_row = a[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            if r != col && f != 0.0 {
                for (cell, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                    *cell -= f * p;
                }
            }
        }
    }
    Some((0..n).map(|i| a[i][n] / a[i][i]).collect())
}

/// How well `weights` fit `rows`: (R², the residuals' standard deviation).
#[must_use]
pub fn fit_quality(rows: &[(Vec<f64>, f64)], weights: &[f64]) -> (f64, f64) {
    let n = rows.len().max(1) as f64;
    let mean = rows.iter().map(|r| r.1).sum::<f64>() / n;
    let (mut res, mut tot) = (0.0, 0.0);
    for (x, y) in rows {
        let p: f64 = x.iter().zip(weights).map(|(a, b)| a * b).sum();
        res += (y - p).powi(2);
        tot += (y - mean).powi(2);
    }
    (if tot > 0.0 { 1.0 - res / tot } else { 0.0 }, (res / n).sqrt())
}

/// One solved Kout deal: the features of the maker's hand and trump, and the tricks its team takes
/// with best play on all sides (the maker leads). The maker is the seat whose hand the heuristic
/// rates strongest (the one likeliest to bid), its trump the heuristic's choice half the time and
/// a random suit otherwise, so that the fit sees the hands that bid. `None` when the solve passed
/// `node_cap` positions.
pub fn kout_sample<R: RngCore>(
    kind: GameKind,
    rng: &mut R,
    solver: &mut KoutSolver,
    node_cap: u64,
) -> Option<([f64; KOUT_FEATURES], f64)> {
    let variant = Variant::of(kind)?;
    let seats = variant.seats();
    let mut deck: Vec<_> = variant.cards().iter().collect();
    shuffle(&mut deck, rng);
    let hands: Vec<CardSet> = (0..seats).map(|s| deck[s * 9..s * 9 + 9].iter().copied().collect()).collect();
    let six = kind == GameKind::Kout6;
    let strength = |h: CardSet| Suit::ALL.into_iter().map(|s| own_tricks(h, s, six)).fold(0.0, f64::max);
    let maker = (0..seats).max_by(|&a, &b| strength(hands[a]).total_cmp(&strength(hands[b])))?;
    let trump = if random_below(rng, 2) == 0 {
        best_trump(hands[maker], kind)
    } else {
        Suit::ALL[random_below(rng, 4) as usize]
    };
    let contract = Contract { maker: Seat::new(maker)?, bid: Bid::new(5)?, malzoom: false };
    let pos = KoutPosition::new(variant, contract, trump, &hands).ok()?;
    solver.forget();
    solver.set_node_limit(Some(node_cap));
    let tricks = solver.value_for(&pos, contract.maker.team());
    let aborted = solver.aborted();
    solver.set_node_limit(None);
    (!aborted).then(|| (kout_features(hands[maker], trump), f64::from(tricks)))
}

/// One solved Baloot deal: the features of the six cards a bidder knows (its first five and the
/// face-up card) for a contract, and the hand's game points for the bidder's team less the other's
/// with best play on all sides (every project declared, undoubled), under `seed` or `saudi` at
/// random. `sun` chooses the mode; a Hokum's trump is the suit the bidder's known cards rate best
/// half the time and a random suit otherwise. `None` when the solve passed `node_cap` positions.
pub fn baloot_sample<R: RngCore>(
    sun: bool,
    rng: &mut R,
    solver: &mut BalootSolver,
    node_cap: u64,
) -> Option<(Vec<f64>, f64)> {
    let rules = if random_below(rng, 2) == 0 { BalootRules::seed() } else { BalootRules::saudi() };
    let deck = DeckKind::Baloot.shuffled(rng);
    let hands: [CardSet; 4] = std::array::from_fn(|s| deck[s * 8..s * 8 + 8].iter().copied().collect());
    let dealer = Seat::new(random_below(rng, 4) as usize)?;
    let place = random_below(rng, 4) as usize;
    let bidder = dealer.offset(1 + place, 4);
    let lead = place % 2 == 0;
    // The six cards the bidder knows: six of its eight at random.
    let mut own: Vec<_> = hands[bidder.index()].iter().collect();
    shuffle(&mut own, rng);
    let known: CardSet = own[..6].iter().copied().collect();
    let (mode, features) = if sun {
        (Mode::Sun, sun_features(known, lead).to_vec())
    } else {
        let trump = if random_below(rng, 2) == 0 {
            PLAYOUTS.best_hokum(known, lead)
        } else {
            Suit::ALL[random_below(rng, 4) as usize]
        };
        (Mode::Hokum(trump), hokum_features(known, trump, lead).to_vec())
    };
    let pos = BalootPosition::new(mode, rules, dealer.next(4), hands).ok()?;
    solver.forget();
    solver.set_node_limit(Some(node_cap));
    let value = solver.value_for(&pos, bidder.team());
    let aborted = solver.aborted();
    solver.set_node_limit(None);
    if aborted {
        return None;
    }
    let score = Scorer::of_deal(bidder, dealer, mode, rules, &hands);
    Some((features, score.result(&pos, value)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::seeded_rng;

    #[test]
    fn least_squares_recovers_the_weights_a_noisy_linear_target_was_made_with() {
        let truth = [2.0, -1.5, 0.75, 3.0];
        let mut rng = seeded_rng(3);
        let rows: Vec<(Vec<f64>, f64)> = (0..2_000)
            .map(|_| {
                let x: Vec<f64> =
                    std::iter::once(1.0).chain((0..3).map(|_| f64::from(random_below(&mut rng, 100)) / 10.0)).collect();
                let noise = (f64::from(random_below(&mut rng, 1_000)) - 499.5) / 1_000.0;
                let y = x.iter().zip(truth).map(|(a, b)| a * b).sum::<f64>() + noise;
                (x, y)
            })
            .collect();
        let w = least_squares(&rows, 0.0).expect("solvable");
        for (got, want) in w.iter().zip(truth) {
            assert!((got - want).abs() < 0.05, "{got} vs {want}");
        }
        let (r2, sd) = fit_quality(&rows, &w);
        assert!(r2 > 0.99 && sd < 0.35, "r2 {r2} sd {sd}");
    }

    #[test]
    fn least_squares_refuses_a_feature_that_never_varies_without_a_ridge() {
        let rows: Vec<(Vec<f64>, f64)> = (0..10).map(|i| (vec![1.0, 0.0, f64::from(i)], f64::from(i))).collect();
        assert!(least_squares(&rows, 0.0).is_none());
        let w = least_squares(&rows, 1e-6).expect("the ridge makes it solvable");
        assert!((w[2] - 1.0).abs() < 1e-3 && w[1].abs() < 1e-9);
    }

    #[test]
    fn solved_samples_hold_their_features_and_a_value_within_the_game() {
        let mut rng = seeded_rng(5);
        let mut kout = KoutSolver::with_table_bits(14);
        let (x, tricks) = kout_sample(GameKind::Kout4, &mut rng, &mut kout, u64::MAX).expect("solved");
        assert_eq!(x[0], 1.0);
        assert!((0.0..=9.0).contains(&tricks));
        let mut baloot = BalootSolver::new();
        for sun in [false, true] {
            let (x, points) = baloot_sample(sun, &mut rng, &mut baloot, u64::MAX).expect("solved");
            assert_eq!(x[0], 1.0);
            // Game points of one hand, undoubled: at most a Kaboot with projects.
            assert!(points.abs() <= 200.0, "{points}");
        }
    }
}
