//! Analyses of finished matches for the browser's replay: `GET /api/games/{id}/analysis`.
//!
//! The analysis (`majlis analyze`'s JSON: each decision's values, the loss of the action played
//! and its mark, each hand's double-dummy par) is made once per match on the bot threads, at
//! their lower priority, and kept in the store with the match. A page never waits for it: the
//! first ask queues the work and answers `202 {"status": "queued"}` (`"running"` while it is
//! under way); the page asks again later and gets `200 {"status": "ready", "analysis": ...}`.
//!
//! At most [`Hub::max_analyses`] matches are analysed at once — never every bot thread, so
//! the bots playing at live tables always have one. Past that the answer is `503 busy`.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use games::analysis::AnalyzeOptions;
use serde_json::value::RawValue;

use super::AppError;
use super::replays::finished_record;
use crate::hub::{Hub, lock};
use crate::protocol::http::{AnalysisAnswer, AnalysisStatus};
use crate::store::unix_ms;

/// The analysis routes.
pub(super) fn routes() -> Router<Arc<Hub>> {
    Router::new().route("/api/games/{id}/analysis", get(analysis))
}

/// 202: the analysis is on its way.
fn pending(status: AnalysisStatus) -> Response {
    (StatusCode::ACCEPTED, Json(AnalysisAnswer { status, analysis: None })).into_response()
}

/// The stored analysis of a finished match, or the news that it is on its way.
async fn analysis(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let record = finished_record(&hub, &id, &headers).await?;
    if let Some(body) = hub.store.analysis(&id).await.map_err(AppError::from)? {
        // Sent as it was kept: the stored text is the analysis's JSON.
        let analysis = RawValue::from_string(body).map_err(|e| AppError::internal(&e))?;
        return Ok(Json(AnalysisAnswer { status: AnalysisStatus::Ready, analysis: Some(analysis) }).into_response());
    }
    {
        let mut analysing = lock(&hub.analysing);
        if analysing.contains(&id) {
            return Ok(pending(AnalysisStatus::Running));
        }
        if analysing.len() >= hub.max_analyses() {
            return Err(AppError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "the server is analysing other matches; ask again in a minute",
            ));
        }
        analysing.insert(id.clone());
    }
    let ms = hub.config.analysis_ms.unwrap_or_else(|| games::analysis::default_ms(record.game));
    let opts = AnalyzeOptions { seat: None, ms, seed: 0 };
    let Some(ticket) = hub.bot_threads.submit(move || games::analysis::analyze(&record, &opts, &mut |_, _| {})) else {
        lock(&hub.analysing).remove(&id);
        return Err(AppError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", "the bots are busy; ask again in a minute"));
    };
    let hub2 = hub.clone();
    tokio::spawn(async move {
        match ticket.await {
            Ok(Ok(analysis)) => match serde_json::to_string(&analysis) {
                Ok(body) => {
                    if let Err(e) = hub2.store.save_analysis(&id, analysis.ms, &body, unix_ms()).await {
                        tracing::warn!(game = %id, error = %e, "an analysis could not be stored");
                    }
                }
                Err(e) => tracing::error!(game = %id, error = %e, "an analysis did not serialize"),
            },
            // A stored record that does not analyse is our fault.
            Ok(Err(e)) => tracing::error!(game = %id, error = %e, "a finished match could not be analysed"),
            Err(_) => tracing::error!(game = %id, "the analysis panicked"),
        }
        lock(&hub2.analysing).remove(&id);
    });
    Ok(pending(AnalysisStatus::Queued))
}
