//! One task per table: it owns the lobby, the [`Match`] and the clocks, and is the only caller of
//! the rules. Written once, generic over [`Playable`]; [`Spawn`] picks the game type.
//!
//! Every accepted change goes: check with the rules → append to the store (await the commit) →
//! apply → broadcast. So whatever a client has seen is on disk, and a restarted server rebuilds
//! the table by replaying its action log.
//!
//! The task's state is split by concern, one file each: [`lobby`] (seats, host, settings),
//! [`play`] (the match: start, actions, deals, the end), [`clocks`] (turn and snap-window
//! deadlines, bots standing in), [`think`] (searching bots' decisions on the bot threads),
//! [`broadcast`] (subscribers and the frames they get), [`persist`] (the stored row, restoring
//! from the action log), [`chat`] and [`hint`]; [`open`] creates and restores tables.
//!
//! The task handles one thing at a time: a command, a clock's wake, or a bot's answer coming
//! back from the bot threads. It never waits on a bot's search: while a bot thinks, the table
//! serves its people and spectators as usual.

mod broadcast;
mod chat;
mod clocks;
mod hint;
pub mod lease;
mod lobby;
mod open;
mod persist;
mod play;
mod think;

use std::sync::Arc;
use std::time::Duration;

use bots::Playable;
use game::{GameKind, Options, RuleSet, Seat};
use serde_json::Value;
use tokio::sync::mpsc;
use tokio::time::Instant;

use self::broadcast::Sub;
use self::clocks::{Clocks, STALL_RETRY, Wake};
use self::lobby::{Lobby, Occupant, SeatState, Status};
pub use self::open::{Claim, NewTable, Origin, Spawn, claim, create, create_board, create_daily, restore_all};
use self::play::Play;
use crate::hub::{Conn, Hub, TableCmd};
use crate::limits::{SNAP_WINDOW_MS, TARGET_SCORE};
use crate::metrics::TableMetrics;
use crate::protocol::{ErrorCode, ProtocolError, TableMsg};
use crate::store::{PlayerRow, Store, unix_ms};
use crate::tournament::BoardTag;

/// Why a table cannot be built.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// The game is not built into this server.
    #[error("{0}")]
    Game(String),
    /// The rule options are not valid for the game.
    #[error("{0}")]
    Rules(String),
    /// The store could not be read.
    #[error("{0}")]
    Store(#[from] crate::store::StoreError),
    /// A stored table or its match does not read back or replay.
    #[error("table {code}: {reason}")]
    Stored {
        /// The table's code.
        code: String,
        /// What is wrong.
        reason: String,
    },
}

/// The table task's state.
pub struct Table<G: Playable> {
    hub: Arc<Hub>,
    /// Where the table writes: the hub's store, or in a cluster a handle fenced by the table's
    /// lease, whose writes are refused once another node has taken the table over.
    store: Store,
    /// A new table in a cluster that has yet to take its lease.
    lease_pending: bool,
    rx: mpsc::UnboundedReceiver<TableCmd>,
    /// Who sits where, who hosts, the settings.
    lobby: Lobby,
    /// The current (or last) match.
    play: Play<G>,
    /// The deadlines.
    clocks: Clocks,
    /// The connections that get the table's frames.
    subs: Vec<Sub>,
    /// Grows by one with every accepted change.
    version: u64,
    /// The table's secret seed: every deal, salt, dealer and bot choice derives from it.
    seed: [u8; 32],
    closed: bool,
    /// The table's row could not be written: write it again on the next retry.
    row_dirty: bool,
    /// When work the store refused is tried again, and the wait after that.
    retry: Retry,
    /// The decision a searching bot is making on the bot threads, if any.
    thinking: Option<think::Thinking<G>>,
    /// The seats that asked for a hint, and the version they asked at: one hint per decision.
    hinted: Vec<(Seat, u64)>,
    /// The recent chat.
    chat: chat::ChatLog,
    /// This table's handles on its game's metrics.
    metrics: TableMetrics,
}

/// The backoff of work the store refused.
#[derive(Clone, Copy, Debug)]
struct Retry {
    /// When the next attempt is due; `None` while nothing is pending.
    at: Option<Instant>,
    /// The wait after the next failure.
    delay: Duration,
}

impl TableError {
    fn stored(code: &str, reason: impl Into<String>) -> Self {
        TableError::Stored { code: code.to_owned(), reason: reason.into() }
    }
}

/// The turn time of a stored table whose row does not say.
const DEFAULT_TURN_MS: u64 = 30_000;

