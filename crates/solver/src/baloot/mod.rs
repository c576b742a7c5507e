//! Baloot: the solver of a team's card points.
//!
//! - `position.rs`: [`BalootPosition`], the public position, [`kaboot_value`], and how the
//!   position reaches the search;
//! - `node.rs`: the search's form of a position (32-bit hands, the play rules on them, the key);
//! - `bounds.rs`: what is left, the points each team is sure of, the last trick;
//! - `order.rs`: the move ordering and the runs of cards that bound each other.
//!
//! The generic [`Solver`] solves it as [`BalootSolver`].

mod bounds;
mod node;
mod order;
mod position;

pub use position::{BalootPosition, kaboot_value};

use crate::solver::Solver;

/// The exact Baloot solver: values are the card points a team takes from the position on (see
/// [`Solver`]).
pub type BalootSolver = Solver<BalootPosition>;
