//! One task per WebSocket: it reads the socket's frames, holds them to the connection's limits,
//! parses them into typed messages and routes each — a [`LobbyMsg`] it answers itself, a
//! [`crate::protocol::TableMsg`] to its table through the [`Hub`]; a writer task beside it
//! forwards what tables send. It never decides anything about a game.
//!
//! A session goes through four steps, one function each: [`Session::admit`] (the connection's
//! handle, its welcome), [`Session::read`] (frames until either side closes or the server stops),
//! [`write`] (the writer task) and [`Session::close`] (detach from the tables, a clean close
//! handshake). [`admit`](mod@admit) holds the per-connection limits, [`route`] where each message goes.

mod admit;
mod remote;
mod route;

use std::collections::HashSet;
use std::net::IpAddr;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::task::JoinHandle;

use self::admit::{Admit, ConnLimits, FrameKind};
use crate::hub::{Conn, Hub, Next, Outbox, TableCmd};
use crate::protocol::{self, ErrorCode, ProtocolError, ServerMsg};
use crate::store::PlayerRow;

/// Serves one authenticated WebSocket: reads frames, enforces the limits, routes messages to
/// tables and forwards what tables send, until either side closes or the server stops. `ip` is the
/// peer's address when the per-address limits apply to it; `token_hash` names the session the
/// socket signed in with, whose end closes it.
pub(crate) async fn run(hub: Arc<Hub>, player: PlayerRow, token_hash: String, ip: Option<IpAddr>, socket: WebSocket) {
    let (sink, mut stream) = socket.split();
    let mut session = Session::admit(hub, player, ip);
    let _signed_in = session.hub.session_sockets.opened(&token_hash, &session.conn);
    let mut writer = tokio::spawn(write(sink, session.out.clone(), session.hub.config.limits.write_timeout));
    let close_sent = session.read(&mut stream, &mut writer).await;
    session.close(stream, writer, close_sent).await;
}

/// The refusal of a lookup while the budget of unknown codes is spent; the socket is closed
/// after it.
const GUESSES_SPENT: &str = "too many codes that name no table from this address or player; try again later";

/// One connection's state while it is open.
struct Session {
    hub: Arc<Hub>,
    conn: Conn,
    out: Arc<Outbox>,
    ip: Option<IpAddr>,
    limits: ConnLimits,
    /// The tables this connection follows (their codes), to detach from when it closes.
    joined: HashSet<String>,
    /// In a cluster: the task that hands this connection's table messages to their tables,
    /// wherever they live, in order.
    remote: Option<remote::Forwarder>,
}

impl Session {
    /// The connection's handle for tables, counted as open, and its welcome queued.
    fn admit(hub: Arc<Hub>, player: PlayerRow, ip: Option<IpAddr>) -> Self {
        let out = Outbox::new(&hub.config.limits);
        let conn = hub.connection_opened(player, out.clone());
        tracing::debug!(player_id = %conn.player.id, conn = conn.id, "socket opened");
        conn.send(ServerMsg::welcome(&conn.player.id, &conn.player.name).to_text());
        Session {
            limits: ConnLimits::new(hub.config.rate_burst, hub.config.rate_per_sec),
            hub,
            conn,
            out,
            ip,
            joined: HashSet::new(),
            remote: None,
        }
    }

    /// Reads frames until the client goes, stops answering pings, the server stops or the writer
    /// ends. Returns whether the writer ended having sent our close frame, if it did end.
    async fn read(&mut self, stream: &mut SplitStream<WebSocket>, writer: &mut JoinHandle<bool>) -> Option<bool> {
        let mut shutdown = self.hub.shutdown.clone();
        // Server pings, so a socket whose client is gone without a word (or never reads) is noticed.
        let (ping_every, idle_after) =
            (self.hub.config.limits.ws_ping_interval, self.hub.config.limits.ws_idle_timeout);
        let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
        let mut last_heard = tokio::time::Instant::now();
        loop {
            let frame = tokio::select! {
                frame = stream.next() => frame,
                _ = pings.tick() => {
                    if last_heard.elapsed() >= idle_after {
                        self.conn.close(1001, "idle: no answer to pings");
                        return None;
                    }
                    self.out.ping();
                    continue;
                }
                _ = shutdown.changed() => {
                    self.conn.close(1001, "server shutting down");
                    return None;
                }
                // The writer stopped (closed for falling behind, or the socket failed): so does the
                // reader, which lets the socket go.
                closed = &mut *writer => return Some(closed.unwrap_or(false)),
            };
            last_heard = tokio::time::Instant::now();
            if self.on_frame(frame).is_break() {
                return None;
            }
        }
    }