/// The code, rule options and settings of the table `origin` describes.
fn settings_of(origin: &Origin) -> Result<(String, Options, NewTable), TableError> {
    match origin {
        Origin::New { code, rules, settings, .. } => Ok((code.clone(), rules.clone(), *settings)),
        Origin::Restore { row, .. } => {
            let Ok(Value::Object(rules)) = serde_json::from_str::<Value>(&row.rules) else {
                return Err(TableError::stored(&row.code, "stored rules are not an object"));
            };
            let settings = NewTable {
                turn_ms: Some(u64::try_from(row.turn_ms).unwrap_or(DEFAULT_TURN_MS)),
                public: row.public != 0,
                hints: row.hints != 0,
                rated: row.rated != 0,
                spectator_chat: row.spectator_chat != 0,
                invite_only: row.invite_only != 0,
            };
            Ok((row.code.clone(), rules, settings))
        }
    }
}

/// Checks the options the engines leave to the server, and returns the snap window.
fn check_rules(rule_set: &impl RuleSet, rules: &Options) -> Result<Duration, TableError> {
    let snap_window_ms = rule_set.snap_window_ms();
    if snap_window_ms.is_some_and(|ms| !SNAP_WINDOW_MS.contains(&ms)) {
        return Err(TableError::Rules(format!(
            "snap_window_ms must be between {} and {} milliseconds",
            SNAP_WINDOW_MS.start(),
            SNAP_WINDOW_MS.end()
        )));
    }
    // The engines bound the rest of their options themselves; a target score is only
    // "positive" to the rules, and a huge one makes a match that never ends.
    if let Some(target) = rules.get("target_score").and_then(Value::as_i64)
        && !TARGET_SCORE.contains(&target)
    {
        return Err(TableError::Rules(format!(
            "target_score must be between {} and {} points (or null: one round)",
            TARGET_SCORE.start(),
            TARGET_SCORE.end()
        )));
    }
    Ok(Duration::from_millis(snap_window_ms.unwrap_or(3000)))
}

fn seat_index(seat: Option<Seat>) -> Option<usize> {
    seat.map(Seat::index)
}

/// The answer to a change the store refused: nothing was applied. (The store logs its failures
/// once per interval.)
fn unavailable(e: &dyn std::fmt::Display) -> ProtocolError {
    tracing::debug!(error = %e, "a change was not stored");
    ProtocolError::new(
        ErrorCode::Unavailable,
        "the server cannot save changes right now; nothing was done; try again shortly",
    )
}

fn internal(e: &dyn std::fmt::Display) -> ProtocolError {
    tracing::error!(error = %e, "internal error");
    ProtocolError::new(ErrorCode::Internal, "the server failed; try again")
}

impl<G: Playable> Table<G> {
    /// Builds the table (replaying a restored match) and returns it ready to [`Table::run`].
    ///
    /// # Errors
    /// Bad rules, or a stored log that does not replay.
    pub fn new(
        hub: Arc<Hub>,
        kind: GameKind,
        origin: Origin,
        rx: mpsc::UnboundedReceiver<TableCmd>,
    ) -> Result<Self, TableError> {
        let (code, rules, settings) = settings_of(&origin)?;
        let rule_set = G::Rules::from_options(kind, &rules).map_err(|e| TableError::Rules(e.to_string()))?;
        let snap_window = check_rules(&rule_set, &rules)?;
        let seat_count = rule_set.seat_count();
        let now = Instant::now();
        let store = match &origin {
            Origin::Restore { fence: Some(fence), .. } => hub.store.fenced(fence.clone()),
            _ => hub.store.clone(),
        };
        let lease_pending = hub.cluster().is_some() && matches!(origin, Origin::New { .. });
        let mut table = Table {
            store,
            lease_pending,
            metrics: hub.metrics.table(kind),
            hub,
            rx,
            lobby: Lobby {
                code,
                kind,
                rules,
                seat_count,
                public: settings.public,
                hints: settings.hints,
                rated: settings.rated,
                spectator_chat: settings.spectator_chat,
                invite_only: settings.invite_only,
                removed: Vec::new(),
                host: String::new(),
                seats: vec![SeatState::EMPTY; seat_count],
                status: Status::Lobby,
                created_at: unix_ms(),
                daily: match &origin {
                    Origin::New { daily, .. } => *daily,
                    Origin::Restore { .. } => None,
                },
                board: None,
                opened: now,
            },
            play: Play::new(),
            clocks: Clocks {
                turn: Duration::from_millis(settings.turn_ms.unwrap_or(DEFAULT_TURN_MS)),
                snap_window,
                decision_since: now,
                window_since: now,
            },
            subs: Vec::new(),
            version: 0,
            seed: [0; 32],
            closed: false,
            row_dirty: false,
            retry: Retry { at: None, delay: Duration::ZERO },
            thinking: None,
            hinted: Vec::new(),
            chat: chat::ChatLog::new(matches!(origin, Origin::Restore { .. })),
        };
        match origin {
            Origin::New { host, seed, board: Some(board), .. } => {
                table.seat_host(&host, seed);
                let (tag, seats) = *board;
                table.seat_board(tag, seats);
            }
            Origin::New { host, seed, .. } => table.seat_host(&host, seed),
            Origin::Restore { row, current, .. } => table.restore(*row, current)?,
        }
        Ok(table)
    }

