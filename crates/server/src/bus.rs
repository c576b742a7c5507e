//! Messages between the nodes of a cluster, over NATS (several nodes: `serve --nats`).
//!
//! The subjects:
//! - `majlis.table.<CODE>`: messages for a table, from sockets on any node. Only the table's
//!   owner subscribes, so a request there is answered by the owner or fails at once with "no
//!   responders" (the owner is gone: a takeover is due).
//! - `majlis.node.<NAME>`: the frames an owner sends to the sockets of node `NAME` (each
//!   audience's own view, never another seat's cards), in the order it sent them: every frame
//!   goes through one publisher task on one NATS connection, which NATS keeps in order. The
//!   publisher packs the frames waiting for one node into one message ([`FrameBatch`]): under
//!   load one event's frames for a node's several sockets travel together.
//! - `majlis.moved`: a table changed owner; nodes close the sockets that followed it there, and
//!   the clients resume on whichever node they reach.
//! - `majlis.listing`: each node's public open tables, every few seconds.
//!
//! A message for a table carries its sender (connection, node, player) as a JSON line before the
//! socket's own frame text; a detach and the listings' node are headers (`Majlis-Detach`,
//! `Majlis-Node`); frames for a node travel packed in a [`FrameBatch`].

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use async_nats::HeaderMap;
use async_nats::client::RequestErrorKind;
use axum::body::Bytes;
use tokio::sync::mpsc;

/// The subject of a table's messages.
#[must_use]
pub fn table_subject(code: &str) -> String {
    format!("majlis.table.{code}")
}

/// The subject of the frames for a node's sockets.
#[must_use]
pub fn node_subject(node: &str) -> String {
    format!("majlis.node.{node}")
}

/// The subject of ownership changes.
pub const MOVED: &str = "majlis.moved";
/// The subject of the nodes' listings.
pub const LISTING: &str = "majlis.listing";

/// Header: the node of the connection a message is from.
pub const NODE: &str = "Majlis-Node";
/// Header: the connection closed; its tables stop sending to it.
pub const DETACH: &str = "Majlis-Detach";

/// Why the bus could not be reached.
#[derive(Debug, thiserror::Error)]
#[error("NATS: {0}")]
pub struct BusError(String);

/// What became of a message sent to a table's owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// The owner took it.
    Taken,
    /// Nobody owns the table on any node now.
    NoOwner,
    /// No answer in time, or NATS is unreachable: try again.
    Later,
}

/// Figures of the bus for `GET /metrics`.
#[derive(Debug, Default)]
pub struct BusStats {
    /// Messages handed to a table on another node.
    pub forwarded: AtomicU64,
    /// Frames sent to sockets on other nodes.
    pub frames_out: AtomicU64,
    /// The latest round trip of a message to a table on another node, in microseconds.
    pub rtt_us: AtomicU64,
}

/// One publication waiting for the publisher task.
enum Out {
    /// A message to a subject.
    Message { subject: String, headers: HeaderMap, payload: Bytes },
    /// A frame (or a close, with its code) for connection `conn` on node `node`.
    Frame { node: Arc<str>, conn: u64, close: Option<u16>, text: Bytes },
}

/// The most publications the publisher takes at once (and so the most frames in one batch).
const DRAIN: usize = 256;

/// Frames for one node's connections, packed into one NATS message: for each frame its
/// connection id (8 bytes), close code (2 bytes, 0 for a text frame) and length (4 bytes), little
/// endian, then its bytes.
#[derive(Debug, Default)]
pub struct FrameBatch {
    bytes: Vec<u8>,
}

/// One frame of a [`FrameBatch`].
#[derive(Debug, PartialEq, Eq)]
pub struct Frame<'a> {
    /// The connection it is for.
    pub conn: u64,
    /// A close of the connection with this code, or (`None`) a text frame.
    pub close: Option<u16>,
    /// The frame's text, or the close's reason.
    pub text: &'a [u8],
}

impl FrameBatch {
    /// Adds a frame.
    pub fn push(&mut self, conn: u64, close: Option<u16>, text: &[u8]) {
        self.bytes.extend_from_slice(&conn.to_le_bytes());
        self.bytes.extend_from_slice(&close.unwrap_or(0).to_le_bytes());
        let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
        self.bytes.extend_from_slice(&len.to_le_bytes());
        self.bytes.extend_from_slice(&text[..len as usize]);
    }

    /// Nothing in it yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The message's payload.
    #[must_use]
    pub fn into_bytes(self) -> Bytes {
        Bytes::from(self.bytes)
    }

    /// The frames of a payload, in order; a payload cut short ends the frames there.
    pub fn frames(payload: &[u8]) -> impl Iterator<Item = Frame<'_>> {
        let mut rest = payload;
        std::iter::from_fn(move || {
            let (head, tail) = rest.split_at_checked(14)?;
            let conn = u64::from_le_bytes(head[..8].try_into().ok()?);
            let close = u16::from_le_bytes(head[8..10].try_into().ok()?);
            let len = u32::from_le_bytes(head[10..14].try_into().ok()?) as usize;
            let (text, tail) = tail.split_at_checked(len)?;
            rest = tail;
            Some(Frame { conn, close: (close != 0).then_some(close), text })
        })
    }
}

