//! What a game supplies to the generic solver.
//!
//! - [`Position`] (public): a position of a game's trick play that [`Solver`](crate::Solver)
//!   solves, and the unit of its values. [`BalootPosition`](crate::BalootPosition) and
//!   [`KoutPosition`](crate::KoutPosition) implement it; the trait is sealed.
//! - [`Solvable`] (crate-internal, the seal): how a position turns into the search's form
//!   ([`Node`], in `node.rs`), how the search's card bits turn back into cards, and when the
//!   transposition table's entries still hold.

use std::fmt::Debug;

use cards::Card;
use game::{Seat, Team};

use crate::node::Node;
use crate::search::Search;

/// A position of a trick-taking game with every hand known, which [`Solver`](crate::Solver)
/// solves. Implemented by [`BalootPosition`](crate::BalootPosition) and
/// [`KoutPosition`](crate::KoutPosition); sealed.
pub trait Position: Clone + Debug + Solvable {
    /// What a team takes from a position: tricks (`u8`) in Kout Bo, card points (`u16`) in
    /// Baloot.
    type Value: Copy + Default + Into<i32> + TryFrom<i32>;

    /// The table size of [`Solver::new`](crate::Solver::new): `2^TABLE_BITS` buckets.
    const TABLE_BITS: u32;

    /// The seat to play.
    fn to_move(&self) -> Seat;

    /// Whether every trick has been played.
    fn is_over(&self) -> bool;
}

/// How a [`Position`] reaches the search. Crate-internal: it seals [`Position`].
pub trait Solvable {
    /// The position in the search's form.
    type Node: Node;
    /// Where each card sits in the node's bits.
    type Layout;
    /// What the transposition table's entries depend on besides their keys.
    type Context: Clone + Debug;

    /// The search's constants, the position as a node with `team`'s value counted, and the layout
    /// to read its cards back.
    fn start(&self, team: Team) -> (Self::Layout, <Self::Node as Node>::Consts, Self::Node);

    /// The card of bit `bit` (a bit that holds a card: a legal move).
    fn card(layout: &Self::Layout, bit: u8) -> Card;

    /// The context of a search from `root` with `team`'s value counted.
    fn context(&self, root: &Self::Node, team: Team) -> Self::Context;

    /// Whether the entries a search in context `old` left hold in context `new` too.
    fn same_table(old: &Self::Context, new: &Self::Context) -> bool;

    /// [`Search::run`]. Each game's implementation is not generic, so the search is compiled
    /// in this crate, where the game's helpers inline into it, rather than in each caller's.
    fn search(search: &mut Search<'_, Self::Node>, target: Option<i32>) -> i32;
}
