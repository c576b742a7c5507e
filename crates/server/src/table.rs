//! One task per table: it owns the lobby, the [`Match`] and the clocks, and is the only caller of
//! the rules. Written once, generic over [`Playable`]; [`crate::Spawn`] picks the game type.
//!
//! Every accepted change goes: check with the rules → append to the store (await the commit) →
//! apply → broadcast. So whatever a client has seen is on disk, and a restarted server rebuilds
//! the table by replaying its action log.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use bots::{BotSpec, Playable};
use cards::Card;
use game::{Actor, GameKind, HandRecord, Match, Options, Phase, Record, RuleSet, Seat};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::hub::{Conn, Hub, TableCmd, TableSummary};
use crate::protocol::{self, ClientMsg, ErrorCode, ProtocolError};
use crate::store::{EventRow, MatchRow, TableRow, unix_ms};
use crate::{fair, ids};

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Occupant {
    /// Nobody.
    Empty,
    /// A person.
    Human {
        /// Their player id.
        id: String,
        /// Their display name.
        name: String,
        /// They left during a match: their bot plays until they join again.
        #[serde(default)]
        left: bool,
    },
    /// A bot.
    Bot {
        /// Its spec (`heuristic`, `random`).
        bot: String,
    },
}

/// A seat's occupant and the state of its clock (not stored: a restored table starts fresh).
#[derive(Clone, Debug)]
struct SeatState {
    occupant: Occupant,
    timeouts: u32,
    away: bool,
    /// When the player's last connection to the table closed (a restored table: when it was
    /// restored); `None` while connected.
    gone_since: Option<Instant>,
}

/// Where the table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Lobby,
    Playing,
    Finished,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Playing => "playing",
            Status::Finished => "finished",
        }
    }

    fn parse(s: &str) -> Status {
        match s {
            "playing" => Status::Playing,
            "finished" => Status::Finished,
            _ => Status::Lobby,
        }
    }
}

/// After this many timeouts in a row a seat is away: its bot plays at once.
const AWAY_AFTER_TIMEOUTS: u32 = 2;

/// How long the table waits before it retries a clock wake that changed nothing.
const STALL_RETRY: Duration = Duration::from_secs(1);

/// One line of the public action log.
#[derive(Clone, Debug, Serialize)]
struct LogEntry {
    version: u64,
    seat: Option<usize>,
    action: String,
}

/// The fair-deal secrets of the hand in progress.
#[derive(Clone, Debug)]
struct FairHand {
    hand: usize,
    salt: String,
    commitment: String,
    deck: Vec<Card>,
}

/// A subscribed connection: a seat's player or a spectator.
struct Sub {
    conn: Conn,
    seat: Option<Seat>,
}

/// How a table comes to be: created by a player, or restored from the store.
pub enum Origin {
    /// A new table.
    New {
        /// Its code.
        code: String,
        /// The rule options.
        rules: Options,
        /// Time per decision.
        turn_ms: u64,
        /// Listed publicly.
        public: bool,
        /// The host, who sits in seat 0.
        host: Conn,
        /// The table's secret seed.
        seed: [u8; 32],
    },
    /// A table read back from the store with its current match's log.
    Restore {
        /// The stored row.
        row: Box<TableRow>,
        /// The current match, if one was started.
        current: Option<(MatchRow, Vec<EventRow>)>,
    },
}

/// The table task's state.
pub struct Table<G: Playable> {
    hub: Arc<Hub>,
    rx: mpsc::UnboundedReceiver<TableCmd>,
    code: String,
    kind: GameKind,
    rules: Options,
    seat_count: usize,
    snap_window: Duration,
    turn: Duration,
    public: bool,
    host: String,
    seats: Vec<SeatState>,
    status: Status,
    version: u64,
    seed: [u8; 32],
    matches: u64,
    match_id: Option<String>,
    game: Option<Match<G>>,
    seq: i64,
    log: Vec<LogEntry>,
    hand_log_start: usize,
    fair: Option<FairHand>,
    subs: Vec<Sub>,
    decision_since: Instant,
    window_since: Instant,
    created_at: i64,
    closed: bool,
    buf: Vec<G::Action>,
}

/// What the clock must do next.
#[derive(Clone, Copy, Debug)]
enum Wake {
    CloseWindow,
    Bot(Seat),
    Timeout(Seat),
    /// Between matches: the host has been gone past the grace period; another seated person
    /// takes the host role, so the table can still start.
    HandOverHost,
}

fn derive(seed: &[u8; 32], what: &str, numbers: &[u64]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(seed);
    h.update(what.as_bytes());
    for n in numbers {
        h.update(n.to_le_bytes());
    }
    h.finalize().into()
}

fn derive_u64(seed: &[u8; 32], what: &str, numbers: &[u64]) -> u64 {
    let bytes = derive(seed, what, numbers);
    let mut first = [0u8; 8];
    first.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(first)
}

