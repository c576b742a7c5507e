//! The WebSocket protocol (`docs/protocol.md`): typed messages per direction.
//!
//! [`parse`] turns any text into a [`ClientMsg`] or a [`ProtocolError`] that says what was wrong
//! (never a panic); the server's messages are built by the functions here, so their shape lives in
//! one place.

use std::sync::Arc;

use serde::Deserialize;
use serde_json::{Map, Value, json};

/// The largest message a client may send, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// Why a message was refused: the `code` of an `error` message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
            ErrorCode::Internal => "internal",
        }
    }
}

/// A refused message: a code and a reason in words, and the id of the message it answers.
#[derive(Clone, Debug, PartialEq)]
pub struct ProtocolError {
    /// What kind of refusal.
    pub code: ErrorCode,
    /// Why, in words.
    pub message: String,
    /// The `id` of the refused message, if it had one.
    pub id: Option<Value>,
}

impl ProtocolError {
    /// An error with `code` and `message` and no id.
    #[must_use]
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ProtocolError { code, message: message.into(), id: None }
    }

    /// The same error answering message `id`.
    #[must_use]
    pub fn with_id(mut self, id: Option<Value>) -> Self {
        self.id = id;
        self
    }

    /// The `error` message.
    #[must_use]
    pub fn to_message(&self) -> Arc<str> {
        let mut msg = json!({ "type": "error", "code": self.code.as_str(), "message": self.message });
        if let (Some(id), Some(obj)) = (&self.id, msg.as_object_mut()) {
            obj.insert("id".to_owned(), id.clone());
        }
        text(&msg)
    }
}

/// The message types a client may send.
pub const CLIENT_TYPES: &[&str] =
    &["create_table", "join", "spectate", "leave", "set_bot", "fill_bots", "start", "act", "rematch", "resume", "ping"];

/// A message from a client, typed.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// Open a table; the sender becomes host in seat 0.
    CreateTable {
        /// `kout6`, `kout4`, `baloot` or `kabul`.
        game: String,
        /// Rule options (absent: the defaults).
        #[serde(default)]
        rules: Option<Map<String, Value>>,
        /// Time per decision in milliseconds.
        #[serde(default)]
        turn_ms: Option<u64>,
        /// Listed in `GET /api/tables`.
        #[serde(default)]
        public: bool,
    },
    /// Take a seat (a free one if `seat` is absent) or return to one's own.
    Join {
        /// The table code.
        table: String,
        /// The wanted seat.
        #[serde(default)]
        seat: Option<usize>,
    },
    /// Watch the table with the public view.
    Spectate {
        /// The table code.
        table: String,
    },
    /// Give up the seat.
    Leave {
        /// The table code.
        table: String,
    },
    /// Host: put a bot in an empty seat, or (`bot: null`, in the lobby) remove it.
    SetBot {
        /// The table code.
        table: String,
        /// The seat.
        seat: usize,
        /// `heuristic`, `random` (or a bot spec), or null.
        #[serde(default)]
        bot: Option<String>,
    },
    /// Host: bots in every empty seat.
    FillBots {
        /// The table code.
        table: String,
        /// The bot kind (default heuristic).
        #[serde(default)]
        bot: Option<String>,
    },
    /// Host: start the match.
    Start {
        /// The table code.
        table: String,
    },
    /// An action in record notation.
    Act {
        /// The table code.
        table: String,
        /// The action text (`play AH`).
        action: String,
        /// The version the client saw; if present and not current, the action is `stale`.
        #[serde(default)]
        version: Option<u64>,
    },
    /// A new match at the same table, same seats, after the match ended.
    Rematch {
        /// The table code.
        table: String,
    },
    /// After a reconnect: subscribe again and get what was missed since `since`.
    Resume {
        /// The table code.
        table: String,
        /// The last version the client saw.
        #[serde(default)]
        since: Option<u64>,
    },
    /// Keep-alive.
    Ping,
}

impl ClientMsg {
    /// The table the message is about, if any.
    #[must_use]
    pub fn table(&self) -> Option<&str> {
        match self {
            ClientMsg::CreateTable { .. } | ClientMsg::Ping => None,
            ClientMsg::Join { table, .. }
            | ClientMsg::Spectate { table }
            | ClientMsg::Leave { table }
            | ClientMsg::SetBot { table, .. }
            | ClientMsg::FillBots { table, .. }
            | ClientMsg::Start { table }
            | ClientMsg::Act { table, .. }
            | ClientMsg::Rematch { table }
            | ClientMsg::Resume { table, .. } => Some(table),
        }
    }
}

