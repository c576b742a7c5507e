//! The hub: the shared state of a running server — the store, the settings, the live tables by code
//! and the public listing — and the per-connection loop that routes typed messages to tables.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use bots::Playable;
use futures_util::{SinkExt, StreamExt};
use game::GameKind;
use serde::Serialize;
use serde_json::Value;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use crate::protocol::{self, ClientMsg, ErrorCode, ProtocolError, SeatInfo, ServerMsg};
use crate::store::{PlayerRow, Store, TableRow};
use crate::table::{Origin, Table, table_seed};
use crate::{Config, ids};

/// What a table or the hub sends a connection.
#[derive(Clone, Debug)]
pub enum Outgoing {
    /// A text frame.
    Text(Arc<str>),
    /// Close the socket with this code and reason.
    Close(u16, &'static str),
}

/// A connection as tables see it: who it is and where its messages go.
#[derive(Clone, Debug)]
pub struct Conn {
    /// Unique per connection.
    pub id: u64,
    /// The authenticated player.
    pub player: PlayerRow,
    out: mpsc::UnboundedSender<Outgoing>,
}

impl Conn {
    /// A connection handle whose messages go to `out`.
    #[must_use]
    pub fn new(id: u64, player: PlayerRow, out: mpsc::UnboundedSender<Outgoing>) -> Self {
        Conn { id, player, out }
    }

    /// Queues a text frame (dropped if the connection is gone).
    pub fn send(&self, msg: Arc<str>) {
        let _ = self.out.send(Outgoing::Text(msg));
    }

    /// Queues a close frame.
    pub fn close(&self, code: u16, reason: &'static str) {
        let _ = self.out.send(Outgoing::Close(code, reason));
    }
}

/// What a table task receives.
#[derive(Debug)]
pub enum TableCmd {
    /// A client's message about this table.
    Msg {
        /// Who sent it.
        conn: Conn,
        /// The message.
        msg: ClientMsg,
        /// Its `id`, echoed in replies.
        id: Option<Value>,
    },
    /// A connection closed: stop sending to it.
    Detach {
        /// The connection.
        conn_id: u64,
    },
    /// The server is stopping.
    Shutdown,
}

/// A table as `GET /api/tables` lists it.
#[derive(Clone, Debug, Serialize)]
pub struct TableSummary {
    /// The join code.
    pub code: String,
    /// The game id.
    pub game: &'static str,
    /// Listed publicly.
    #[serde(skip)]
    pub public: bool,
    /// `lobby`, `playing` or `finished`.
    pub status: &'static str,
    /// The host's name.
    pub host: String,
    /// The seats, as in the `table` message.
    pub seats: Vec<SeatInfo>,
    /// Whether a seat is free to join now and the host is there to start the match.
    #[serde(skip)]
    pub open: bool,
    /// The host's player id.
    #[serde(skip)]
    pub host_id: String,
    /// Whether the table is in its lobby (not playing, not finished).
    #[serde(skip)]
    pub in_lobby: bool,
}

/// The most tables one player may host in their lobby at once: enough to try things, not enough
/// to flood the list of open tables.
pub const MAX_LOBBIES_PER_HOST: usize = 5;

/// The most tables `GET /api/tables` lists.
pub const MAX_LISTED_TABLES: usize = 100;

/// Kabul's snap window at a server table: long enough to react, short enough that a table never
/// waits on it for long (the engine itself takes no clock).
pub const SNAP_WINDOW_MS: std::ops::RangeInclusive<u64> = 500..=60_000;

struct LiveTable {
    tx: mpsc::UnboundedSender<TableCmd>,
    task: JoinHandle<()>,
}

/// The server's shared state.
pub struct Hub {
    /// The database.
    pub store: Store,
    /// The settings.
    pub config: Config,
    tables: Mutex<HashMap<String, LiveTable>>,
    listing: Mutex<HashMap<String, TableSummary>>,
    next_conn: AtomicU64,
    tables_created: AtomicU64,
    connections: AtomicU64,
    shutdown: watch::Receiver<bool>,
}

/// The request a [`crate::Dispatch`] function hands to the game type it picks: build the table
/// task for game `G` and start it.
pub struct Spawn {
    hub: Arc<Hub>,
    origin: Origin,
}

impl Spawn {
    /// Builds and starts the table task for game type `G`.
    ///
    /// # Errors
    /// Bad rules, or a stored log that does not replay.
    pub fn visit<G: Playable>(self, kind: GameKind) -> Result<(), String> {
        let (tx, rx) = mpsc::unbounded_channel();
        let code = match &self.origin {
            Origin::New { code, .. } => code.clone(),
            Origin::Restore { row, .. } => row.code.clone(),
        };
        let hub = self.hub.clone();
        let table = Table::<G>::new(self.hub, kind, self.origin, rx)?;
        let task = tokio::spawn(table.run());
        let mut tables = hub.tables.lock().map_err(|_| "poisoned".to_owned())?;
        tables.insert(code, LiveTable { tx, task });
        Ok(())
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic while holding these locks cannot leave their maps half-updated (single inserts and
    // removes), so a poisoned lock is still consistent.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Hub {
    /// A hub over `store` with `config`; `shutdown` turns true when the server stops.
    #[must_use]
    pub fn new(store: Store, config: Config, shutdown: watch::Receiver<bool>) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            config,
            tables: Mutex::new(HashMap::new()),
            listing: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            tables_created: AtomicU64::new(0),
            connections: AtomicU64::new(0),
            shutdown,
        })
    }

