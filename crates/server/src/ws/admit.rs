//! What one connection may send: a token bucket for its message rate and a count of bad messages.
//! (The limits that hold across a player's or an address's sockets — chat, guessed codes — are
//! the hub's.) Nothing here reads a message's meaning.

use tokio::time::Instant;

use crate::limits::{MAX_BAD, MAX_REFUSED};
use crate::protocol::{ErrorCode, ProtocolError};

/// What kind of frame a client sent, as the limits see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FrameKind {
    /// A text frame: a message.
    Text,
    /// A WebSocket ping or pong: no message, but it costs the server work, so it counts against
    /// the rate.
    Control,
    /// Anything else (binary): bad.
    Other,
}

/// What the limits say about one frame.
#[derive(Debug)]
pub(super) enum Admit {
    /// Go on.
    Ok,
    /// Answer with this error and go on.
    Refuse(ProtocolError),
    /// Answer with this error and close the socket.
    Close(ProtocolError),
}

/// Per-connection limits: a token bucket for the message rate, and a count of bad messages.
#[derive(Debug)]
pub(super) struct ConnLimits {
    tokens: f64,
    burst: f64,
    per_sec: f64,
    last: Instant,
    refused: u32,
    bad: u32,
}

impl ConnLimits {
    /// A full bucket of `burst` messages, refilled at `per_sec`.
    pub(super) fn new(burst: f64, per_sec: f64) -> Self {
        ConnLimits { tokens: burst, burst, per_sec, last: Instant::now(), refused: 0, bad: 0 }
    }

    /// Admits one frame.
    pub(super) fn admit(&mut self, kind: FrameKind) -> Admit {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.per_sec).min(self.burst);
        self.last = now;
        if self.tokens < 1.0 {
            self.refused += 1;
            let e = ProtocolError::new(ErrorCode::RateLimited, "too many messages; slow down");
            return if self.refused > MAX_REFUSED { Admit::Close(e) } else { Admit::Refuse(e) };
        }
        self.tokens -= 1.0;
        if kind == FrameKind::Other {
            let e = ProtocolError::new(ErrorCode::BadJson, "text frames only");
            return if self.garbage() { Admit::Close(e) } else { Admit::Refuse(e) };
        }
        Admit::Ok
    }

    /// Counts a bad message; true when the connection has sent too many.
    pub(super) fn garbage(&mut self) -> bool {
        self.bad += 1;
        self.bad > MAX_BAD
    }
}