fn seat_json(seat: Option<Seat>) -> Value {
    seat.map_or(Value::Null, |s| json!(s.index()))
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
    ) -> Result<Self, String> {
        let now = Instant::now();
        let (code, rules, turn_ms, public) = match &origin {
            Origin::New { code, rules, turn_ms, public, .. } => (code.clone(), rules.clone(), *turn_ms, *public),
            Origin::Restore { row, .. } => {
                let rules = match serde_json::from_str::<Value>(&row.rules) {
                    Ok(Value::Object(map)) => map,
                    _ => return Err(format!("table {}: stored rules are not an object", row.code)),
                };
                (row.code.clone(), rules, u64::try_from(row.turn_ms).unwrap_or(30_000), row.public != 0)
            }
        };
        let rule_set = G::Rules::from_options(kind, &rules).map_err(|e| e.to_string())?;
        let seat_count = rule_set.seat_count();
        let snap_window =
            Duration::from_millis(rule_set.to_options().get("snap_window_ms").and_then(Value::as_u64).unwrap_or(3000));
        let empty = SeatState { occupant: Occupant::Empty, timeouts: 0, away: false, gone_since: None };
        let mut table = Table {
            hub,
            rx,
            code,
            kind,
            rules,
            seat_count,
            snap_window,
            turn: Duration::from_millis(turn_ms),
            public,
            host: String::new(),
            seats: vec![empty; seat_count],
            status: Status::Lobby,
            version: 0,
            seed: [0; 32],
            matches: 0,
            match_id: None,
            game: None,
            seq: 0,
            log: Vec::new(),
            hand_log_start: 0,
            fair: None,
            subs: Vec::new(),
            decision_since: now,
            window_since: now,
            created_at: unix_ms(),
            closed: false,
            buf: Vec::new(),
        };
        match origin {
            Origin::New { host, seed, .. } => {
                table.host = host.player.id.clone();
                table.seed = seed;
                table.version = 1;
                if let Some(seat) = table.seats.first_mut() {
                    seat.occupant =
                        Occupant::Human { id: host.player.id.clone(), name: host.player.name.clone(), left: false };
                }
            }
            Origin::Restore { row, current } => table.restore(*row, current)?,
        }
        Ok(table)
    }

    fn restore(&mut self, row: TableRow, current: Option<(MatchRow, Vec<EventRow>)>) -> Result<(), String> {
        let seats: Vec<Occupant> =
            serde_json::from_str(&row.seats).map_err(|e| format!("table {}: stored seats: {e}", row.code))?;
        let now = Instant::now();
        for (state, occupant) in self.seats.iter_mut().zip(seats) {
            if matches!(occupant, Occupant::Human { .. }) {
                state.gone_since = Some(now);
            }
            state.occupant = occupant;
        }
        self.host = row.host;
        self.status = Status::parse(&row.status);
        self.version = u64::try_from(row.version).unwrap_or(0);
        let seed = hex::decode(&row.seed).map_err(|e| format!("table {}: stored seed: {e}", row.code))?;
        self.seed = seed.try_into().map_err(|_| format!("table {}: the stored seed is not 32 bytes", row.code))?;
        self.matches = u64::try_from(row.matches).unwrap_or(0);
        self.created_at = row.created_at;
        self.match_id = row.match_id;
        let Some((m, events)) = current else { return Ok(()) };
        let players: Vec<String> = serde_json::from_str(&m.players).unwrap_or_default();
        let mut record = Record { game: self.kind, rules: self.rules.clone(), players, hands: Vec::new() };
        for e in &events {
            self.version = self.version.max(u64::try_from(e.version).unwrap_or(0));
            match e.kind.as_str() {
                "deal" => {
                    let hand: HandRecord =
                        serde_json::from_str(&e.body).map_err(|err| format!("match {}: stored deal: {err}", m.id))?;
                    self.hand_log_start = self.log.len();
                    record.hands.push(hand);
                }
                _ => {
                    let seat = e.seat.and_then(|s| usize::try_from(s).ok()).and_then(Seat::new);
                    if let Some(hand) = record.hands.last_mut() {
                        hand.actions.push(game::RecordedAction { seat, text: e.body.clone() });
                    }
                }
            }
            self.log.push(LogEntry {
                version: u64::try_from(e.version).unwrap_or(0),
                seat: e.seat.and_then(|s| usize::try_from(s).ok()),
                action: if e.kind == "deal" { "deal".to_owned() } else { e.body.clone() },
            });
        }
        self.seq = i64::try_from(events.len()).unwrap_or(i64::MAX);
        let first_dealer = usize::try_from(m.first_dealer).ok().and_then(Seat::new).unwrap_or(Seat::ZERO);
        let game = if record.hands.is_empty() {
            Match::<G>::new(self.kind, self.rules.clone(), record.players.clone(), first_dealer)
                .map_err(|e| e.to_string())?
        } else {
            Match::<G>::replay(&record).map_err(|e| format!("match {}: the stored log does not replay: {e}", m.id))?
        };
        if let (Some(last), Phase::InHand) = (record.hands.last(), game.game().phase()) {
            self.fair = Some(FairHand {
                hand: record.hands.len() - 1,
                salt: last.salt.clone().unwrap_or_default(),
                commitment: last.commitment.clone().unwrap_or_default(),
                deck: last.deck.clone(),
            });
        }
        if game.game().clock_may_act() {
            self.window_since = Instant::now();
        }
        self.game = Some(game);
        Ok(())
    }

    /// Runs the table until it closes or the server shuts down.
    pub async fn run(mut self) {
        self.publish_summary();
        if self.status == Status::Playing {
            self.advance().await;
        }
        let mut stalled: Option<(u64, Instant)> = None;
        while !self.closed {
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
                    Some(TableCmd::Detach { conn_id }) => self.detach(conn_id),
                    Some(TableCmd::Msg { conn, msg, id }) => {
                        if let Err(e) = self.handle(&conn, msg, id.clone()).await {
                            conn.send(e.with_id(id).to_message());
                        }
                    }
                },
                () = sleep => {
                    if let Some((_, what)) = wake {
                        let before = self.version;
                        self.on_wake(what).await;
                        if self.version == before {
                            // Nothing could be done (a failing store, a bot with no move): try
                            // again in a second rather than spin.
                            stalled = Some((before, Instant::now() + STALL_RETRY));
                        }
                    }
                }
            }
        }
        self.hub.forget_table(&self.code);
    }

    // ---- commands

    async fn handle(&mut self, conn: &Conn, msg: ClientMsg, id: Option<Value>) -> Result<(), ProtocolError> {
        match msg {
            ClientMsg::Join { seat, .. } => self.join(conn, seat, id.as_ref()).await,
            ClientMsg::Spectate { .. } => {
                self.subscribe(conn, None);
                self.send_table_to(conn, None, id.as_ref());
                self.send_sync(conn, None, None);
                Ok(())
            }
            ClientMsg::Resume { since, .. } => {
                let seat = self.seat_of(&conn.player.id);
                if let Some(s) = seat {
                    self.mark_back(s);
                }
                self.subscribe(conn, seat);
                self.send_table_to(conn, seat, id.as_ref());
                self.send_sync(conn, seat, since);
                self.broadcast_table();
                self.publish_summary();
                Ok(())
            }
            ClientMsg::Leave { .. } => self.leave(conn).await,
            ClientMsg::SetBot { seat, bot, .. } => self.set_bot(conn, seat, bot.as_deref()).await,
            ClientMsg::FillBots { bot, .. } => self.fill_bots(conn, bot.as_deref()).await,
            ClientMsg::Start { .. } => {
                self.require_host(conn)?;
                if self.status == Status::Playing {
                    return Err(ProtocolError::new(ErrorCode::BadRequest, "the match is already under way"));
                }
                self.start(conn).await
            }
            ClientMsg::Rematch { .. } => {
                if self.status != Status::Finished {
                    return Err(ProtocolError::new(ErrorCode::BadRequest, "a rematch needs a finished match"));
                }
                if self.seat_of(&conn.player.id).is_none() && self.host != conn.player.id {
                    return Err(ProtocolError::new(
                        ErrorCode::NotSeated,
                        "only the players at the table may ask for a rematch",
                    ));
                }
                self.start(conn).await
            }
            ClientMsg::Act { action, version, .. } => self.act(conn, &action, version).await,
            ClientMsg::CreateTable { .. } | ClientMsg::Ping => {
                Err(ProtocolError::new(ErrorCode::BadRequest, "not a table message"))
            }
        }
    }

    fn require_host(&self, conn: &Conn) -> Result<(), ProtocolError> {
        if conn.player.id == self.host {
            Ok(())
        } else {
            Err(ProtocolError::new(ErrorCode::NotHost, "only the host may do that"))
        }
    }

    fn seat_of(&self, player: &str) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| matches!(&s.occupant, Occupant::Human { id, .. } if id == player))
            .and_then(Seat::new)
    }

    /// Clears `away` (and a `leave` during the match) for a player who acts again; returns whether
    /// the table others see has changed.
    fn mark_back(&mut self, seat: Seat) -> bool {
        let Some(s) = self.seats.get_mut(seat.index()) else { return false };
        let mut changed = s.away;
        s.away = false;
        s.timeouts = 0;
        if let Occupant::Human { left, .. } = &mut s.occupant {
            changed |= *left;
            *left = false;
        }
        changed
    }

    async fn join(&mut self, conn: &Conn, wanted: Option<usize>, id: Option<&Value>) -> Result<(), ProtocolError> {
        if let Some(seat) = self.seat_of(&conn.player.id) {
            let moving = wanted.is_some_and(|w| w != seat.index());
            if moving && self.status == Status::Playing {
                return Err(ProtocolError::new(
                    ErrorCode::SeatTaken,
                    format!("seats change only between matches; yours is seat {seat}"),
                ));
            }
            if moving {
                // Moving seats in the lobby: free the old one first.
                self.take_seat(conn, wanted)?;
                self.free_seat(seat);
            } else {
                let was_left = matches!(
                    self.seats.get(seat.index()).map(|s| &s.occupant),
                    Some(Occupant::Human { left: true, .. })
                );
                self.mark_back(seat);
                if was_left {
                    self.save_row().await;
                }
            }
        } else {
            if self.status == Status::Playing {
                return Err(ProtocolError::new(
                    ErrorCode::SeatTaken,
                    "the match is under way: spectate, or wait for the next one",
                ));
            }
            self.take_seat(conn, wanted)?;
        }
        let seat = self.seat_of(&conn.player.id);
        self.version += 1;
        self.save_row().await;
        self.subscribe(conn, seat);
        self.send_table_to(conn, seat, id);
        self.send_sync(conn, seat, None);
        self.broadcast_table_except(conn.id);
        self.publish_summary();
        Ok(())
    }

    fn take_seat(&mut self, conn: &Conn, wanted: Option<usize>) -> Result<(), ProtocolError> {
        let index = match wanted {
            Some(w) if w >= self.seat_count => {
                return Err(ProtocolError::new(
                    ErrorCode::BadRequest,
                    format!("the table has seats 0 to {}", self.seat_count - 1),
                ));
            }
            Some(w) => w,
            None => self
                .seats
                .iter()
                .position(|s| s.occupant == Occupant::Empty)
                .ok_or_else(|| ProtocolError::new(ErrorCode::SeatTaken, "the table is full"))?,
        };
        let seat =
            self.seats.get_mut(index).ok_or_else(|| ProtocolError::new(ErrorCode::BadRequest, "no such seat"))?;
        if seat.occupant != Occupant::Empty {
            return Err(ProtocolError::new(ErrorCode::SeatTaken, format!("seat {index} is taken")));
        }
        seat.occupant = Occupant::Human { id: conn.player.id.clone(), name: conn.player.name.clone(), left: false };
        seat.away = false;
        seat.timeouts = 0;
        if self.status == Status::Finished {
            self.status = Status::Lobby;
        }
        Ok(())
    }

    fn free_seat(&mut self, seat: Seat) {
        if let Some(s) = self.seats.get_mut(seat.index()) {
            *s = SeatState { occupant: Occupant::Empty, timeouts: 0, away: false, gone_since: None };
        }
    }

    async fn leave(&mut self, conn: &Conn) -> Result<(), ProtocolError> {
        let seat = self.seat_of(&conn.player.id);
        self.subs.retain(|s| s.conn.player.id != conn.player.id);
        let Some(seat) = seat else {
            return Ok(());
        };
        if self.status == Status::Playing {
            if let Some(Occupant::Human { left, .. }) = self.seats.get_mut(seat.index()).map(|s| &mut s.occupant) {
                *left = true;
            }
        } else {
            self.free_seat(seat);
            self.status = Status::Lobby;
            if self.host == conn.player.id {
                let next = self.seats.iter().find_map(|s| match &s.occupant {
                    Occupant::Human { id, .. } => Some(id.clone()),
                    _ => None,
                });
                match next {
                    Some(next) => self.host = next,
                    None => {
                        self.close().await;
                        return Ok(());
                    }
                }
            }
        }
        self.version += 1;
        self.save_row().await;
        self.broadcast_table();
        self.publish_summary();
        Ok(())
    }

    async fn close(&mut self) {
        self.closed = true;
        if let Err(e) = self.hub.store.delete_table(&self.code).await {
            tracing::error!(table = %self.code, error = %e, "deleting a closed table failed");
        }
        let msg = protocol::text(
            &json!({ "type": "table", "table": { "code": self.code, "status": "closed" }, "you": null }),
        );
        for sub in &self.subs {
            sub.conn.send(msg.clone());
        }
        self.subs.clear();
    }

    fn parse_bot(bot: Option<&str>) -> Result<BotSpec, ProtocolError> {
        bot.unwrap_or("heuristic")
            .parse::<BotSpec>()
            .map_err(|e| ProtocolError::new(ErrorCode::BadRequest, e.to_string()))
    }

    async fn set_bot(&mut self, conn: &Conn, seat: usize, bot: Option<&str>) -> Result<(), ProtocolError> {
        self.require_host(conn)?;
        if self.status == Status::Playing {
            return Err(ProtocolError::new(ErrorCode::BadRequest, "seats change only between matches"));
        }
        let state = self
            .seats
            .get_mut(seat)
            .ok_or_else(|| ProtocolError::new(ErrorCode::BadRequest, format!("no seat {seat} at this table")))?;
        match bot {
            None => {
                if !matches!(state.occupant, Occupant::Bot { .. }) {
                    return Err(ProtocolError::new(ErrorCode::BadRequest, format!("seat {seat} has no bot")));
                }
                state.occupant = Occupant::Empty;
            }
            Some(text) => {
                let spec = Self::parse_bot(Some(text))?;
                if matches!(state.occupant, Occupant::Human { .. }) {
                    return Err(ProtocolError::new(ErrorCode::SeatTaken, format!("seat {seat} is taken")));
                }
                state.occupant = Occupant::Bot { bot: spec.to_string() };
            }
        }
        self.status = Status::Lobby;
        self.version += 1;
        self.save_row().await;
        self.broadcast_table();
        self.publish_summary();
        Ok(())
    }

    async fn fill_bots(&mut self, conn: &Conn, bot: Option<&str>) -> Result<(), ProtocolError> {
        self.require_host(conn)?;
        if self.status == Status::Playing {
            return Err(ProtocolError::new(ErrorCode::BadRequest, "seats change only between matches"));
        }
        let spec = Self::parse_bot(bot)?;
        for seat in &mut self.seats {
            if seat.occupant == Occupant::Empty {
                seat.occupant = Occupant::Bot { bot: spec.to_string() };
            }
        }
        self.version += 1;
        self.save_row().await;
        self.broadcast_table();
        self.publish_summary();
        Ok(())
    }

    async fn start(&mut self, conn: &Conn) -> Result<(), ProtocolError> {
        if self.seats.iter().any(|s| s.occupant == Occupant::Empty) {
            return Err(ProtocolError::new(ErrorCode::BadRequest, "every seat needs a player or a bot to start"));
        }
        let number = self.matches;
        let mut rng = ChaCha20Rng::from_seed(derive(&self.seed, "dealer", &[number]));
        let dealer = Seat::new(cards::random_below(&mut rng, self.seat_count as u32) as usize).unwrap_or(Seat::ZERO);
        let players: Vec<String> = self
            .seats
            .iter()
            .map(|s| match &s.occupant {
                Occupant::Human { name, .. } => name.clone(),
                Occupant::Bot { bot } => format!("bot:{bot}"),
                Occupant::Empty => String::new(),
            })
            .collect();
        let game = Match::<G>::new(self.kind, self.rules.clone(), players.clone(), dealer)
            .map_err(|e| ProtocolError::new(ErrorCode::BadRequest, e.to_string()))?;
        let match_id = ids::random_code("g_", 12).map_err(|e| internal(&e))?;
        let row = MatchRow {
            id: match_id.clone(),
            table_code: self.code.clone(),
            number: i64::try_from(number).unwrap_or(i64::MAX),
            game: self.kind.id().to_owned(),
            rules: Value::Object(self.rules.clone()).to_string(),
            players: json!(players).to_string(),
            first_dealer: dealer.index() as i64,
            finished: 0,
            result: None,
            record: None,
            started_at: unix_ms(),
            ended_at: None,
        };
        let humans: Vec<(i64, String)> = self
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match &s.occupant {
                Occupant::Human { id, .. } => Some((i as i64, id.clone())),
                _ => None,
            })
            .collect();
        self.hub.store.create_match(&row, &humans).await.map_err(|e| internal(&e))?;
        for seat in &mut self.seats {
            seat.timeouts = 0;
            seat.away = false;
        }
        self.matches += 1;
        self.match_id = Some(match_id);
        self.status = Status::Playing;
        self.game = Some(game);
        self.seq = 0;
        self.log.clear();
        self.hand_log_start = 0;
        self.fair = None;
        self.version += 1;
        self.save_row().await;
        tracing::info!(table = %self.code, game = %self.kind, by = %conn.player.id, "match started");
        self.broadcast_table();
        self.publish_summary();
        self.advance().await;
        Ok(())
    }

    async fn act(&mut self, conn: &Conn, text: &str, version: Option<u64>) -> Result<(), ProtocolError> {
        if self.status != Status::Playing {
            return Err(ProtocolError::new(ErrorCode::BadRequest, "no match is under way at this table"));
        }
        let Some(seat) = self.seat_of(&conn.player.id) else {
            return Err(ProtocolError::new(ErrorCode::NotSeated, "you have no seat at this table"));
        };
        if version.is_some_and(|v| v != self.version) {
            return Err(ProtocolError::new(
                ErrorCode::Stale,
                format!("the table is at version {}; your action was for {}", self.version, version.unwrap_or(0)),
            ));
        }
        let action: G::Action = text
            .parse()
            .map_err(|e: game::ParseActionError| ProtocolError::new(ErrorCode::BadRequest, e.to_string()))?;
        let Some(game) = self.game.as_ref() else {
            return Err(ProtocolError::new(ErrorCode::BadRequest, "no match is under way at this table"));
        };
        if !game.game().to_act().contains(seat) {
            return Err(ProtocolError::new(ErrorCode::NotYourTurn, "it is not your turn"));
        }
        game.game()
            .check(Actor::Seat(seat), action)
            .map_err(|e| ProtocolError::new(ErrorCode::Illegal, e.to_string()))?;
        let back = self.mark_back(seat);
        self.apply(Actor::Seat(seat), action).await.map_err(|e| ProtocolError::new(ErrorCode::Internal, e))?;
        if back {
            // The seat is no longer away: everyone's seat plates say so.
            self.broadcast_table();
        }
        Ok(())
    }

    // ---- the match

    /// Persists, applies and broadcasts an action already checked legal.
    async fn apply(&mut self, actor: Actor, action: G::Action) -> Result<(), String> {
        let Some(match_id) = self.match_id.clone() else { return Err("no match".to_owned()) };
        let text = action.to_string();
        let version = self.version + 1;
        let event = EventRow {
            match_id,
            seq: self.seq,
            version: version as i64,
            kind: "action".to_owned(),
            seat: actor.seat().map(|s| s.index() as i64),
            body: text.clone(),
        };
        if let Err(e) = self.hub.store.append(vec![event]).await {
            tracing::error!(table = %self.code, error = %e, "appending an action failed; it is not applied");
            return Err("the server could not save the action; try again".to_owned());
        }
        let Some(game) = self.game.as_mut() else { return Err("no match".to_owned()) };
        let window_before = game.game().clock_may_act();
        if let Err(e) = game.play(actor, action) {
            // Checked before the append, so this cannot happen; the log now holds an action the
            // rules refuse, which a restore would report loudly.
            tracing::error!(table = %self.code, error = %e, "a checked action was refused");
            return Err(e.to_string());
        }
        self.seq += 1;
        self.version = version;
        let now = Instant::now();
        self.decision_since = now;
        let window_after = game.game().clock_may_act();
        // A snap (hit or miss) restarts the window's clock: either a new card is on the pile or a
        // card was shown to everyone, and the others deserve the full window to react.
        if window_after && (!window_before || text.starts_with("snap")) {
            self.window_since = now;
        }
        let hand_over = game.game().phase() != Phase::InHand;
        self.log.push(LogEntry { version, seat: actor.seat().map(Seat::index), action: text.clone() });
        self.broadcast_event(actor.seat(), &text);
        if hand_over {
            self.reveal();
        }
        self.advance().await;
        Ok(())
    }

    /// Deals the next hand or finishes the match, as the game requires.
    async fn advance(&mut self) {
        loop {
            let Some(game) = self.game.as_ref() else { return };
            match game.game().phase() {
                Phase::InHand => return,
                Phase::Over => {
                    if self.status == Status::Playing {
                        self.finish().await;
                    }
                    return;
                }
                Phase::AwaitingDeal { dealer } => {
                    if self.status != Status::Playing {
                        return;
                    }
                    if let Err(e) = self.deal(dealer).await {
                        tracing::error!(table = %self.code, error = %e, "dealing failed; retrying on the next wake");
                        return;
                    }
                }
            }
        }
    }

    async fn deal(&mut self, dealer: Seat) -> Result<(), String> {
        let Some(match_id) = self.match_id.clone() else { return Err("no match".to_owned()) };
        let Some(game) = self.game.as_mut() else { return Err("no match".to_owned()) };
        let hand = game.record().hands.len();
        let number = self.matches.saturating_sub(1);
        let mut rng = ChaCha20Rng::from_seed(derive(&self.seed, "deal", &[number, hand as u64]));
        let deal = game.game().random_deal(&mut rng);
        let salt = derive(&self.seed, "salt", &[number, hand as u64]);
        let mut header = HandRecord::new(dealer, &[]);
        game.game().deal_to_record(&deal, &mut header);
        let commitment = fair::commitment(&salt, &header.deck);
        header.commitment = Some(commitment.clone());
        header.salt = Some(hex::encode(salt));
        let version = self.version + 1;
        let body = serde_json::to_string(&header).map_err(|e| e.to_string())?;
        let event =
            EventRow { match_id, seq: self.seq, version: version as i64, kind: "deal".to_owned(), seat: None, body };
        self.hub.store.append(vec![event]).await.map_err(|e| e.to_string())?;
        game.deal(deal).map_err(|e| e.to_string())?;
        if let Some(h) = game.current_hand_record_mut() {
            h.commitment = header.commitment.clone();
            h.salt = header.salt.clone();
        }
        self.seq += 1;
        self.version = version;
        let now = Instant::now();
        self.decision_since = now;
        self.window_since = now;
        self.fair = Some(FairHand { hand, salt: hex::encode(salt), commitment: commitment.clone(), deck: header.deck });
        self.hand_log_start = self.log.len();
        self.log.push(LogEntry { version, seat: None, action: "deal".to_owned() });
        let msg = protocol::text(
            &json!({ "type": "commitment", "table": self.code, "hand": hand, "commitment": commitment }),
        );
        for sub in &self.subs {
            sub.conn.send(msg.clone());
        }
        self.broadcast_event(None, "deal");
        Ok(())
    }

    fn reveal(&mut self) {
        let Some(fair) = self.fair.take() else { return };
        let msg = protocol::text(&json!({
            "type": "reveal", "table": self.code, "hand": fair.hand, "salt": fair.salt,
            "commitment": fair.commitment, "deck": fair.deck,
        }));
        for sub in &self.subs {
            sub.conn.send(msg.clone());
        }
    }

    async fn finish(&mut self) {
        let Some(game) = self.game.as_ref() else { return };
        let Some(match_id) = self.match_id.clone() else { return };
        let result = json!({ "winner": game.game().outcome(), "score": game.game().score() }).to_string();
        let record = serde_json::to_string(game.record()).unwrap_or_default();
        if let Err(e) = self.hub.store.finish_match(&match_id, &result, &record, unix_ms()).await {
            tracing::error!(table = %self.code, error = %e, "saving a finished match failed");
        }
        self.status = Status::Finished;
        self.version += 1;
        self.save_row().await;
        tracing::info!(table = %self.code, game = %match_id, "match finished");
        self.broadcast_table();
        self.publish_summary();
    }

    // ---- clocks

    fn snap_deadline(&self) -> Instant {
        self.window_since + self.snap_window
    }

    /// The deadline of the current human decision, or of the snap window.
    fn deadline(&self) -> Option<Instant> {
        let game = self.game.as_ref()?.game();
        if self.status != Status::Playing || game.phase() != Phase::InHand {
            return None;
        }
        if game.clock_may_act() {
            return Some(self.snap_deadline());
        }
        let humans = game.to_act().iter().any(|s| self.is_present_human(s));
        humans.then(|| self.decision_since + self.turn)
    }

    /// A person who decides for their seat: seated, not away, and connected (or disconnected for
    /// less than the grace period).
    fn is_present_human(&self, seat: Seat) -> bool {
        match self.seats.get(seat.index()) {
            Some(SeatState { occupant: Occupant::Human { left: false, .. }, away: false, gone_since, .. }) => {
                gone_since.is_none_or(|g| Instant::now() < g + self.hub.config.disconnect_grace)
            }
            _ => false,
        }
    }

    fn next_wake(&self) -> Option<(Instant, Wake)> {
        if self.status != Status::Playing {
            return self.host_handover_at().map(|at| (at, Wake::HandOverHost));
        }
        let game = self.game.as_ref()?.game();
        if game.phase() != Phase::InHand {
            return None;
        }
        let mut best: Option<(Instant, Wake)> = None;
        let mut consider = |at: Instant, what: Wake| {
            if best.is_none_or(|(b, _)| at < b) {
                best = Some((at, what));
            }
        };
        let window = game.clock_may_act();
        if window {
            consider(self.snap_deadline(), Wake::CloseWindow);
        }
        let bot_at = self.decision_since + self.hub.config.bot_delay;
        for seat in game.to_act().iter() {
            if self.is_present_human(seat) {
                if !window {
                    consider(self.decision_since + self.turn, Wake::Timeout(seat));
                }
                if let Some(gone) = self.seats.get(seat.index()).and_then(|s| s.gone_since) {
                    // Disconnected: once the grace period is over, the bot plays for them.
                    consider((gone + self.hub.config.disconnect_grace).max(bot_at), Wake::Bot(seat));
                }
            } else {
                consider(bot_at, Wake::Bot(seat));
            }
        }
        best
    }

    /// When the host role passes on: the host's seat has had no connection for the grace period
    /// and another seated person is connected. `None` while nothing is to be done.
    fn host_handover_at(&self) -> Option<Instant> {
        let seat = self.seat_of(&self.host)?;
        let gone = self.seats.get(seat.index())?.gone_since?;
        self.next_host()?;
        Some(gone + self.hub.config.disconnect_grace)
    }

    /// The first seated person other than the host who is connected now.
    fn next_host(&self) -> Option<String> {
        self.seats.iter().find_map(|s| match &s.occupant {
            Occupant::Human { id, .. } if *id != self.host && self.is_connected(id) => Some(id.clone()),
            _ => None,
        })
    }

    async fn on_wake(&mut self, what: Wake) {
        match what {
            Wake::HandOverHost => {
                let due = self.host_handover_at().is_some_and(|at| at <= Instant::now());
                if let (true, Some(next)) = (due, self.next_host()) {
                    tracing::info!(table = %self.code, from = %self.host, to = %next, "the host is gone; the role passes on");
                    self.host = next;
                    self.version += 1;
                    self.save_row().await;
                    self.broadcast_table();
                    self.publish_summary();
                }
            }
            Wake::CloseWindow => {
                let Ok(close) = "close".parse::<G::Action>() else { return };
                let ok = self.game.as_ref().is_some_and(|g| g.game().is_legal(Actor::Clock, close));
                if ok {
                    let _ = self.apply(Actor::Clock, close).await;
                }
            }
            Wake::Bot(seat) => self.bot_plays(seat).await,
            Wake::Timeout(seat) => {
                if let Some(s) = self.seats.get_mut(seat.index()) {
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

    fn bot_spec(&self, seat: Seat) -> BotSpec {
        match self.seats.get(seat.index()).map(|s| &s.occupant) {
            Some(Occupant::Bot { bot }) => bot.parse().unwrap_or(BotSpec::HEURISTIC),
            _ => BotSpec::HEURISTIC,
        }
    }

    async fn bot_plays(&mut self, seat: Seat) {
        let Some(game) = self.game.as_ref() else { return };
        game.game().legal_actions(seat, &mut self.buf);
        if self.buf.is_empty() {
            return;
        }
        // A fresh bot per decision, seeded from the table and the version: its choice depends only
        // on what it sees, so a restored table plays on exactly as it would have.
        let seed = derive_u64(&self.seed, "bot", &[self.matches, self.version, seat.index() as u64]);
        let mut bot = G::bot(self.bot_spec(seat), seed);
        let view = game.game().view(Some(seat));
        let action = bot.choose(seat, &view, &self.buf);
        if !game.game().is_legal(Actor::Seat(seat), action) {
            tracing::error!(table = %self.code, %seat, "a bot chose an illegal action");
            return;
        }
        if let Err(e) = self.apply(Actor::Seat(seat), action).await {
            tracing::warn!(table = %self.code, error = %e, "a bot's action was not applied");
        }
    }

    // ---- messages

    fn subscribe(&mut self, conn: &Conn, seat: Option<Seat>) {
        self.subs.retain(|s| s.conn.id != conn.id);
        self.subs.push(Sub { conn: conn.clone(), seat });
        if let Some(state) = seat.and_then(|s| self.seats.get_mut(s.index())) {
            state.gone_since = None;
        }
    }

    fn detach(&mut self, conn_id: u64) {
        let Some(pos) = self.subs.iter().position(|s| s.conn.id == conn_id) else { return };
        let gone = self.subs.remove(pos);
        let player = &gone.conn.player.id;
        if !self.subs.iter().any(|s| s.conn.player.id == *player)
            && let Some(seat) = self.seat_of(player)
            && let Some(state) = self.seats.get_mut(seat.index())
        {
            state.gone_since = Some(Instant::now());
        }
        self.broadcast_table();
        self.publish_summary();
    }

    fn table_json(&self) -> Value {
        let seats: Vec<Value> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                match &s.occupant {
                    Occupant::Empty => json!({ "seat": i, "name": null, "kind": "empty", "bot": null, "connected": false, "away": false }),
                    Occupant::Bot { bot } => json!({ "seat": i, "name": format!("bot:{bot}"), "kind": "bot", "bot": bot, "connected": true, "away": false }),
                    Occupant::Human { id, name, left } => json!({
                        "seat": i, "name": name, "kind": "human", "bot": null, "player": id,
                        "connected": self.is_connected(id), "away": s.away || *left,
                    }),
                }
            })
            .collect();
        json!({
            "code": self.code, "game": self.kind.id(), "rules": self.rules, "public": self.public,
            "turn_ms": self.turn.as_millis() as u64, "host": self.host, "status": self.status.as_str(),
            "seats": seats, "version": self.version, "game_id": self.match_id,
        })
    }

    fn send_table_to(&self, conn: &Conn, seat: Option<Seat>, id: Option<&Value>) {
        let msg = json!({ "type": "table", "table": self.table_json(), "you": seat_json(seat) });
        conn.send(protocol::text(&protocol::with_id(msg, id)));
    }

    fn broadcast_table(&self) {
        self.broadcast_table_except(u64::MAX);
    }

    fn broadcast_table_except(&self, skip: u64) {
        let table = self.table_json();
        let mut cache: HashMap<Option<Seat>, Arc<str>> = HashMap::new();
        for sub in self.subs.iter().filter(|s| s.conn.id != skip) {
            let msg = cache.entry(sub.seat).or_insert_with(|| {
                protocol::text(&json!({ "type": "table", "table": table, "you": seat_json(sub.seat) }))
            });
            sub.conn.send(msg.clone());
        }
    }

    /// What `seat` (or a spectator) sees of the match now: the fields `sync` and `event` share.
    fn state_fields(&self, seat: Option<Seat>) -> serde_json::Map<String, Value> {
        let mut out = serde_json::Map::new();
        let Some(m) = self.game.as_ref() else {
            for key in ["view", "deadline_ms", "winner"] {
                out.insert(key.to_owned(), Value::Null);
            }
            out.insert("to_act".to_owned(), json!([]));
            out.insert("legal".to_owned(), json!([]));
            out.insert("hands".to_owned(), json!([]));
            out.insert("score".to_owned(), json!([]));
            out.insert("finished".to_owned(), json!(false));
            return out;
        };
        let g = m.game();
        let to_act = g.to_act();
        let legal = match seat {
            Some(s) if to_act.contains(s) => m.legal_texts(s),
            _ => Vec::new(),
        };
        let deadline = self.deadline().map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64);
        out.insert("view".to_owned(), json!(g.view(seat)));
        out.insert("to_act".to_owned(), json!(to_act));
        out.insert("legal".to_owned(), json!(legal));
        out.insert("deadline_ms".to_owned(), json!(deadline));
        out.insert("hands".to_owned(), json!(g.hand_summaries()));
        out.insert("score".to_owned(), json!(g.score()));
        out.insert("finished".to_owned(), json!(g.phase() == Phase::Over));
        out.insert("winner".to_owned(), json!(g.outcome()));
        out
    }

    fn send_sync(&self, conn: &Conn, seat: Option<Seat>, since: Option<u64>) {
        // Everything after `since` if the current match's log reaches back that far; else the
        // current hand.
        let first_version = self.log.first().map_or(u64::MAX, |e| e.version);
        let log: Vec<&LogEntry> = match since {
            Some(v) if v + 1 >= first_version && v <= self.version => {
                self.log.iter().filter(|e| e.version > v).collect()
            }
            _ => self.log.get(self.hand_log_start..).unwrap_or_default().iter().collect(),
        };
        let mut msg = self.state_fields(seat);
        msg.insert("type".to_owned(), json!("sync"));
        msg.insert("table".to_owned(), json!(self.code));
        msg.insert("version".to_owned(), json!(self.version));
        msg.insert("seat".to_owned(), seat_json(seat));
        msg.insert("log".to_owned(), json!(log));
        if let Some(f) = &self.fair {
            msg.insert("commitment".to_owned(), json!({ "hand": f.hand, "commitment": f.commitment }));
        }
        conn.send(protocol::text(&Value::Object(msg)));
    }

    fn broadcast_event(&self, seat: Option<Seat>, action: &str) {
        let mut cache: HashMap<Option<Seat>, Arc<str>> = HashMap::new();
        for sub in &self.subs {
            let msg = cache.entry(sub.seat).or_insert_with(|| {
                let mut msg = self.state_fields(sub.seat);
                msg.insert("type".to_owned(), json!("event"));
                msg.insert("table".to_owned(), json!(self.code));
                msg.insert("version".to_owned(), json!(self.version));
                msg.insert("seat".to_owned(), seat_json(seat));
                msg.insert("action".to_owned(), json!(action));
                protocol::text(&Value::Object(msg))
            });
            sub.conn.send(msg.clone());
        }
    }

    // ---- persistence of the lobby, and the public listing

    async fn save_row(&self) {
        let seats: Vec<&Occupant> = self.seats.iter().map(|s| &s.occupant).collect();
        let row = TableRow {
            code: self.code.clone(),
            game: self.kind.id().to_owned(),
            rules: Value::Object(self.rules.clone()).to_string(),
            turn_ms: self.turn.as_millis() as i64,
            public: i64::from(self.public),
            host: self.host.clone(),
            seats: json!(seats).to_string(),
            status: self.status.as_str().to_owned(),
            version: self.version as i64,
            seed: hex::encode(self.seed),
            match_id: self.match_id.clone(),
            matches: self.matches as i64,
            created_at: self.created_at,
            updated_at: unix_ms(),
        };
        if let Err(e) = self.hub.store.save_table(&row).await {
            tracing::error!(table = %self.code, error = %e, "saving the table failed");
        }
    }

    /// Whether `player` has a socket subscribed to the table now.
    fn is_connected(&self, player: &str) -> bool {
        self.subs.iter().any(|sub| sub.conn.player.id == player)
    }

    fn publish_summary(&self) {
        let host = self
            .seats
            .iter()
            .find_map(|s| match &s.occupant {
                Occupant::Human { id, name, .. } if *id == self.host => Some(name.clone()),
                _ => None,
            })
            .unwrap_or_default();
        let summary = TableSummary {
            code: self.code.clone(),
            game: self.kind.id(),
            public: self.public,
            status: self.status.as_str(),
            host,
            seats: self.table_json().get("seats").cloned().unwrap_or(Value::Null),
            // A lobby whose host has gone cannot start: it is not offered to strangers.
            open: self.status != Status::Playing
                && self.seats.iter().any(|s| s.occupant == Occupant::Empty)
                && self.is_connected(&self.host),
            host_id: self.host.clone(),
            in_lobby: self.status == Status::Lobby,
        };
        self.hub.publish(summary);
    }
}

