//! The search's view of a game: [`Node`], a position of a trick-taking game in the game's own bit
//! layout (whose turn, the legal moves in a good order, playing a card, the quick bounds, the value
//! of the last trick, the table key), and the [`Driver`] that reaches its exact value. A node is
//! `Copy`: the search makes each child a copy of its parent with one card played, so nothing is
//! undone. Each game keeps its rules, bounds and move order behind it; the search
//! ([`crate::search`]) is written once against it and monomorphised for each game.

use crate::bounds::Sure;
use crate::order::Moves;
use crate::trans_table::Key;

/// How the generic search closes in on the exact value by zero-window tests: each test next to the
/// last result, or halving the interval the value is known to lie in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Driver {
    /// MTD(f) from a greedy play-out's value: for values of few steps (tricks).
    Mtdf,
    /// Bisection: for values of many steps (card points).
    Bisection,
}

/// A position of a trick-taking game in the search's form: what the generic search needs of a
/// game. Values are what the counted team takes from the node on (see [`Node::Consts`]), as
/// `i32`; moves are card bits below 64.
pub trait Node: Copy {
    /// What stays fixed during a search: the rules, the counted team, the cards' points or
    /// owners.
    type Consts;
    /// The transposition table's key of a node at the start of a trick.
    type Key: Key;

    /// How the exact value is reached by zero-window tests.
    const DRIVER: Driver;
    /// Whether the quick bounds ([`Node::sure`]) are computed before the table probe (they are
    /// cheaper than a probe) or after it (dearer).
    const SURE_BEFORE_PROBE: bool;
    /// Whether moves of one run (see [`Node::ordered`]) differ in value by at most the difference
    /// of their [`Node::run_weight`]s, so that the search may skip one whose bound cannot change
    /// a node's result. A game whose run-mates are exactly equivalent orders only one of each run
    /// instead.
    const BOUNDED_RUNS: bool;

    /// Whether the seat to move plays for the counted team.
    fn maximizing(&self, k: &Self::Consts) -> bool;

    /// Whether cards lie on the table (the node is in the middle of a trick).
    fn in_trick(&self) -> bool;

    /// Tricks not yet complete, the one on the table included.
    fn tricks_left(&self) -> u8;

    /// The cards the seat to move may play, as bits.
    fn legal(&self, k: &Self::Consts) -> u64;

    /// The moves to try, best first (`table_move`, the table's best move, if legal, first); with
    /// `equivalence`, cards of one run (equivalent, or bounding each other, see
    /// [`Node::BOUNDED_RUNS`]) share a run number or only the highest is listed.
    fn ordered(&self, k: &Self::Consts, equivalence: bool, table_move: u8) -> Moves;

    /// The card solved for legal card `c` when equivalent cards are solved once.
    fn representative(&self, k: &Self::Consts, c: u8) -> u8;

    /// Plays card `c` for the seat to move; returns what the counted team gains by it (when it
    /// completes a trick).
    fn play(&mut self, k: &Self::Consts, c: u8) -> i32;

    /// The most the counted team can still take.
    fn cap(&self, k: &Self::Consts) -> i32;

    /// What each team is sure to take, at the start of a trick.
    fn sure(&self, k: &Self::Consts) -> Sure;

    /// A value that settles a search of window `alpha..beta` in the middle of a trick without
    /// searching (a trick already won, for instance), if any.
    #[inline]
    fn in_trick_cut(&self, _k: &Self::Consts, _alpha: i32, _beta: i32) -> Option<i32> {
        None
    }

    /// The value at the start of the last trick (or after it), where every seat has one card left
    /// (or none).
    fn last_trick(&self, k: &Self::Consts) -> i32;

    /// The table key, at the start of a trick.
    fn key(&self) -> Self::Key;

    /// The bound a card of a run puts on its run-mates (see [`Node::BOUNDED_RUNS`]).
    #[inline]
    fn run_weight(_k: &Self::Consts, _c: u8) -> i32 {
        0
    }

    /// Move `c` as the table stores it (the same for every position of the same key).
    #[inline]
    fn move_code(&self, c: u8) -> u8 {
        c
    }

    /// The move of a stored `code` in this position (`NO_MOVE` for `NO_MOVE` or no such card).
    #[inline]
    fn move_of(&self, code: u8) -> u8 {
        code
    }
}
