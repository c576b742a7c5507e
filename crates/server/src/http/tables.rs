//! The lobby over HTTP: `GET /api/tables` (public tables open to join) and `GET /api/bots` (the
//! bots a host may seat).

use std::sync::Arc;

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::hub::Hub;

/// The lobby routes.
pub(super) fn routes() -> Router<Arc<Hub>> {
    Router::new().route("/api/tables", get(tables)).route("/api/bots", get(bot_list))
}

async fn tables(State(hub): State<Arc<Hub>>) -> Json<Value> {
    Json(json!(hub.open_tables()))
}

/// The bots a host may seat: the built-in ones and the operator's.
async fn bot_list(State(hub): State<Arc<Hub>>) -> Json<Value> {
    let pool = &hub.bot_pool;
    Json(json!({
        "builtin": bots::BUILTIN_NAMES,
        "server": pool.names().collect::<Vec<_>>(),
        "max_processes": pool.max_processes(),
        "running": pool.running(),
    }))
}
