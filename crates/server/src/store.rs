//! The store: players, tables, matches and the action log, in SQLite (the default, a file created
//! on first start) or PostgreSQL, through sqlx. Migrations are embedded and run on connect.
//!
//! Every accepted action goes through [`Store::append`], which returns only once the event is
//! committed; the table task broadcasts after that. Appends from all tables go to one writer task
//! that commits them in batches, so many tables share each commit (and SQLite never sees two
//! writers at once).

use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use tokio::sync::{mpsc, oneshot};

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
    /// The database URL names a kind of database the server does not speak (its scheme).
    #[error("unsupported database {0}://…: use sqlite:PATH or postgres://USER:PASS@HOST/DB")]
    Unsupported(String),
}

/// A player as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PlayerRow {
    /// The public id (`p_...`).
    pub id: String,
    /// The display name.
    pub name: String,
}

/// A player with what the accounts need: whether (and how) it holds a password.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct AccountRow {
    /// The public id (`p_...`).
    pub id: String,
    /// The display name.
    pub name: String,
    /// The password's argon2id PHC string: `Some` for an account, `None` for a guest.
    pub password_hash: Option<String>,
}

impl AccountRow {
    /// Whether the player claimed its name with a password.
    #[must_use]
    pub fn is_account(&self) -> bool {
        self.password_hash.is_some()
    }

    /// The id and name.
    #[must_use]
    pub fn player(&self) -> PlayerRow {
        PlayerRow { id: self.id.clone(), name: self.name.clone() }
    }
}

/// What became of a change that a name held by another account would refuse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameChange {
    /// Done.
    Done,
    /// Another account holds the name (case-insensitively).
    NameTaken,
    /// The player already is an account (claim) or is not there.
    Refused,
}

/// A table's settings and lobby state as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TableRow {
    /// The join code.
    pub code: String,
    /// The game id (`kout6`, ...).
    pub game: String,
    /// The rule options, JSON.
    pub rules: String,
    /// The turn time in milliseconds.
    pub turn_ms: i64,
    /// 1 if listed publicly.
    pub public: i64,
    /// 1 if the host turned hints on.
    pub hints: i64,
    /// 1 if the table's matches are rated.
    pub rated: i64,
    /// 1 if spectators have a chat channel of their own.
    pub spectator_chat: i64,
    /// The host's player id.
    pub host: String,
    /// The seats, JSON (see `table::SeatState`).
    pub seats: String,
    /// `lobby`, `playing` or `finished`.
    pub status: String,
    /// The table's version when this row was written.
    pub version: i64,
    /// The table's seed (hex), from which its deals, salts and bots' choices derive.
    pub seed: String,
    /// The match in progress or last played.
    pub match_id: Option<String>,
    /// How many matches were started at this table.
    pub matches: i64,
    /// When the table was created (Unix ms).
    pub created_at: i64,
    /// When this row was written (Unix ms).
    pub updated_at: i64,
}

/// A match as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct MatchRow {
    /// The match id (`g_...`).
    pub id: String,
    /// The table it is played at.
    pub table_code: String,
    /// Which match of the table it is (from 0).
    pub number: i64,
    /// The game id.
    pub game: String,
    /// The rule options, JSON.
    pub rules: String,
    /// Display names by seat, JSON.
    pub players: String,
    /// The first dealer's seat.
    pub first_dealer: i64,
    /// 1 once finished.
    pub finished: i64,
    /// The result, JSON (`{"winner":..,"score":..}`), once finished.
    pub result: Option<String>,
    /// The whole record, JSON, once finished.
    pub record: Option<String>,
    /// When it started (Unix ms).
    pub started_at: i64,
    /// When it ended (Unix ms).
    pub ended_at: Option<i64>,
    /// 1 if the match is rated.
    pub rated: i64,
}

