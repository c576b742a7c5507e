//! Kout Bo: the solver of a team's tricks, and the bid test.
//!
//! - `position.rs`: [`KoutPosition`], the public position, and how it reaches the search;
//! - `node.rs`: the search's form of a position (64-bit hands in trump and suit fields, the play
//!   rules on them, the key with ranks normalised);
//! - `bounds.rs`: the tricks each team is sure of, a trick already won, the last trick;
//! - `order.rs`: the move ordering, one card of each run of equivalent cards.
//!
//! The generic [`Solver`] solves it as [`KoutSolver`]; this file adds the bid test,
//! [`Solver::makes_bid`].

mod bounds;
mod node;
mod order;
mod position;

pub use position::KoutPosition;

use crate::solver::Solver;

/// The exact Kout Bo solver: values are the tricks a team takes from the position on, all nine
/// played out (see [`Solver`]); [`Solver::makes_bid`] is the bid test.
pub type KoutSolver = Solver<KoutPosition>;

impl Solver<KoutPosition> {
    /// Whether the maker's team makes its bid (the tricks it has won counted) with best play on
    /// both sides: one zero-window search, cheaper than the exact tricks.
    #[must_use]
    pub fn makes_bid(&mut self, pos: &KoutPosition) -> bool {
        let team = pos.contract().maker.team();
        let need = pos.contract().bid.tricks().saturating_sub(pos.tricks_won()[team]);
        self.at_least(pos, team, need)
    }
}
