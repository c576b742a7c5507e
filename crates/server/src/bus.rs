//! Messages between the nodes of a cluster, over NATS (several nodes: `serve --nats`).
//!
//! The subjects:
//! - `majlis.table.<CODE>`: messages for a table, from sockets on any node. Only the table's
//!   owner subscribes, so a request there is answered by the owner or fails at once with "no
//!   responders" (the owner is gone: a takeover is due).
//! - `majlis.node.<NAME>`: the frames an owner sends to the sockets of node `NAME` (each
//!   audience's own view, never another seat's cards), in the order it sent them: every frame
//!   goes through one publisher task on one NATS connection, which NATS keeps in order.
//! - `majlis.moved`: a table changed owner; nodes close the sockets that followed it there, and
//!   the clients resume on whichever node they reach.
//! - `majlis.listing`: each node's public open tables, every few seconds.
//!
//! Headers carry the routing (`Majlis-Conn`, `Majlis-Node`, ...); payloads are the frames' own
//! text, so nothing is encoded twice.

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

/// Header: the connection a frame is for, or a message is from (its cluster-wide id).
pub const CONN: &str = "Majlis-Conn";
/// Header: the node of the connection a message is from.
pub const NODE: &str = "Majlis-Node";
/// Header: the player of the connection a message is from (`id` and name, tab-separated).
pub const PLAYER: &str = "Majlis-Player";
/// Header: the frame is a close of the connection, with this WebSocket close code.
pub const CLOSE: &str = "Majlis-Close";
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
struct Out {
    subject: String,
    headers: HeaderMap,
    payload: Bytes,
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
        f.debug_struct("Out").field("subject", &self.subject).finish_non_exhaustive()
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
        let (out, mut rx) = mpsc::unbounded_channel::<Out>();
        let publisher = client.clone();
        tokio::spawn(async move {
            while let Some(o) = rx.recv().await {
                if let Err(e) = publisher.publish_with_headers(o.subject, o.headers, o.payload).await {
                    tracing::warn!(error = %e, "a frame for another node was not sent");
                }
            }
        });
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
        let _ = self.out.send(Out { subject, headers, payload });
    }

    /// Sends a frame (or a close) to connection `conn` on node `node`.
    pub fn to_conn(&self, node: &str, conn: u64, close: Option<u16>, text: Bytes) {
        let mut headers = HeaderMap::new();
        headers.insert(CONN, conn.to_string().as_str());
        if let Some(code) = close {
            headers.insert(CLOSE, code.to_string().as_str());
        }
        self.stats.frames_out.fetch_add(1, Ordering::Relaxed);
        self.publish(node_subject(node), headers, text);
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
