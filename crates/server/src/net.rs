//! The socket layer: HTTP routes (axum), the WebSocket upgrade, and the embedded browser client.
//! It authenticates and parses; it never decides anything about a game.

use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use std::net::IpAddr;
use std::time::Duration;

use axum::Extension;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::hub::Hub;
use crate::limits::{Limits, MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, Place, Places};
use crate::protocol::{ErrorCode, ProtocolError};
use crate::store::{PlayerRow, unix_ms};
use crate::{account, analysis, auth, chat, ids, players, replay, session};

/// The browser client (`web/`), embedded at build time.
#[derive(rust_embed::Embed)]
#[folder = "../../web"]
#[exclude = "node_modules/*"]
#[exclude = "tests/*"]
#[exclude = "*.test.js"]
#[exclude = ".*"]
struct Web;

/// An HTTP error: a status and `{"error": {"code", "message"}}`. Internal causes are logged, not
/// shown.
#[derive(Debug)]
pub(crate) struct AppError {
    status: StatusCode,
    code: &'static str,
    message: String,
}

impl AppError {
    pub(crate) fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        AppError { status, code, message: message.into() }
    }

    pub(crate) fn internal(e: &dyn std::fmt::Display) -> Self {
        tracing::error!(error = %e, "internal error");
        AppError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "the server failed; try again")
    }

    /// 401 `unauthorized`: no valid session.
    pub(crate) fn unauthorized() -> Self {
        AppError::new(StatusCode::UNAUTHORIZED, "unauthorized", "a valid token is needed")
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": { "code": self.code, "message": self.message } }))).into_response()
    }
}

/// A connection's hold on its address's places ([`Limits::max_conns_per_addr`]): the HTTP
/// connection holds it, and so does a WebSocket upgraded from it, for as long as it is open.
#[derive(Clone, Debug)]
pub(crate) struct AddrPlace {
    /// The peer's address, when the per-address limits apply to it (not in
    /// [`Limits::addr_exempt`]).
    pub(crate) limited: Option<IpAddr>,
    #[allow(dead_code)]
    place: Option<Arc<Place<IpAddr>>>,
}

/// Accepts connections on `listener` and serves `app` on each until `shutdown` turns true:
/// HTTP/1.1 with upgrades, a deadline for each request's headers, and at most
/// [`Limits::max_conns_per_addr`] connections per address. On shutdown it stops accepting,
/// lets each connection finish its request, and returns once every HTTP connection is done
/// (WebSockets are closed by their sessions).
pub(crate) async fn accept_loop(
    listener: TcpListener,
    app: Router,
    limits: &Limits,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout);
    let per_addr: Places<IpAddr> = Places::default();
    // Every connection task holds a receiver; the sender's `closed` is "all of them are done".
    let (alive, _) = watch::channel(());
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors (or a like failure): wait for some to be given back
                    // rather than spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = stopped(&mut shutdown) => break,
        };
        let place = if crate::limits::addr_limited(limits, peer.ip()) {
            let Some(place) = Place::take(&per_addr, peer.ip(), limits.max_conns_per_addr) else {
                tracing::debug!(%peer, "too many connections from one address; closed");
                continue;
            };
            AddrPlace { limited: Some(peer.ip()), place: Some(Arc::new(place)) }
        } else {
            AddrPlace { limited: None, place: None }
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut req: axum::http::Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(place.clone());
            tower::ServiceExt::oneshot(app.clone(), req)
        });
        let conn = http.serve_connection(TokioIo::new(stream), service).with_upgrades();
        let mut shutdown = shutdown.clone();
        let alive = alive.subscribe();
        tokio::spawn(async move {
            let _alive = alive;
            let mut conn = std::pin::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => return,
                () = stopped(&mut shutdown) => {}
            }
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        });
    }
    drop(listener);
    alive.closed().await;
}

/// Completes once `shutdown` turns true (or its sender is gone).
async fn stopped(shutdown: &mut watch::Receiver<bool>) {
    // The guard `wait_for` returns is dropped here, not held across the caller's awaits.
    let _ = shutdown.wait_for(|stop| *stop).await.map(|_| ());
}

/// The routes of `majlis serve`. `GET /metrics` is among them unless
/// [`crate::Config::metrics_on_main`] is off.
pub fn router(hub: Arc<Hub>) -> Router {
    let mut app = Router::new();
    if hub.config.metrics_on_main {
        app = app.route("/metrics", get(metrics));
    }
    app.route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/api/players", post(create_player))
        .route("/api/me", get(me))
        .route("/api/me/games", get(my_games))
        .route("/api/tables", get(tables))
        .route("/api/games/{id}/record", get(record))
        .route("/api/health", get(health))
        .route("/api/ready", get(health))
        .route("/api/stats", get(stats))
        .route("/api/bots", get(bot_list))
        .route("/ws", get(ws))
        .merge(account::routes())
        .merge(replay::routes())
        .merge(analysis::routes())
        .merge(players::routes())
        .merge(chat::routes())
        .fallback(get(static_file))
        .layer(DefaultBodyLimit::max(MAX_MESSAGE_BYTES))
        .layer(axum::middleware::map_response(common_headers))
        .with_state(hub)
}

