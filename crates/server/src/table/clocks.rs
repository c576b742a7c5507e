//! The clocks: the current decision's deadline, Kabul's snap window, bots standing in for absent
//! players, and the host role passing on when the host has gone.

use std::time::Duration;

use bots::Playable;
use game::{Actor, Phase, Seat};
use tokio::time::Instant;

use super::Table;
use super::lobby::{Occupant, SeatState, Status};

/// After this many timeouts in a row a seat is away: its bot plays at once.
const AWAY_AFTER_TIMEOUTS: u32 = 2;

/// How long the table waits before it retries a clock wake that changed nothing.
pub(super) const STALL_RETRY: Duration = Duration::from_secs(1);

/// What the clock must do next.
#[derive(Clone, Copy, Debug)]
pub(super) enum Wake {
    CloseWindow,
    Bot(Seat),
    Timeout(Seat),
    /// Between matches: the host has been gone past the grace period; another seated person
    /// takes the host role, so the table can still start.
    HandOverHost,
    /// A bot's answer from the bot threads has not come and its decision's clock is nearly out.
    GiveUpThinking,
    /// Work the store refused is due again: the table's row, a deal, the end of the match.
    Retry,
    /// A lobby nobody is connected to any more closes.
    Abandoned,
    /// A match whose people have all gone stops.
    AbandonedMatch,
    /// The table has waited on a person for `Config::bot_idle`: its external bots' processes
    /// end and give their places back.
    RestBots,
    /// A tournament board's grace for no-shows is over: its match starts.
    BoardStart,
}

/// The table's deadlines.
pub(super) struct Clocks {
    /// Time per decision.
    pub(super) turn: Duration,
    /// How long a Kabul snap window stays open.
    pub(super) snap_window: Duration,
    /// When the current decision began.
    pub(super) decision_since: Instant,
    /// When the current snap window opened (or last restarted).
    pub(super) window_since: Instant,
}

impl Clocks {
    pub(super) fn snap_deadline(&self) -> Instant {
        self.window_since + self.snap_window
    }
}

impl<G: Playable> Table<G> {
    /// The deadline of the current human decision, or of the snap window.
    pub(super) fn deadline(&self) -> Option<Instant> {
        let game = self.play.game.as_ref()?.game();
        if self.lobby.status != Status::Playing || game.phase() != Phase::InHand {
            return None;
        }
        if game.clock_may_act() {
            return Some(self.clocks.snap_deadline());
        }
        let humans = game.to_act().iter().any(|s| self.is_present_human(s));
        humans.then(|| self.clocks.decision_since + self.clocks.turn)
    }

    /// A person who decides for their seat: seated, not away, and connected (or disconnected for
    /// less than the grace period).
    pub(super) fn is_present_human(&self, seat: Seat) -> bool {
        match self.lobby.seats.get(seat.index()) {
            Some(SeatState { occupant: Occupant::Human { left: false, .. }, away: false, gone_since, .. }) => {
                gone_since.is_none_or(|g| Instant::now() < g + self.hub.config.disconnect_grace)
            }
            _ => false,
        }
    }

    /// Whether the table has work the store refused: an unwritten row, a hand to deal or a
    /// finished match to record (the match stays `playing` until its end is stored).
    pub(super) fn work_pending(&self) -> bool {
        self.row_dirty
            || (self.lobby.status == Status::Playing
                && self.play.game.as_ref().is_some_and(|g| g.game().phase() != Phase::InHand))
    }

    /// Arms the retry of pending work with the current backoff, or resets the backoff once
    /// nothing is pending.
    pub(super) fn arm_retry(&mut self) {
        if !self.work_pending() {
            self.retry.at = None;
            self.retry.delay = self.hub.config.retry_first;
        } else if self.retry.at.is_none() {
            let delay = self.retry.delay.max(self.hub.config.retry_first);
            self.retry.at = Some(Instant::now() + delay);
            self.retry.delay = (delay * 2).min(self.hub.config.retry_max.max(self.hub.config.retry_first));
        }
    }

    pub(super) fn next_wake(&self) -> Option<(Instant, Wake)> {
        let clock = self.next_clock_wake();
        match (self.retry.at, clock) {
            (Some(at), Some((c, _))) if at <= c => Some((at, Wake::Retry)),
            (Some(at), None) => Some((at, Wake::Retry)),
            (_, clock) => clock,
        }
    }

    fn next_clock_wake(&self) -> Option<(Instant, Wake)> {
        if self.lobby.status != Status::Playing {
            let handover = self.host_handover_at().map(|at| (at, Wake::HandOverHost));
            let abandoned = self.abandoned_at().map(|at| (at, Wake::Abandoned));
            let board = self.board_start_at().map(|at| (at, Wake::BoardStart));
            return [handover, abandoned, board].into_iter().flatten().min_by_key(|(at, _)| *at);
        }
        let mut best: Option<(Instant, Wake)> = self.abandoned_match_at().map(|at| (at, Wake::AbandonedMatch));
        let game = self.play.game.as_ref()?.game();
        if game.phase() != Phase::InHand {
            return best;
        }
        let mut consider = |at: Instant, what: Wake| {
            if best.is_none_or(|(b, _)| at < b) {
                best = Some((at, what));
            }
        };
        let window = game.clock_may_act();
        // Only people are to act and external programs wait with them: they rest after a while.
        if self.external_running() && game.to_act().iter().all(|seat| self.is_present_human(seat)) {
            consider(self.clocks.decision_since + self.hub.config.bot_idle, Wake::RestBots);
        }
        if window {
            consider(self.clocks.snap_deadline(), Wake::CloseWindow);
        }
        let bot_at = self.clocks.decision_since + self.hub.config.bot_delay;
        // One bot decision at a time: while one is on the bot threads, the others wait for it.
        let thinking = self.is_thinking();
        if let Some(at) = self.thinking.as_ref().and_then(|t| t.give_up_at(self.version)) {
            consider(at, Wake::GiveUpThinking);
        }
        for seat in game.to_act().iter() {
            if self.is_present_human(seat) {
                if !window {
                    consider(self.clocks.decision_since + self.clocks.turn, Wake::Timeout(seat));
                }
                if let Some(gone) = self.lobby.seats.get(seat.index()).and_then(|s| s.gone_since)
                    && !thinking
                {
                    // Disconnected: once the grace period is over, the bot plays for them.
                    consider((gone + self.hub.config.disconnect_grace).max(bot_at), Wake::Bot(seat));
                }
            } else if !thinking {
                consider(bot_at, Wake::Bot(seat));
            }
        }
        best
    }