/// Publishes what the nodes' tasks hand over, in order, packing consecutive frames by node.
async fn publisher(client: async_nats::Client, mut rx: mpsc::UnboundedReceiver<Out>) {
    let mut taken = Vec::with_capacity(DRAIN);
    let mut batches: Vec<(Arc<str>, FrameBatch)> = Vec::new();
    while rx.recv_many(&mut taken, DRAIN).await > 0 {
        for out in taken.drain(..) {
            match out {
                Out::Frame { node, conn, close, text } => {
                    let at = match batches.iter().position(|(n, _)| *n == node) {
                        Some(at) => at,
                        None => {
                            batches.push((node, FrameBatch::default()));
                            batches.len() - 1
                        }
                    };
                    batches[at].1.push(conn, close, &text);
                }
                Out::Message { subject, headers, payload } => {
                    // Frames handed over before this message go first.
                    send_batches(&client, &mut batches).await;
                    if let Err(e) = client.publish_with_headers(subject, headers, payload).await {
                        tracing::warn!(error = %e, "a message for the other nodes was not sent");
                    }
                }
            }
        }
        send_batches(&client, &mut batches).await;
    }
}

async fn send_batches(client: &async_nats::Client, batches: &mut Vec<(Arc<str>, FrameBatch)>) {
    for (node, batch) in batches.drain(..) {
        if let Err(e) = client.publish(node_subject(&node), batch.into_bytes()).await {
            tracing::warn!(error = %e, node = %node, "frames for another node were not sent");
        }
    }
}

/// This node's connection to the others.
#[derive(Debug)]
pub struct Bus {
    client: async_nats::Client,
    node: Arc<str>,
    out: mpsc::UnboundedSender<Out>,
    /// Figures for `GET /metrics`.
    pub stats: BusStats,
}

impl std::fmt::Debug for Out {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Out::Message { subject, .. } => f.debug_struct("Message").field("subject", subject).finish_non_exhaustive(),
            Out::Frame { node, conn, .. } => {
                f.debug_struct("Frame").field("node", node).field("conn", conn).finish_non_exhaustive()
            }
        }
    }
}

impl Bus {
    /// Connects to NATS at `url` as node `node`, and starts the publisher task.
    ///
    /// # Errors
    /// NATS cannot be reached.
    pub async fn connect(url: &str, node: &str) -> Result<Arc<Bus>, BusError> {
        let client = async_nats::ConnectOptions::new()
            .name(format!("majlis {node}"))
            .retry_on_initial_connect()
            .connection_timeout(Duration::from_secs(5))
            .connect(url)
            .await
            .map_err(|e| BusError(e.to_string()))?;
        let (out, rx) = mpsc::unbounded_channel::<Out>();
        tokio::spawn(publisher(client.clone(), rx));
        Ok(Arc::new(Bus { client, node: node.into(), out, stats: BusStats::default() }))
    }

    /// This node's name.
    #[must_use]
    pub fn node(&self) -> &str {
        &self.node
    }

    /// The NATS client, for subscriptions.
    #[must_use]
    pub fn client(&self) -> &async_nats::Client {
        &self.client
    }

    /// Publishes in order with everything else published through here.
    pub fn publish(&self, subject: String, headers: HeaderMap, payload: Bytes) {
        let _ = self.out.send(Out::Message { subject, headers, payload });
    }

    /// Sends a frame (or a close) to connection `conn` on node `node`.
    pub fn to_conn(&self, node: &Arc<str>, conn: u64, close: Option<u16>, text: Bytes) {
        self.stats.frames_out.fetch_add(1, Ordering::Relaxed);
        let _ = self.out.send(Out::Frame { node: node.clone(), conn, close, text });
    }

    /// Hands a message to the owner of table `code` and waits for it to be taken.
    pub async fn ask(&self, code: &str, headers: HeaderMap, payload: Bytes, wait: Duration) -> Ask {
        let start = Instant::now();
        let request = async_nats::Request::new().headers(headers).payload(payload).timeout(Some(wait));
        match self.client.send_request(table_subject(code), request).await {
            Ok(_) => {
                let micros = u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX);
                self.stats.rtt_us.store(micros, Ordering::Relaxed);
                self.stats.forwarded.fetch_add(1, Ordering::Relaxed);
                Ask::Taken
            }
            Err(e) if e.kind() == RequestErrorKind::NoResponders => Ask::NoOwner,
            Err(e) => {
                tracing::debug!(error = %e, table = code, "a message for another node was not taken");
                Ask::Later
            }
        }
    }

    /// Subscribes to `subject`.
    ///
    /// # Errors
    /// NATS refused.
    pub async fn subscribe(&self, subject: String) -> Result<async_nats::Subscriber, BusError> {
        self.client.subscribe(subject).await.map_err(|e| BusError(e.to_string()))
    }

    /// Waits until everything published so far has reached NATS.
    pub async fn flush(&self) {
        let _ = self.client.flush().await;
    }
}

/// A header's text, if the message has it.
#[must_use]
pub fn header<'a>(headers: Option<&'a HeaderMap>, name: &str) -> Option<&'a str> {
    headers?.get(name).map(async_nats::HeaderValue::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_gives_back_its_frames_in_order() {
        let mut batch = FrameBatch::default();
        assert!(batch.is_empty());
        batch.push(7, None, b"{\"type\":\"event\"}");
        batch.push(1 << 40, Some(1012), b"the table moved");
        batch.push(9, None, b"");
        let bytes = batch.into_bytes();
        let frames: Vec<Frame<'_>> = FrameBatch::frames(&bytes).collect();
        assert_eq!(
            frames,
            [
                Frame { conn: 7, close: None, text: b"{\"type\":\"event\"}" },
                Frame { conn: 1 << 40, close: Some(1012), text: b"the table moved" },
                Frame { conn: 9, close: None, text: b"" },
            ]
        );
        // A payload cut anywhere yields only the whole frames before the cut.
        for cut in 0..bytes.len() {
            let n = FrameBatch::frames(&bytes[..cut]).count();
            assert!(n < 3, "cut at {cut}");
            assert!(FrameBatch::frames(&bytes[..cut]).zip(&frames).all(|(a, b)| a == *b));
        }
    }
}
