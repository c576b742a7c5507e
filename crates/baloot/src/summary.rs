//! The facts of one hand as `majlis replay` reports them.

use arrayvec::ArrayVec;
use cards::Suit;
use game::Seat;
use serde::Serialize;

use crate::projects::ProjectKind;
use crate::scoring::HandScore;
use crate::state::{HandState, Stage};

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
    pub tricks: Option<[u8; 2]>,
    /// Card points per team, the last trick's 10 included.
    pub card_points: Option<[u16; 2]>,
    /// Per team, the names of the projects whose points it received.
    pub projects: Option<[ArrayVec<ProjectKind, 9>; 2]>,
    /// Game points per team for this hand.
    pub score: Option<[i32; 2]>,
    /// Whether everyone passed twice (`null` while the bidding is open).
    pub void: Option<bool>,
}

impl HandSummary {
    pub(crate) fn in_progress(h: &HandState) -> Self {
        let contract = h.contract();
        HandSummary {
            dealer: h.dealer,
            bidder: contract.map(|c| c.bidder),
            mode: contract.map(|c| c.mode.name()),
            trump: contract.and_then(|c| c.mode.trump()),
            tricks: None,
            card_points: None,
            projects: None,
            score: None,
            void: match h.stage {
                Stage::Bidding(_) => None,
                Stage::Void => Some(true),
                Stage::Playing(_) | Stage::Finished(_) => Some(false),
            },
        }
    }

    pub(crate) fn void(h: &HandState) -> Self {
        HandSummary { void: Some(true), ..HandSummary::in_progress(h) }
    }

    pub(crate) fn finished(h: &HandState, result: &HandScore) -> Self {
        HandSummary {
            tricks: Some(h.trick_counts),
            card_points: Some(h.card_points),
            projects: Some(result.projects.clone()),
            score: Some(result.score),
            void: Some(false),
            ..HandSummary::in_progress(h)
        }
    }
}