/// Reads one text frame: the message and its `id`, or why it is refused (with the id when one
/// could be read).
///
/// # Errors
/// `too_large`, `bad_json` (not JSON or not an object), `unknown_type`, or `bad_request` (a known
/// type with bad fields).
pub fn parse(frame: &str) -> Result<(ClientMsg, Option<Value>), ProtocolError> {
    if frame.len() > MAX_MESSAGE_BYTES {
        return Err(ProtocolError::new(
            ErrorCode::TooLarge,
            format!("a message may have at most {MAX_MESSAGE_BYTES} bytes; this one has {}", frame.len()),
        ));
    }
    let value: Value = serde_json::from_str(frame)
        .map_err(|e| ProtocolError::new(ErrorCode::BadJson, format!("not valid JSON: {e}")))?;
    let Value::Object(obj) = &value else {
        return Err(ProtocolError::new(ErrorCode::BadJson, "a message is a JSON object"));
    };
    let id = obj.get("id").filter(|v| v.is_string() || v.is_number()).cloned();
    let kind = match obj.get("type") {
        Some(Value::String(kind)) => kind,
        Some(_) => return Err(ProtocolError::new(ErrorCode::BadRequest, "\"type\" must be a string").with_id(id)),
        None => return Err(ProtocolError::new(ErrorCode::BadRequest, "a message needs a \"type\"").with_id(id)),
    };
    if !CLIENT_TYPES.contains(&kind.as_str()) {
        let shown: String = kind.chars().take(40).collect();
        return Err(ProtocolError::new(
            ErrorCode::UnknownType,
            format!("unknown message type {shown:?}; known types: {}", CLIENT_TYPES.join(", ")),
        )
        .with_id(id));
    }
    match serde_json::from_value::<ClientMsg>(value.clone()) {
        Ok(msg) => Ok((msg, id)),
        Err(e) => Err(ProtocolError::new(ErrorCode::BadRequest, format!("bad {kind} message: {e}")).with_id(id)),
    }
}

/// A message to send, serialized once (shared by every connection that gets the same one).
#[must_use]
pub fn text(value: &Value) -> Arc<str> {
    Arc::from(value.to_string())
}

/// `{"type": "welcome", "player": {...}}`.
#[must_use]
pub fn welcome(id: &str, name: &str) -> Arc<str> {
    text(&json!({ "type": "welcome", "player": { "id": id, "name": name } }))
}

/// `{"type": "pong"}`, echoing `id`.
#[must_use]
pub fn pong(id: Option<&Value>) -> Arc<str> {
    match id {
        Some(id) => text(&json!({ "type": "pong", "id": id })),
        None => text(&json!({ "type": "pong" })),
    }
}

/// Adds `id` to a reply.
pub fn with_id(mut msg: Value, id: Option<&Value>) -> Value {
    if let (Some(id), Some(obj)) = (id, msg.as_object_mut()) {
        obj.insert("id".to_owned(), id.clone());
    }
    msg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_messages_parse_with_their_id() {
        let (msg, id) = parse(r#"{"type":"act","table":"K7QX2M","action":"bid 6","version":9,"id":3}"#).expect("ok");
        assert_eq!(msg, ClientMsg::Act { table: "K7QX2M".into(), action: "bid 6".into(), version: Some(9) });
        assert_eq!(id, Some(json!(3)));
        let (msg, _) = parse(r#"{"type":"create_table","game":"kout4","public":true}"#).expect("ok");
        assert!(matches!(msg, ClientMsg::CreateTable { public: true, turn_ms: None, .. }));
        assert_eq!(parse(r#"{"type":"ping"}"#).expect("ok").0, ClientMsg::Ping);
    }

    #[test]
    fn bad_input_becomes_an_explicit_error() {
        let code = |frame: &str| parse(frame).map(|_| ()).map_err(|e| e.code);
        assert_eq!(code("not json"), Err(ErrorCode::BadJson));
        assert_eq!(code("[1,2]"), Err(ErrorCode::BadJson));
        assert_eq!(code(r#"{"type":"fly"}"#), Err(ErrorCode::UnknownType));
        assert_eq!(code(r#"{"kind":"act"}"#), Err(ErrorCode::BadRequest));
        assert_eq!(code(r#"{"type":"act","table":"X"}"#), Err(ErrorCode::BadRequest));
        assert_eq!(code(r#"{"type":"join","table":5}"#), Err(ErrorCode::BadRequest));
        let huge = format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(MAX_MESSAGE_BYTES));
        assert_eq!(code(&huge), Err(ErrorCode::TooLarge));
        let err = parse(r#"{"type":"fly","id":"a"}"#).expect_err("unknown");
        assert_eq!(err.id, Some(json!("a")));
        assert!(err.to_message().contains("\"id\":\"a\""));
    }
}
