//! Bots that search think on the server's bot threads ([`crate::runners::threads`]), never on the
//! table's task. The table hands the decision over and goes on serving its messages (joins,
//! spectators, leaves, other seats' clocks); the answer is one more thing its loop waits for,
//! next to its commands and its clock.
//!
//! An answer is applied only if the table is still where it was asked: the same version (every
//! accepted change moves it) and the seat still a bot's. Otherwise it is dropped, and a decision
//! still queued is skipped. A table asks for one decision at a time, so seats decide in the same
//! order as they would inline.
//!
//! No bot overruns its clock. A decision's clock is the snap window's while one is open, else the
//! turn's (the time a person would have). A search may take its own `ms`, but no more than
//! [`budget_ms`] allows of what is left when it starts, so time spent in the queue counts. Should
//! the queue be so long that the clock is nearly out before the answer comes, the table stops
//! waiting and the heuristic decides.

use std::time::Duration;

use bots::{BotKind, BotSpec, Playable};
use game::{Phase, Seat};
use tokio::sync::oneshot::error::RecvError;
use tokio::time::Instant;

use super::Table;
use super::lobby::{Occupant, Status};
use crate::fair;
use crate::runners::Ticket;

/// A search may use at most this fraction (1 / N) of the time left on the decision's clock when it
/// starts.
const CLOCK_SHARE: u32 = 2;

/// Kept back from that share, for the answer's way back and storing it.
const CLOCK_MARGIN: Duration = Duration::from_millis(50);

/// A search shorter than this is not worth starting (unless the bot asks for less): the heuristic
/// decides.
const MIN_SEARCH_MS: u32 = 10;

/// The table stops waiting for an answer this long before the decision's clock runs out.
const GIVE_UP_MARGIN: Duration = CLOCK_MARGIN;

/// An answer that waited this long for a thread is logged.
const LONG_WAIT: Duration = Duration::from_secs(1);

/// Whether `spec`'s decisions go to the bot threads: the searching bots do; the others decide in
/// microseconds, inline.
#[must_use]
pub(super) fn searches(spec: &BotSpec) -> bool {
    spec.kind == BotKind::Strong
}

/// The milliseconds a bot whose own budget is `spec_ms` may search when `left` remains on the
/// decision's clock (`None`: no clock): at most 1 / [`CLOCK_SHARE`] of it, less
/// [`CLOCK_MARGIN`]. `None` when that is too little to search ([`MIN_SEARCH_MS`], or the bot's
/// own budget if smaller): the heuristic decides at once.
#[must_use]
pub(super) fn budget_ms(spec_ms: u32, left: Option<Duration>) -> Option<u32> {
    let Some(left) = left else { return Some(spec_ms) };
    let share = (left / CLOCK_SHARE).saturating_sub(CLOCK_MARGIN);
    let ms = u32::try_from(share.as_millis()).unwrap_or(u32::MAX).min(spec_ms);
    (ms >= MIN_SEARCH_MS.min(spec_ms)).then_some(ms)
}

/// The spec a searching bot falls back on when there is no time (or no thread) to search: its
/// heuristic, with its memory.
pub(super) fn heuristic_of(spec: BotSpec) -> BotSpec {
    BotSpec { kind: BotKind::Heuristic, level: None, ..spec }
}

/// A decision handed to the bot threads.
pub(super) struct Thinking<G: Playable> {
    seat: Seat,
    /// The table's version when it was asked: the answer is for that state only.
    version: u64,
    /// When the table stops waiting (the decision's clock is nearly out).
    give_up: Option<Instant>,
    ticket: Ticket<Thought<G>>,
}

/// A bot's answer from the bot threads.
pub(super) struct Thought<G: Playable> {
    action: G::Action,
    /// How long it waited for a thread.
    queued: Duration,
    /// The budget it searched with; `None`: too little time was left, the heuristic decided.
    budget: Option<u32>,
}

impl<G: Playable> Thinking<G> {
    /// When the table stops waiting for this answer, if it is for the table's state `version`.
    pub(super) fn give_up_at(&self, version: u64) -> Option<Instant> {
        if self.version == version { self.give_up } else { None }
    }
}

/// The answer of the decision in flight; pending forever while there is none.
pub(super) async fn answer<G: Playable>(thinking: &mut Option<Thinking<G>>) -> Result<Thought<G>, RecvError> {
    match thinking {
        Some(t) => (&mut t.ticket).await,
        None => std::future::pending().await,
    }
}

