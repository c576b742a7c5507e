//! A connection as tables see it: who it is and where its frames go.

use std::sync::Arc;

use super::outbox::Outbox;
use crate::store::PlayerRow;

/// A connection as tables see it: who it is and where its messages go.
#[derive(Clone, Debug)]
pub struct Conn {
    /// Unique per connection.
    pub id: u64,
    /// The authenticated player.
    pub player: PlayerRow,
    out: Arc<Outbox>,
}

impl Conn {
    /// A connection handle whose messages go to `out`.
    pub(crate) fn new(id: u64, player: PlayerRow, out: Arc<Outbox>) -> Self {
        Conn { id, player, out }
    }

    /// Queues a text frame (dropped once the connection is closing; a reader too far behind
    /// gets its socket closed instead).
    pub fn send(&self, msg: Arc<str>) {
        self.out.push(msg);
    }

    /// Queues a close frame.
    pub fn close(&self, code: u16, reason: &'static str) {
        self.out.close(code, reason);
    }
}