/// One entry of a match's action log.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct EventRow {
    /// The match.
    pub match_id: String,
    /// Position in the match's log, from 0.
    pub seq: i64,
    /// The table version this event produced.
    pub version: i64,
    /// `deal` or `action`.
    pub kind: String,
    /// The acting seat (`None` for the clock and for deals).
    pub seat: Option<i64>,
    /// A deal: the hand's record header as JSON; an action: its text.
    pub body: String,
}

/// A chat message as stored (`name`: the sender's name now, read from `players`).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ChatRow {
    /// The table's code.
    pub table_code: String,
    /// Its number at the table, from 0.
    pub seq: i64,
    /// The match it was said in (the last one while the table shows its result; NULL in the
    /// lobby).
    pub match_id: Option<String>,
    /// The sender.
    pub player_id: String,
    /// The sender's seat (NULL: a spectator).
    pub seat: Option<i64>,
    /// `players` or `spectators`.
    pub channel: String,
    /// A quick phrase's id, or NULL for free text.
    pub phrase: Option<String>,
    /// The free text (empty for a phrase).
    pub body: String,
    /// When (Unix ms).
    pub at: i64,
    /// The sender's display name (not stored with the message: read back from `players`).
    #[sqlx(default)]
    pub name: Option<String>,
}

/// A line of a player's history.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct HistoryRow {
    /// The match id.
    pub game_id: String,
    /// The table code.
    pub table_code: String,
    /// The game id.
    pub game: String,
    /// The player's seat in it.
    pub seat: i64,
    /// 1 once finished.
    pub finished: i64,
    /// The result JSON, once finished.
    pub result: Option<String>,
    /// When it started.
    pub started_at: i64,
    /// When it ended.
    pub ended_at: Option<i64>,
    /// Who sat where, JSON: an array of names by seat (`bot:KIND` for a bot).
    pub players: String,
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

mod rated;

pub use rated::{FinishedRow, PublicPlayer, RankedRating, RatedEnd, RatedSeat, RatingChangeRow, RatingRow, SeatedRow};

type Ack = oneshot::Sender<Result<(), String>>;

