//! Every limit the server puts on what one client may ask of it, in one place: message sizes and
//! rates per connection, tables per host, the bounds of a table's settings, upload sizes. The
//! numbers are documented in `docs/protocol.md`.

use std::ops::RangeInclusive;

use tokio::time::Instant;

use crate::protocol::{ErrorCode, ProtocolError};

/// The largest message a client may send, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// The largest WebSocket frame (and message) the socket layer reads at all: past
/// [`MAX_MESSAGE_BYTES`] a message gets a `too_large` error, past this the socket is closed.
pub const MAX_FRAME_BYTES: usize = 4 * MAX_MESSAGE_BYTES;

/// The largest token a request may present.
pub const MAX_TOKEN_BYTES: usize = 128;

/// The largest record `POST /api/replay` reads.
pub const MAX_RECORD_BYTES: usize = 2 * 1024 * 1024;

/// Messages refused for rate before the socket is closed.
pub const MAX_REFUSED: u32 = 20;

/// Bad messages (garbage, unknown types, binary, too large) before the socket is closed.
pub const MAX_BAD: u32 = 10;

/// The most tables one player may have created and not finished (in their lobby or playing) at
/// once: enough to try things, not enough to flood the list of open tables or the server.
pub const MAX_TABLES_PER_HOST: usize = 5;

/// A lobby whose seated people (its host included) have all had no connection for this many
/// disconnect grace periods closes, so tables nobody will start do not pile up.
pub const ABANDONED_LOBBY_GRACES: u32 = 4;

/// Letters in the code of a public table: it is listed anyway, so it only has to be short to read.
pub const PUBLIC_CODE_LEN: usize = 6;

/// Letters in the code of a private table, which is its only key: 31^12 ≈ 8·10^17 codes, so even
/// a million live tables and a thousand guesses a second (far past [`MAX_BAD`] closing a socket
/// after its tenth `no_table`) find one once in some 25,000 years.
pub const PRIVATE_CODE_LEN: usize = 12;

/// The most tables `GET /api/tables` lists.
pub const MAX_LISTED_TABLES: usize = 100;

/// A table's time per decision, milliseconds.
pub const TURN_MS: RangeInclusive<u64> = 1_000..=600_000;

/// Kabul's snap window at a server table: long enough to react, short enough that a table never
/// waits on it for long (the engine itself takes no clock).
pub const SNAP_WINDOW_MS: RangeInclusive<u64> = 500..=60_000;

/// Kabul's `target_score` at a server table: a match of a few hundred points is a long evening;
/// beyond this a match would never end and its `sync` would grow without bound.
pub const TARGET_SCORE: RangeInclusive<i64> = 1..=1_000;

/// What the limits say about one frame.
#[derive(Debug)]
pub(crate) enum Admit {
    /// Go on.
    Ok,
    /// Answer with this error and go on.
    Refuse(ProtocolError),
    /// Answer with this error and close the socket.
    Close(ProtocolError),
}

/// Per-connection limits: a token bucket for the message rate, and a count of bad messages.
#[derive(Debug)]
pub(crate) struct ConnLimits {
    tokens: f64,
    burst: f64,
    per_sec: f64,
    last: Instant,
    refused: u32,
    bad: u32,
}

impl ConnLimits {
    /// A full bucket of `burst` messages, refilled at `per_sec`.
    pub(crate) fn new(burst: f64, per_sec: f64) -> Self {
        ConnLimits { tokens: burst, burst, per_sec, last: Instant::now(), refused: 0, bad: 0 }
    }

    /// Admits one frame (`text`: a text frame; anything else is bad).
    pub(crate) fn admit(&mut self, text: bool) -> Admit {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.per_sec).min(self.burst);
        self.last = now;
        if self.tokens < 1.0 {
            self.refused += 1;
            let e = ProtocolError::new(ErrorCode::RateLimited, "too many messages; slow down");
            return if self.refused > MAX_REFUSED { Admit::Close(e) } else { Admit::Refuse(e) };
        }
        self.tokens -= 1.0;
        if !text {
            let e = ProtocolError::new(ErrorCode::BadJson, "text frames only");
            return if self.garbage() { Admit::Close(e) } else { Admit::Refuse(e) };
        }
        Admit::Ok
    }

    /// Counts a bad message; true when the connection has sent too many.
    pub(crate) fn garbage(&mut self) -> bool {
        self.bad += 1;
        self.bad > MAX_BAD
    }
}
