//! The lobby listing: every live table's summary as its task last published it, the public
//! ones open to join served by `GET /api/tables`.

use std::collections::HashMap;
use std::sync::Mutex;

use super::lock;
use crate::limits::MAX_LISTED_TABLES;
use crate::protocol::http::ListedTable;

/// A live table as its task last published it: what `GET /api/tables` shows of it, and what the
/// listing picks the open tables by.
#[derive(Clone, Debug)]
pub struct TableSummary {
    /// The table as the listing shows it.
    pub listed: ListedTable,
    /// Listed publicly.
    pub public: bool,
    /// Whether a seat is free to join now and the host is there to start the match.
    pub open: bool,
    /// The host's player id.
    pub host_id: String,
    /// Whether the table is in its lobby (not playing, not finished).
    pub in_lobby: bool,
    /// The table's rules, as in the `table` frame.
    pub rules: serde_json::Map<String, serde_json::Value>,
    /// Time per decision, in milliseconds.
    pub turn_ms: u64,
}

/// The summaries of the live tables, by code.
#[derive(Debug, Default)]
pub(super) struct Listing {
    tables: Mutex<HashMap<String, TableSummary>>,
}

impl Listing {
    /// Puts (or replaces) a table's summary.
    pub(super) fn publish(&self, summary: TableSummary) {
        lock(&self.tables).insert(summary.listed.code.clone(), summary);
    }

    /// A table's summary, by code.
    pub(super) fn get(&self, code: &str) -> Option<TableSummary> {
        lock(&self.tables).get(code).cloned()
    }

    /// Drops a table's summary.
    pub(super) fn remove(&self, code: &str) {
        lock(&self.tables).remove(code);
    }

    /// The codes of the finished tables.
    pub(super) fn finished(&self) -> Vec<String> {
        let tables = lock(&self.tables);
        tables.values().filter(|t| t.listed.status == "finished").map(|t| t.listed.code.clone()).collect()
    }

    /// Public tables still open to join, by code, at most [`MAX_LISTED_TABLES`].
    pub(super) fn open(&self) -> Vec<ListedTable> {
        let mut list: Vec<ListedTable> =
            lock(&self.tables).values().filter(|t| t.public && t.open).map(|t| t.listed.clone()).collect();
        list.sort_by(|a, b| a.code.cmp(&b.code));
        list.truncate(MAX_LISTED_TABLES);
        list
    }

    /// The game and status of every table.
    pub(super) fn statuses(&self) -> Vec<(&'static str, &'static str)> {
        lock(&self.tables).values().map(|t| (t.listed.game, t.listed.status)).collect()
    }
}
