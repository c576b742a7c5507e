//! The hub: the directory of live tables and the lobby listing, and the shared state every layer
//! above reaches them through — the store, the settings, the rate limits, the bots' threads and
//! processes, the metrics. Connections and HTTP handlers find a table here by its code and hand
//! it a [`TableCmd`]; table tasks register here when they start, publish their summary for the
//! listing, and leave when they end. It is the seam where a table may live on another node.
//!
//! Below it: the store, the bot runners, the protocol's types. It never builds a table (the
//! table layer does, and registers the task here).

mod cluster;
mod conn;
mod delays;
mod listing;
mod outbox;
mod sessions;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

pub use self::cluster::{Cluster, ClusterConfig, start as start_cluster};
pub use self::conn::Conn;
use self::delays::AccountDelays;
use self::listing::Listing;
pub use self::listing::TableSummary;
pub(crate) use self::outbox::{Next, Outbox};
pub(crate) use self::sessions::SessionSockets;
use crate::Config;
use crate::ids;
use crate::limits::{KeyedBucket, KeyedRate, MAX_TABLES_PER_HOST, PRIVATE_CODE_LEN, PUBLIC_CODE_LEN, Places};
use crate::metrics::{Metrics, Snapshot};
use crate::protocol::http::ListedTable;
use crate::protocol::{ErrorCode, ProtocolError, TableMsg};
use crate::runners::{BotPool, BotThreads, StartError};
use crate::store::{PlayerRow, Store};

