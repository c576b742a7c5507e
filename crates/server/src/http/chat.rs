//! The chat of a finished match over HTTP, `GET /api/games/{id}/chat`: the players' channel.
//!
//! What a message may say is the protocol's ([`crate::protocol::chat`]); the table task decides
//! who says what on which channel and keeps the recent lines (`table/chat.rs`).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::get;
use axum::{Json, Router};

use super::AppError;
use crate::hub::Hub;
use crate::limits::CHAT_SERVED;
use crate::protocol::chat::{PLAYERS, line_of};
use crate::protocol::http::MatchChat;

/// The chat routes.
pub(super) fn routes() -> Router<Arc<Hub>> {
    Router::new().route("/api/games/{id}/chat", get(match_chat))
}

/// The players' channel of a finished match (its last [`CHAT_SERVED`] messages, oldest first);
/// 404 for an unknown id and while the match is in progress, as for its record. Spectators'
/// words are not kept with the match's public record.
async fn match_chat(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<MatchChat>, AppError> {
    let not_found = || AppError::new(StatusCode::NOT_FOUND, "not_found", "no finished match with that id");
    let row = hub.store.match_row(&id).await.map_err(AppError::from)?.ok_or_else(not_found)?;
    super::daily::check_daily_secret(&hub, &row, &headers).await?;
    if row.finished != 1 {
        return Err(not_found());
    }
    let rows = hub.store.match_chat(&id, PLAYERS, CHAT_SERVED).await.map_err(AppError::from)?;
    Ok(Json(MatchChat { game_id: id, chat: rows.iter().map(line_of).collect() }))
}
