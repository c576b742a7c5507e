//! Replays for the browser's stepper, computed by the engines: `GET /api/games/{id}/replay` (a
//! finished match) and `POST /api/replay` (a record file someone opens). Each answers every step
//! of the match — the deal and each action, with the public view, every seat's cards and the
//! score — so no rule of any game is written again in JavaScript.

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Extension, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use game::{Record, RecordError};
use serde_json::Value;

use super::AppError;
use super::accept::AddrPlace;
use super::daily::check_daily_secret;
use crate::hub::Hub;
use crate::limits::MAX_RECORD_BYTES;
use crate::protocol::http::RecordRefusal;

/// The replay routes.
pub(super) fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/games/{id}/replay", get(stored))
        .route("/api/games/{id}/record", get(record))
        .route("/api/replay", post(uploaded).layer(DefaultBodyLimit::max(MAX_RECORD_BYTES)))
}

/// The record of the finished match `id`: 404 for an unknown id and while the match is in
/// progress (its decks stay secret); 403 for a daily deal still hidden from the asker
/// ([`check_daily_secret`]); a stored record that does not read back is our fault (500).
pub(crate) async fn finished_record(hub: &Hub, id: &str, headers: &HeaderMap) -> Result<Record, AppError> {
    let not_found = || AppError::new(StatusCode::NOT_FOUND, "not_found", "no finished match with that id");
    let row = hub.store.match_row(id).await.map_err(AppError::from)?.ok_or_else(not_found)?;
    check_daily_secret(hub, &row, headers).await?;
    let (1, Some(text)) = (row.finished, row.record) else { return Err(not_found()) };
    Record::parse(&text).map_err(|e| AppError::internal(&e))
}

/// The steps of a finished match (404 while it is in progress: its decks stay secret).
async fn stored(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Value>, AppError> {
    let record = finished_record(&hub, &id, &headers).await?;
    // A stored record that does not replay is our fault, not the asker's.
    Ok(Json(games::replay_steps(&record).map_err(|e| AppError::internal(&e))?))
}

/// The steps of an uploaded record, or 422 with a [`RecordRefusal`]: the words `majlis replay`
/// prints for the same file. One address may upload only so many
/// ([`crate::limits::Limits::replay_burst`]): past it 429 `rate_limited`, before it is parsed or replayed.
async fn uploaded(State(hub): State<Arc<Hub>>, addr_place: Option<Extension<AddrPlace>>, body: Bytes) -> Response {
    if let Some(ip) = addr_place.and_then(|Extension(p)| p.limited)
        && !hub.replay_rate.check(ip.to_string())
    {
        let limits = &hub.config.limits;
        return AppError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!(
                "too many records replayed from one address: at most {} at once and {} a minute",
                limits.replay_burst, limits.replays_per_minute
            ),
        )
        .into_response();
    }
    let text = match std::str::from_utf8(&body) {
        Ok(text) => text,
        Err(e) => return unprocessable(RecordError::malformed(format!("not UTF-8 text: {e}"))),
    };
    match Record::parse(text).and_then(|record| games::replay_steps(&record)) {
        Ok(steps) => Json(steps).into_response(),
        Err(e) => unprocessable(e),
    }
}

fn unprocessable(error: RecordError) -> Response {
    (StatusCode::UNPROCESSABLE_ENTITY, Json(RecordRefusal { error })).into_response()
}

async fn record(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path(id): Path<String>) -> Result<Response, AppError> {
    let not_found = || AppError::new(StatusCode::NOT_FOUND, "not_found", "no finished match with that id");
    let row = hub.store.match_row(&id).await.map_err(AppError::from)?.ok_or_else(not_found)?;
    check_daily_secret(&hub, &row, &headers).await?;
    // In-progress decks stay secret: only finished matches have a record to show.
    match (row.finished, row.record) {
        (1, Some(record)) => Ok(([(header::CONTENT_TYPE, "application/json")], record).into_response()),
        _ => Err(not_found()),
    }
}