    /// Restores every stored table: its lobby, and its match by replaying the action log.
    ///
    /// # Errors
    /// The store cannot be read. (A table that does not restore is logged and skipped.)
    pub async fn restore(self: &Arc<Self>) -> Result<usize, crate::store::StoreError> {
        let rows = self.store.tables().await?;
        let mut restored = 0;
        for row in rows {
            match self.restore_one(row).await {
                Ok(()) => restored += 1,
                Err(e) => tracing::error!(error = %e, "a stored table could not be restored"),
            }
        }
        self.tables_created.store(restored as u64, Ordering::Relaxed);
        Ok(restored)
    }

    async fn restore_one(self: &Arc<Self>, row: TableRow) -> Result<(), String> {
        let kind: GameKind = row.game.parse().map_err(|e| format!("table {}: {e}", row.code))?;
        let current = match &row.match_id {
            Some(id) if row.status == "playing" => {
                let m = self.store.match_row(id).await.map_err(|e| e.to_string())?;
                match m {
                    Some(m) => {
                        let events = self.store.events(id).await.map_err(|e| e.to_string())?;
                        Some((m, events))
                    }
                    None => None,
                }
            }
            _ => None,
        };
        let code = row.code.clone();
        (self.config.dispatch)(
            kind,
            Spawn { hub: self.clone(), origin: Origin::Restore { row: Box::new(row), current } },
        )
        .map_err(|e| format!("table {code}: {e}"))?;
        Ok(())
    }

    /// Opens a new table with `conn` as host in seat 0 and returns its code.
    ///
    /// # Errors
    /// `bad_request` for an unknown game, bad rules or turn time.
    pub fn create_table(
        self: &Arc<Self>,
        conn: &Conn,
        game: &str,
        rules: Option<serde_json::Map<String, Value>>,
        turn_ms: Option<u64>,
        public: bool,
    ) -> Result<String, ProtocolError> {
        let kind: GameKind =
            game.parse().map_err(|e: game::UnknownGame| ProtocolError::new(ErrorCode::BadRequest, e.to_string()))?;
        let turn_ms = turn_ms.unwrap_or(self.config.default_turn_ms);
        if !(1_000..=600_000).contains(&turn_ms) {
            return Err(ProtocolError::new(ErrorCode::BadRequest, "turn_ms must be between 1000 and 600000"));
        }
        if let Some(window) = rules.as_ref().and_then(|r| r.get("snap_window_ms")) {
            if !window.as_u64().is_some_and(|ms| SNAP_WINDOW_MS.contains(&ms)) {
                return Err(ProtocolError::new(
                    ErrorCode::BadRequest,
                    format!(
                        "snap_window_ms must be between {} and {} milliseconds",
                        SNAP_WINDOW_MS.start(),
                        SNAP_WINDOW_MS.end()
                    ),
                ));
            }
        }
        let hosted = lock(&self.listing).values().filter(|t| t.in_lobby && t.host_id == conn.player.id).count();
        if hosted >= MAX_LOBBIES_PER_HOST {
            return Err(ProtocolError::new(
                ErrorCode::BadRequest,
                format!("you already host {hosted} tables waiting for players; start or leave one first"),
            ));
        }
        let number = self.tables_created.fetch_add(1, Ordering::Relaxed);
        let seed = table_seed(self.config.seed, number).map_err(|e| ProtocolError::new(ErrorCode::Internal, e))?;
        let code = loop {
            let code = ids::random_code("", 6).map_err(|e| ProtocolError::new(ErrorCode::Internal, e.to_string()))?;
            if !lock(&self.tables).contains_key(&code) {
                break code;
            }
        };
        let origin = Origin::New {
            code: code.clone(),
            rules: rules.unwrap_or_default(),
            turn_ms,
            public,
            host: conn.clone(),
            seed,
        };
        (self.config.dispatch)(kind, Spawn { hub: self.clone(), origin })
            .map_err(|e| ProtocolError::new(ErrorCode::BadRequest, e))?;
        Ok(code)
    }

