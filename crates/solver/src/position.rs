//! What a game supplies to the generic solver.
//!
//! - [`Position`] (public): a position of a game's trick play that [`Solver`](crate::Solver)
//!   solves, and the unit of its values. [`BalootPosition`](crate::BalootPosition) and
//!   [`KoutPosition`](crate::KoutPosition) implement it; the trait is sealed.
//! - [`Solvable`] (crate-internal, the seal): whose turn it is, how a position turns into the
//!   search's form ([`Node`], in `node.rs`), how the search's card bits turn back into cards, and
//!   when the transposition table's entries still hold.
//!
//! The positions' legal moves and the check before a card is played are written once here, on the
//! search's form of the rules.

use std::fmt::Debug;

use cards::{Card, CardSet};
use game::{Seat, Team};

use crate::error::PositionError;
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
}

/// How a [`Position`] reaches the search. Crate-internal: it seals [`Position`].
pub trait Solvable {
    /// The position in the search's form.
    type Node: Node;
    /// Where each card sits in the node's bits.
    type Layout;
    /// What the transposition table's entries depend on besides their keys.
    type Context: Clone + Debug;

    /// The seat to play; `None` once every trick has been played.
    fn turn(&self) -> Option<Seat>;

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

/// The cards the seat to move may play, none once every trick has been played: the search's play
/// rules, which the tests check against the engines' move by move.
pub(crate) fn legal_cards<P: Solvable>(pos: &P) -> CardSet {
    let mut out = CardSet::EMPTY;
    if pos.turn().is_none() {
        return out;
    }
    let (layout, k, st) = pos.start(Team::ZERO);
    let mut bits = st.legal(&k);
    while bits != 0 {
        out.insert(P::card(&layout, bits.trailing_zeros() as u8));
        bits &= bits - 1;
    }
    out
}

/// The seat to move, if it may play `card`.
///
/// # Errors
/// [`PositionError::Over`] after the last trick, [`PositionError::Illegal`] for a card the seat
/// may not play.
pub(crate) fn check_play<P: Solvable>(pos: &P, card: Card) -> Result<Seat, PositionError> {
    let seat = pos.turn().ok_or(PositionError::Over)?;
    if legal_cards(pos).contains(card) { Ok(seat) } else { Err(PositionError::Illegal { seat, card }) }
}
