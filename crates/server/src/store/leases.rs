//! Leases: which node owns each table when several nodes share one PostgreSQL (cluster mode),
//! and the epochs that fence a former owner's writes out.
//!
//! A table's lease names its owner node, an epoch and an expiry. The owner renews all its leases
//! together while it lives; a lease past its expiry may be taken over by any node, which raises
//! the epoch. The owner writes through a [`Store::fenced`] handle that carries the epoch it was
//! given, and every such write checks it against the lease in the transaction that writes, so a
//! paused owner that wakes after a takeover writes nothing.
//!
//! Lease times are the database's clock (in PostgreSQL `clock_timestamp()`, not the statement's
//! start), so the nodes' clocks do not matter. The same SQL runs on SQLite, which has one node
//! by nature; a single node never takes a lease and never pays for one.
//!
//! Epochs count per table from 1. A closed table's lease goes with its row, so a code drawn
//! again for a new table starts at 1 again: a former owner of the closed table that is still
//! paused could then pass the new table's fence. That needs the same random code (6 letters of
//! 31 at least) drawn again within the pause.

use std::time::Duration;

use super::{Pool, Store, StoreError};

/// An owner's claim on one table, carried by its store handle ([`Store::fenced`]): its writes
/// go through only while `epoch` is the epoch of the table's lease.
#[derive(Clone, Debug, PartialEq, Eq, Hash, sqlx::FromRow)]
pub struct Fence {
    /// The table's code.
    #[sqlx(rename = "table_code")]
    pub table: String,
    /// The lease's epoch when the owner got it (1 for a new table, one more on each takeover).
    pub epoch: i64,
}

impl Fence {
    /// `Ok` if the lease's current epoch (`None`: no lease) is this fence's.
    pub(super) fn admits(&self, current: Option<i64>) -> Result<(), StoreError> {
        if current == Some(self.epoch) { Ok(()) } else { Err(self.refused()) }
    }

    /// The error of a write this fence no longer admits.
    pub(super) fn refused(&self) -> StoreError {
        StoreError::Fenced { table: self.table.clone(), epoch: self.epoch }
    }
}

/// A table's lease as routing reads it: who owns the table, and whether that is still so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    /// The owner node's name.
    pub node: String,
    /// The current epoch.
    pub epoch: i64,
    /// The lease is past its expiry: its owner stopped renewing (died, paused or handed it
    /// over) and any node may take the table over.
    pub expired: bool,
}

/// A lease past its expiry: a table to take over.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ExpiredLease {
    /// The table's code.
    pub table_code: String,
    /// The node that held it.
    pub node: String,
    /// Its epoch (a takeover makes it one more).
    pub epoch: i64,
    /// When it expired (Unix ms, the database's clock; 0: handed over).
    pub expires_at: i64,
}

/// Milliseconds of `ttl`, kept far from overflowing when added to the clock.
fn ttl_ms(ttl: Duration) -> i64 {
    i64::try_from(ttl.as_millis()).map_or(i64::MAX / 4, |ms| ms.min(i64::MAX / 4))
}

impl Pool {
    /// `sql` with `NOW_MS` replaced by the database's clock in Unix milliseconds.
    fn with_clock(&self, sql: &str) -> String {
        let now = match self {
            Pool::Sqlite(_) => "CAST(unixepoch('subsec') * 1000 AS BIGINT)",
            Pool::Postgres(_) => "(extract(epoch from clock_timestamp()) * 1000)::bigint",
        };
        sql.replace("NOW_MS", now)
    }
}

impl Store {
    /// Registers the node `name` (a node starting, or starting again) and returns its number,
    /// small and fixed for the name, from which connection ids can be made unique across nodes.
    /// Marks the node seen now.
    ///
    /// # Errors
    /// The query failed.
    pub async fn register_node(&self, name: &str) -> Result<i64, StoreError> {
        let q = self.pool.with_clock(
            "INSERT INTO nodes (name, started_at, seen_at) VALUES ($1, NOW_MS, NOW_MS) \
             ON CONFLICT (name) DO UPDATE SET seen_at = excluded.seen_at RETURNING id",
        );
        let (id,): (i64,) = on_pool!(&self.pool, p => sqlx::query_as(&q).bind(name).fetch_one(p).await?);
        Ok(id)
    }