/// What a table task receives.
#[derive(Debug)]
pub enum TableCmd {
    /// A client's message about this table.
    Msg {
        /// Who sent it.
        conn: Conn,
        /// The message.
        msg: TableMsg,
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
    /// Another node owns the table now (its lease was taken over): close its connections and
    /// end, touching nothing stored.
    LetGo,
}

/// A running table task: where its commands go, and the task to wait for at shutdown.
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
    listing: Listing,
    next_conn: AtomicU64,
    tables_created: AtomicU64,
    connections: AtomicU64,
    pub(crate) shutdown: watch::Receiver<bool>,
    /// Open WebSockets per player.
    pub(crate) player_conns: Places<String>,
    /// Guests created, per address.
    pub(crate) guest_rate: KeyedRate,
    /// Sign-in attempts, per address.
    pub(crate) signin_rate: KeyedRate,
    /// Tables created, per address.
    pub(crate) table_rate: KeyedRate,
    /// Wrong passwords per account name, from any address.
    pub(crate) account_delays: AccountDelays,
    /// Renames, per player.
    pub(crate) rename_rate: KeyedRate,
    /// `name_taken` answers, per address (`a:IP`) and per player (`p:ID`).
    pub(crate) name_probes: KeyedBucket,
    /// The open sockets of each session.
    pub(crate) session_sockets: SessionSockets,
    /// Codes that named no table, per address (`a:IP`) and per player (`p:ID`).
    pub(crate) guess_rate: KeyedBucket,
    /// Chat messages, per player (over all their sockets and tables).
    pub(crate) chat_rate: KeyedBucket,
    /// Records uploaded to `POST /api/replay`, per address.
    pub(crate) replay_rate: KeyedRate,
    /// The operator's external bots and their processes.
    pub(crate) bot_pool: BotPool,
    /// The threads built-in searching bots think on.
    pub bot_threads: BotThreads,
    /// The matches being analysed now (ids), on the bot threads.
    pub(crate) analysing: Mutex<HashSet<String>>,
    /// The schedule's slots known to have their tournament (`serve --schedule`).
    pub(crate) scheduled: Mutex<HashSet<String>>,
    /// The closed days' games whose double-dummy pars are being computed (`day game`).
    pub(crate) pars_computing: Mutex<HashSet<String>>,
    /// The operators' metrics (`GET /metrics`).
    pub metrics: Metrics,
    /// This node's place in a cluster (`serve --nats`), once it has joined; never on a single node.
    cluster: std::sync::OnceLock<Cluster>,
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic while holding these locks cannot leave their maps half-updated (single inserts and
    // removes), so a poisoned lock is still consistent.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Hub {
    /// A hub over `store` with `config`; `shutdown` turns true when the server stops.
    ///
    /// # Errors
    /// The bots' threads cannot be started.
    pub fn new(store: Store, config: Config, shutdown: watch::Receiver<bool>) -> Result<Arc<Hub>, StartError> {
        let limits = &config.limits;
        let guest_rate = KeyedRate::new(limits.guest_burst, limits.guests_per_minute);
        let guess_rate = KeyedBucket::per_minute(limits.guess_burst, limits.guesses_per_minute);
        let chat_rate = KeyedBucket::new(limits.chat_burst, limits.chat_every);
        let replay_rate = KeyedRate::new(limits.replay_burst, limits.replays_per_minute);
        let signin_rate = KeyedRate::new(limits.signin_burst, limits.signins_per_minute);
        let table_rate = KeyedRate::new(limits.table_burst, limits.tables_per_minute);
        let bot_pool = BotPool::new(&config.bots, config.max_bot_processes, config.bot_share, config.bot_ms);
        let bot_threads = BotThreads::new(config.bot_threads)?;
        let metrics = Metrics::new(store.metrics(), config.cluster.as_ref().map(|c| c.node.as_str()));
        Ok(Arc::new(Hub {
            account_delays: AccountDelays::new(&config.limits),
            rename_rate: KeyedRate::new(config.limits.rename_burst, config.limits.renames_per_minute),
            name_probes: KeyedBucket::per_minute(config.limits.name_taken_burst, config.limits.name_taken_per_minute),
            session_sockets: SessionSockets::default(),
            metrics,
            bot_pool,
            bot_threads,
            store,
            config,
            guest_rate,
            guess_rate,
            chat_rate,
            replay_rate,
            signin_rate,
            table_rate,
            tables: Mutex::new(HashMap::new()),
            created_by: Mutex::new(HashMap::new()),
            listing: Listing::default(),
            next_conn: AtomicU64::new(1),
            tables_created: AtomicU64::new(0),
            connections: AtomicU64::new(0),
            shutdown,
            player_conns: Places::default(),
            analysing: Mutex::new(HashSet::new()),
            scheduled: Mutex::new(HashSet::new()),
            pars_computing: Mutex::new(HashSet::new()),
            cluster: std::sync::OnceLock::new(),
        }))
    }

    /// How many matches may be analysed at once: half the bot threads (at least one), so the bots
    /// at live tables always keep a thread.
    #[must_use]
    pub fn max_analyses(&self) -> usize {
        (self.bot_threads.threads() / 2).max(1)
    }

    /// Reserves a fresh code for a new table hosted by `host`.
    ///
    /// # Errors
    /// `bad_request` when the host already has [`MAX_TABLES_PER_HOST`] tables in their lobby or
    /// playing; `internal` when the system's randomness fails.
    pub(crate) fn reserve_code(&self, public: bool, host: &str) -> Result<String, ProtocolError> {
        // Finished tables wait for a new match or to be left; they do not count.
        let finished = self.listing.finished();
        let mut created_by = lock(&self.created_by);
        let hosted = created_by.iter().filter(|(code, h)| *h == host && !finished.contains(code)).count();
        if hosted >= MAX_TABLES_PER_HOST {
            return Err(ProtocolError::new(
                ErrorCode::BadRequest,
                format!("you already host {hosted} tables in their lobby or playing; finish or leave one first"),
            ));
        }
        let len = if public { PUBLIC_CODE_LEN } else { PRIVATE_CODE_LEN };
        let code = loop {
            let code = ids::random_code("", len).map_err(|e| ProtocolError::new(ErrorCode::Internal, e.to_string()))?;
            if !lock(&self.tables).contains_key(&code) && !created_by.contains_key(&code) {
                break code;
            }
        };
        created_by.insert(code.clone(), host.to_owned());
        Ok(code)
    }

    /// Records that a stored table being restored was created by `host`.
    pub(crate) fn reserve_restored(&self, code: &str, host: &str) {
        lock(&self.created_by).insert(code.to_owned(), host.to_owned());
    }

    /// Gives back a code whose table could not be started.
    pub(crate) fn release_code(&self, code: &str) {
        lock(&self.created_by).remove(code);
    }

    /// The number of the next table this server creates (its seed derives from it); in a
    /// cluster, unique among the nodes.
    pub(crate) fn next_table_number(&self) -> u64 {
        let n = self.tables_created.fetch_add(1, Ordering::Relaxed);
        self.cluster().map_or(n, |c| (c.node_id << 40) | n)
    }

    /// This node's place in a cluster, if it is one of several.
    #[must_use]
    pub fn cluster(&self) -> Option<&Cluster> {
        self.cluster.get()
    }

    /// Whether table `code` lives on this node.
    #[must_use]
    pub fn is_local(&self, code: &str) -> bool {
        lock(&self.tables).contains_key(code)
    }

    /// After a restore: `n` tables exist already.
    pub(crate) fn set_tables_created(&self, n: u64) {
        self.tables_created.store(n, Ordering::Relaxed);
    }

    /// A table task started: route its code's commands to `tx`.
    pub(crate) fn register(&self, code: String, tx: mpsc::UnboundedSender<TableCmd>, task: JoinHandle<()>) {
        if let Some(cluster) = self.cluster() {
            tokio::spawn(cluster::table_inbox(cluster.bus.clone(), code.clone(), tx.clone()));
        }
        lock(&self.tables).insert(code, LiveTable { tx, task });
    }

    /// Tells table `code`, if it lives here, that another node owns it now.
    pub fn let_go(&self, code: &str) {
        if let Some(table) = lock(&self.tables).get(code) {
            let _ = table.tx.send(TableCmd::LetGo);
        }
    }

    /// The codes of the tables that live here.
    #[must_use]
    pub fn local_tables(&self) -> Vec<String> {
        lock(&self.tables).keys().cloned().collect()
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
        if let Some(cluster) = self.cluster() {
            cluster.drop_lease(code);
        }
        lock(&self.tables).remove(code);
        lock(&self.created_by).remove(code);
        self.listing.remove(code);
    }

    /// A table's lobby changed: update the listing.
    pub fn publish(&self, summary: TableSummary) {
        self.listing.publish(summary);
    }

    /// What a table on this node is, for an invite link's preview: `None` for a code no table
    /// here has.
    #[must_use]
    pub fn table_preview(&self, code: &str) -> Option<crate::protocol::http::TablePreview> {
        let summary = self.listing.get(code)?;
        Some(crate::protocol::http::TablePreview {
            listed: summary.listed,
            rules: summary.rules,
            turn_ms: summary.turn_ms,
        })
    }

    /// Public tables still open to join.
    #[must_use]
    pub fn open_tables(&self) -> Vec<ListedTable> {
        self.listing.open()
    }

    /// How many tables are live.
    #[must_use]
    pub fn table_count(&self) -> usize {
        lock(&self.tables).len()
    }

    /// A socket of `player` opened: its handle for tables, whose frames go to `out`.
    pub(crate) fn connection_opened(&self, player: PlayerRow, out: Arc<Outbox>) -> Conn {
        self.connections.fetch_add(1, Ordering::Relaxed);
        let n = self.next_conn.fetch_add(1, Ordering::Relaxed);
        match self.cluster() {
            Some(cluster) => {
                let conn = Conn::new((cluster.node_id << 40) | n, player, out);
                cluster.opened(&conn);
                conn
            }
            None => Conn::new(n, player, out),
        }
    }

    /// Socket `conn_id` closed.
    pub(crate) fn connection_closed(&self, conn_id: u64) {
        self.connections.fetch_sub(1, Ordering::Relaxed);
        if let Some(cluster) = self.cluster() {
            cluster.closed(conn_id);
        }
    }

    /// How many sockets are open.
    #[must_use]
    pub fn connection_count(&self) -> u64 {
        self.connections.load(Ordering::Relaxed)
    }

    /// The figures `GET /metrics` reports that are cheaper to read than to keep.
    #[must_use]
    pub fn snapshot(&self) -> Snapshot {
        let bots = self.bot_threads.stats();
        Snapshot {
            tables: self.listing.statuses(),
            connections: self.connection_count(),
            bot_queue: bots.queued,
            bot_running: bots.running,
            bot_threads: bots.threads,
            bot_processes: self.bot_pool.running(),
            resident_bytes: crate::metrics::rss_bytes(),
            cluster: self.cluster().map(cluster::figures),
        }
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