fn internal(e: &dyn std::fmt::Display) -> ProtocolError {
    tracing::error!(error = %e, "internal error");
    ProtocolError::new(ErrorCode::Internal, "the server failed; try again")
}

/// A fresh secret seed for a table: from the operating system, or, when the server runs with a
/// fixed seed (tests), from that seed and the table's number.
pub fn table_seed(fixed: Option<u64>, number: u64) -> Result<[u8; 32], String> {
    match fixed {
        Some(seed) => Ok(derive(&[0; 32], "table", &[seed, number])),
        None => ids::random_bytes::<32>().map_err(|e| e.to_string()),
    }
}

/// Draws the random first bytes of the deal RNG in tests that need to know the seed's use.
#[cfg(test)]
pub(crate) fn deal_rng(seed: &[u8; 32], number: u64, hand: u64) -> ChaCha20Rng {
    ChaCha20Rng::from_seed(derive(seed, "deal", &[number, hand]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::RngCore;

    #[test]
    fn derived_seeds_differ_by_purpose_and_number() {
        let seed = [3u8; 32];
        assert_ne!(derive(&seed, "deal", &[0, 0]), derive(&seed, "salt", &[0, 0]));
        assert_ne!(derive(&seed, "deal", &[0, 0]), derive(&seed, "deal", &[0, 1]));
        assert_eq!(derive_u64(&seed, "bot", &[1, 2, 3]), derive_u64(&seed, "bot", &[1, 2, 3]));
        let mut a = deal_rng(&seed, 0, 0);
        let mut b = deal_rng(&seed, 0, 0);
        assert_eq!(a.next_u64(), b.next_u64());
        assert_eq!(table_seed(Some(1), 0), table_seed(Some(1), 0));
        assert_ne!(table_seed(Some(1), 0), table_seed(Some(1), 1));
    }
}
