//! The store: players, tables, matches and the action log, in SQLite (the default, a file created
//! on first start) or PostgreSQL, through sqlx. Migrations are embedded and run on connect.
//!
//! One file per aggregate: [`players`] (and accounts), [`sessions`], [`tables`] (and the action
//! log), [`matches`], [`chat`], [`analyses`], [`ratings`], [`leases`] (which node owns a table in
//! cluster mode); this file holds the connection, the health of writes, the fence and what every
//! query shares.
//!
//! Every accepted action goes through [`Store::append`], which returns only once the event is
//! committed; the table task broadcasts after that. Appends from all tables go to one writer task
//! that commits them in batches, so many tables share each commit (and SQLite never sees two
//! writers at once).

use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use tokio::sync::mpsc;

use crate::metrics::StoreMetrics;

/// A store failure (connection, migration or query).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The database refused or failed.
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// A migration failed.
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The writer task is gone (the server is shutting down).
    #[error("the store is closed")]
    Closed,
    /// A stored value does not read back (a corrupted row).
    #[error("corrupt row: {0}")]
    Corrupt(String),
    /// SQLite's `PRAGMA quick_check` found the file damaged: the server refuses to start on it
    /// rather than drop what it cannot read.
    #[error("the database file is damaged (PRAGMA quick_check: {0}); restore it from a backup or move it aside")]
    Damaged(String),
    /// The database lacks tables the server keeps its data in (dropped by hand, a backup restored
    /// in part), though its migrations are recorded as done: the server refuses to start on it
    /// rather than fail at the first write that needs them.
    #[error("the database lacks the tables {0}; restore them from a backup (its migrations are recorded as done)")]
    MissingTables(String),
    /// The database URL names a kind of database the server does not speak (its scheme).
    #[error("unsupported database {0}://…: use sqlite:PATH or postgres://USER:PASS@HOST/DB")]
    Unsupported(String),
    /// A write of a table's owner whose fence is stale: the table's lease has another epoch now
    /// (another node took the table over) or is gone. Nothing was written; the owner lets go of
    /// the table.
    #[error("table {table}: epoch {epoch} no longer owns it; the write was refused")]
    Fenced {
        /// The table.
        table: String,
        /// The owner's epoch, no longer the lease's.
        epoch: i64,
    },
}

impl StoreError {
    /// Whether the database is out of space: SQLite's `SQLITE_FULL` (a full disk, or the file at
    /// its `max_page_count`), PostgreSQL's `disk_full` (53100), or the system's "no space left on
    /// device". Nothing is wrong with the request that met it; it may succeed once there is room.
    #[must_use]
    pub fn is_out_of_space(&self) -> bool {
        const SQLITE_FULL: &str = "13";
        const PG_DISK_FULL: &str = "53100";
        const ENOSPC: i32 = 28;
        match self {
            StoreError::Db(sqlx::Error::Database(e)) => {
                matches!(e.code().as_deref(), Some(SQLITE_FULL | PG_DISK_FULL))
            }
            StoreError::Db(sqlx::Error::Io(e)) => {
                e.kind() == std::io::ErrorKind::StorageFull || e.raw_os_error() == Some(ENOSPC)
            }
            _ => false,
        }
    }
}

#[derive(Clone, Debug)]
enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs `$body` with `$pool` bound to the concrete pool: the SQL is the same for both databases
/// (`$N` parameters, `ON CONFLICT`, BIGINT and TEXT only).
macro_rules! on_pool {
    ($pool_enum:expr, $pool:ident => $body:expr) => {
        match $pool_enum {
            Pool::Sqlite($pool) => $body,
            Pool::Postgres($pool) => $body,
        }
    };
}

/// Begins the transaction of a write on `$pool` (a concrete pool, inside [`on_pool!`]). Without
/// a fence, a plain one. With one, a transaction that first reads the table's lease — locking
/// it until the commit (PostgreSQL's `FOR SHARE`; SQLite's `BEGIN IMMEDIATE` takes the single
/// writer's lock) so no takeover commits in between — and makes the enclosing function return
/// [`StoreError::Fenced`] when its epoch is not the fence's, before anything is written.
macro_rules! begin_write {
    ($store:expr, $pool:expr) => {
        match $store.fence.as_deref() {
            None => $pool.begin().await?,
            Some(fence) => {
                let mut tx = $pool.begin_with($store.pool.begin_fenced()).await?;
                let lease: Option<(i64,)> =
                    sqlx::query_as($store.pool.lease_lock()).bind(&fence.table).fetch_optional(&mut *tx).await?;
                fence.admits(lease.map(|(epoch,)| epoch))?;
                tx
            }
        }
    };
}