impl<G: Playable> Table<G> {
    /// The seed of `seat`'s bot for the decision now due. A fresh bot per decision, seeded from
    /// the table and the version: its choice depends only on what it sees, so a restored table
    /// plays on as it would have (up to how far a search got in its time).
    ///
    /// At a daily table or a tournament board the seed follows the position in the deal
    /// instead of the version, so the same play meets the same answers whatever else happened
    /// at the table.
    pub(super) fn bot_seed(&self, seat: Seat) -> u64 {
        if self.is_contest() {
            let seq = u64::try_from(self.play.seq).unwrap_or(0);
            return crate::daily::bot_seed(&self.seed, self.play.matches, seq, seat);
        }
        fair::derive_u64(&self.seed, "bot", &[self.play.matches, self.version, seat.index() as u64])
    }

    /// When the clock of the decision now due runs out: the snap window's close while it is open,
    /// else the end of the turn.
    pub(super) fn decision_deadline(&self) -> Option<Instant> {
        let game = self.play.game.as_ref()?.game();
        if self.lobby.status != Status::Playing || game.phase() != Phase::InHand {
            return None;
        }
        Some(if game.clock_may_act() {
            self.clocks.snap_deadline()
        } else {
            self.clocks.decision_since + self.clocks.turn
        })
    }

    /// Whether a decision is in flight for the table's current state.
    pub(super) fn is_thinking(&self) -> bool {
        self.thinking.as_ref().is_some_and(|t| t.version == self.version)
    }

    /// Decides for `seat` (a bot of `spec`, with `self.play.buf` holding its legal actions) on the
    /// bot threads. `false` when their queue is full: nothing was started.
    pub(super) fn start_thinking(&mut self, seat: Seat, spec: BotSpec, view: G::View) -> bool {
        let seed = self.bot_seed(seat);
        let legal = self.play.buf.clone();
        let deadline = self.decision_deadline();
        let now = Instant::now();
        let left = deadline.map(|d| d.saturating_duration_since(now));
        // The worker measures the queue on the real clock (tokio's may be paused in tests).
        let asked = std::time::Instant::now();
        let Some(rules) = self.play.game.as_ref().map(|g| g.game().rules().clone()) else { return false };
        let ticket = self.hub.bot_threads.submit(move || {
            let queued = asked.elapsed();
            let budget = budget_ms(spec.time_ms(G::STRONG_DEFAULT_MS), left.map(|l| l.saturating_sub(queued)));
            // Only this decision searches with less: the seat (and the record) keep their spec.
            let spec = match budget {
                Some(ms) => BotSpec { ms: Some(ms), level: None, ..spec },
                None => heuristic_of(spec),
            };
            let action = G::bot(spec, seed, &rules).choose(seat, &view, &legal);
            Thought { action, queued, budget }
        });
        let Some(ticket) = ticket else { return false };
        let give_up = deadline.map(|d| d.checked_sub(GIVE_UP_MARGIN).unwrap_or(d).max(now));
        self.thinking = Some(Thinking { seat, version: self.version, give_up, ticket });
        true
    }

    /// Forgets a decision asked at an earlier state: its answer would be for a game that has moved
    /// on (and a job still queued is skipped).
    pub(super) fn forget_stale_thought(&mut self) {
        let stale =
            self.thinking.as_ref().filter(|t| t.version != self.version || self.lobby.status != Status::Playing);
        if let Some(t) = stale {
            tracing::debug!(table = %self.lobby.code, seat = %t.seat, asked_at = t.version, now = self.version, "a bot's pending decision is dropped: the table moved on");
            self.thinking = None;
        }
    }

    /// The answer of the decision in flight has come (an error: the bot panicked, and the pool
    /// logged it).
    pub(super) async fn on_thought(&mut self, answer: Result<Thought<G>, RecvError>) {
        let Some(thinking) = self.thinking.take() else { return };
        let seat = thinking.seat;
        let still_a_bot = matches!(self.lobby.seats.get(seat.index()).map(|s| &s.occupant), Some(Occupant::Bot { .. }));
        if thinking.version != self.version || !still_a_bot {
            tracing::debug!(table = %self.lobby.code, %seat, "a bot's answer came for a state that has passed; dropped");
            return;
        }
        match answer {
            Ok(thought) => {
                if thought.queued >= LONG_WAIT {
                    tracing::info!(table = %self.lobby.code, %seat, queued_ms = thought.queued.as_millis(), budget_ms = thought.budget, "a bot's decision waited long for a thread");
                }
                self.bot_acts(seat, thought.action).await;
            }
            Err(_) => {
                let spec = heuristic_of(self.lobby.bot_spec(seat));
                self.decide_inline(seat, spec).await;
            }
        }
    }