    /// A new table: the host in seat 0, the first version.
    fn seat_host(&mut self, host: &PlayerRow, seed: [u8; 32]) {
        self.lobby.host = host.id.clone();
        self.seed = seed;
        self.version = 1;
        if let Some(seat) = self.lobby.seats.first_mut() {
            seat.occupant =
                Occupant::Human { id: host.id.clone(), name: host.name.clone(), left: false, forfeit: false };
        }
        if self.lobby.daily.is_some() {
            // The daily deal's bots: the same level in every seat, for every player of the day.
            for seat in self.lobby.seats.iter_mut().skip(1) {
                seat.occupant = Occupant::Bot { bot: crate::daily::BOTS.to_owned() };
            }
        }
    }

    /// A tournament board: its people in their seats, not there yet (so a bot stands in for
    /// anyone who never comes), and bots in a short team's empty seats.
    fn seat_board(&mut self, tag: BoardTag, seats: Vec<Option<PlayerRow>>) {
        let now = Instant::now();
        for (state, who) in self.lobby.seats.iter_mut().zip(seats) {
            *state = match who {
                Some(p) => SeatState {
                    occupant: Occupant::Human { id: p.id, name: p.name, left: false, forfeit: false },
                    gone_since: Some(now),
                    ..SeatState::EMPTY
                },
                None => {
                    SeatState { occupant: Occupant::Bot { bot: crate::tournament::BOT.to_owned() }, ..SeatState::EMPTY }
                }
            };
        }
        self.lobby.board = Some(tag);
        // Written at once: the board's table exists even if nobody ever comes.
        self.row_dirty = true;
    }

    /// A contest's table (a daily deal or a tournament board): it starts its own matches, is
    /// never abandoned, and its bots are seeded by the position in the match.
    pub(super) fn is_contest(&self) -> bool {
        self.lobby.daily.is_some() || self.lobby.board.is_some()
    }

    /// When a tournament board's match starts at the latest: the grace for no-shows after the
    /// table opened. `None` once it started (or for any other table).
    pub(super) fn board_start_at(&self) -> Option<Instant> {
        (self.lobby.board.is_some() && self.lobby.status == Status::Lobby && self.play.matches == 0)
            .then(|| self.lobby.opened + self.hub.config.tournament_grace)
    }

