//! Kout Bo: the solver of a team's tricks, and the bid test.
//!
//! - `position.rs`: [`KoutPosition`], the public position;
//! - `node.rs`: the search's form of a position (64-bit hands in trump and suit fields, the play
//!   rules on them, the key with ranks normalised);
//! - `bounds.rs`: the tricks each team is sure of, a trick already won, the last trick;
//! - `order.rs`: the move ordering, one card of each run of equivalent cards.
//!
//! This file plugs them into the generic [`Solver`] and adds the bid test,
//! [`Solver::makes_bid`].

mod bounds;
mod node;
mod order;
mod position;

use cards::Card;
use game::{Seat, Team};

pub use position::KoutPosition;

use crate::position::{Position, Solvable};
use crate::search::Search;
use crate::solver::Solver;
use node::{Consts, Layout, State};

/// The exact Kout Bo solver: values are the tricks a team takes from the position on, all nine
/// played out (see [`Solver`]); [`Solver::makes_bid`] is the bid test.
pub type KoutSolver = Solver<KoutPosition>;

impl Position for KoutPosition {
    type Value = u8;

    /// 2^16 buckets (5 MB).
    const TABLE_BITS: u32 = 16;

    fn to_move(&self) -> Seat {
        KoutPosition::to_move(self)
    }

    fn is_over(&self) -> bool {
        KoutPosition::is_over(self)
    }
}

/// What the table's entries depend on besides their keys: they hold for every deal with the same
/// table, contract and counted team (a key names the cards of a position by their places, not by
/// their suits and ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    seats: usize,
    maker_team: Team,
    bid: u8,
    team: Team,
}

impl Solvable for KoutPosition {
    type Node = State;
    type Layout = Layout;
    type Context = Context;

    fn start(&self, team: Team) -> (Layout, Consts, State) {
        self.layout_state(team)
    }

    fn card(layout: &Layout, bit: u8) -> Card {
        // Legal moves are cards: the joker is never read.
        layout.cards[usize::from(bit)].unwrap_or(Card::RED_JOKER)
    }

    fn context(&self, _root: &State, team: Team) -> Context {
        let contract = self.contract();
        Context { seats: self.seats(), maker_team: contract.maker.team(), bid: contract.bid.tricks(), team }
    }

    fn same_table(old: &Context, new: &Context) -> bool {
        old == new
    }

    fn search(search: &mut Search<'_, State>, target: Option<i32>) -> i32 {
        search.run(target)
    }
}

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