    /// One frame off the socket: admitted by the limits, parsed, routed.
    fn on_frame(&mut self, frame: Option<Result<Message, axum::Error>>) -> ControlFlow<()> {
        let received = std::time::Instant::now();
        let (kind, text) = match frame {
            Some(Ok(Message::Text(text))) => (FrameKind::Text, Some(text)),
            Some(Ok(Message::Binary(_))) => (FrameKind::Other, None),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => (FrameKind::Control, None),
            Some(Err(ref e)) if too_large(e) => return self.close_with(1009, "message too big"),
            Some(Ok(Message::Close(_)) | Err(_)) | None => return ControlFlow::Break(()),
        };
        match self.limits.admit(kind) {
            Admit::Ok => {}
            Admit::Refuse(e) => return self.refuse(&e),
            Admit::Close(e) => {
                let _ = self.refuse(&e);
                return self.close_with(1008, "policy violation");
            }
        }
        let Some(text) = text else { return ControlFlow::Continue(()) };
        match protocol::parse(&text) {
            Ok((msg, id)) => match self.route(msg, id.clone(), received, &text) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => self.refuse_routed(e.with_id(id)),
            },
            Err(e) => {
                let _ = self.refuse(&e);
                if self.limits.garbage() {
                    self.close_with(1008, "too many bad messages")
                } else {
                    ControlFlow::Continue(())
                }
            }
        }
    }

    /// Answers a refused frame with its error, and goes on.
    fn refuse(&self, e: &ProtocolError) -> ControlFlow<()> {
        self.hub.metrics.refused(e.code.as_str());
        self.conn.send(e.to_message());
        ControlFlow::Continue(())
    }

    /// Queues a close frame, and stops reading.
    fn close_with(&self, code: u16, reason: &'static str) -> ControlFlow<()> {
        self.conn.close(code, reason);
        ControlFlow::Break(())
    }

    /// Answers a message its route refused. A code that names no table is a guess as often as a
    /// typo: it counts as a bad message, so a socket cannot walk the space of private codes, and
    /// it takes one from the address's and the player's budgets of guesses, which all their
    /// sockets share ([`Session::guesses_spent`] refuses before the lookup once one is spent).
    fn refuse_routed(&mut self, e: ProtocolError) -> ControlFlow<()> {
        let guess = e.code == ErrorCode::NoTable;
        let spent = e.code == ErrorCode::RateLimited && e.message == GUESSES_SPENT;
        let _ = self.refuse(&e);
        if spent {
            return self.close_with(1008, "too many unknown table codes");
        }
        if guess && self.limits.garbage() {
            return self.close_with(1008, "too many bad messages");
        }
        if guess {
            self.take_guess();
        }
        ControlFlow::Continue(())
    }

    /// Takes one unknown-code guess from the address's and the player's budgets.
    fn take_guess(&self) {
        if let Some(ip) = self.ip {
            self.hub.guess_rate.take(&format!("a:{ip}"));
        }
        self.hub.guess_rate.take(&format!("p:{}", self.conn.player.id));
    }

    /// The refusal of a table code this socket does not follow yet when the address's or the
    /// player's budget of unknown codes is spent: no lookup at all, real code or not, so a spent
    /// budget cannot be probed on, nor renewed by opening another socket.
    pub(super) fn guesses_spent(&self, code: &str) -> Result<(), ProtocolError> {
        if self.joined.contains(code) {
            return Ok(());
        }
        let by_addr = self.ip.is_some_and(|ip| self.hub.guess_rate.spent(&format!("a:{ip}")));
        if by_addr || self.hub.guess_rate.spent(&format!("p:{}", self.conn.player.id)) {
            return Err(ProtocolError::new(ErrorCode::RateLimited, GUESSES_SPENT));
        }
        Ok(())
    }

    /// Detaches from every table, closes the socket with a close handshake, and counts it closed.
    /// `close_sent`: how the writer ended, if it ended while reading.
    async fn close(self, mut stream: SplitStream<WebSocket>, writer: JoinHandle<bool>, close_sent: Option<bool>) {
        match &self.remote {
            // In a cluster the forwarder detaches, after the messages it still holds.
            Some(remote) => remote.detach_all(self.joined.iter().cloned().collect()),
            None => {
                for code in &self.joined {
                    let _ = self.hub.send(code, TableCmd::Detach { conn_id: self.conn.id });
                }
            }
        }
        // Whatever tables still send before they see the detach is dropped.
        self.conn.close(1000, "");
        let (player_id, conn_id) = (self.conn.player.id.clone(), self.conn.id);
        let close_sent = match close_sent {
            Some(sent) => sent,
            None => writer.await.unwrap_or(false),
        };
        if close_sent {
            // Our close frame is out: read (and drop) until the client answers it, so the socket is
            // not reset under frames the client has yet to read.
            let _ = tokio::time::timeout(self.hub.config.limits.write_timeout, async {
                while let Some(Ok(m)) = stream.next().await {
                    if matches!(m, Message::Close(_)) {
                        break;
                    }
                }
            })
            .await;
        }
        self.hub.connection_closed(conn_id);
        tracing::debug!(player_id = %player_id, conn = conn_id, "socket closed");
    }
}

/// The writer task: sends what the outbox holds until it sends a close frame (`true`) or the
/// socket fails or takes no bytes for `timeout` (`false`).
async fn write(mut sink: SplitSink<WebSocket, Message>, out: Arc<Outbox>, timeout: Duration) -> bool {
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
        match tokio::time::timeout(timeout, sink.send(msg)).await {
            Ok(Ok(())) if last => return true,
            Ok(Ok(())) => {}
            _ => return false,
        }
    }
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
