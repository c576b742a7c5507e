//! `GET /ws`: the WebSocket upgrade. It authenticates the socket (a bearer header, the session
//! cookie from our own pages, or a first `auth` message), takes the player's and the address's
//! places, and hands the socket to its session ([`crate::ws`]).

use std::sync::Arc;

use axum::Extension;
use axum::Router;
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::get;
use serde::Deserialize;

use super::accept::AddrPlace;
use super::{AppError, auth};
use crate::hub::Hub;
use crate::limits::{MAX_FRAME_BYTES, Place};
use crate::protocol::{ErrorCode, ProtocolError};
use crate::store::PlayerRow;

/// The WebSocket route.
pub(super) fn routes() -> Router<Arc<Hub>> {
    Router::new().route("/ws", get(ws))
}

async fn ws(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    addr_place: Option<Extension<AddrPlace>>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, AppError> {
    // The token comes in an `Authorization: Bearer` header (programs), in the session cookie
    // (browsers), or, when neither is there, in the socket's first message. Never in the URL:
    // URLs end up in logs. A browser sends the cookie whichever site opens the socket, so a
    // cookie-borne upgrade must come from our own pages.
    let known = match auth::credential(&headers) {
        Some((token, via)) => {
            if via == auth::Via::Cookie && auth::cross_origin(&headers) {
                return Err(auth::bad_origin());
            }
            let session = auth::session(&hub, token).await?;
            let player = session.player.player();
            let place = player_place(&hub, &player)
                .map_err(|message| AppError::new(StatusCode::TOO_MANY_REQUESTS, "too_many_connections", message))?;
            Some((player, session.token_hash, place))
        }
        None => None,
    };
    let upgrade = upgrade.map_err(|e| {
        AppError::new(e.status(), "bad_request", format!("/ws is the WebSocket endpoint: {}", e.body_text()))
    })?;
    let addr_place = addr_place.map(|Extension(p)| p);
    let ip = addr_place.as_ref().and_then(|p| p.limited);
    // Frames past 16 KiB get a `too_large` error from the protocol layer; past this, the socket
    // is closed by the WebSocket layer itself.
    // A small read buffer: the WebSocket layer's default allocates 128 KiB per socket up front,
    // which would make the buffers, not the games, most of the server's memory. It grows when a
    // message needs it.
    let upgrade = upgrade.max_message_size(MAX_FRAME_BYTES).max_frame_size(MAX_FRAME_BYTES).read_buffer_size(4 * 1024);
    Ok(upgrade.on_upgrade(move |mut socket| async move {
        // The socket holds its player's and its address's places while it is open.
        let (player, token_hash, player_place) = match known {
            Some(known) => known,
            None => match first_message_auth(&hub, &mut socket).await {
                Ok(known) => known,
                Err((code, message)) => {
                    refuse_socket(socket, code, &message).await;
                    return;
                }
            },
        };
        let _places = (player_place, addr_place);
        crate::ws::run(hub, player, token_hash, ip, socket).await;
    }))
}

/// A place among the player's open sockets ([`Limits::max_conns_per_player`]), or why not.
fn player_place(hub: &Hub, player: &PlayerRow) -> Result<Place<String>, String> {
    let max = hub.config.limits.max_conns_per_player;
    Place::take(&hub.player_conns, player.id.clone(), max)
        .ok_or_else(|| format!("one player may have at most {max} connections open"))
}

/// The first message of a socket opened without a token: `{"type":"auth","token":"..."}`,
/// within the header deadline. The player, the hash of its session's token, its place.
async fn first_message_auth(
    hub: &Hub,
    socket: &mut axum::extract::ws::WebSocket,
) -> Result<(PlayerRow, String, Place<String>), (ErrorCode, String)> {
    use axum::extract::ws::Message;
    #[derive(Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    enum First {
        Auth { token: String },
    }
    let wait = hub.config.limits.header_read_timeout;
    let first = loop {
        match tokio::time::timeout(wait, socket.recv()).await {
            Ok(Some(Ok(Message::Text(text)))) => break text,
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => {}
            Ok(_) => return Err((ErrorCode::Unauthorized, "the socket closed before it said who it is".into())),
            Err(_) => return Err((ErrorCode::Unauthorized, format!("no auth message within {wait:?}"))),
        }
    };
    let Ok(First::Auth { token }) = serde_json::from_str::<First>(&first) else {
        return Err((
            ErrorCode::Unauthorized,
            "a socket opened without a token must first send {\"type\":\"auth\",\"token\":\"...\"}".into(),
        ));
    };
    let session = auth::session(hub, &token).await.map_err(|e| (ErrorCode::Unauthorized, e.message))?;
    let player = session.player.player();
    let place = player_place(hub, &player).map_err(|m| (ErrorCode::RateLimited, m))?;
    Ok((player, session.token_hash, place))
}

/// Answers a socket that may not go on with an error frame and a 1008 close.
async fn refuse_socket(mut socket: axum::extract::ws::WebSocket, code: ErrorCode, message: &str) {
    use axum::extract::ws::{CloseFrame, Message};
    let frame = ProtocolError::new(code, message).to_message();
    let _ = socket.send(Message::Text((&*frame).into())).await;
    let close = CloseFrame { code: 1008, reason: "policy violation".into() };
    let _ = socket.send(Message::Close(Some(close))).await;
}