/// The database behind the server. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    writer: Arc<mpsc::UnboundedSender<(Vec<EventRow>, Ack)>>,
    health: Arc<Health>,
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

    /// The write `what`, begun at `started`, is done with `result`.
    fn record<T, E: std::fmt::Display>(&self, what: &'static str, started: Instant, result: &Result<T, E>) {
        self.metrics.observe(what, started, result.is_ok());
        self.record_state(what, result);
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

/// The most events committed together.
const MAX_BATCH: usize = 512;

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
        let scheme = url.split_once("://").map(|(scheme, _)| scheme);
        if scheme.is_some_and(|s| !matches!(s, "postgres" | "postgresql" | "sqlite")) {
            return Err(StoreError::Unsupported(scheme.unwrap_or_default().chars().take(20).collect()));
        }
        let pool = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = PgPoolOptions::new().max_connections(8).acquire_timeout(acquire_timeout).connect(url).await?;
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
        let (tx, rx) = mpsc::unbounded_channel();
        let health = Arc::new(Health { state: Mutex::default(), metrics: StoreMetrics::new() });
        tokio::spawn(write_loop(pool.clone(), rx, health.clone()));
        Ok(Store { pool, writer: Arc::new(tx), health })
    }

    /// `Err` with the latest write's error while writes fail (until one succeeds again).
    ///
    /// # Errors
    /// The latest write failed.
    pub fn write_health(&self) -> Result<(), String> {
        self.health.lock().failing.clone().map_or(Ok(()), Err)
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

    /// Appends events to the action log; returns once they are committed.
    ///
    /// # Errors
    /// The commit failed or the store is closed.
    pub async fn append(&self, events: Vec<EventRow>) -> Result<(), StoreError> {
        let (ack, done) = oneshot::channel();
        self.writer.send((events, ack)).map_err(|_| StoreError::Closed)?;
        match done.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(StoreError::Corrupt(e)),
            Err(_) => Err(StoreError::Closed),
        }
    }

    /// A match's action log in order.
    ///
    /// # Errors
    /// The query failed.
    pub async fn events(&self, match_id: &str) -> Result<Vec<EventRow>, StoreError> {
        const Q: &str = "SELECT match_id, seq, version, kind, seat, body FROM events WHERE match_id = $1 ORDER BY seq";
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, EventRow>(Q).bind(match_id).fetch_all(p).await?))
    }

    /// Stores a new guest and its first session (the session's token hashes to `token_hash`).
    ///
    /// # Errors
    /// The insert failed.
    pub async fn create_player(&self, player: &PlayerRow, token_hash: &str, now: i64) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            // `players.token_hash` is still NOT NULL UNIQUE from the first schema; it keeps the
            // first session's hash and is not read.
            const Q: &str = "INSERT INTO players (id, name, token_hash, created_at) VALUES ($1, $2, $3, $4)";
            const S: &str = "INSERT INTO sessions (token_hash, player_id, created_at) VALUES ($1, $2, $3)";
            on_pool!(&self.pool, p => {
                let mut tx = p.begin().await?;
                sqlx::query(Q).bind(&player.id).bind(&player.name).bind(token_hash).bind(now).execute(&mut *tx).await?;
                sqlx::query(S).bind(token_hash).bind(&player.id).bind(now).execute(&mut *tx).await?;
                tx.commit().await?;
            });
            Ok(())
        }
        .await;
        self.health.record("create_player", started, &result);
        result
    }

    /// The player of the session whose token hashes to `token_hash`.
    ///
    /// # Errors
    /// The query failed.
    pub async fn player_by_token_hash(&self, token_hash: &str) -> Result<Option<PlayerRow>, StoreError> {
        Ok(self.session_player(token_hash).await?.map(|a| a.player()))
    }

    /// The player (with its password hash) of the session whose token hashes to `token_hash`.
    ///
    /// # Errors
    /// The query failed.
    pub async fn session_player(&self, token_hash: &str) -> Result<Option<AccountRow>, StoreError> {
        const Q: &str = "SELECT p.id, p.name, p.password_hash FROM sessions s JOIN players p ON p.id = s.player_id \
             WHERE s.token_hash = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, AccountRow>(Q).bind(token_hash).fetch_optional(p).await?))
    }

    /// A player by id, with its password hash.
    ///
    /// # Errors
    /// The query failed.
    pub async fn player(&self, id: &str) -> Result<Option<AccountRow>, StoreError> {
        const Q: &str = "SELECT id, name, password_hash FROM players WHERE id = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, AccountRow>(Q).bind(id).fetch_optional(p).await?))
    }

    /// The account whose name folds to `name_key` ([`crate::ids::name_key`]); guests have none.
    ///
    /// # Errors
    /// The query failed.
    pub async fn player_by_name_key(&self, name_key: &str) -> Result<Option<AccountRow>, StoreError> {
        const Q: &str = "SELECT id, name, password_hash FROM players WHERE name_key = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, AccountRow>(Q).bind(name_key).fetch_optional(p).await?))
    }

    /// Whether the player is an account.
    ///
    /// # Errors
    /// The query failed.
    pub async fn is_account(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self.player(id).await?.is_some_and(|a| a.is_account()))
    }

    /// Which of `ids` are accounts.
    ///
    /// # Errors
    /// The query failed.
    pub async fn account_ids(&self, ids: &[String]) -> Result<std::collections::HashSet<String>, StoreError> {
        if ids.is_empty() {
            return Ok(std::collections::HashSet::new());
        }
        let rows: Vec<(String,)> = on_pool!(&self.pool, p => {
            let mut q = sqlx::QueryBuilder::new("SELECT id FROM players WHERE password_hash IS NOT NULL AND id IN (");
            let mut list = q.separated(", ");
            for id in ids {
                list.push_bind(id);
            }
            list.push_unseparated(")");
            q.build_query_as().fetch_all(p).await?
        });
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// Makes the guest `id` an account: its name (folded: `name_key`) becomes its own, and
    /// `password_hash` its password.
    ///
    /// # Errors
    /// The update failed.
    pub async fn claim_account(
        &self,
        id: &str,
        name_key: &str,
        password_hash: &str,
        now: i64,
    ) -> Result<NameChange, StoreError> {
        const Q: &str = "UPDATE players SET name_key = $2, password_hash = $3, claimed_at = $4 \
             WHERE id = $1 AND password_hash IS NULL";
        let started = Instant::now();
        let result = on_pool!(&self.pool, p => sqlx::query(Q).bind(id).bind(name_key).bind(password_hash).bind(now)
            .execute(p).await.map(|r| r.rows_affected()));
        let result = name_change(result);
        self.health.record("claim_account", started, &result);
        result
    }

    /// Renames a player; `name_key` is the folded name for an account, `None` for a guest.
    ///
    /// # Errors
    /// The update failed.
    pub async fn rename_player(&self, id: &str, name: &str, name_key: Option<&str>) -> Result<NameChange, StoreError> {
        const Q: &str = "UPDATE players SET name = $2, name_key = $3 WHERE id = $1";
        let started = Instant::now();
        let result = on_pool!(&self.pool, p => sqlx::query(Q).bind(id).bind(name).bind(name_key)
            .execute(p).await.map(|r| r.rows_affected()));
        let result = name_change(result);
        self.health.record("rename_player", started, &result);
        result
    }

    /// Sets an account's password and ends its sessions but the one whose token hashes to
    /// `keep` (the device that changed it), in one transaction.
    ///
    /// # Errors
    /// The update failed.
    pub async fn set_password(&self, id: &str, password_hash: &str, keep: &str) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "UPDATE players SET password_hash = $2 WHERE id = $1";
            const D: &str = "DELETE FROM sessions WHERE player_id = $1 AND token_hash <> $2";
            on_pool!(&self.pool, p => {
                let mut tx = p.begin().await?;
                sqlx::query(Q).bind(id).bind(password_hash).execute(&mut *tx).await?;
                sqlx::query(D).bind(id).bind(keep).execute(&mut *tx).await?;
                tx.commit().await?;
            });
            Ok(())
        }
        .await;
        self.health.record("set_password", started, &result);
        result
    }

    /// Opens a session for `player_id` whose token hashes to `token_hash`.
    ///
    /// # Errors
    /// The insert failed.
    pub async fn create_session(&self, token_hash: &str, player_id: &str, now: i64) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "INSERT INTO sessions (token_hash, player_id, created_at) VALUES ($1, $2, $3)";
            on_pool!(&self.pool, p => sqlx::query(Q).bind(token_hash).bind(player_id).bind(now).execute(p).await.map(|_| ())?);
            Ok(())
        }
        .await;
        self.health.record("create_session", started, &result);
        result
    }

    /// Ends the session whose token hashes to `token_hash` (nothing if there is none).
    ///
    /// # Errors
    /// The delete failed.
    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "DELETE FROM sessions WHERE token_hash = $1";
            on_pool!(&self.pool, p => sqlx::query(Q).bind(token_hash).execute(p).await.map(|_| ())?);
            Ok(())
        }
        .await;
        self.health.record("delete_session", started, &result);
        result
    }

    /// How many sessions `player_id` has open.
    ///
    /// # Errors
    /// The query failed.
    pub async fn session_count(&self, player_id: &str) -> Result<i64, StoreError> {
        const Q: &str = "SELECT COUNT(*) FROM sessions WHERE player_id = $1";
        let (n,): (i64,) = on_pool!(&self.pool, p => sqlx::query_as(Q).bind(player_id).fetch_one(p).await?);
        Ok(n)
    }

    /// Writes a table's row (insert or replace).
    ///
    /// # Errors
    /// The write failed.
    pub async fn save_table(&self, t: &TableRow) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "INSERT INTO tables (code, game, rules, turn_ms, public, host, seats, status, version, seed, \
                 match_id, matches, created_at, updated_at, hints, rated, spectator_chat) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, \
                 $10, $11, $12, $13, $14, $15, $16, $17) ON CONFLICT (code) DO UPDATE SET rules = excluded.rules, turn_ms = excluded.turn_ms, \
                 public = excluded.public, hints = excluded.hints, host = excluded.host, seats = excluded.seats, status = excluded.status, version = excluded.version, \
                 match_id = excluded.match_id, matches = excluded.matches, updated_at = excluded.updated_at";
            on_pool!(&self.pool, p => sqlx::query(Q)
                .bind(&t.code).bind(&t.game).bind(&t.rules).bind(t.turn_ms).bind(t.public).bind(&t.host).bind(&t.seats)
                .bind(&t.status).bind(t.version).bind(&t.seed).bind(&t.match_id).bind(t.matches).bind(t.created_at)
                .bind(t.updated_at).bind(t.hints).bind(t.rated).bind(t.spectator_chat).execute(p).await.map(|_| ())?);
            Ok(())
        }
        .await;
        self.health.record("save_table", started, &result);
        result
    }

    /// Removes a table that closed (nobody left in its lobby). Its matches stay.
    ///
    /// # Errors
    /// The delete failed.
    pub async fn delete_table(&self, code: &str) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            on_pool!(&self.pool, p => sqlx::query("DELETE FROM tables WHERE code = $1").bind(code).execute(p).await.map(|_| ())?);
            Ok(())
        }
        .await;
        self.health.record("delete_table", started, &result);
        result
    }

    /// Every table, to restore on start.
    ///
    /// # Errors
    /// The query failed.
    pub async fn tables(&self) -> Result<Vec<TableRow>, StoreError> {
        const Q: &str = "SELECT code, game, rules, turn_ms, public, hints, rated, spectator_chat, host, seats, status, version, seed, \
             match_id, matches, created_at, updated_at FROM tables ORDER BY created_at";
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, TableRow>(Q).fetch_all(p).await?))
    }

    /// Stores a new match and who sits where (`(seat, player id)` for the human seats).
    ///
    /// # Errors
    /// The insert failed.
    pub async fn create_match(&self, m: &MatchRow, seats: &[(i64, String)]) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "INSERT INTO matches (id, table_code, number, game, rules, players, first_dealer, finished, \
                 result, record, started_at, ended_at, rated) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";
            const S: &str = "INSERT INTO match_players (match_id, seat, player_id) VALUES ($1, $2, $3)";
            on_pool!(&self.pool, p => {
                let mut tx = p.begin().await?;
                sqlx::query(Q).bind(&m.id).bind(&m.table_code).bind(m.number).bind(&m.game).bind(&m.rules)
                    .bind(&m.players).bind(m.first_dealer).bind(m.finished).bind(&m.result).bind(&m.record)
                    .bind(m.started_at).bind(m.ended_at).bind(m.rated).execute(&mut *tx).await?;
                for (seat, player) in seats {
                    sqlx::query(S).bind(&m.id).bind(*seat).bind(player).execute(&mut *tx).await?;
                }
                tx.commit().await?;
            });
            Ok(())
        }
        .await;
        self.health.record("create_match", started, &result);
        result
    }

    /// Marks a match finished with its result and whole record.
    ///
    /// # Errors
    /// The update failed.
    pub async fn finish_match(&self, id: &str, result: &str, record: &str, now: i64) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "UPDATE matches SET finished = 1, result = $2, record = $3, ended_at = $4 WHERE id = $1";
            on_pool!(&self.pool, p => sqlx::query(Q).bind(id).bind(result).bind(record).bind(now).execute(p).await.map(|_| ())?);
            Ok(())
        }
        .await;
        self.health.record("finish_match", started, &result);
        result
    }

    /// A match by id.
    ///
    /// # Errors
    /// The query failed.
    pub async fn match_row(&self, id: &str) -> Result<Option<MatchRow>, StoreError> {
        const Q: &str = "SELECT id, table_code, number, game, rules, players, first_dealer, finished, result, record, \
             started_at, ended_at, rated FROM matches WHERE id = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, MatchRow>(Q).bind(id).fetch_optional(p).await?))
    }

    /// A player's matches, newest first (at most `limit`).
    ///
    /// # Errors
    /// The query failed.
    pub async fn history(&self, player_id: &str, limit: i64) -> Result<Vec<HistoryRow>, StoreError> {
        const Q: &str = "SELECT m.id AS game_id, m.table_code, m.game, mp.seat, m.finished, m.result, m.started_at, \
             m.ended_at, m.players FROM match_players mp JOIN matches m ON m.id = mp.match_id WHERE mp.player_id = $1 \
             ORDER BY m.started_at DESC, m.id LIMIT $2";
        Ok(
            on_pool!(&self.pool, p => sqlx::query_as::<_, HistoryRow>(Q).bind(player_id).bind(limit).fetch_all(p).await?),
        )
    }

    /// The stored analysis of a finished match (its JSON), if one was made.
    ///
    /// # Errors
    /// The query failed.
    pub async fn analysis(&self, match_id: &str) -> Result<Option<String>, StoreError> {
        const Q: &str = "SELECT body FROM analyses WHERE match_id = $1";
        let row: Option<(String,)> =
            on_pool!(&self.pool, p => sqlx::query_as(Q).bind(match_id).fetch_optional(p).await?);
        Ok(row.map(|(body,)| body))
    }

    /// Keeps the analysis of a finished match (made with `ms` per decision); a second one for the
    /// same match replaces the first.
    ///
    /// # Errors
    /// The write failed.
    pub async fn save_analysis(&self, match_id: &str, ms: u32, body: &str, now: i64) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "INSERT INTO analyses (match_id, ms, body, created_at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (match_id) DO UPDATE SET ms = excluded.ms, body = excluded.body, created_at = excluded.created_at";
            on_pool!(&self.pool, p => sqlx::query(Q).bind(match_id).bind(i64::from(ms)).bind(body).bind(now)
                .execute(p).await.map(|_| ())?);
            Ok(())
        }
        .await;
        self.health.record("save_analysis", started, &result);
        result
    }

    /// Keeps a chat message.
    ///
    /// # Errors
    /// The insert failed (also: a `seq` the table already used).
    pub async fn add_chat(&self, c: &ChatRow) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "INSERT INTO chat (table_code, seq, match_id, player_id, seat, channel, phrase, body, at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
            on_pool!(&self.pool, p => sqlx::query(Q).bind(&c.table_code).bind(c.seq).bind(&c.match_id).bind(&c.player_id)
                .bind(c.seat).bind(&c.channel).bind(&c.phrase).bind(&c.body).bind(c.at).execute(p).await.map(|_| ())?);
            Ok(())
        }
        .await;
        self.health.record("add_chat", started, &result);
        result
    }

    /// The next free chat number of table `code` (codes of closed tables may come back).
    ///
    /// # Errors
    /// The query failed.
    pub async fn next_chat_seq(&self, code: &str) -> Result<i64, StoreError> {
        const Q: &str = "SELECT MAX(seq) FROM chat WHERE table_code = $1";
        let row: (Option<i64>,) = on_pool!(&self.pool, p => sqlx::query_as(Q).bind(code).fetch_one(p).await?);
        Ok(row.0.map_or(0, |m| m + 1))
    }

    /// The last `limit` chat messages of table `code` said since `since` (Unix ms: the table's
    /// creation, so a code used again does not bring back an old table's words), oldest first.
    ///
    /// # Errors
    /// The query failed.
    pub async fn recent_chat(&self, code: &str, since: i64, limit: i64) -> Result<Vec<ChatRow>, StoreError> {
        const Q: &str = "SELECT c.table_code, c.seq, c.match_id, c.player_id, c.seat, c.channel, c.phrase, c.body, c.at, \
             p.name FROM chat c LEFT JOIN players p ON p.id = c.player_id WHERE c.table_code = $1 AND c.at >= $2 \
             ORDER BY c.seq DESC LIMIT $3";
        let mut rows: Vec<ChatRow> = on_pool!(&self.pool, p => sqlx::query_as::<_, ChatRow>(Q).bind(code).bind(since).bind(limit).fetch_all(p).await?);
        rows.reverse();
        Ok(rows)
    }

    /// The last `limit` messages of `channel` said in match `match_id`, oldest first.
    ///
    /// # Errors
    /// The query failed.
    pub async fn match_chat(&self, match_id: &str, channel: &str, limit: i64) -> Result<Vec<ChatRow>, StoreError> {
        const Q: &str = "SELECT c.table_code, c.seq, c.match_id, c.player_id, c.seat, c.channel, c.phrase, c.body, c.at, \
             p.name FROM chat c LEFT JOIN players p ON p.id = c.player_id WHERE c.match_id = $1 AND c.channel = $2 \
             ORDER BY c.seq DESC LIMIT $3";
        let mut rows: Vec<ChatRow> = on_pool!(&self.pool, p => sqlx::query_as::<_, ChatRow>(Q).bind(match_id).bind(channel).bind(limit).fetch_all(p).await?);
        rows.reverse();
        Ok(rows)
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

/// An update that a unique name key may refuse: one row changed is done, none refused, and a
/// unique violation means another account holds the name. A violation is not a failing store,
/// so it does not mark the store unhealthy.
fn name_change(result: Result<u64, sqlx::Error>) -> Result<NameChange, StoreError> {
    match result {
        Ok(1..) => Ok(NameChange::Done),
        Ok(0) => Ok(NameChange::Refused),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(NameChange::NameTaken),
        Err(e) => Err(e.into()),
    }
}

async fn write_loop(pool: Pool, mut rx: mpsc::UnboundedReceiver<(Vec<EventRow>, Ack)>, health: Arc<Health>) {
    let mut batch: Vec<(Vec<EventRow>, Ack)> = Vec::new();
    // Taken once: every commit of the action log is timed.
    let latency = health.metrics.latency_of("append");
    while let Some(first) = rx.recv().await {
        batch.push(first);
        let mut count = batch[0].0.len();
        while count < MAX_BATCH {
            match rx.try_recv() {
                Ok(more) => {
                    count += more.0.len();
                    batch.push(more);
                }
                Err(_) => break,
            }
        }
        let started = Instant::now();
        let result = write_batch(&pool, &batch).await.map_err(|e| e.to_string());
        latency.observe(started.elapsed().as_secs_f64());
        if result.is_err() {
            health.metrics.failed("append");
        }
        health.record_state("append", &result);
        for (_, ack) in batch.drain(..) {
            let _ = ack.send(result.clone());
        }
    }
}

/// One multi-row `INSERT` per batch: a single round trip to the database (and, for SQLite, to
/// its worker thread) however many tables the batch serves. Only a batch too big for one
/// statement needs a transaction around its statements.
async fn write_batch(pool: &Pool, batch: &[(Vec<EventRow>, Ack)]) -> Result<(), sqlx::Error> {
    let rows: Vec<&EventRow> = batch.iter().flat_map(|(events, _)| events).collect();
    on_pool!(pool, p => {
        let mut tx = if rows.len() > MAX_BATCH { Some(p.begin().await?) } else { None };
        for chunk in rows.chunks(MAX_BATCH) {
            let mut q = sqlx::QueryBuilder::new("INSERT INTO events (match_id, seq, version, kind, seat, body) ");
            q.push_values(chunk, |mut b, e| {
                b.push_bind(&e.match_id)
                    .push_bind(e.seq)
                    .push_bind(e.version)
                    .push_bind(&e.kind)
                    .push_bind(e.seat)
                    .push_bind(&e.body);
            });
            match tx.as_mut() {
                Some(tx) => q.build().execute(&mut **tx).await?,
                None => q.build().execute(p).await?,
            };
        }
        if let Some(tx) = tx {
            tx.commit().await?;
        }
        Ok(())
    })
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
