//! The HTTP layer: the router (axum), one file per resource, the one [`AppError`], the
//! listener's accept loop, the WebSocket upgrade and the embedded browser client. It
//! authenticates and parses; it never decides anything about a game.
//!
//! Resources: [`accounts`] (guests, accounts, sessions), [`players`] (profiles, leaderboards,
//! history, export), [`tables`] (the lobby listing, the bots), [`replays`] (records and replay
//! steps), [`analyses`], [`chat`] (a finished match's chat), [`health`] (metrics and health
//! checks), [`ws`] (the upgrade), [`assets`] (the client's files).

mod accept;
mod accounts;
mod analyses;
mod assets;
mod auth;
mod chat;
mod daily;
mod error;
mod health;
mod players;
mod replays;
mod tables;
mod tournaments;
mod ws;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, header};
use axum::response::Response;
use axum::routing::get;

pub(crate) use self::accept::accept_loop;
use self::error::AppError;
use crate::hub::Hub;
use crate::limits::MAX_MESSAGE_BYTES;

/// The routes of `majlis serve`. `GET /metrics` and `/api/stats` are among them only when
/// [`crate::Config::metrics_on_main`] is on.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .merge(health::routes(hub.config.metrics_on_main))
        .merge(accounts::routes())
        .merge(players::routes())
        .merge(tables::routes())
        .merge(replays::routes())
        .merge(analyses::routes())
        .merge(chat::routes())
        .merge(daily::routes())
        .merge(tournaments::routes())
        .merge(ws::routes())
        .fallback(get(assets::static_file))
        .layer(DefaultBodyLimit::max(MAX_MESSAGE_BYTES))
        .layer(axum::middleware::map_response(common_headers))
        .with_state(hub)
}

/// The operators' routes alone (`serve --metrics-addr`): `GET /metrics`, `/api/stats`,
/// `/healthz`, `/readyz`.
pub fn metrics_router(hub: Arc<Hub>) -> Router {
    health::operator_routes().with_state(hub)
}

/// Headers every answer carries: a content security policy, no content sniffing, no framing by
/// other sites, no referrer
/// (an invite link holds a table code), and revalidation of the client's files, so a new server
/// version is picked up on the next load.
async fn common_headers(mut res: Response) -> Response {
    let h = res.headers_mut();
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    // The client is our own files only: no inline or foreign script, no framing, sockets and
    // requests to this origin. (Setting `element.style` from script is not inline style.)
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
        ),
    );
    h.entry(header::CACHE_CONTROL).or_insert(HeaderValue::from_static("no-cache"));
    res
}
