//! Baloot: the solver of a team's card points.
//!
//! - `position.rs`: [`BalootPosition`], the public position, and [`kaboot_value`];
//! - `node.rs`: the search's form of a position (32-bit hands, the play rules on them, the key);
//! - `bounds.rs`: what is left, the points each team is sure of, the last trick;
//! - `order.rs`: the move ordering and the runs of cards that bound each other.
//!
//! This file plugs them into the generic [`Solver`].

mod bounds;
mod node;
mod order;
mod position;

use baloot::{BalootRules, Mode};
use cards::Card;
use game::{Seat, Team};

pub use position::{BalootPosition, kaboot_value};

use crate::position::{Position, Solvable};
use crate::search::Search;
use crate::solver::Solver;
use node::{Consts, Layout, State};

/// The exact Baloot solver: values are the card points a team takes from the position on (see
/// [`Solver`]).
pub type BalootSolver = Solver<BalootPosition>;

impl Position for BalootPosition {
    type Value = u16;

    /// 2^14 buckets (512 KB): small enough to stay in cache, which beats the few cut-offs a
    /// larger table would add.
    const TABLE_BITS: u32 = 14;

    fn to_move(&self) -> Seat {
        BalootPosition::to_move(self)
    }

    fn is_over(&self) -> bool {
        BalootPosition::is_over(self)
    }
}

/// The deal the table's entries belong to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Context {
    hands: [u32; 4],
    mode: Mode,
    rules: BalootRules,
    closed: bool,
    team: Team,
}

impl Solvable for BalootPosition {
    type Node = State;
    type Layout = Layout;
    type Context = Context;

    fn start(&self, team: Team) -> (Layout, Consts, State) {
        self.layout_state(team)
    }

    fn card(layout: &Layout, bit: u8) -> Card {
        layout.cards[usize::from(bit)]
    }

    fn context(&self, root: &State, team: Team) -> Context {
        Context { hands: root.hands, mode: self.mode(), rules: *self.rules(), closed: self.closed(), team }
    }

    /// Positions of the same deal: the same contract and counted team, the hands only shrinking.
    fn same_table(old: &Context, new: &Context) -> bool {
        old.mode == new.mode
            && old.rules == new.rules
            && old.closed == new.closed
            && old.team == new.team
            && old.hands.iter().zip(&new.hands).all(|(old, new)| new & !old == 0)
    }

    fn search(search: &mut Search<'_, State>, target: Option<i32>) -> i32 {
        search.run(target)
    }
}
