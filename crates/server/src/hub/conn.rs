//! A connection as tables see it: who it is and where its frames go — a socket on this node, or
//! one on another node of the cluster (through the bus).

use std::sync::Arc;

use axum::body::Bytes;

use super::outbox::Outbox;
use crate::bus::Bus;
use crate::store::PlayerRow;

/// A connection as tables see it: who it is and where its messages go.
#[derive(Clone, Debug)]
pub struct Conn {
    /// Unique per connection (in a cluster, among all nodes).
    pub id: u64,
    /// The authenticated player.
    pub player: PlayerRow,
    sink: Sink,
}

/// Where a connection's frames go.
#[derive(Clone, Debug)]
enum Sink {
    /// A socket on this node.
    Local(Arc<Outbox>),
    /// A socket on another node.
    Remote { node: Arc<str>, bus: Arc<Bus> },
}

impl Conn {
    /// A connection handle whose messages go to `out`.
    pub(crate) fn new(id: u64, player: PlayerRow, out: Arc<Outbox>) -> Self {
        Conn { id, player, sink: Sink::Local(out) }
    }

    /// A handle on connection `id` of node `node`, whose messages go there over `bus`.
    pub(crate) fn remote(id: u64, player: PlayerRow, node: Arc<str>, bus: Arc<Bus>) -> Self {
        Conn { id, player, sink: Sink::Remote { node, bus } }
    }

    /// Queues a text frame (dropped once the connection is closing; a reader too far behind
    /// gets its socket closed instead).
    pub fn send(&self, msg: Arc<str>) {
        match &self.sink {
            Sink::Local(out) => out.push(msg),
            Sink::Remote { node, bus } => bus.to_conn(node, self.id, None, Bytes::from(msg.as_bytes().to_vec())),
        }
    }

    /// Queues a close frame.
    pub fn close(&self, code: u16, reason: &'static str) {
        match &self.sink {
            Sink::Local(out) => out.close(code, reason),
            Sink::Remote { node, bus } => bus.to_conn(node, self.id, Some(code), Bytes::from_static(reason.as_bytes())),
        }
    }
}
