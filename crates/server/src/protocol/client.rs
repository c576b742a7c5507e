//! What clients send, typed by where it goes: [`LobbyMsg`] for the connection and the lobby
//! (create a table, keep alive), [`TableMsg`] for one table, so a table task is never handed a
//! message it has no use for. [`parse`] reads any text into one of them or says what was wrong.

use serde::Deserialize;
use serde_json::{Map, Value};

use super::{ErrorCode, ProtocolError};
use crate::limits::MAX_MESSAGE_BYTES;

/// The message types a client may send.
pub const CLIENT_TYPES: &[&str] = &[
    "create_table",
    "join",
    "spectate",
    "leave",
    "remove",
    "set_bot",
    "fill_bots",
    "start",
    "act",
    "rematch",
    "resume",
    "hint",
    "chat",
    "ping",
];

/// The message types the connection itself answers ([`LobbyMsg`]); every other type is a
/// [`TableMsg`].
const LOBBY_TYPES: &[&str] = &["create_table", "ping"];

/// A message from a client, typed by where it goes.
#[derive(Clone, Debug, PartialEq)]
pub enum ClientMsg {
    /// For the connection and the lobby.
    Lobby(LobbyMsg),
    /// For one table.
    Table(TableMsg),
}

/// A message the connection answers itself: open a table, keep alive.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LobbyMsg {
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
        /// Players may ask for hints (`hint`); off unless the host turns them on.
        #[serde(default)]
        hints: bool,
        /// The matches are rated: no hints, no bots, every seat a signed-in account.
        #[serde(default)]
        rated: bool,
        /// Spectators have a chat channel of their own (players never see it); on unless the
        /// host turns it off.
        #[serde(default = "yes")]
        spectator_chat: bool,
        /// New players need the table's invite secret (`invite` in the `table` frame its players
        /// get) to take a seat; the code alone lets one watch.
        #[serde(default)]
        invite_only: bool,
    },
    /// Keep-alive.
    Ping,
}

/// A message about one table, routed to that table's task.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TableMsg {
    /// Take a seat (a free one if `seat` is absent) or return to one's own.
    Join {
        /// The table code.
        table: String,
        /// The wanted seat.
        #[serde(default)]
        seat: Option<usize>,
        /// The table's invite secret: needed to sit at an invite-only table.
        #[serde(default)]
        invite: Option<String>,
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
    /// Host, outside a match: remove the person in `seat` from the table; they may not sit at it
    /// again.
    Remove {
        /// The table code.
        table: String,
        /// The seat.
        seat: usize,
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
    /// Ask for the strong bot's suggestion for one's own decision now (only where the host
    /// turned hints on). Answered with `hint` to the asker alone.
    Hint {
        /// The table code.
        table: String,
    },
    /// Say something at the table: free `text`, or one of the fixed quick `phrase`s
    /// ([`super::chat::PHRASES`]; the words are the client's), exactly one of the two.
    Chat {
        /// The table code.
        table: String,
        /// Free text: 1 to [`crate::limits::CHAT_MAX_CHARS`] characters once trimmed.
        #[serde(default)]
        text: Option<String>,
        /// A quick phrase's id.
        #[serde(default)]
        phrase: Option<String>,
    },
}

fn yes() -> bool {
    true
}

impl TableMsg {
    /// The code of the table the message is about, as the client wrote it.
    #[must_use]
    pub fn table(&self) -> &str {
        match self {
            TableMsg::Join { table, .. }
            | TableMsg::Spectate { table }
            | TableMsg::Leave { table }
            | TableMsg::Remove { table, .. }
            | TableMsg::SetBot { table, .. }
            | TableMsg::FillBots { table, .. }
            | TableMsg::Start { table }
            | TableMsg::Act { table, .. }
            | TableMsg::Rematch { table }
            | TableMsg::Hint { table }
            | TableMsg::Chat { table, .. }
            | TableMsg::Resume { table, .. } => table,
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
    let msg = if LOBBY_TYPES.contains(&kind.as_str()) {
        serde_json::from_value::<LobbyMsg>(value.clone()).map(ClientMsg::Lobby)
    } else {
        serde_json::from_value::<TableMsg>(value.clone()).map(ClientMsg::Table)
    };
    match msg {
        Ok(msg) => Ok((msg, id)),
        Err(e) => Err(ProtocolError::new(ErrorCode::BadRequest, format!("bad {kind} message: {e}")).with_id(id)),
    }
}
