//! The facts of one hand as `majlis replay` reports them.

use arrayvec::ArrayVec;
use cards::Suit;
use game::{ByTeam, Seat};
use serde::Serialize;

use crate::projects::ProjectKind;

/// One hand's facts: `null` for what is not known yet (an unfinished hand).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandSummary {
    /// The dealer.
    pub dealer: Seat,
    /// Who won the bidding.
    pub bidder: Option<Seat>,
    /// `"hokum"` or `"sun"`.
    pub mode: Option<&'static str>,
    /// The trump suit's letter in Hokum (`null` in Sun).
    pub trump: Option<Suit>,
    /// Tricks per team.
    pub tricks: Option<ByTeam<u8>>,
    /// Card points per team, the last trick's 10 included.
    pub card_points: Option<ByTeam<u16>>,
    /// Per team, the names of the projects whose points it received.
    pub projects: Option<ByTeam<ArrayVec<ProjectKind, 9>>>,
    /// Game points per team for this hand.
    pub score: Option<ByTeam<i32>>,
    /// Whether everyone passed twice (`null` while the bidding is open).
    pub void: Option<bool>,
}
