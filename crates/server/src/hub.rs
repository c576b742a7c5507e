//! The hub: the shared state of a running server — the store, the settings, the live tables by code
//! and the public listing. Connections ([`crate::session`]) reach tables through it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use bots::Playable;
use game::GameKind;
use serde::Serialize;
use serde_json::Value;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

use crate::bot_threads::{BotThreads, StartError};
use crate::botpool::BotPool;
use crate::fair::table_seed;
use crate::limits::{
    KeyedRate, MAX_LISTED_TABLES, MAX_TABLES_PER_HOST, PRIVATE_CODE_LEN, PUBLIC_CODE_LEN, Places, TURN_MS,
};
use crate::metrics::Metrics;
use crate::outbox::Outbox;
use crate::protocol::{ClientMsg, ErrorCode, ProtocolError, SeatInfo};
use crate::store::{PlayerRow, Store, TableRow};
use crate::table::{Origin, Table, TableError};
use crate::{Config, ids};

/// A connection as tables see it: who it is and where its messages go.
#[derive(Clone, Debug)]
pub struct Conn {
    /// Unique per connection.
    pub id: u64,
    /// The authenticated player.
    pub player: PlayerRow,
    out: Arc<Outbox>,
}

impl Conn {
    /// A connection handle whose messages go to `out`.
    pub(crate) fn new(id: u64, player: PlayerRow, out: Arc<Outbox>) -> Self {
        Conn { id, player, out }
    }

    /// Queues a text frame (dropped once the connection is closing; a reader too far behind
    /// gets its socket closed instead).
    pub fn send(&self, msg: Arc<str>) {
        self.out.push(msg);
    }

    /// Queues a close frame.
    pub fn close(&self, code: u16, reason: &'static str) {
        self.out.close(code, reason);
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
        /// When it was read off the socket (for the action latency metric).
        received: std::time::Instant,
    },
    /// A connection closed: stop sending to it.
    Detach {
        /// The connection.
        conn_id: u64,
    },
    /// The server is stopping.
    Shutdown,
}