    /// Gives node `node` the lease of the new table `code` for `ttl`, at epoch 1. `None` when the
    /// code already has a lease, live or expired (an expired one is a table waiting for its
    /// takeover, not a free code).
    ///
    /// # Errors
    /// The query failed.
    pub async fn lease_new(&self, code: &str, node: &str, ttl: Duration) -> Result<Option<Fence>, StoreError> {
        let q = self.pool.with_clock(
            "INSERT INTO leases (table_code, node, epoch, expires_at) VALUES ($1, $2, 1, NOW_MS + $3) \
             ON CONFLICT (table_code) DO NOTHING RETURNING table_code, epoch",
        );
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, Fence>(&q).bind(code).bind(node).bind(ttl_ms(ttl))
            .fetch_optional(p).await?))
    }

    /// Extends every lease node `node` holds to `ttl` from now, marks the node seen, and returns
    /// the tables it still owns with their epochs. A table the node runs but that is missing
    /// here was taken over (or closed): the node lets it go. A lease that expired but that no
    /// node took is extended too — no other node wrote in the meantime, the epoch is the same.
    ///
    /// # Errors
    /// The query failed.
    pub async fn renew_leases(&self, node: &str, ttl: Duration) -> Result<Vec<Fence>, StoreError> {
        let seen = self.pool.with_clock("UPDATE nodes SET seen_at = NOW_MS WHERE name = $1");
        let renew = self
            .pool
            .with_clock("UPDATE leases SET expires_at = NOW_MS + $2 WHERE node = $1 RETURNING table_code, epoch");
        Ok(on_pool!(&self.pool, p => {
            sqlx::query(&seen).bind(node).execute(p).await?;
            sqlx::query_as::<_, Fence>(&renew).bind(node).bind(ttl_ms(ttl)).fetch_all(p).await?
        }))
    }

    /// Up to `limit` leases past their expiry, those handed over and the longest expired first:
    /// the tables to take over.
    ///
    /// # Errors
    /// The query failed.
    pub async fn expired_leases(&self, limit: i64) -> Result<Vec<ExpiredLease>, StoreError> {
        let q = self.pool.with_clock(
            "SELECT table_code, node, epoch, expires_at FROM leases WHERE expires_at < NOW_MS \
             ORDER BY expires_at, table_code LIMIT $1",
        );
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, ExpiredLease>(&q).bind(limit).fetch_all(p).await?))
    }

    /// Takes table `code` over for node `node`, for `ttl`, if its lease expired or `node` already
    /// holds it (a node started again under its name): the epoch goes one up and the new fence
    /// is returned. `None` when another node holds a live lease, when there is no lease, or when
    /// another node won the race — one statement decides, so of several nodes taking the same
    /// table at once exactly one gets it. The new owner then rebuilds the table from the stored
    /// log: a former owner's write either committed before (and is in the log) or is refused.
    ///
    /// # Errors
    /// The query failed.
    pub async fn take_over(&self, code: &str, node: &str, ttl: Duration) -> Result<Option<Fence>, StoreError> {
        let q = self.pool.with_clock(
            "UPDATE leases SET node = $2, epoch = epoch + 1, expires_at = NOW_MS + $3 \
             WHERE table_code = $1 AND (expires_at < NOW_MS OR node = $2) RETURNING table_code, epoch",
        );
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, Fence>(&q).bind(code).bind(node).bind(ttl_ms(ttl))
            .fetch_optional(p).await?))
    }

    /// Expires every lease of node `node` at once (a graceful stop, after its last writes), so
    /// other nodes take its tables without waiting for the leases to run out. Returns how many
    /// it held. The node must stop renewing first: a renewal would claim them back.
    ///
    /// # Errors
    /// The query failed.
    pub async fn hand_over(&self, node: &str) -> Result<u64, StoreError> {
        const Q: &str = "UPDATE leases SET expires_at = 0 WHERE node = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query(Q).bind(node).execute(p).await?.rows_affected()))
    }

    /// Who owns table `code`, for routing a message to it: `None` when the table has no lease
    /// (it is closed, or unknown).
    ///
    /// # Errors
    /// The query failed.
    pub async fn lease_of(&self, code: &str) -> Result<Option<Lease>, StoreError> {
        let q = self.pool.with_clock(
            "SELECT node, epoch, CAST(CASE WHEN expires_at < NOW_MS THEN 1 ELSE 0 END AS BIGINT) \
             FROM leases WHERE table_code = $1",
        );
        let row: Option<(String, i64, i64)> =
            on_pool!(&self.pool, p => sqlx::query_as(&q).bind(code).fetch_optional(p).await?);
        Ok(row.map(|(node, epoch, expired)| Lease { node, epoch, expired: expired != 0 }))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::metrics::{Metrics, Snapshot};

    /// A stale owner's writes are counted as fenced, not as the store failing.
    #[tokio::test]
    async fn a_refused_write_is_counted_as_fenced_not_as_a_failure() {
        let store = Store::connect("sqlite::memory:").await.unwrap();
        let first = store.lease_new("T1", "a", Duration::from_secs(60)).await.unwrap().unwrap();
        assert_eq!(store.hand_over("a").await.unwrap(), 1);
        assert_eq!(store.take_over("T1", "b", Duration::from_secs(60)).await.unwrap().map(|f| f.epoch), Some(2));
        let stale = store.fenced(first);
        assert!(matches!(stale.finish_match("g_1", "{}", "{}", 1).await, Err(StoreError::Fenced { .. })));
        assert!(matches!(stale.append(Vec::new()).await, Err(StoreError::Fenced { .. })));
        assert!(store.write_health().is_ok());
        let text = Metrics::new(store.metrics(), None).render(&Snapshot::default());
        for op in ["finish_match", "append"] {
            assert!(text.contains(&format!("majlis_store_fenced_writes_total{{op=\"{op}\"}} 1\n")), "{op}: {text}");
            let failures = format!("majlis_store_write_failures_total{{op=\"{op}\"}} ");
            assert!(text.lines().all(|l| !l.starts_with(&failures) || l.ends_with(" 0")), "{op}: {text}");
        }
    }
}