    /// The decision's clock is nearly out and the bot has not answered (the queue was long): the
    /// heuristic decides now.
    pub(super) async fn give_up_thinking(&mut self) {
        let Some(thinking) = self.thinking.take() else { return };
        if thinking.version != self.version {
            return;
        }
        let seat = thinking.seat;
        tracing::warn!(table = %self.lobby.code, %seat, queue = ?self.hub.bot_threads.stats(), "a bot's decision did not come back before its clock; the heuristic decided");
        let spec = heuristic_of(self.lobby.bot_spec(seat));
        self.decide_inline(seat, spec).await;
    }

    /// `seat`'s bot of `spec` decides on the table's task (a cheap bot: microseconds).
    pub(super) async fn decide_inline(&mut self, seat: Seat, spec: BotSpec) {
        let Some(game) = self.play.game.as_ref() else { return };
        game.game().legal_actions(seat, &mut self.play.buf);
        if self.play.buf.is_empty() {
            return;
        }
        let view = game.game().view(Some(seat));
        let action = G::bot(spec, self.bot_seed(seat), game.game().rules()).choose(seat, &view, &self.play.buf);
        self.bot_acts(seat, action).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }

    #[test]
    fn a_bot_without_a_clock_searches_its_own_budget() {
        assert_eq!(budget_ms(800, None), Some(800));
    }

    #[test]
    fn plenty_of_time_leaves_the_budget_alone() {
        // 30 s turn: half less the margin is far above 800 ms.
        assert_eq!(budget_ms(800, ms(30_000)), Some(800));
    }

    #[test]
    fn the_budget_is_clipped_to_half_the_time_left_less_a_margin() {
        // 1 s left: at most 500 - 50 ms.
        assert_eq!(budget_ms(800, ms(1_000)), Some(450));
        // The budget ends well before the clock: twice the budget plus the margin fits in it.
        for left in [120u64, 300, 1_000, 2_300, 5_000] {
            let b = budget_ms(60_000, ms(left)).expect("time to search");
            assert!(2 * u64::from(b) + 50 <= left, "{b} ms of {left} ms");
        }
    }

    #[test]
    fn queue_time_counts_against_the_clock() {
        let left = Duration::from_millis(1_000);
        let queued = Duration::from_millis(600);
        // 400 ms left when the search starts: 200 - 50.
        assert_eq!(budget_ms(800, Some(left.saturating_sub(queued))), Some(150));
    }

    #[test]
    fn too_little_time_left_means_no_search() {
        assert_eq!(budget_ms(800, ms(100)), None, "0 ms of search");
        assert_eq!(budget_ms(800, ms(119)), None, "9 ms: below the minimum");
        assert_eq!(budget_ms(800, ms(120)), Some(10));
        assert_eq!(budget_ms(800, Some(Duration::ZERO)), None, "the clock ran out in the queue");
    }

    #[test]
    fn a_bot_that_asks_for_less_than_the_minimum_gets_it() {
        assert_eq!(budget_ms(5, ms(30_000)), Some(5));
        assert_eq!(budget_ms(5, ms(100)), None);
    }

    #[test]
    fn only_the_searching_bots_use_the_threads() {
        assert!(searches(&BotSpec::STRONG));
        assert!(searches(&"hard".parse().expect("hard")));
        assert!(searches(&"strong:ms=800".parse().expect("strong")));
        assert!(!searches(&BotSpec::HEURISTIC));
        assert!(!searches(&BotSpec::RANDOM));
        assert!(!searches(&"easy".parse().expect("easy")));
    }

    #[test]
    fn the_fallback_keeps_the_memory_but_not_the_level() {
        let spec = BotSpec { forget: 0.3, ..BotSpec::STRONG };
        let h = heuristic_of(spec);
        assert_eq!((h.kind, h.forget, h.level), (BotKind::Heuristic, 0.3, None));
    }
}
