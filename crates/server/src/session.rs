//! One task per connection: it reads the socket's frames, holds them to the connection's limits,
//! parses them into typed messages and routes each to its table (through the [`Hub`]); a writer
//! task beside it forwards what tables send. It never decides anything about a game.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;

use crate::hub::{Conn, Hub, TableCmd};
use crate::limits::{Admit, ChatRate, ConnLimits, FrameKind};
use crate::outbox::{Next, Outbox};
use crate::protocol::{self, ClientMsg, ErrorCode, ProtocolError, ServerMsg};
use crate::store::PlayerRow;

/// Serves one authenticated WebSocket: reads frames, enforces the limits, routes messages to
/// tables and forwards what tables send, until either side closes or the server stops. `ip` is the
/// peer's address when the per-address limits apply to it.
pub(crate) async fn run(hub: Arc<Hub>, player: PlayerRow, ip: Option<std::net::IpAddr>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let limits_cfg = &hub.config.limits;
    let out = Outbox::new(limits_cfg);
    let conn = Conn::new(hub.next_conn.fetch_add(1, Ordering::Relaxed), player, out.clone());
    let out_ping = out.clone();
    hub.connections.fetch_add(1, Ordering::Relaxed);
    tracing::debug!(player_id = %conn.player.id, conn = conn.id, "socket opened");
    conn.send(ServerMsg::welcome(&conn.player.id, &conn.player.name).to_text());
    let write_timeout = limits_cfg.write_timeout;
    let mut writer = tokio::spawn(async move {
        loop {
            let (msg, last) = match out.next().await {
                Next::Text(text) => (Message::Text(Utf8Bytes::from(&*text)), false),
                Next::Ping => (Message::Ping(Default::default()), false),
                Next::Close(code, reason) => {
                    (Message::Close(Some(CloseFrame { code, reason: Utf8Bytes::from_static(reason) })), true)
                }
            };
            // A socket that takes no bytes for this long is given up: its queue is bounded, but
            // its descriptor and task are not free.
            match tokio::time::timeout(write_timeout, sink.send(msg)).await {
                Ok(Ok(())) if last => return true,
                Ok(Ok(())) => {}
                _ => return false,
            }
        }
    });
    let mut writer_done = false;
    let mut close_sent = false;
    let mut limits = ConnLimits::new(hub.config.rate_burst, hub.config.rate_per_sec);
    let mut chat_rate = ChatRate::new(limits_cfg);
    let mut joined: HashSet<String> = HashSet::new();
    let mut shutdown = hub.shutdown.clone();
    // Server pings, so a socket whose client is gone without a word (or never reads) is noticed.
    let (ping_every, idle_after) = (limits_cfg.ws_ping_interval, limits_cfg.ws_idle_timeout);
    let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
    let mut last_heard = tokio::time::Instant::now();
    loop {
        let frame = tokio::select! {
            frame = stream.next() => frame,
            _ = pings.tick() => {
                if last_heard.elapsed() >= idle_after {
                    conn.close(1001, "idle: no answer to pings");
                    break;
                }
                out_ping.ping();
                continue;
            }
            _ = shutdown.changed() => {
                conn.close(1001, "server shutting down");
                break;
            }
            // The writer stopped (closed for falling behind, or the socket failed): so does the
            // reader, which lets the socket go.
            closed = &mut writer, if !writer_done => {
                writer_done = true;
                close_sent = closed.unwrap_or(false);
                break;
            }
        };
        last_heard = tokio::time::Instant::now();
        let received = std::time::Instant::now();
        let (kind, text) = match frame {
            Some(Ok(Message::Text(text))) => (FrameKind::Text, Some(text)),
            Some(Ok(Message::Binary(_))) => (FrameKind::Other, None),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => (FrameKind::Control, None),
            Some(Err(ref e)) if too_large(e) => {
                conn.close(1009, "message too big");
                break;
            }
            Some(Ok(Message::Close(_)) | Err(_)) | None => break,
        };
        match limits.admit(kind) {
            Admit::Ok => {}
            Admit::Refuse(e) => {
                hub.metrics.refused(e.code);
                conn.send(e.to_message());
                continue;
            }
            Admit::Close(e) => {
                hub.metrics.refused(e.code);
                conn.send(e.to_message());
                conn.close(1008, "policy violation");
                break;
            }
        }
        let Some(text) = text else { continue };
        match protocol::parse(&text) {
            Ok((msg, id)) => {
                if let Err(e) = route(&hub, &conn, ip, (msg, id.clone(), received), &mut joined, &mut chat_rate) {
                    hub.metrics.refused(e.code);
                    // A code that names no table is a guess as often as a typo: it counts as a bad
                    // message, so a socket cannot walk the space of private codes.
                    let guess = e.code == ErrorCode::NoTable;
                    conn.send(e.with_id(id).to_message());
                    if guess && limits.garbage() {
                        conn.close(1008, "too many bad messages");
                        break;
                    }
                    // Many sockets (or one player's many sockets) share one budget of guesses.
                    if guess && !guess_allowed(&hub, ip, &conn.player.id) {
                        conn.send(
                            ProtocolError::new(
                                ErrorCode::RateLimited,
                                "too many codes that name no table from this address or player",
                            )
                            .to_message(),
                        );
                        conn.close(1008, "too many unknown table codes");
                        break;
                    }
                }
            }
            Err(e) => {
                hub.metrics.refused(e.code);
                conn.send(e.to_message());
                if limits.garbage() {
                    conn.close(1008, "too many bad messages");
                    break;
                }
            }
        }
    }
    for code in &joined {
        let _ = hub.send(code, TableCmd::Detach { conn_id: conn.id });
    }
    // Whatever tables still send before they see the detach is dropped.
    conn.close(1000, "");
    let (player_id, conn_id) = (conn.player.id.clone(), conn.id);
    drop(conn);
    if !writer_done {
        close_sent = writer.await.unwrap_or(false);
    }
    if close_sent {
        // Our close frame is out: read (and drop) until the client answers it, so the socket is
        // not reset under frames the client has yet to read.
        let _ = tokio::time::timeout(write_timeout, async {
            while let Some(Ok(m)) = stream.next().await {
                if matches!(m, Message::Close(_)) {
                    break;
                }
            }
        })
        .await;
    }
    hub.connections.fetch_sub(1, Ordering::Relaxed);
    tracing::debug!(player_id = %player_id, conn = conn_id, "socket closed");
}