/// The operators' routes alone (`serve --metrics-addr`): `GET /metrics`, `/healthz`, `/readyz`.
pub fn metrics_router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .with_state(hub)
}

/// `GET /metrics`: the Prometheus text format (see [`crate::metrics`]).
async fn metrics(State(hub): State<Arc<Hub>>) -> Response {
    ([(header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE)], hub.metrics.render(&hub)).into_response()
}

/// `GET /healthz`, liveness: the process answers.
async fn healthz() -> Json<Value> {
    Json(json!({ "ok": true }))
}

/// `GET /readyz`, readiness: 200 while the store takes writes and the server is not shutting
/// down; 503 with the reason otherwise, so a load balancer sends new players elsewhere.
async fn readyz(State(hub): State<Arc<Hub>>) -> Response {
    let reason = if *hub.shutdown.borrow() {
        Some("shutting down".to_owned())
    } else {
        hub.store.write_health().err().map(|e| format!("store failing: {e}"))
    };
    match reason {
        None => Json(json!({ "ok": true })).into_response(),
        Some(reason) => {
            (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "ok": false, "reason": reason }))).into_response()
        }
    }
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

#[derive(Deserialize)]
struct NewPlayer {
    name: String,
}

async fn create_player(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    addr_place: Option<Extension<AddrPlace>>,
    body: Result<Json<NewPlayer>, axum::extract::rejection::JsonRejection>,
) -> Result<Response, AppError> {
    auth::not_from_another_site(&headers)?;
    if let Some(ip) = addr_place.and_then(|Extension(p)| p.limited)
        && !hub.guest_rate.check(ip.to_string())
    {
        let limits = &hub.config.limits;
        return Err(AppError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!(
                "too many new guests from one address: at most {} at once and {} a minute",
                limits.guest_burst, limits.guests_per_minute
            ),
        ));
    }
    // A body over the limit is 413, anything else malformed 400.
    let Json(body) = body.map_err(|e| AppError::new(e.status(), "bad_request", e.body_text()))?;
    let name = ids::validate_name(&body.name).map_err(|e| AppError::new(StatusCode::BAD_REQUEST, "bad_name", e))?;
    account::name_free_for_guest(&hub, &name, None).await?;
    let token = ids::new_token().map_err(|e| AppError::internal(&e))?;
    let id = ids::random_code("p_", 12).map_err(|e| AppError::internal(&e))?;
    let player = PlayerRow { id, name };
    hub.store.create_player(&player, &ids::token_hash(&token), unix_ms()).await.map_err(|e| AppError::internal(&e))?;
    tracing::info!(player = %player.id, "new guest");
    let body = Json(json!({ "player": { "id": player.id, "name": player.name, "account": false }, "token": token }));
    match auth::set_cookie(&hub, &headers, &token) {
        Some(cookie) => Ok(([(header::SET_COOKIE, cookie)], body).into_response()),
        None => Ok(body.into_response()),
    }
}

/// The signed-in player of a request (bearer header, then cookie); GET routes need no origin
/// check, since they change nothing.
///
/// # Errors
/// 401 without a valid session.
pub(crate) async fn authenticate(hub: &Hub, headers: &HeaderMap) -> Result<PlayerRow, AppError> {
    Ok(auth::signed_in(hub, headers, false).await?.player.player())
}