    /// When the host role passes on: the host's seat has had no connection for the grace period
    /// and another seated person is connected. `None` while nothing is to be done.
    pub(super) fn host_handover_at(&self) -> Option<Instant> {
        let seat = self.lobby.seat_of(&self.lobby.host)?;
        let gone = self.lobby.seats.get(seat.index())?.gone_since?;
        self.next_host()?;
        Some(gone + self.hub.config.disconnect_grace)
    }

    /// When a lobby closes because no seated person has had a connection for
    /// [`crate::limits::ABANDONED_LOBBY_GRACES`] grace periods (its host included). `None` while
    /// someone is there, and outside the lobby.
    pub(super) fn abandoned_at(&self) -> Option<Instant> {
        if self.lobby.status != Status::Lobby || self.lobby.board.is_some() {
            return None;
        }
        let mut last_gone: Option<Instant> = None;
        for state in &self.lobby.seats {
            if let Occupant::Human { left: false, .. } = state.occupant {
                let gone = state.gone_since?;
                last_gone = Some(last_gone.map_or(gone, |l| l.max(gone)));
            }
        }
        Some(last_gone? + self.hub.config.disconnect_grace * crate::limits::ABANDONED_LOBBY_GRACES)
    }

    /// When a match in progress stops because none of its people has had a connection for
    /// [`crate::limits::ABANDONED_MATCH_GRACES`] grace periods: the last one to go counts. `None`
    /// while someone is connected (playing or watching from their seat), and outside a match.
    pub(super) fn abandoned_match_at(&self) -> Option<Instant> {
        // A daily deal or a tournament match is played to its end: a player who goes has the
        // usual bot stand in.
        if self.lobby.status != Status::Playing || self.is_contest() {
            return None;
        }
        let mut last_gone: Option<Instant> = None;
        for state in &self.lobby.seats {
            if let Occupant::Human { .. } = state.occupant {
                let gone = state.gone_since?;
                last_gone = Some(last_gone.map_or(gone, |l| l.max(gone)));
            }
        }
        Some(last_gone? + self.hub.config.disconnect_grace * crate::limits::ABANDONED_MATCH_GRACES)
    }

    /// A bot is about to play for a person who is disconnected past the grace period: the seat is
    /// away from now on, so everyone's table says a bot plays for them (until they come back).
    fn mark_gone_away(&mut self, seat: Seat) {
        let grace = self.hub.config.disconnect_grace;
        let Some(s) = self.lobby.seats.get_mut(seat.index()) else { return };
        let gone = s.gone_since.is_some_and(|g| Instant::now() >= g + grace);
        if gone && !s.away && matches!(s.occupant, Occupant::Human { left: false, .. }) {
            s.away = true;
            self.broadcast_table();
        }
    }

    pub(super) async fn on_wake(&mut self, what: Wake) {
        match what {
            Wake::Retry => {
                self.retry.at = None;
                if self.row_dirty {
                    self.save_row().await;
                }
                self.advance().await;
            }
            Wake::Abandoned => {
                if self.abandoned_at().is_some_and(|at| at <= Instant::now()) {
                    tracing::info!(table = %self.lobby.code, "nobody is left in the lobby; it closes");
                    self.close().await;
                }
            }
            Wake::HandOverHost => {
                let due = self.host_handover_at().is_some_and(|at| at <= Instant::now());
                if let (true, Some(next)) = (due, self.next_host()) {
                    tracing::info!(table = %self.lobby.code, from = %self.lobby.host, to = %next, "the host is gone; the role passes on");
                    self.lobby.host = next;
                    self.version += 1;
                    self.save_row().await;
                    self.broadcast_table();
                    self.publish_summary();
                }
            }
            Wake::CloseWindow => {
                let Ok(close) = "close".parse::<G::Action>() else { return };
                let ok = self.play.game.as_ref().is_some_and(|g| g.game().is_legal(Actor::Clock, close));
                if ok {
                    let _ = self.apply(Actor::Clock, close, None).await;
                }
            }
            Wake::AbandonedMatch => {
                if self.abandoned_match_at().is_some_and(|at| at <= Instant::now()) {
                    self.stop_abandoned().await;
                }
            }
            Wake::Bot(seat) => {
                self.mark_gone_away(seat);
                self.bot_plays(seat).await;
            }
            Wake::RestBots => self.rest_external(),
            Wake::BoardStart => self.next_board_match().await,
            Wake::GiveUpThinking => self.give_up_thinking().await,
            Wake::Timeout(seat) => {
                if let Some(s) = self.lobby.seats.get_mut(seat.index()) {
                    s.timeouts += 1;
                    if s.timeouts >= AWAY_AFTER_TIMEOUTS && !s.away {
                        s.away = true;
                        self.broadcast_table();
                    }
                }
                self.bot_plays(seat).await;
            }
        }
    }
}