/// Runs a write of one statement, `$query`, on `$pool`: straight on the pool without a fence (one
/// round trip, as a single node always does), in a [`begin_write!`] transaction with one.
macro_rules! write_one {
    ($store:expr, $pool:expr, $query:expr) => {
        match $store.fence {
            None => {
                $query.execute($pool).await?;
            }
            Some(_) => {
                let mut tx = begin_write!($store, $pool);
                $query.execute(&mut *tx).await?;
                tx.commit().await?;
            }
        }
    };
}

mod analyses;
mod chat;
mod daily;
mod leases;
mod matches;
mod players;
mod ratings;
mod sessions;
mod tables;
mod tournaments;

pub use self::chat::ChatRow;
pub use self::daily::{DailyDealRow, DailyEntryRow};
pub use self::leases::{ExpiredLease, Fence, Lease};
pub use self::matches::{HistoryRow, MatchRow};
pub use self::players::{AccountRow, NameChange, NameKeys, PlayerRow};
pub use self::ratings::{
    FinishedRow, PublicPlayer, RankedRating, RatedEnd, RatedSeat, RatingChangeRow, RatingRow, SeatedRow,
};
pub use self::tables::{EventRow, TableRow};
pub use self::tournaments::{TournamentBoardRow, TournamentPlayerRow, TournamentRow, TournamentTeamRow};

/// The database behind the server. Cheap to clone.
///
/// A table's owner in cluster mode writes through a handle that carries its [`Fence`]
/// ([`Store::fenced`]); a single node's handles carry none and write as they always did.
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    writer: Arc<mpsc::UnboundedSender<tables::Append>>,
    health: Arc<Health>,
    fence: Option<Arc<Fence>>,
}

/// How often a failing store is logged at most: one line per interval, not one per table per
/// tick.
pub const FAILURE_LOG_INTERVAL: Duration = Duration::from_secs(10);

/// Whether writes go through: the outcome of the latest write, and when failures were last
/// logged.
#[derive(Debug)]
struct Health {
    state: Mutex<HealthState>,
    /// Each write's time and failures, for `GET /metrics`.
    metrics: StoreMetrics,
}

#[derive(Debug, Default)]
struct HealthState {
    /// The latest write failed with this error (until a write succeeds).
    failing: Option<String>,
    /// Failures since the last logged one.
    unlogged: u64,
    logged_at: Option<Instant>,
}

impl Health {
    fn lock(&self) -> std::sync::MutexGuard<'_, HealthState> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The write `what`, begun at `started`, is done with `result`. A write refused by its fence
    /// is counted as such: the database is well, it is the writer that lost its table.
    fn record<T>(&self, what: &'static str, started: Instant, result: &Result<T, StoreError>) {
        let fenced = matches!(result, Err(StoreError::Fenced { .. }));
        self.metrics.observe(what, started, result.is_ok() || fenced);
        if fenced {
            self.metrics.fenced(what, 1);
        } else {
            self.record_state(what, result);
        }
    }

    /// Whether writes go through now, after a write `what` that ended with `result`.
    fn record_state<T, E: std::fmt::Display>(&self, what: &'static str, result: &Result<T, E>) {
        let mut h = self.lock();
        match result {
            Ok(_) => {
                if h.failing.take().is_some() {
                    tracing::info!("the store writes again");
                }
                h.unlogged = 0;
            }
            Err(e) => {
                let now = Instant::now();
                h.failing = Some(e.to_string());
                h.unlogged += 1;
                if h.logged_at.is_none_or(|at| now.duration_since(at) >= FAILURE_LOG_INTERVAL) {
                    tracing::error!(error = %e, what, failures = h.unlogged, "the store refuses writes");
                    h.logged_at = Some(now);
                    h.unlogged = 0;
                }
            }
        }
    }
}

/// How long (milliseconds) PostgreSQL lets one of our sessions sit idle inside a transaction
/// before it ends the session. Our transactions take milliseconds; this bounds how long a frozen
/// owner's open transaction can delay a takeover of its tables.
const IDLE_IN_TRANSACTION_MS: u64 = 3000;