    /// A tournament board starts its match once all its people are there, or at
    /// [`Table::board_start_at`] with bots for those still missing (their team loses the match).
    async fn next_board_match(&mut self) {
        let Some(at) = self.board_start_at() else { return };
        let missing: Vec<usize> = self
            .lobby
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s.occupant, Occupant::Human { .. }) && s.gone_since.is_some())
            .map(|(i, _)| i)
            .collect();
        if !missing.is_empty() && Instant::now() < at {
            return;
        }
        if let Some(tag) = self.lobby.board.as_mut() {
            tag.no_show = missing;
        }
        let host = self.lobby.host.clone();
        if let Err(e) = self.begin(&host).await {
            tracing::debug!(table = %self.lobby.code, error = %e.message, "a tournament match did not start; retrying");
        }
    }

    /// Whether a daily table has played every deal of its day, or the day closed (its deals are
    /// revealed then: a deal not begun by then is not played).
    pub(super) fn daily_done(&self) -> bool {
        self.lobby.daily.is_some_and(|d| {
            self.lobby.status == Status::Finished && (self.play.matches >= d.game.deals() as u64 || self.daily_closed())
        })
    }

    /// Whether a daily table's day has closed.
    fn daily_closed(&self) -> bool {
        self.lobby.daily.is_some_and(|d| crate::daily::Day::of_unix_ms((self.hub.config.wall_clock)()) > d.day)
    }

    /// A daily table starts its next deal by itself: the first once its player has sat down
    /// (so no clock runs before they are there), each next one as the last ends, until the day's
    /// deals are played. (A failure is tried again at the next wake.)
    async fn next_daily_deal(&mut self) {
        let Some(daily) = self.lobby.daily else { return };
        if self.lobby.status == Status::Playing || self.play.matches >= daily.game.deals() as u64 || self.daily_closed()
        {
            return;
        }
        if self.play.matches == 0 && !self.is_connected(&self.lobby.host) {
            return;
        }
        let host = self.lobby.host.clone();
        if let Err(e) = self.begin(&host).await {
            tracing::debug!(table = %self.lobby.code, error = %e.message, "the next daily deal did not start; retrying");
        }
    }

    /// What a contest's table refuses (`None` elsewhere): anyone but its players at it, and
    /// spectators (a daily deal's cards are not seen before one has played them; a tournament
    /// round's other tables are playing the same deals); its seats and its matches are the
    /// contest's to set, and it starts them by itself.
    fn contest_refusal(&self, conn: &Conn, msg: &TableMsg) -> Option<ProtocolError> {
        let reason = if self.lobby.board.is_some() {
            "this is a tournament match: only its players sit at it, nobody watches it while its round is played \
             (its replay opens when the round is over), and it starts by itself"
        } else if self.lobby.daily.is_some() {
            "this is a daily deal: only its player sits at it, nobody watches it, and its deals start by themselves"
        } else {
            return None;
        };
        let seated = self.lobby.seat_of(&conn.player.id).is_some();
        let refused = match msg {
            TableMsg::Join { .. } | TableMsg::Resume { .. } => !seated,
            TableMsg::Spectate { .. }
            | TableMsg::Remove { .. }
            | TableMsg::SetBot { .. }
            | TableMsg::FillBots { .. }
            | TableMsg::Start { .. }
            | TableMsg::Rematch { .. }
            | TableMsg::Hint { .. } => true,
            TableMsg::Leave { .. } | TableMsg::Act { .. } | TableMsg::Chat { .. } => false,
        };
        refused.then(|| ProtocolError::new(ErrorCode::BadRequest, reason))
    }

    /// Runs the table until it closes or the server shuts down.
    pub async fn run(mut self) {
        if self.lease_pending && !self.take_lease().await {
            self.let_go("the table could not be opened");
            self.hub.forget_table(&self.lobby.code);
            return;
        }
        self.load_chat().await;
        if self.row_dirty {
            // A tournament board's new table: stored before anything else happens.
            self.save_row().await;
        }
        self.publish_summary();
        if self.lobby.status == Status::Playing {
            self.advance().await;
        }
        let mut stalled: Option<(u64, Instant)> = None;
        while !self.closed {
            self.next_daily_deal().await;
            self.next_board_match().await;
            self.forget_stale_thought();
            self.arm_retry();
            let wake = match (self.next_wake(), stalled) {
                (Some((at, what)), Some((version, retry))) if version == self.version => Some((at.max(retry), what)),
                (wake, _) => wake,
            };
            let sleep = async {
                match wake {
                    // Due already (a bot with no pause): no timer. Timers fire on whole
                    // milliseconds, so a zero-length sleep could wait for the clock to move.
                    Some((at, _)) if at <= Instant::now() => {}
                    Some((at, _)) => tokio::time::sleep_until(at).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                biased;
                cmd = self.rx.recv() => match cmd {
                    None | Some(TableCmd::Shutdown) => break,
                    Some(TableCmd::LetGo) => self.let_go("the table moved; resume"),
                    Some(TableCmd::Detach { conn_id }) => self.detach(conn_id),
                    Some(TableCmd::Msg { conn, msg, id, received }) => {
                        if let Err(e) = self.handle(&conn, msg, id.clone(), received).await {
                            self.hub.metrics.refused(e.code.as_str());
                            conn.send(e.with_id(id).to_message());
                        }
                    }
                },
                thought = think::answer(&mut self.thinking) => {
                    let before = self.version;
                    self.on_thought(thought).await;
                    if self.version == before {
                        stalled = Some((before, Instant::now() + STALL_RETRY));
                    }
                }
                () = sleep => {
                    if let Some((_, what)) = wake {
                        let before = self.version;
                        let was_thinking = self.is_thinking();
                        self.on_wake(what).await;
                        // (A bot that started thinking has done what it could for now.)
                        let started_thinking = !was_thinking && self.is_thinking();
                        if self.version == before && !matches!(what, Wake::Retry) && !started_thinking {
                            // Nothing could be done (a failing store, a bot with no move): try
                            // again in a second rather than spin.
                            stalled = Some((before, Instant::now() + STALL_RETRY));
                        }
                    }
                }
            }
        }
        self.hub.forget_table(&self.lobby.code);
    }

    /// In a cluster: takes the lease of a new table, and writes through its fence from now on.
    async fn take_lease(&mut self) -> bool {
        let Some(cluster) = self.hub.cluster() else { return true };
        let code = &self.lobby.code;
        match self.store.lease_new(code, cluster.node(), cluster.lease).await {
            Ok(Some(fence)) => {
                cluster.hold(code, fence.epoch);
                self.store = self.store.fenced(fence);
                self.lease_pending = false;
                true
            }
            Ok(None) => {
                tracing::error!(table = %code, "a new table's code is leased already");
                false
            }
            Err(e) => {
                tracing::error!(error = %e, table = %code, "a new table's lease could not be taken");
                false
            }
        }
    }

    /// After a failed write: a write the store refused because another node holds the table's
    /// lease now means this node lost the table (it was paused or cut off); it lets go at once
    /// rather than wait for its next renewal to find out.
    fn write_refused(&self, e: &crate::store::StoreError) {
        if !matches!(e, crate::store::StoreError::Fenced { .. }) {
            return;
        }
        tracing::warn!(table = %self.lobby.code, "a write was refused: another node owns the table now; letting it go");
        if let Some(cluster) = self.hub.cluster() {
            if cluster.drop_lease(&self.lobby.code) {
                cluster.lost.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        }
        self.hub.let_go(&self.lobby.code);
    }

    /// Lets go of the table, which another node owns now (or could not be opened): every
    /// connection following it is closed, and its clients resume wherever the table lives. Nothing
    /// stored is touched.
    fn let_go(&mut self, reason: &'static str) {
        for sub in self.subs.drain(..) {
            sub.conn.close(1012, reason);
        }
        self.closed = true;
    }

    pub(super) async fn handle(
        &mut self,
        conn: &Conn,
        msg: TableMsg,
        id: Option<Value>,
        received: std::time::Instant,
    ) -> Result<(), ProtocolError> {
        if let Some(refusal) = self.contest_refusal(conn, &msg) {
            return Err(refusal);
        }
        match msg {
            TableMsg::Join { seat, invite, .. } => self.join(conn, seat, invite.as_deref(), id.as_ref()).await,
            TableMsg::Spectate { .. } => {
                self.subscribe(conn, None);
                self.send_table_to(conn, None, id.as_ref());
                self.send_sync(conn, None, None);
                Ok(())
            }
            TableMsg::Resume { since, .. } => {
                let seat = self.lobby.seat_of(&conn.player.id);
                if let Some(s) = seat {
                    self.lobby.mark_back(s);
                }
                self.subscribe(conn, seat);
                self.send_table_to(conn, seat, id.as_ref());
                self.send_sync(conn, seat, since);
                self.broadcast_table();
                self.publish_summary();
                Ok(())
            }
            TableMsg::Leave { .. } => self.leave(conn).await,
            TableMsg::Remove { seat, .. } => self.remove(conn, seat).await,
            TableMsg::SetBot { seat, bot, .. } => self.set_bot(conn, seat, bot.as_deref()).await,
            TableMsg::FillBots { bot, .. } => self.fill_bots(conn, bot.as_deref()).await,
            TableMsg::Start { .. } => {
                self.lobby.require_host(conn)?;
                if self.lobby.status == Status::Playing {
                    return Err(ProtocolError::new(ErrorCode::BadRequest, "the match is already under way"));
                }
                self.start(conn).await
            }
            TableMsg::Rematch { .. } => {
                if self.lobby.status != Status::Finished {
                    return Err(ProtocolError::new(ErrorCode::BadRequest, "a rematch needs a finished match"));
                }
                if self.lobby.seat_of(&conn.player.id).is_none() && self.lobby.host != conn.player.id {
                    return Err(ProtocolError::new(
                        ErrorCode::NotSeated,
                        "only the players at the table may ask for a rematch",
                    ));
                }
                self.start(conn).await
            }
            TableMsg::Act { action, version, .. } => self.act(conn, &action, version, received).await,
            TableMsg::Hint { .. } => self.hint(conn, id),
            TableMsg::Chat { text, phrase, .. } => self.chat(conn, text.as_deref(), phrase.as_deref()).await,
        }
    }
}
