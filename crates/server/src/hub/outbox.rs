//! A connection's outgoing queue, bounded in frames and bytes. Tables never wait on a socket: they
//! push and go on. A reader that falls so far behind that the queue is full is not worth more
//! memory: what is queued is dropped and the socket is closed with 1008, and the client resumes
//! from its last version when it reconnects.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

use crate::limits::Limits;

/// What the writer sends next.
#[derive(Debug)]
pub(crate) enum Next {
    /// A text frame.
    Text(Arc<str>),
    /// A WebSocket ping.
    Ping,
    /// A close frame with this code and reason; nothing is sent after it.
    Close(u16, &'static str),
}

/// The close code for a reader that fell behind.
pub(crate) const TOO_SLOW: (u16, &str) = (1008, "too slow: messages were not read");

#[derive(Debug, Default)]
struct State {
    queue: VecDeque<Arc<str>>,
    bytes: usize,
    ping: bool,
    close: Option<(u16, &'static str)>,
}

/// The queue between the tables (and the connection's own task) and the socket's writer.
#[derive(Debug)]
pub(crate) struct Outbox {
    state: Mutex<State>,
    ready: Notify,
    max_messages: usize,
    max_bytes: usize,
}

impl Outbox {
    pub(crate) fn new(limits: &Limits) -> Arc<Self> {
        Arc::new(Outbox {
            state: Mutex::new(State::default()),
            ready: Notify::new(),
            max_messages: limits.out_queue_messages,
            max_bytes: limits.out_queue_bytes,
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // Every change under the lock is a single push, pop or reset: a panic cannot leave it
        // half-done.
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Queues a text frame; once a close is queued, frames are dropped. A full queue closes the
    /// socket with 1008 instead.
    pub(crate) fn push(&self, msg: Arc<str>) {
        let mut s = self.lock();
        if s.close.is_some() {
            return;
        }
        if s.queue.len() >= self.max_messages || s.bytes + msg.len() > self.max_bytes {
            tracing::info!(queued = s.queue.len(), bytes = s.bytes, "a socket fell behind; closing it");
            s.queue.clear();
            s.bytes = 0;
            s.close = Some(TOO_SLOW);
        } else {
            s.bytes += msg.len();
            s.queue.push_back(msg);
        }
        drop(s);
        self.ready.notify_one();
    }

    /// Queues a close frame after what is queued (the first close wins).
    pub(crate) fn close(&self, code: u16, reason: &'static str) {
        self.lock().close.get_or_insert((code, reason));
        self.ready.notify_one();
    }

    /// Queues a ping, ahead of the text frames (a second one before the first is written is
    /// the same ping).
    pub(crate) fn ping(&self) {
        self.lock().ping = true;
        self.ready.notify_one();
    }

    /// The next frame to write, waiting for one.
    pub(crate) async fn next(&self) -> Next {
        loop {
            {
                let mut s = self.lock();
                if s.close.is_none() && std::mem::take(&mut s.ping) {
                    return Next::Ping;
                }
                if let Some(msg) = s.queue.pop_front() {
                    s.bytes -= msg.len();
                    return Next::Text(msg);
                }
                if let Some((code, reason)) = s.close {
                    return Next::Close(code, reason);
                }
            }
            // `notify_one` leaves a permit when nobody waits, so a push between the check and
            // here is not missed.
            self.ready.notified().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_queue_drops_what_is_queued_and_closes_with_1008() {
        let limits = Limits { out_queue_messages: 3, out_queue_bytes: 100, ..Limits::default() };
        let out = Outbox::new(&limits);
        for _ in 0..3 {
            out.push(Arc::from("x"));
        }
        out.push(Arc::from("one too many"));
        out.push(Arc::from("dropped"));
        assert!(matches!(out.next().await, Next::Close(1008, _)));
        let bytes = Outbox::new(&limits);
        bytes.push(Arc::from("y".repeat(60)));
        bytes.push(Arc::from("y".repeat(60)));
        assert!(matches!(bytes.next().await, Next::Close(1008, _)), "60 + 60 bytes is over 100");
    }

    #[tokio::test]
    async fn a_close_comes_after_what_is_queued() {
        let out = Outbox::new(&Limits::default());
        out.push(Arc::from("error"));
        out.close(1008, "policy violation");
        out.push(Arc::from("after the close: dropped"));
        assert!(matches!(out.next().await, Next::Text(t) if &*t == "error"));
        assert!(matches!(out.next().await, Next::Close(1008, "policy violation")));
    }
}
