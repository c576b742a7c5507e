//! The lobby over HTTP: `GET /api/tables` (public tables open to join) and `GET /api/bots` (the
//! bots a host may seat).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::Value;

use super::AppError;
use crate::hub::Hub;
use crate::protocol::http::Bots;

/// The lobby routes.
pub(super) fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/tables", get(tables))
        .route("/api/tables/{code}", get(preview))
        .route("/api/bots", get(bot_list))
}

/// `GET /api/tables/{code}`: the table an invite link names, before its reader has a name (the
/// game, the host, the rules, the seats). 404 `no_table` for a code no table on this node has.
async fn preview(State(hub): State<Arc<Hub>>, Path(code): Path<String>) -> Response {
    let code = code.trim().to_ascii_uppercase();
    match hub.table_preview(&code) {
        Some(preview) => Json(preview).into_response(),
        None => AppError::new(StatusCode::NOT_FOUND, "no_table", "no table has that code").into_response(),
    }
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
