//! One task per connection: it reads the socket's frames, holds them to the connection's limits,
//! parses them into typed messages and routes each to its table (through the [`Hub`]); a writer
//! task beside it forwards what tables send. It never decides anything about a game.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::sync::mpsc;

use crate::hub::{Conn, Hub, Outgoing, TableCmd};
use crate::limits::{Admit, ConnLimits};
use crate::protocol::{self, ClientMsg, ErrorCode, ProtocolError, ServerMsg};
use crate::store::PlayerRow;

/// A frame read from a socket, as the limits see it.
enum Frame {
    Text(Utf8Bytes),
    /// Anything else a client should not send (binary).
    Other,
}

/// Serves one authenticated WebSocket: reads frames, enforces the limits, routes messages to
/// tables and forwards what tables send, until either side closes or the server stops.
pub(crate) async fn run(hub: Arc<Hub>, player: PlayerRow, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Outgoing>();
    let conn = Conn::new(hub.next_conn.fetch_add(1, Ordering::Relaxed), player, tx);
    hub.connections.fetch_add(1, Ordering::Relaxed);
    conn.send(ServerMsg::welcome(&conn.player.id, &conn.player.name).to_text());
    let writer = tokio::spawn(async move {
        while let Some(out) = rx.recv().await {
            let result = match out {
                Outgoing::Text(text) => sink.send(Message::Text(Utf8Bytes::from(&*text))).await,
                Outgoing::Close(code, reason) => {
                    let frame = CloseFrame { code, reason: Utf8Bytes::from_static(reason) };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                    break;
                }
            };
            if result.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut limits = ConnLimits::new(hub.config.rate_burst, hub.config.rate_per_sec);
    let mut joined: HashSet<String> = HashSet::new();
    let mut shutdown = hub.shutdown.clone();
    loop {
        let frame = tokio::select! {
            frame = stream.next() => frame,
            _ = shutdown.changed() => {
                conn.close(1001, "server shutting down");
                break;
            }
        };
        let frame = match frame {
            Some(Ok(Message::Text(text))) => Frame::Text(text),
            Some(Ok(Message::Binary(_))) => Frame::Other,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(Message::Close(_)) | Err(_)) | None => break,
        };
        match limits.admit(matches!(frame, Frame::Text(_))) {
            Admit::Ok => {}
            Admit::Refuse(e) => {
                conn.send(e.to_message());
                continue;
            }
            Admit::Close(e) => {
                conn.send(e.to_message());
                conn.close(1008, "policy violation");
                break;
            }
        }
        let Frame::Text(text) = frame else { continue };
        match protocol::parse(&text) {
            Ok((msg, id)) => {
                if let Err(e) = route(&hub, &conn, msg, id.clone(), &mut joined) {
                    // A code that names no table is a guess as often as a typo: it counts as a bad
                    // message, so a socket cannot walk the space of private codes.
                    let guess = e.code == ErrorCode::NoTable;
                    conn.send(e.with_id(id).to_message());
                    if guess && limits.garbage() {
                        conn.close(1008, "too many bad messages");
                        break;
                    }
                }
            }
            Err(e) => {
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
    drop(conn);
    let _ = writer.await;
    hub.connections.fetch_sub(1, Ordering::Relaxed);
}

fn route(
    hub: &Arc<Hub>,
    conn: &Conn,
    msg: ClientMsg,
    id: Option<Value>,
    joined: &mut HashSet<String>,
) -> Result<(), ProtocolError> {
    match msg {
        ClientMsg::Ping => {
            conn.send(ServerMsg::pong(id).to_text());
            Ok(())
        }
        ClientMsg::CreateTable { game, rules, turn_ms, public } => {
            let code = hub.create_table(conn, &game, rules, turn_ms, public)?;
            joined.insert(code.clone());
            hub.send(
                &code,
                TableCmd::Msg { conn: conn.clone(), msg: ClientMsg::Join { table: code.clone(), seat: Some(0) }, id },
            )
        }
        msg => {
            let code = msg.table().unwrap_or_default().trim().to_ascii_uppercase();
            hub.send(&code, TableCmd::Msg { conn: conn.clone(), msg, id })?;
            joined.insert(code);
            Ok(())
        }
    }
}
