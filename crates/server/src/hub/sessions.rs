//! The open sockets of each session (by its token's hash), so that ending a session — a new
//! password, a claim that replaces a guest's token — also closes the sockets it opened, which
//! would otherwise go on acting for the player until they drop. On this node only: a socket of
//! the session held by another node of a cluster is not closed (its next request is refused).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::Conn;

/// The close code of a socket whose session ended (`docs/protocol.md`, "Close codes").
pub(crate) const SESSION_ENDED: u16 = 4001;

/// One socket: its session, its player, its handle.
#[derive(Debug)]
struct Open {
    session: String,
    player: String,
    conn: Conn,
}

/// The open sockets of this node, by connection id.
#[derive(Debug, Default)]
pub(crate) struct SessionSockets {
    open: Arc<Mutex<HashMap<u64, Open>>>,
}

/// A socket's entry in [`SessionSockets`]; dropping it (the socket closed) removes it.
#[derive(Debug)]
pub(crate) struct Entry {
    open: Arc<Mutex<HashMap<u64, Open>>>,
    conn_id: u64,
}

impl Drop for Entry {
    fn drop(&mut self) {
        super::lock(&self.open).remove(&self.conn_id);
    }
}

impl SessionSockets {
    /// `conn` opened with the session whose token hashes to `session`.
    pub(crate) fn opened(&self, session: &str, conn: &Conn) -> Entry {
        let open = Open { session: session.to_owned(), player: conn.player.id.clone(), conn: conn.clone() };
        super::lock(&self.open).insert(conn.id, open);
        Entry { open: self.open.clone(), conn_id: conn.id }
    }

    /// Closes (with [`SESSION_ENDED`] and `reason`) the sockets of `player` whose session is not
    /// `keep`; returns how many.
    pub(crate) fn close_others(&self, player: &str, keep: &str, reason: &'static str) -> usize {
        self.close_where(|o| o.player == player && o.session != keep, reason)
    }

    /// Closes (with [`SESSION_ENDED`] and `reason`) the sockets of the session `session`.
    pub(crate) fn close_session(&self, session: &str, reason: &'static str) -> usize {
        self.close_where(|o| o.session == session, reason)
    }

    fn close_where(&self, which: impl Fn(&Open) -> bool, reason: &'static str) -> usize {
        let open = super::lock(&self.open);
        let mut closed = 0;
        for o in open.values().filter(|o| which(o)) {
            o.conn.close(SESSION_ENDED, reason);
            closed += 1;
        }
        closed
    }
}