/// The host's choices for a new table (`create_table`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewTable {
    /// Time per decision in milliseconds (absent: the server's default). Every table has a
    /// clock; rated ones too.
    pub turn_ms: Option<u64>,
    /// Listed in `GET /api/tables`.
    pub public: bool,
    /// Players may ask for hints.
    pub hints: bool,
    /// The matches are rated (no hints, no bots, accounts only).
    pub rated: bool,
    /// Spectators have a chat channel of their own.
    pub spectator_chat: bool,
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
    /// Whether players may ask for hints.
    pub hints: bool,
    /// Whether the table's matches are rated.
    pub rated: bool,
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
    /// Who created each live table (code → player id), reserved under this lock together with the
    /// count, so concurrent `create_table`s of one player cannot pass the limit together.
    created_by: Mutex<HashMap<String, String>>,
    listing: Mutex<HashMap<String, TableSummary>>,
    pub(crate) next_conn: AtomicU64,
    tables_created: AtomicU64,
    pub(crate) connections: AtomicU64,
    pub(crate) shutdown: watch::Receiver<bool>,
    /// Open WebSockets per player.
    pub(crate) player_conns: Places<String>,
    /// Guests created, per address.
    pub(crate) guest_rate: KeyedRate,
    /// Sign-in attempts, per address.
    pub(crate) signin_rate: KeyedRate,
    /// Tables created, per address.
    pub(crate) table_rate: KeyedRate,
    /// Codes that named no table, per address and per player.
    pub(crate) guess_rate: KeyedRate,
    /// The operator's external bots and their processes.
    pub(crate) bot_pool: BotPool,
    /// The threads built-in searching bots think on.
    pub bot_threads: BotThreads,
    /// The matches being analysed now (ids), on the bot threads.
    pub(crate) analysing: Mutex<std::collections::HashSet<String>>,
    /// The operators' metrics (`GET /metrics`).
    pub metrics: Metrics,
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
    pub fn visit<G: Playable>(self, kind: GameKind) -> Result<(), TableError> {
        let (tx, rx) = mpsc::unbounded_channel();
        let code = match &self.origin {
            Origin::New { code, .. } => code.clone(),
            Origin::Restore { row, .. } => row.code.clone(),
        };
        let hub = self.hub.clone();
        let table = Table::<G>::new(self.hub, kind, self.origin, rx)?;
        let task = tokio::spawn(table.run());
        lock(&hub.tables).insert(code, LiveTable { tx, task });
        Ok(())
    }
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic while holding these locks cannot leave their maps half-updated (single inserts and
    // removes), so a poisoned lock is still consistent.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Hub {
    /// How many matches may be analysed at once: half the bot threads (at least one), so the bots
    /// at live tables always keep a thread.
    #[must_use]
    pub fn max_analyses(&self) -> usize {
        (self.bot_threads.threads() / 2).max(1)
    }

    /// A hub over `store` with `config`; `shutdown` turns true when the server stops.
    ///
    /// # Errors
    /// The bots' threads cannot be started.
    pub fn new(store: Store, config: Config, shutdown: watch::Receiver<bool>) -> Result<Arc<Hub>, StartError> {
        let limits = &config.limits;
        let guest_rate = KeyedRate::new(limits.guest_burst, limits.guests_per_minute);
        let guess_rate = KeyedRate::new(limits.guess_burst, limits.guesses_per_minute);
        let signin_rate = KeyedRate::new(limits.signin_burst, limits.signins_per_minute);
        let table_rate = KeyedRate::new(limits.table_burst, limits.tables_per_minute);
        let bot_pool = BotPool::new(&config.bots, config.max_bot_processes, config.bot_ms);
        let bot_threads = BotThreads::new(config.bot_threads)?;
        let metrics = Metrics::new(store.metrics());
        Ok(Arc::new(Hub {
            metrics,
            bot_pool,
            bot_threads,
            store,
            config,
            guest_rate,
            guess_rate,
            signin_rate,
            table_rate,
            tables: Mutex::new(HashMap::new()),
            created_by: Mutex::new(HashMap::new()),
            listing: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            tables_created: AtomicU64::new(0),
            connections: AtomicU64::new(0),
            shutdown,
            player_conns: Places::default(),
            analysing: Mutex::new(std::collections::HashSet::new()),
        }))
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

    async fn restore_one(self: &Arc<Self>, row: TableRow) -> Result<(), TableError> {
        let kind: GameKind = row
            .game
            .parse()
            .map_err(|e: game::UnknownGame| TableError::Stored { code: row.code.clone(), reason: e.to_string() })?;
        let current = match &row.match_id {
            Some(id) if row.status == "playing" => match self.store.match_row(id).await? {
                Some(m) => Some((m, self.store.events(id).await?)),
                None => None,
            },
            _ => None,
        };
        lock(&self.created_by).insert(row.code.clone(), row.host.clone());
        (self.config.dispatch)(
            kind,
            Spawn { hub: self.clone(), origin: Origin::Restore { row: Box::new(row), current } },
        )
    }

    /// Opens a new table with `conn` as host in seat 0 and returns its code.
    ///
    /// # Errors
    /// `bad_request` for an unknown game, bad rules or turn time, or a rated table with hints.
    pub fn create_table(
        self: &Arc<Self>,
        conn: &Conn,
        game: &str,
        rules: Option<serde_json::Map<String, Value>>,
        settings: NewTable,
    ) -> Result<String, ProtocolError> {
        let NewTable { turn_ms, public, hints, rated, spectator_chat } = settings;
        let kind: GameKind =
            game.parse().map_err(|e: game::UnknownGame| ProtocolError::new(ErrorCode::BadRequest, e.to_string()))?;
        if rated && hints {
            return Err(ProtocolError::new(
                ErrorCode::BadRequest,
                "a rated table has no hints: choose rated or hints, not both",
            ));
        }
        let turn_ms = turn_ms.unwrap_or(self.config.default_turn_ms);
        if !TURN_MS.contains(&turn_ms) {
            return Err(ProtocolError::new(
                ErrorCode::BadRequest,
                format!("turn_ms must be between {} and {}", TURN_MS.start(), TURN_MS.end()),
            ));
        }
        if let Err(e) = self.store.write_health() {
            // The table would live in memory only: refuse rather than answer as if it were saved.
            tracing::debug!(error = %e, "a table was not created: the store refuses writes");
            return Err(ProtocolError::new(
                ErrorCode::Unavailable,
                "the server cannot save new tables right now; try again shortly",
            ));
        }
        let code = loop {
            let len = if public { PUBLIC_CODE_LEN } else { PRIVATE_CODE_LEN };
            let code = ids::random_code("", len).map_err(|e| ProtocolError::new(ErrorCode::Internal, e.to_string()))?;
            if !lock(&self.tables).contains_key(&code) && !lock(&self.created_by).contains_key(&code) {
                break code;
            }
        };
        // Finished tables wait for a new match or to be left; they do not count.
        let finished: Vec<String> =
            lock(&self.listing).values().filter(|t| t.status == "finished").map(|t| t.code.clone()).collect();
        {
            let mut created_by = lock(&self.created_by);
            let hosted =
                created_by.iter().filter(|(code, host)| **host == conn.player.id && !finished.contains(code)).count();
            if hosted >= MAX_TABLES_PER_HOST {
                return Err(ProtocolError::new(
                    ErrorCode::BadRequest,
                    format!("you already host {hosted} tables in their lobby or playing; finish or leave one first"),
                ));
            }
            created_by.insert(code.clone(), conn.player.id.clone());
        }
        let number = self.tables_created.fetch_add(1, Ordering::Relaxed);
        let seed = table_seed(self.config.seed, number).map_err(|e| {
            lock(&self.created_by).remove(&code);
            ProtocolError::new(ErrorCode::Internal, e.to_string())
        })?;
        let origin = Origin::New {
            code: code.clone(),
            rules: rules.unwrap_or_default(),
            turn_ms,
            public,
            hints,
            rated,
            spectator_chat,
            host: conn.clone(),
            seed,
        };
        (self.config.dispatch)(kind, Spawn { hub: self.clone(), origin }).map_err(|e| {
            lock(&self.created_by).remove(&code);
            ProtocolError::new(ErrorCode::BadRequest, e.to_string())
        })?;
        tracing::info!(table = %code, game = %kind, player_id = %conn.player.id, public, "table created");
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
        lock(&self.created_by).remove(code);
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

    /// Calls `f` with the game and status (`lobby`, `playing`, `finished`) of every live table.
    pub(crate) fn each_table(&self, mut f: impl FnMut(&'static str, &'static str)) {
        for t in lock(&self.listing).values() {
            f(t.game, t.status);
        }
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
}