    /// Sends a command to a live table.
    ///
    /// # Errors
    /// `no_table` when no table has that code.
    pub fn send(&self, code: &str, cmd: TableCmd) -> Result<(), ProtocolError> {
        let code = code.trim().to_ascii_uppercase();
        let tables = lock(&self.tables);
        let table = tables.get(&code).ok_or_else(|| {
            ProtocolError::new(ErrorCode::NoTable, format!("no table {:?}", code.chars().take(12).collect::<String>()))
        })?;
        table.tx.send(cmd).map_err(|_| ProtocolError::new(ErrorCode::NoTable, "that table has closed"))
    }

    /// A table task ends: drop it from the registry and the listing.
    pub fn forget_table(&self, code: &str) {
        lock(&self.tables).remove(code);
        lock(&self.listing).remove(code);
    }

    /// A table's lobby changed: update the listing.
    pub fn publish(&self, summary: TableSummary) {
        lock(&self.listing).insert(summary.code.clone(), summary);
    }

    /// Public tables still open to join.
    #[must_use]
    pub fn open_tables(&self) -> Vec<TableSummary> {
        let mut list: Vec<TableSummary> =
            lock(&self.listing).values().filter(|t| t.public && t.open).cloned().collect();
        list.sort_by(|a, b| a.code.cmp(&b.code));
        list.truncate(MAX_LISTED_TABLES);
        list
    }

    /// How many tables are live.
    #[must_use]
    pub fn table_count(&self) -> usize {
        lock(&self.tables).len()
    }

    /// How many sockets are open.
    #[must_use]
    pub fn connection_count(&self) -> u64 {
        self.connections.load(Ordering::Relaxed)
    }

    /// Stops every table and waits for each to finish what it is doing (a store append in flight).
    pub async fn stop_tables(&self) {
        let tasks: Vec<(String, LiveTable)> = lock(&self.tables).drain().collect();
        for (_, t) in &tasks {
            let _ = t.tx.send(TableCmd::Shutdown);
        }
        for (_, t) in tasks {
            let _ = t.task.await;
        }
    }