impl Store {
    /// Connects to `url` and runs the migrations: `postgres://...` for PostgreSQL; `sqlite:PATH`,
    /// `sqlite::memory:` or a plain path for SQLite (the file is created if missing, in WAL mode).
    ///
    /// # Errors
    /// The database cannot be opened or migrated.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        Store::connect_with(url, Duration::from_secs(30), Duration::from_secs(10)).await
    }

    /// [`Store::connect`] with a chosen wait for a free connection (`acquire_timeout`) and, for
    /// SQLite, for a database another process holds locked (`busy_timeout`) before a query fails.
    ///
    /// # Errors
    /// The database cannot be opened or migrated.
    pub async fn connect_with(
        url: &str,
        acquire_timeout: Duration,
        busy_timeout: Duration,
    ) -> Result<Store, StoreError> {
        Store::open(url, acquire_timeout, busy_timeout, None).await
    }

    /// [`Store::connect`] to a SQLite file that may grow to `max_pages` pages and no further
    /// (`PRAGMA max_page_count` on every connection; it never shrinks below the file's size):
    /// past it every write fails as on a full disk. For tests of what the server does then, and
    /// for an operator who wants a hard cap on the file.
    ///
    /// A PostgreSQL URL is connected to without a cap.
    ///
    /// # Errors
    /// The database cannot be opened or migrated.
    pub async fn connect_sqlite_capped(url: &str, max_pages: u32) -> Result<Store, StoreError> {
        Store::open(url, Duration::from_secs(30), Duration::from_secs(10), Some(max_pages)).await
    }

    async fn open(
        url: &str,
        acquire_timeout: Duration,
        busy_timeout: Duration,
        max_pages: Option<u32>,
    ) -> Result<Store, StoreError> {
        let scheme = url.split_once("://").map(|(scheme, _)| scheme);
        if scheme.is_some_and(|s| !matches!(s, "postgres" | "postgresql" | "sqlite")) {
            return Err(StoreError::Unsupported(scheme.unwrap_or_default().chars().take(20).collect()));
        }
        let pool = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            // A transaction left open by a process that froze (SIGSTOP, a paused VM) holds the
            // lease rows its fenced writes locked, and would keep another node from taking the
            // tables over: PostgreSQL ends such a session after a while.
            let options = PgConnectOptions::from_str(url)?
                .options([("idle_in_transaction_session_timeout", IDLE_IN_TRANSACTION_MS)]);
            let pool =
                PgPoolOptions::new().max_connections(8).acquire_timeout(acquire_timeout).connect_with(options).await?;
            sqlx::migrate!("migrations/postgres").run(&pool).await?;
            Pool::Postgres(pool)
        } else {
            let memory = url.contains(":memory:");
            let url = if url.starts_with("sqlite:") { url.to_owned() } else { format!("sqlite:{url}") };
            let options = SqliteConnectOptions::from_str(&url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                // WAL + NORMAL: a committed transaction survives a crash of the process (not
                // necessarily a power cut), at a fraction of FULL's cost.
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(busy_timeout);
            let options = match max_pages {
                Some(pages) => options.pragma("max_page_count", pages.to_string()),
                None => options,
            };
            // An in-memory database exists once per connection: keep exactly one.
            let max = if memory { 1 } else { 4 };
            let pool = SqlitePoolOptions::new()
                .max_connections(max)
                .min_connections(1)
                .acquire_timeout(acquire_timeout)
                .connect_with(options)
                .await?;
            if !memory {
                quick_check(&pool).await?;
            }
            sqlx::migrate!("migrations/sqlite").run(&pool).await?;
            Pool::Sqlite(pool)
        };
        let missing = missing_tables(&pool).await?;
        if !missing.is_empty() {
            return Err(StoreError::MissingTables(missing.join(", ")));
        }
        let (tx, rx) = mpsc::unbounded_channel();
        let health = Arc::new(Health { state: Mutex::default(), metrics: StoreMetrics::new() });
        tokio::spawn(tables::write_loop(pool.clone(), rx, health.clone()));
        Ok(Store { pool, writer: Arc::new(tx), health, fence: None })
    }

    /// This store for the owner of `fence.table`: every write through the handle returned —
    /// the table's row, its matches and their ends, its action log, its chat — is refused with
    /// [`StoreError::Fenced`], writing nothing, once `fence.epoch` is no longer the epoch of the
    /// table's lease. A fenced handle writes only its own table's rows. Reads are not fenced.
    #[must_use]
    pub fn fenced(&self, fence: Fence) -> Store {
        Store { fence: Some(Arc::new(fence)), ..self.clone() }
    }

    /// The fence this handle's writes carry (`None`: a single node's, unfenced).
    #[must_use]
    pub fn fence(&self) -> Option<&Fence> {
        self.fence.as_deref()
    }

    /// `Err` with the latest write's error while writes fail (until one succeeds again).
    ///
    /// # Errors
    /// The latest write failed.
    pub fn write_health(&self) -> Result<(), String> {
        self.health.lock().failing.clone().map_or(Ok(()), Err)
    }

    /// `Err` naming the tables the database lacks, if any: one dropped while the server runs makes
    /// the health checks fail (a restart would refuse the database: [`StoreError::MissingTables`]).
    ///
    /// # Errors
    /// Tables are missing, or the database cannot be asked.
    pub async fn schema_health(&self) -> Result<(), String> {
        match missing_tables(&self.pool).await {
            Ok(missing) if missing.is_empty() => Ok(()),
            Ok(missing) => Err(format!("missing tables: {}", missing.join(", "))),
            Err(e) => Err(format!("cannot list the tables: {e}")),
        }
    }

    /// The store's timings and failures, for `GET /metrics`.
    pub(crate) fn metrics(&self) -> &StoreMetrics {
        &self.health.metrics
    }

    /// Which database this is: `sqlite` or `postgres`.
    #[must_use]
    pub fn backend(&self) -> &'static str {
        match self.pool {
            Pool::Sqlite(_) => "sqlite",
            Pool::Postgres(_) => "postgres",
        }
    }

    /// Closes the pool after the writer has committed everything queued.
    pub async fn close(&self) {
        // SQLite: copy the write-ahead log into the database file first (without waiting for other
        // processes' locks), so that the file holds everything once this returns; closing the last
        // connection would do it too, but the pool closes its connections on a worker thread
        // after this returns.
        if let Pool::Sqlite(p) = &self.pool
            && let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(p).await
        {
            tracing::warn!(error = %e, "the checkpoint at close failed");
        }
        on_pool!(&self.pool, p => p.close().await);
    }
}

