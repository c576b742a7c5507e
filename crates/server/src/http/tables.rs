//! The lobby over HTTP: `GET /api/tables` (public tables open to join) and `GET /api/bots` (the
//! bots a host may seat).

use std::sync::Arc;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::Value;

use crate::hub::Hub;
use crate::protocol::http::Bots;

/// The lobby routes.
pub(super) fn routes() -> Router<Arc<Hub>> {
    Router::new().route("/api/tables", get(tables)).route("/api/bots", get(bot_list))
}

async fn tables(State(hub): State<Arc<Hub>>) -> Response {
    let here = hub.open_tables();
    let Some(cluster) = hub.cluster() else { return Json(here).into_response() };
    // In a cluster, with the other nodes' tables (as they published them, at most seconds ago).
    let codes = hub.local_tables().into_iter().collect();
    let mut all: Vec<Value> = here.iter().filter_map(|t| serde_json::to_value(t).ok()).collect();
    all.extend(cluster.listed_elsewhere(&codes));
    all.sort_by(|a, b| a["code"].as_str().cmp(&b["code"].as_str()));
    all.truncate(crate::limits::MAX_LISTED_TABLES);
    Json(all).into_response()
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
