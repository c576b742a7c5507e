//! The lobby listing: every live table's summary as its task last published it, the public
//! ones open to join served by `GET /api/tables`.

use std::collections::HashMap;
use std::sync::Mutex;

use serde::Serialize;

use super::lock;
use crate::limits::MAX_LISTED_TABLES;
use crate::protocol::SeatInfo;

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

/// The summaries of the live tables, by code.
#[derive(Debug, Default)]
pub(super) struct Listing {
    tables: Mutex<HashMap<String, TableSummary>>,
}

impl Listing {
    /// Puts (or replaces) a table's summary.
    pub(super) fn publish(&self, summary: TableSummary) {
        lock(&self.tables).insert(summary.code.clone(), summary);
    }

    /// Drops a table's summary.
    pub(super) fn remove(&self, code: &str) {
        lock(&self.tables).remove(code);
    }

    /// The codes of the finished tables.
    pub(super) fn finished(&self) -> Vec<String> {
        lock(&self.tables).values().filter(|t| t.status == "finished").map(|t| t.code.clone()).collect()
    }

    /// Public tables still open to join, by code, at most [`MAX_LISTED_TABLES`].
    pub(super) fn open(&self) -> Vec<TableSummary> {
        let mut list: Vec<TableSummary> = lock(&self.tables).values().filter(|t| t.public && t.open).cloned().collect();
        list.sort_by(|a, b| a.code.cmp(&b.code));
        list.truncate(MAX_LISTED_TABLES);
        list
    }

    /// The game and status of every table.
    pub(super) fn statuses(&self) -> Vec<(&'static str, &'static str)> {
        lock(&self.tables).values().map(|t| (t.game, t.status)).collect()
    }
}