    /// Serves one authenticated WebSocket: reads frames, enforces the limits, routes messages to
    /// tables and forwards what tables send, until either side closes or the server stops.
    pub async fn connection(self: Arc<Self>, player: PlayerRow, socket: WebSocket) {
        let (mut sink, mut stream) = socket.split();
        let (tx, mut rx) = mpsc::unbounded_channel::<Outgoing>();
        let conn = Conn::new(self.next_conn.fetch_add(1, Ordering::Relaxed), player, tx);
        self.connections.fetch_add(1, Ordering::Relaxed);
        conn.send(ServerMsg::welcome(&conn.player.id, &conn.player.name).to_text());
        let writer = tokio::spawn(async move {
            while let Some(out) = rx.recv().await {
                let result = match out {
                    Outgoing::Text(text) => sink.send(Message::Text(Utf8Bytes::from(&*text))).await,
                    Outgoing::Close(code, reason) => {
                        let frame = CloseFrame { code, reason: Utf8Bytes::from_static(reason) };
                        let _ = sink.send(Message::Close(Some(frame))).await;
                        break;
                    }
                };
                if result.is_err() {
                    break;
                }
            }
            let _ = sink.close().await;
        });
        let mut limits = Limits::new(&self.config);
        let mut joined: HashSet<String> = HashSet::new();
        let mut shutdown = self.shutdown.clone();
        loop {
            let frame = tokio::select! {
                frame = stream.next() => frame,
                _ = shutdown.changed() => {
                    conn.close(1001, "server shutting down");
                    break;
                }
            };
            let frame = match frame {
                Some(Ok(Message::Text(text))) => Frame::Text(text),
                Some(Ok(Message::Binary(_))) => Frame::Other,
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            };
            match limits.admit(&frame) {
                Admit::Ok => {}
                Admit::Refuse(e) => {
                    conn.send(e.to_message());
                    continue;
                }
                Admit::Close(e) => {
                    conn.send(e.to_message());
                    conn.close(1008, "policy violation");
                    break;
                }
            }
            let Frame::Text(text) = frame else { continue };
            match protocol::parse(&text) {
                Ok((msg, id)) => {
                    if let Err(e) = self.route(&conn, msg, id.clone(), &mut joined) {
                        conn.send(e.with_id(id).to_message());
                    }
                }
                Err(e) => {
                    conn.send(e.to_message());
                    if limits.garbage() {
                        conn.close(1008, "too many bad messages");
                        break;
                    }
                }
            }
        }
        for code in &joined {
            let _ = self.send(code, TableCmd::Detach { conn_id: conn.id });
        }
        drop(conn);
        let _ = writer.await;
        self.connections.fetch_sub(1, Ordering::Relaxed);
    }

    fn route(
        self: &Arc<Self>,
        conn: &Conn,
        msg: ClientMsg,
        id: Option<Value>,
        joined: &mut HashSet<String>,
    ) -> Result<(), ProtocolError> {
        match msg {
            ClientMsg::Ping => {
                conn.send(ServerMsg::pong(id).to_text());
                Ok(())
            }
            ClientMsg::CreateTable { game, rules, turn_ms, public } => {
                let code = self.create_table(conn, &game, rules, turn_ms, public)?;
                joined.insert(code.clone());
                self.send(
                    &code,
                    TableCmd::Msg {
                        conn: conn.clone(),
                        msg: ClientMsg::Join { table: code.clone(), seat: Some(0) },
                        id,
                    },
                )
            }
            msg => {
                let code = msg.table().unwrap_or_default().trim().to_ascii_uppercase();
                self.send(&code, TableCmd::Msg { conn: conn.clone(), msg, id })?;
                joined.insert(code);
                Ok(())
            }
        }
    }
}

/// A frame read from a socket, as the limits see it.
enum Frame {
    Text(Utf8Bytes),
    /// Anything else a client should not send (binary).
    Other,
}

enum Admit {
    Ok,
    Refuse(ProtocolError),
    Close(ProtocolError),
}

/// Per-connection limits: a token bucket for the message rate, and a count of bad messages.
struct Limits {
    tokens: f64,
    burst: f64,
    per_sec: f64,
    last: Instant,
    refused: u32,
    bad: u32,
}

/// Messages refused for rate before the socket is closed.
const MAX_REFUSED: u32 = 20;
/// Bad messages (garbage, unknown types, binary, too large) before the socket is closed.
const MAX_BAD: u32 = 10;

impl Limits {
    fn new(config: &Config) -> Self {
        Limits {
            tokens: config.rate_burst,
            burst: config.rate_burst,
            per_sec: config.rate_per_sec,
            last: Instant::now(),
            refused: 0,
            bad: 0,
        }
    }

    fn admit(&mut self, frame: &Frame) -> Admit {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.per_sec).min(self.burst);
        self.last = now;
        if self.tokens < 1.0 {
            self.refused += 1;
            let e = ProtocolError::new(ErrorCode::RateLimited, "too many messages; slow down");
            return if self.refused > MAX_REFUSED { Admit::Close(e) } else { Admit::Refuse(e) };
        }
        self.tokens -= 1.0;
        if let Frame::Other = frame {
            let e = ProtocolError::new(ErrorCode::BadJson, "text frames only");
            return if self.garbage() { Admit::Close(e) } else { Admit::Refuse(e) };
        }
        Admit::Ok
    }

    /// Counts a bad message; true when the connection has sent too many.
    fn garbage(&mut self) -> bool {
        self.bad += 1;
        self.bad > MAX_BAD
    }
}
