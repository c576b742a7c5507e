//! Tables and their action logs: the stored row of each live table, and the events of its
//! matches, appended in batches by one writer task (so many tables share each commit, and SQLite
//! never sees two writers at once). In cluster mode the writer checks each owner's fence in the
//! commit that writes its events.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Instant;

use tokio::sync::{mpsc, oneshot};

use super::{Fence, Health, Pool, Store, StoreError};

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
    /// 1 if new players need the table's invite secret to sit.
    pub invite_only: i64,
    /// The players the host removed from the lobby, a JSON list of ids.
    pub removed: String,
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
    /// The table's competition: a daily deal's `{"day": "YYYY-MM-DD", "game": "baloot"}` (see
    /// [`crate::daily`]) or a tournament board's tag (see [`crate::tournament`]); `None` for any other table.
    pub contest: Option<String>,
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

impl Store {
    /// Writes a table's row (insert or replace).
    ///
    /// # Errors
    /// The write failed, or the fence is stale ([`StoreError::Fenced`]).
    pub async fn save_table(&self, t: &TableRow) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "INSERT INTO tables (code, game, rules, turn_ms, public, host, seats, status, version, seed, \
                 match_id, matches, created_at, updated_at, hints, rated, spectator_chat, invite_only, removed, contest) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, \
                 $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) ON CONFLICT (code) DO UPDATE SET rules = excluded.rules, turn_ms = excluded.turn_ms, \
                 public = excluded.public, hints = excluded.hints, invite_only = excluded.invite_only, removed = excluded.removed, host = excluded.host, seats = excluded.seats, status = excluded.status, version = excluded.version, \
                 match_id = excluded.match_id, matches = excluded.matches, updated_at = excluded.updated_at, contest = excluded.contest";
            on_pool!(&self.pool, p => write_one!(self, p, sqlx::query(Q)
                .bind(&t.code).bind(&t.game).bind(&t.rules).bind(t.turn_ms).bind(t.public).bind(&t.host).bind(&t.seats)
                .bind(&t.status).bind(t.version).bind(&t.seed).bind(&t.match_id).bind(t.matches).bind(t.created_at)
                .bind(t.updated_at).bind(t.hints).bind(t.rated).bind(t.spectator_chat).bind(t.invite_only).bind(&t.removed).bind(&t.contest)));
            Ok(())
        }
        .await;
        self.health.record("save_table", started, &result);
        result
    }

    /// Removes a table that closed (nobody left in its lobby). Its matches stay. Through a fenced
    /// handle the table's lease goes with it, in the same transaction.
    ///
    /// # Errors
    /// The delete failed, or the fence is stale ([`StoreError::Fenced`]).
    pub async fn delete_table(&self, code: &str) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "DELETE FROM tables WHERE code = $1";
            on_pool!(&self.pool, p => match self.fence.as_deref() {
                None => {
                    sqlx::query(Q).bind(code).execute(p).await?;
                }
                Some(fence) => {
                    let mut tx = begin_write!(self, p);
                    sqlx::query(Q).bind(code).execute(&mut *tx).await?;
                    sqlx::query("DELETE FROM leases WHERE table_code = $1").bind(&fence.table).execute(&mut *tx).await?;
                    tx.commit().await?;
                }
            });
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
        const Q: &str = "SELECT code, game, rules, turn_ms, public, hints, rated, spectator_chat, invite_only, removed, host, seats, status, version, seed, \
             match_id, matches, created_at, updated_at, contest FROM tables ORDER BY created_at";
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, TableRow>(Q).fetch_all(p).await?))
    }

    /// One stored table, by code (a table to take over from another node).
    ///
    /// # Errors
    /// The query failed.
    pub async fn table_row(&self, code: &str) -> Result<Option<TableRow>, StoreError> {
        const Q: &str = "SELECT code, game, rules, turn_ms, public, hints, rated, spectator_chat, invite_only, removed, host, seats, status, version, seed, \
             match_id, matches, created_at, updated_at, contest FROM tables WHERE code = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, TableRow>(Q).bind(code).fetch_optional(p).await?))
    }

    /// Appends events to the action log; returns once they are committed. Through a fenced
    /// handle each row records the fence's epoch, and the events are refused, none written, when
    /// the epoch is no longer the lease's (checked in the commit that would write them).
    ///
    /// # Errors
    /// The commit failed, the store is closed, or the fence is stale ([`StoreError::Fenced`]).
    pub async fn append(&self, events: Vec<EventRow>) -> Result<(), StoreError> {
        let (ack, done) = oneshot::channel();
        self.writer.send(Append { events, fence: self.fence.clone(), ack }).map_err(|_| StoreError::Closed)?;
        match done.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(Refusal::Failed(e))) => Err(StoreError::Corrupt(e)),
            Ok(Err(Refusal::Fenced)) => Err(self.fence.as_deref().map_or(StoreError::Closed, Fence::refused)),
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

    /// The epoch each event of a match's log was written under, as `(seq, epoch)` in order: the
    /// writer's fence's epoch, 0 for events written unfenced (a single node).
    ///
    /// # Errors
    /// The query failed.
    pub async fn event_epochs(&self, match_id: &str) -> Result<Vec<(i64, i64)>, StoreError> {
        const Q: &str = "SELECT seq, epoch FROM events WHERE match_id = $1 ORDER BY seq";
        Ok(on_pool!(&self.pool, p => sqlx::query_as(Q).bind(match_id).fetch_all(p).await?))
    }
}

