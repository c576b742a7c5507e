//! The search, written once for every game: fail-soft alpha-beta over single card plays with a
//! transposition table at the start of each trick, and the zero-window drivers that reach the
//! exact value (MTD(f) or bisection, as the game asks).
//!
//! A node is searched in this order: the node budget; in the middle of a trick, the game's cut
//! (a trick already won) and then the moves; at the start of a trick, the last trick's value, the
//! window against the most that is left, the quick bounds and the table (in the game's order),
//! the moves, and the bounds the result proves stored back. Generic over [`Node`], it is
//! monomorphised for each game: no dynamic dispatch, no allocation.

use crate::bounds::{Sure, outside_window};
use crate::node::{Driver, Node};
use crate::order::{MAX_MOVES, Moves};
use crate::trans_table::{NO_MOVE, TransTable};

/// One search: the constants, the position searched from (the solver tries a root move by playing
/// it here and copying the root back), the table.
pub struct Search<'t, N: Node> {
    pub(crate) k: N::Consts,
    pub(crate) st: N,
    pub(crate) table: &'t mut TransTable<N::Key>,
    /// Whether equivalent cards are searched once (off only to test that it changes nothing).
    pub(crate) equivalence: bool,
    pub(crate) nodes: u64,
    /// The most nodes this search may visit; past it, it unwinds at once, storing nothing, and
    /// its answer is meaningless.
    pub(crate) limit: u64,
    /// Whether the search went past `limit`.
    pub(crate) aborted: bool,
}

impl<N: Node> Search<'_, N> {
    /// The moves of the position in the game's order, without a table move.
    #[inline]
    pub(crate) fn ordered(&self) -> Moves {
        self.st.ordered(&self.k, self.equivalence, NO_MOVE)
    }

    /// The value the counted team takes from the search's position, fail-soft: the exact value
    /// if it lies strictly between `alpha` and `beta`, otherwise a bound on the same side of the
    /// window.
    pub(crate) fn search(&mut self, alpha: i32, beta: i32) -> i32 {
        let root = self.st;
        self.node(&root, alpha, beta)
    }

    /// [`Search::search`] of position `st`. Each child is a copy of its parent with one card
    /// played, so nothing is undone.
    fn node(&mut self, st: &N, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return alpha;
        }
        if st.in_trick() {
            if let Some(v) = st.in_trick_cut(&self.k, alpha, beta) {
                return v;
            }
            return self.expand(st, alpha, beta, NO_MOVE).0;
        }
        if st.tricks_left() <= 1 {
            return st.last_trick(&self.k);
        }
        let cap = st.cap(&self.k);
        if let Some(v) = outside_window(cap, alpha, beta) {
            return v;
        }
        let mut sure = Sure::default();
        if N::SURE_BEFORE_PROBE {
            sure = st.sure(&self.k);
            if let Some(v) = sure.cut(cap, alpha, beta) {
                return v;
            }
        }
        let key = st.key();
        let mut table_move = NO_MOVE;
        if let Some(b) = self.table.probe(key) {
            let (lo, hi) = (i32::from(b.lower), i32::from(b.upper));
            if lo >= beta || lo == hi {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            table_move = st.move_of(b.best);
        }
        if !N::SURE_BEFORE_PROBE {
            sure = st.sure(&self.k);
            if let Some(v) = sure.cut(cap, alpha, beta) {
                return v;
            }
        }
        let (best, best_move) = self.expand(st, alpha, beta, table_move);
        let (lo, hi) = sure.proven(best, cap, alpha, beta);
        let code = if best_move == NO_MOVE { NO_MOVE } else { st.move_code(best_move) };
        if !self.aborted {
            let clamp = |v: i32| v.clamp(0, 255) as u8;
            self.table.store(key, st.tricks_left(), clamp(lo), clamp(hi), code);
        }
        best
    }

    /// Tries the moves of the seat to move at `st` in order; returns the fail-soft value and the
    /// move that gave it.
    fn expand(&mut self, st: &N, mut alpha: i32, mut beta: i32, table_move: u8) -> (i32, u8) {
        let maximizing = st.maximizing(&self.k);
        let moves = st.ordered(&self.k, self.equivalence, table_move);
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        let mut best_move = NO_MOVE;
        // The cards searched so far, for the bounds of their run-mates: (run, weight, value).
        let mut done = [(0u8, 0i32, 0i32); MAX_MOVES];
        let mut n_done = 0;
        'moves: for (i, &c) in moves.cards().iter().enumerate() {
            let (run, weight) = if N::BOUNDED_RUNS { (moves.run(i), N::run_weight(&self.k, c)) } else { (0, 0) };
            if N::BOUNDED_RUNS {
                // A card of a run already searched is bounded by that card's value: skip it if
                // the bound cannot change this node's result.
                for &(r, w, v) in &done[..n_done] {
                    if r != run {
                        continue;
                    }
                    let d = (w - weight).abs();
                    if maximizing && v + d <= alpha {
                        best = best.max(v + d);
                        continue 'moves;
                    }
                    if !maximizing && v - d >= beta {
                        best = best.min(v - d);
                        continue 'moves;
                    }
                }
            }
            let mut child = *st;
            let gain = child.play(&self.k, c);
            let v = gain + self.node(&child, alpha - gain, beta - gain);
            if N::BOUNDED_RUNS {
                done[n_done] = (run, weight, v);
                n_done += 1;
            }
            if maximizing {
                if v > best {
                    best = v;
                    best_move = c;
                    alpha = alpha.max(v);
                }
            } else if v < best {
                best = v;
                best_move = c;
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        (best, best_move)
    }

    /// The exact value, by zero-window searches: each next to the last result, from a greedy
    /// play-out's guess (MTD(f): values of few steps are rarely more than a test or two away), or
    /// each halving the interval the value is known to lie in (or better, as a fail-soft result
    /// may land beyond the test).
    fn solve(&mut self) -> i32 {
        let (mut lo, mut hi) = (0, self.st.cap(&self.k));
        let mut g = match N::DRIVER {
            Driver::Mtdf => self.greedy(),
            Driver::Bisection => 0,
        };
        while lo < hi {
            let beta = match N::DRIVER {
                Driver::Mtdf => g.clamp(lo + 1, hi),
                Driver::Bisection => (lo + hi + 1) / 2,
            };
            g = self.search(beta - 1, beta);
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        lo
    }

    /// A guess of the value: what a play-out gives where every seat plays its first move in the
    /// search's order.
    fn greedy(&mut self) -> i32 {
        let saved = self.st;
        let mut total = 0;
        while self.st.in_trick() || self.st.tricks_left() > 0 {
            let first = self.ordered().first();
            total += self.st.play(&self.k, first);
        }
        self.st = saved;
        total
    }

    /// Whether the counted team takes at least `target` from here (one zero-window search).
    fn at_least(&mut self, target: i32) -> bool {
        self.search(target - 1, target) >= target
    }

    /// The exact value (`target` `None`), or whether the counted team takes at least `target`
    /// (1 or 0).
    #[inline]
    pub(crate) fn run(&mut self, target: Option<i32>) -> i32 {
        match target {
            None => self.solve(),
            Some(t) => i32::from(self.at_least(t)),
        }
    }
}
