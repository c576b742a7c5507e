//! What a decision may spend: milliseconds turned into a count of search work (solver positions,
//! simulated turns) and, when the bot chooses, a wall-clock stop.
//!
//! The count makes a search deterministic given its seed; the clock only keeps a choice within its
//! time on a slow or crowded machine. An evaluation has no clock, so that its values are the same
//! on any machine.

use std::time::{Duration, Instant};

/// Solver positions a millisecond of budget buys in the trick games: deliberately few (the solvers
/// search some tens of thousands of positions a millisecond on one core, see the README's solver
/// figures), so that a decision keeps well inside its time on a crowded machine; most decisions
/// stop at [`MAX_DEALS`] first.
pub const NODES_PER_MS: u64 = 1_500;

/// The most deals one decision of a trick game solves at less than twice its default time (see
/// [`Search::max_deals`] beyond).
pub const MAX_DEALS: usize = 48;

/// A searching bot's budget: its time per decision when its spec names none, and the work a
/// millisecond of that time buys.
pub trait Search {
    /// The time per decision when the bot's spec names none (`strong` without `ms=`), in
    /// milliseconds.
    const DEFAULT_MS: u32;
    /// The units of search work a millisecond buys: solver positions in the trick games,
    /// simulated turns in Kabul.
    const WORK_PER_MS: u64;

    /// How many times the default time `ms` is, rounded down, at least 1: what the caps on a
    /// decision's samples are multiplied by, so that a larger budget (the `expert` level's) buys
    /// more samples where the default one stops at its cap.
    #[must_use]
    fn scale(ms: u32) -> usize {
        (ms / Self::DEFAULT_MS.max(1)).max(1) as usize
    }

    /// The most deals one decision of a trick game solves with `ms` of time: [`MAX_DEALS`] times
    /// [`Search::scale`].
    #[must_use]
    fn max_deals(ms: u32) -> usize {
        MAX_DEALS * Self::scale(ms)
    }
}

/// What a search is for: a bot's move (stop as soon as the best action is settled, within the wall
/// clock) or an analysis (every action's value over as much work as the budget buys, by count
/// only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// Choose an action.
    Choose,
    /// Value every action.
    Evaluate,
}

/// What one decision may spend: units of work and, to choose, wall time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    work: u64,
    /// The wall-clock stop; `None` for an analysis, which must give the same values on any machine.
    deadline: Option<Instant>,
}

impl Budget {
    /// `work` units for `purpose`; to choose, within `ms` milliseconds (at least 1) from now.
    pub(crate) fn new(purpose: Purpose, ms: u32, work: u64) -> Self {
        let deadline = match purpose {
            Purpose::Choose => Some(Instant::now() + Duration::from_millis(u64::from(ms.max(1)))),
            Purpose::Evaluate => None,
        };
        Budget { work, deadline }
    }

    /// What `ms` milliseconds (at least 1) buy a search of `S`, for `purpose`.
    pub(crate) fn of<S: Search>(purpose: Purpose, ms: u32) -> Self {
        Budget::new(purpose, ms, u64::from(ms.max(1)) * S::WORK_PER_MS)
    }

    /// The units of work in all.
    pub(crate) const fn work(&self) -> u64 {
        self.work
    }

    /// Whether the wall clock allows more (always, without a deadline).
    pub(crate) fn in_time(&self) -> bool {
        self.deadline.is_none_or(|d| Instant::now() < d)
    }

    /// The work left after `spent`, if any, and if the clock allows.
    pub(crate) fn left(&self, spent: u64) -> Option<u64> {
        (spent < self.work && self.in_time()).then(|| self.work - spent)
    }
}