impl Pool {
    /// The statement that begins a fenced write: SQLite takes the writer's lock at once, so the
    /// lease read first cannot go stale before the write (a deferred transaction would fail to
    /// upgrade if another connection wrote in between).
    fn begin_fenced(&self) -> &'static str {
        match self {
            Pool::Sqlite(_) => "BEGIN IMMEDIATE",
            Pool::Postgres(_) => "BEGIN",
        }
    }

    /// Reads a table's lease epoch for a fenced write; PostgreSQL keeps the row locked until the
    /// commit, so a takeover waits for the write (and the new owner's replay sees it).
    fn lease_lock(&self) -> &'static str {
        match self {
            Pool::Sqlite(_) => "SELECT epoch FROM leases WHERE table_code = $1",
            Pool::Postgres(_) => "SELECT epoch FROM leases WHERE table_code = $1 FOR SHARE",
        }
    }
}

/// The tables the migrations create (`migrations/*/`), all of which the server needs; a new
/// migration that creates one adds it here (a unit test compares the two).
const TABLES: [&str; 19] = [
    "analyses",
    "chat",
    "daily_days",
    "daily_entries",
    "daily_pars",
    "events",
    "leases",
    "match_players",
    "matches",
    "nodes",
    "players",
    "rating_changes",
    "ratings",
    "sessions",
    "tables",
    "tournament_boards",
    "tournament_players",
    "tournament_teams",
    "tournaments",
];

/// Which of [`TABLES`] the database lacks.
async fn missing_tables(pool: &Pool) -> Result<Vec<&'static str>, StoreError> {
    let present: Vec<(String,)> = match pool {
        Pool::Sqlite(p) => sqlx::query_as("SELECT name FROM sqlite_master WHERE type = 'table'").fetch_all(p).await?,
        Pool::Postgres(p) => {
            sqlx::query_as("SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema()")
                .fetch_all(p)
                .await?
        }
    };
    Ok(TABLES.into_iter().filter(|t| !present.iter().any(|(name,)| name == t)).collect())
}

/// Refuses a damaged SQLite file: without this the server would start, fail to read the tables
/// it holds, drop them, and report healthy.
async fn quick_check(pool: &SqlitePool) -> Result<(), StoreError> {
    let rows: Vec<(String,)> = match sqlx::query_as("PRAGMA quick_check").fetch_all(pool).await {
        Ok(rows) => rows,
        Err(e) => return Err(StoreError::Damaged(e.to_string())),
    };
    let problems: Vec<String> = rows.into_iter().map(|(r,)| r).filter(|r| r != "ok").collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(StoreError::Damaged(problems.into_iter().take(5).collect::<Vec<_>>().join("; ")))
    }
}

/// Now as Unix milliseconds.
#[must_use]
pub fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    /// Every table a migration creates is one the health check looks for, and no other.
    #[test]
    fn the_expected_tables_are_those_the_migrations_create() {
        for backend in ["sqlite", "postgres"] {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations").join(backend);
            let mut created: Vec<String> = Vec::new();
            for entry in std::fs::read_dir(&dir).expect("migrations") {
                let sql = std::fs::read_to_string(entry.expect("entry").path()).expect("a migration");
                for rest in sql.split("CREATE TABLE ").skip(1) {
                    let name = rest
                        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .find(|w| !w.is_empty() && *w != "IF" && *w != "NOT" && *w != "EXISTS");
                    created.extend(name.map(str::to_owned));
                }
            }
            created.sort();
            created.dedup();
            let expected: Vec<String> = super::TABLES.iter().map(|t| (*t).to_owned()).collect();
            assert_eq!(created, expected, "{backend}");
        }
    }
}