fn route(
    hub: &Arc<Hub>,
    conn: &Conn,
    ip: Option<std::net::IpAddr>,
    (msg, id, received): (ClientMsg, Option<Value>, std::time::Instant),
    joined: &mut HashSet<String>,
    chat_rate: &mut ChatRate,
) -> Result<(), ProtocolError> {
    match msg {
        ClientMsg::Ping => {
            conn.send(ServerMsg::pong(id).to_text());
            Ok(())
        }
        ClientMsg::CreateTable { game, rules, turn_ms, public, hints, rated, spectator_chat } => {
            watch_room(hub, joined, None)?;
            if let Some(ip) = ip
                && !hub.table_rate.check(ip.to_string())
            {
                let limits = &hub.config.limits;
                return Err(ProtocolError::new(
                    ErrorCode::RateLimited,
                    format!(
                        "too many new tables from one address: at most {} at once and {} a minute; try again in a minute",
                        limits.table_burst, limits.tables_per_minute
                    ),
                ));
            }
            let settings = crate::hub::NewTable { turn_ms, public, hints, rated, spectator_chat };
            let code = hub.create_table(conn, &game, rules, settings)?;
            joined.insert(code.clone());
            hub.send(
                &code,
                TableCmd::Msg {
                    conn: conn.clone(),
                    msg: ClientMsg::Join { table: code.clone(), seat: Some(0) },
                    id,
                    received,
                },
            )
        }
        msg => {
            if let ClientMsg::Chat { text, phrase, .. } = &msg {
                // The words are checked before they cost the socket any of its chat rate; who may
                // say them where is the table's to decide.
                crate::chat::check(text.as_deref(), phrase.as_deref())?;
                chat_rate.take()?;
            }
            let code = msg.table().unwrap_or_default().trim().to_ascii_uppercase();
            watch_room(hub, joined, Some(&code))?;
            hub.send(&code, TableCmd::Msg { conn: conn.clone(), msg, id, received })?;
            joined.insert(code);
            Ok(())
        }
    }
}

/// Refuses a message that would make the socket follow one table more than the limit allows
/// (every table a socket follows sends it frames).
fn watch_room(hub: &Hub, joined: &HashSet<String>, code: Option<&str>) -> Result<(), ProtocolError> {
    let max = hub.config.limits.max_watched_tables;
    if code.is_some_and(|c| joined.contains(c)) || joined.len() < max {
        return Ok(());
    }
    Err(ProtocolError::new(
        ErrorCode::BadRequest,
        format!("one connection may follow at most {max} tables; open another connection for more"),
    ))
}

/// Whether the WebSocket layer refused a frame for its size (over [`crate::limits::MAX_FRAME_BYTES`]).
fn too_large(e: &axum::Error) -> bool {
    use tokio_tungstenite::tungstenite::Error;
    let mut source: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    while let Some(err) = source {
        if matches!(err.downcast_ref::<Error>(), Some(Error::Capacity(_))) {
            return true;
        }
        source = err.source();
    }
    false
}

/// Takes one unknown-code guess from the address's and the player's budgets; `false` when
/// either is spent.
fn guess_allowed(hub: &Hub, ip: Option<std::net::IpAddr>, player: &str) -> bool {
    let by_addr = ip.is_none_or(|ip| hub.guess_rate.check(format!("a:{ip}")));
    let by_player = hub.guess_rate.check(format!("p:{player}"));
    by_addr && by_player
}
