//! How Baloot's strong bot bids with `bids=solved`: the game points a contract scores for the
//! bidder's team less the other's, estimated by the heuristic's features with weights fitted by
//! least squares on the exact solver's results (see [`crate::fit`] and
//! `crates/bots/examples/fit_bids.rs`). Not the default: it measures weaker than the heuristic's
//! bidding (the README's arena figures).
//!
//! The heuristic's weights are fitted on heuristic-against-heuristic playouts. The strong bot plays
//! its cards by solving deals, so this bidding asks what the solver says hands are worth: for many
//! random deals, the bidder's known cards are turned into features, the deal is solved exactly with
//! every hand open, and the weights are fitted to the result. The partners' and opponents' cards,
//! unknown when bidding, are averaged over by the fit.

use super::heuristic::bidding::{BID_PARAMS, BidParams};
use super::heuristic::estimate::Weights;

/// What Baloot contracts score for the bidder's team, fitted on solved deals: the heuristic's
/// features (`heuristic/estimate.rs`) with weights from `fit_bids baloot-hokum` and `baloot-sun`.
#[rustfmt::skip]
pub(crate) const SOLVED: Weights = Weights {
    // `fit_bids baloot-hokum 20000`: mean −1.61 game points, R² 0.195, residual sd 12.9.
    hokum: [
        -16.197, // constant
        9.753,   // trump J
        4.897,   // trump 9
        3.850,   // trump A
        3.696,   // trump 10
        2.728,   // trump K
        3.153,   // trump Q
        1.863,   // each trump 8 or 7
        0.944,   // trump J and 9 together
        1.591,   // each trump beyond 2
        -0.721,  // each trump beyond 3
        3.862,   // each side ace
        1.471,   // each side A-10
        1.346,   // each side 10 guarded, no ace
        0.725,   // each bare side 10
        0.043,   // each side A-K
        0.905,   // each side suit not held (yet)
        1.080,   // projects, per 10 raw points
        3.225,   // the team leads the first trick
        1.928,   // trump K and Q (the Baloot)
    ],
    // `fit_bids baloot-sun 20000`: mean −9.14 game points, R² 0.148, residual sd 23.9.
    sun: [
        -25.547, // constant
        10.043,  // each ace
        4.920,   // each A-10
        4.208,   // each 10 guarded, no ace
        2.906,   // each bare 10
        1.208,   // each K with its A or 10
        1.315,   // each card beyond 2 in a suit with its ace
        1.664,   // each card beyond 3 in a suit without its ace
        2.293,   // projects but the Four hundred, per 10 raw points
        57.415,  // four aces (80 game points in `seed`, 40 in `saudi`; the bot cannot tell which)
        8.504,   // the team leads the first trick
        -1.890,  // each A-10-K
        1.264,   // 2 aces or more
        7.408,   // 3 aces or more
    ],
};

/// The strong bot's Baloot bidding: the heuristic's bars on the solver-fitted estimates.
pub(crate) const SOLVED_BIDS: BidParams = BID_PARAMS.with_weights(&SOLVED);
