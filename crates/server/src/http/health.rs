//! The operators' endpoints: `GET /metrics` (Prometheus), `/api/stats`, `/healthz` (liveness),
//! `/readyz` (readiness), and the older `/api/health` and `/api/ready`. `/metrics` and
//! `/api/stats` say how busy the server is and what it runs on: they are on the main address only
//! when the operator asks ([`crate::Config::metrics_on_main`]).

use std::sync::Arc;

use crate::hub::Hub;
use crate::metrics::rss_bytes;
use crate::protocol::http::{Health, Ready, Stats};
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

/// The health routes, and with `metrics` the operators' too (`/metrics`, `/api/stats`).
pub(super) fn routes(metrics: bool) -> Router<Arc<Hub>> {
    let app = if metrics {
        operator_routes()
    } else {
        Router::new().route("/healthz", get(healthz)).route("/readyz", get(readyz))
    };
    app.route("/api/health", get(health)).route("/api/ready", get(health))
}

/// The operators' routes: `GET /metrics`, `/api/stats`, `/healthz`, `/readyz`.
pub(super) fn operator_routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/metrics", get(metrics))
        .route("/api/stats", get(stats))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
}

/// `GET /metrics`: the Prometheus text format (see [`crate::metrics`]).
async fn metrics(State(hub): State<Arc<Hub>>) -> Response {
    ([(header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE)], hub.metrics.render(&hub.snapshot())).into_response()
}

/// `GET /healthz`, liveness: the process answers.
async fn healthz() -> Json<Ready> {
    Json(Ready { ok: true, reason: None })
}

/// `GET /readyz`, readiness: 200 while the store takes writes and has all its tables and the
/// server is not shutting down; 503 with the reason otherwise, so a load balancer sends new
/// players elsewhere.
async fn readyz(State(hub): State<Arc<Hub>>) -> Response {
    let reason = if *hub.shutdown.borrow() {
        Some("shutting down".to_owned())
    } else {
        store_health(&hub).await.err().map(|e| format!("store failing: {e}"))
    };
    let status = if reason.is_none() { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, Json(Ready { ok: reason.is_none(), reason })).into_response()
}

/// `{"ok": true, "store": "ok"}` while the store takes writes and has all its tables; 503 and
/// what is wrong while its latest write failed (a locked, read-only or full database) or a table
/// is missing, so a load balancer stops sending players to a server that cannot keep their games.
async fn health(State(hub): State<Arc<Hub>>) -> Response {
    match store_health(&hub).await {
        Ok(()) => Json(Health { ok: true, store: "ok".to_owned() }).into_response(),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, Json(Health { ok: false, store: format!("failing: {e}") }))
            .into_response(),
    }
}

/// Whether the store is well: its latest write went through, and no table is missing.
async fn store_health(hub: &Hub) -> Result<(), String> {
    hub.store.write_health()?;
    hub.store.schema_health().await
}

/// `GET /api/stats`: live tables, open sockets, memory, the store's kind, the bot threads.
async fn stats(State(hub): State<Arc<Hub>>) -> Json<Stats> {
    Json(Stats {
        tables: hub.table_count(),
        connections: hub.connection_count(),
        rss_bytes: rss_bytes(),
        store: hub.store.backend(),
        bot_threads: hub.bot_threads.stats(),
    })
}
