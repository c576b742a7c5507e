//! The lobby over HTTP: `GET /api/tables` (public tables open to join) and `GET /api/bots` (the
//! bots a host may seat).

use std::sync::Arc;

use crate::hub::Hub;
use crate::protocol::http::{Bots, ListedTable};
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};

/// The lobby routes.
pub(super) fn routes() -> Router<Arc<Hub>> {
    Router::new().route("/api/tables", get(tables)).route("/api/bots", get(bot_list))
}

async fn tables(State(hub): State<Arc<Hub>>) -> Json<Vec<ListedTable>> {
    Json(hub.open_tables())
}

/// The bots a host may seat: the built-in ones and the operator's.
async fn bot_list(State(hub): State<Arc<Hub>>) -> Json<Bots> {
    let pool = &hub.bot_pool;
    Json(Bots {
        builtin: bots::BUILTIN_NAMES,
        server: pool.names().map(str::to_owned).collect(),
        max_processes: pool.max_processes(),
        running: pool.running(),
    })
}