/// The most events committed together.
const MAX_BATCH: usize = 512;

/// One table's events for the writer, with its owner's fence, and where to answer.
pub(super) struct Append {
    events: Vec<EventRow>,
    fence: Option<Arc<Fence>>,
    ack: oneshot::Sender<Result<(), Refusal>>,
}

/// Why an [`Append`] was not committed.
#[derive(Clone, Debug)]
enum Refusal {
    /// Its fence is stale.
    Fenced,
    /// The batch's commit failed with this.
    Failed(String),
}

pub(super) async fn write_loop(pool: Pool, mut rx: mpsc::UnboundedReceiver<Append>, health: Arc<Health>) {
    let mut batch: Vec<Append> = Vec::new();
    // Taken once: every commit of the action log is timed.
    let latency = health.metrics.latency_of("append");
    while let Some(first) = rx.recv().await {
        let mut count = first.events.len();
        batch.push(first);
        while count < MAX_BATCH {
            match rx.try_recv() {
                Ok(more) => {
                    count += more.events.len();
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
        let fenced = result.as_ref().map_or(0, |refused| refused.iter().filter(|r| **r).count());
        if fenced > 0 {
            health.metrics.fenced("append", fenced as u64);
        }
        for (i, append) in batch.drain(..).enumerate() {
            let answer = match &result {
                Ok(refused) if refused.get(i).copied().unwrap_or(false) => Err(Refusal::Fenced),
                Ok(_) => Ok(()),
                Err(e) => Err(Refusal::Failed(e.clone())),
            };
            let _ = append.ack.send(answer);
        }
    }
}

/// One multi-row `INSERT` per batch: a single round trip to the database (and, for SQLite, to
/// its worker thread) however many tables the batch serves. Only a batch too big for one
/// statement needs a transaction around its statements — or a batch with fenced events: then
/// one transaction reads (and locks) the leases of their tables first, and writes only the
/// events whose fence holds, each with its epoch. Returns which appends were refused by their
/// fence, by position (empty when none carried a fence).
async fn write_batch(pool: &Pool, batch: &[Append]) -> Result<Vec<bool>, sqlx::Error> {
    let fenced = batch.iter().any(|a| a.fence.is_some());
    let count: usize = batch.iter().map(|a| a.events.len()).sum();
    on_pool!(pool, p => {
        let mut refused = Vec::new();
        let mut tx = if fenced {
            let mut tx = p.begin_with(pool.begin_fenced()).await?;
            let tables: BTreeSet<&str> = batch.iter().filter_map(|a| a.fence.as_deref()).map(|f| f.table.as_str()).collect();
            let mut q = sqlx::QueryBuilder::new("SELECT table_code, epoch FROM leases WHERE table_code IN (");
            let mut list = q.separated(", ");
            for table in &tables {
                list.push_bind(*table);
            }
            q.push(if matches!(pool, Pool::Postgres(_)) { ") FOR SHARE" } else { ")" });
            let leases: HashMap<String, i64> = q.build_query_as::<(String, i64)>().fetch_all(&mut *tx).await?.into_iter().collect();
            refused = batch.iter().map(|a| a.fence.as_deref().is_some_and(|f| leases.get(&f.table) != Some(&f.epoch))).collect();
            Some(tx)
        } else if count > MAX_BATCH {
            Some(p.begin().await?)
        } else {
            None
        };
        // The epoch column is written only by fenced batches (unfenced rows in them get 0, its
        // default), so a single node's statement is what it always was.
        let rows: Vec<(&EventRow, Option<i64>)> = batch
            .iter()
            .enumerate()
            .filter(|(i, _)| !refused.get(*i).copied().unwrap_or(false))
            .flat_map(|(_, a)| {
                let epoch = fenced.then(|| a.fence.as_deref().map_or(0, |f| f.epoch));
                a.events.iter().map(move |e| (e, epoch))
            })
            .collect();
        let columns = if fenced {
            "INSERT INTO events (match_id, seq, version, kind, seat, body, epoch) "
        } else {
            "INSERT INTO events (match_id, seq, version, kind, seat, body) "
        };
        for chunk in rows.chunks(MAX_BATCH) {
            let mut q = sqlx::QueryBuilder::new(columns);
            q.push_values(chunk, |mut b, (e, epoch)| {
                b.push_bind(&e.match_id)
                    .push_bind(e.seq)
                    .push_bind(e.version)
                    .push_bind(&e.kind)
                    .push_bind(e.seat)
                    .push_bind(&e.body);
                if let Some(epoch) = epoch {
                    b.push_bind(*epoch);
                }
            });
            match tx.as_mut() {
                Some(tx) => q.build().execute(&mut **tx).await?,
                None => q.build().execute(p).await?,
            };
        }
        if let Some(tx) = tx {
            tx.commit().await?;
        }
        Ok(refused)
    })
}