async fn me(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Json<Value>, AppError> {
    let session = auth::signed_in(&hub, &headers, false).await?;
    Ok(Json(json!({ "player": account::player_json(&session.player) })))
}

async fn my_games(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Json<Value>, AppError> {
    let player = authenticate(&hub, &headers).await?;
    let rows = hub.store.history(&player.id, 200).await.map_err(|e| AppError::internal(&e))?;
    // The people's ids by seat (null for a bot), so the names can link to their profiles.
    let ids: Vec<String> = rows.iter().map(|r| r.game_id.clone()).collect();
    let seated = hub.store.seated(&ids).await.map_err(|e| AppError::internal(&e))?;
    let by_seat: std::collections::HashMap<(&str, i64), &str> =
        seated.iter().map(|s| ((s.match_id.as_str(), s.seat), s.player_id.as_str())).collect();
    let list: Vec<Value> = rows
        .into_iter()
        .map(|r| {
            let result = r.result.as_deref().and_then(|t| serde_json::from_str::<Value>(t).ok());
            let players = serde_json::from_str::<Value>(&r.players).unwrap_or_else(|_| json!([]));
            let player_ids: Vec<Option<&str>> = (0..players.as_array().map_or(0, Vec::len))
                .map(|seat| by_seat.get(&(r.game_id.as_str(), seat as i64)).copied())
                .collect();
            json!({
                "game_id": r.game_id, "table": r.table_code, "game": r.game, "seat": r.seat,
                "finished": r.finished != 0, "result": result, "started_at": r.started_at, "ended_at": r.ended_at,
                "players": players, "player_ids": player_ids,
            })
        })
        .collect();
    Ok(Json(Value::Array(list)))
}

async fn tables(State(hub): State<Arc<Hub>>) -> Json<Value> {
    Json(json!(hub.open_tables()))
}

async fn record(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Response, AppError> {
    let not_found = || AppError::new(StatusCode::NOT_FOUND, "not_found", "no finished match with that id");
    let row = hub.store.match_row(&id).await.map_err(|e| AppError::internal(&e))?.ok_or_else(not_found)?;
    // In-progress decks stay secret: only finished matches have a record to show.
    match (row.finished, row.record) {
        (1, Some(record)) => Ok(([(header::CONTENT_TYPE, "application/json")], record).into_response()),
        _ => Err(not_found()),
    }
}

/// `{"ok": true}` while the store takes writes; 503 and the store's error while its latest write
/// failed (a locked, read-only or full database), so a load balancer stops sending players to a
/// server that cannot keep their games.
async fn health(State(hub): State<Arc<Hub>>) -> Response {
    match hub.store.write_health() {
        Ok(()) => Json(json!({ "ok": true, "store": "ok" })).into_response(),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "ok": false, "store": format!("failing: {e}") })))
            .into_response(),
    }
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

async fn stats(State(hub): State<Arc<Hub>>) -> Json<Value> {
    Json(json!({
        "tables": hub.table_count(),
        "connections": hub.connection_count(),
        "rss_bytes": rss_bytes(),
        "store": hub.store.backend(),
        "bot_threads": hub.bot_threads.stats(),
    }))
}

/// The resident memory of this process (Linux: from /proc), if known.
#[must_use]
pub fn rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
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
            let player = auth::session(&hub, token).await?.player.player();
            let place = player_place(&hub, &player)
                .map_err(|message| AppError::new(StatusCode::TOO_MANY_REQUESTS, "too_many_connections", message))?;
            Some((player, place))
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
        let (player, player_place) = match known {
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
        session::run(hub, player, ip, socket).await;
    }))
}

/// A place among the player's open sockets ([`Limits::max_conns_per_player`]), or why not.
fn player_place(hub: &Hub, player: &PlayerRow) -> Result<Place<String>, String> {
    let max = hub.config.limits.max_conns_per_player;
    Place::take(&hub.player_conns, player.id.clone(), max)
        .ok_or_else(|| format!("one player may have at most {max} connections open"))
}

/// The first message of a socket opened without a token: `{"type":"auth","token":"..."}`,
/// within the header deadline.
async fn first_message_auth(
    hub: &Hub,
    socket: &mut axum::extract::ws::WebSocket,
) -> Result<(PlayerRow, Place<String>), (ErrorCode, String)> {
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
    let player = auth::session(hub, &token).await.map_err(|e| (ErrorCode::Unauthorized, e.message))?.player.player();
    let place = player_place(hub, &player).map_err(|m| (ErrorCode::RateLimited, m))?;
    Ok((player, place))
}

/// Answers a socket that may not go on with an error frame and a 1008 close.
async fn refuse_socket(mut socket: axum::extract::ws::WebSocket, code: ErrorCode, message: &str) {
    use axum::extract::ws::{CloseFrame, Message};
    let frame = ProtocolError::new(code, message).to_message();
    let _ = socket.send(Message::Text((&*frame).into())).await;
    let close = CloseFrame { code: 1008, reason: "policy violation".into() };
    let _ = socket.send(Message::Close(Some(close))).await;
}

async fn static_file(uri: axum::http::Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    match Web::get(path) {
        Some(file) => {
            let mime = file.metadata.mimetype().to_owned();
            ([(header::CONTENT_TYPE, mime)], file.data.into_owned()).into_response()
        }
        None if path == "index.html" => (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            "<!doctype html><title>Majlis</title><p>The browser client is not built into this server yet.</p>",
        )
            .into_response(),
        None => AppError::new(StatusCode::NOT_FOUND, "not_found", "no such file").into_response(),
    }
}
