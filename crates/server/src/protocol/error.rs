//! Refusals: the `code` and words of an `error` frame, and the error type every layer that
//! refuses a client's message returns.

use serde::Serialize;
use serde_json::Value;

/// Why a message was refused: the `code` of an `error` message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not a JSON object.
    BadJson,
    /// Over [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// A `type` the server does not know.
    UnknownType,
    /// A known type with missing or malformed fields, or a bad value (game, rules, name).
    BadRequest,
    /// No valid token.
    Unauthorized,
    /// No table with that code.
    NoTable,
    /// Only the host may do that.
    NotHost,
    /// The seat is taken, or the table is full.
    SeatTaken,
    /// The sender has no seat at that table.
    NotSeated,
    /// The rules refuse the action.
    Illegal,
    /// The sender's seat may not act now.
    NotYourTurn,
    /// The action was sent for a version that is no longer current.
    Stale,
    /// Too many messages.
    RateLimited,
    /// The server cannot store the change now (its database refuses writes): nothing was
    /// applied; try again shortly.
    Unavailable,
    /// The server is at a capacity limit (e.g. every external bot process is in use): nothing
    /// changed; try again later or choose differently.
    Busy,
    /// Hints are off at this table (the host did not turn them on).
    HintsOff,
    /// The table takes new players by invitation only (its invite secret), or its host removed
    /// this player.
    NotInvited,
    /// The player left too many rated matches lately: no rated table until the cooldown ends
    /// (the message says when).
    Cooldown,
    /// Our fault; logged.
    Internal,
}

impl ErrorCode {
    /// The code as it appears in messages.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadJson => "bad_json",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::UnknownType => "unknown_type",
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::Unauthorized => "unauthorized",
            ErrorCode::NoTable => "no_table",
            ErrorCode::NotHost => "not_host",
            ErrorCode::SeatTaken => "seat_taken",
            ErrorCode::NotSeated => "not_seated",
            ErrorCode::Illegal => "illegal",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::Stale => "stale",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::Unavailable => "unavailable",
            ErrorCode::Busy => "busy",
            ErrorCode::HintsOff => "hints_off",
            ErrorCode::NotInvited => "not_invited",
            ErrorCode::Cooldown => "cooldown",
            ErrorCode::Internal => "internal",
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why the rules refused an action, as data: `{"code": "must_follow", "suit": "H"}`.
pub use game::Refusal;

/// A refused message: a code and a reason in words, and the id of the message it answers.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct ProtocolError {
    /// What kind of refusal.
    pub code: ErrorCode,
    /// Why, in words.
    pub message: String,
    /// The `id` of the refused message, if it had one.
    pub id: Option<Value>,
    /// For an action the rules refused: why, as data (`illegal` errors only).
    pub reason: Option<Refusal>,
}

impl ProtocolError {
    /// An error with `code` and `message` and no id.
    #[must_use]
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ProtocolError { code, message: message.into(), id: None, reason: None }
    }

    /// An action the rules refused: `illegal`, the engine's words and, when known, its reason as
    /// data.
    #[must_use]
    pub fn illegal(message: impl Into<String>, reason: Option<Refusal>) -> Self {
        ProtocolError { reason, ..ProtocolError::new(ErrorCode::Illegal, message) }
    }

    /// The same error answering message `id`.
    #[must_use]
    pub fn with_id(mut self, id: Option<Value>) -> Self {
        self.id = id;
        self
    }
}
