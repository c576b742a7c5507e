//! Tables and their action logs: the stored row of each live table, and the events of its
//! matches, appended in batches by one writer task (so many tables share each commit, and SQLite
//! never sees two writers at once).

use std::sync::Arc;
use std::time::Instant;

use tokio::sync::{mpsc, oneshot};

use super::{Ack, Health, Pool, Store, StoreError};

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
}

/// The most events committed together.
const MAX_BATCH: usize = 512;

pub(super) async fn write_loop(pool: Pool, mut rx: mpsc::UnboundedReceiver<(Vec<EventRow>, Ack)>, health: Arc<Health>) {
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
