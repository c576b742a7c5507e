//! The wire protocol (`docs/protocol.md`): the WebSocket's typed messages per direction, and the
//! HTTP answers.
//!
//! [`parse`] turns any text into a [`ClientMsg`] — a [`LobbyMsg`] for the connection or a
//! [`TableMsg`] for one table — or a [`ProtocolError`] that says what was wrong (never a panic).
//! Every frame the server sends is a [`ServerMsg`], so the shape of each lives in one place;
//! `tests/protocol/<type>.json` holds one golden example of each, read by the Rust and the
//! browser tests alike.
//!
//! One file per direction: [`client`] (what clients send), [`server`] (what the server sends),
//! [`error`] (refusals), [`chat`] (what a chat message may say); and [`http`], every HTTP answer,
//! with its golden examples in `tests/protocol/http/<kind>.json`.

pub mod chat;
mod client;
mod error;
pub mod http;
mod server;

pub use client::{CLIENT_TYPES, ClientMsg, LobbyMsg, TableMsg, parse};
pub use error::{ErrorCode, ProtocolError, Refusal};
pub use server::{
    ChatFrom, ChatLine, DailyProgress, HandCommitment, LogEntry, MatchState, PlayerInfo, RatingChange, SeatInfo,
    ServerMsg, TableFrame, TableState, TournamentProgress,
};

pub use crate::limits::MAX_MESSAGE_BYTES;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn known_messages_parse_with_their_id() {
        let (msg, id) = parse(r#"{"type":"act","table":"K7QX2M","action":"bid 6","version":9,"id":3}"#).expect("ok");
        assert_eq!(
            msg,
            ClientMsg::Table(TableMsg::Act { table: "K7QX2M".into(), action: "bid 6".into(), version: Some(9) })
        );
        assert_eq!(id, Some(json!(3)));
        let (msg, _) = parse(r#"{"type":"create_table","game":"kout4","public":true}"#).expect("ok");
        assert!(matches!(msg, ClientMsg::Lobby(LobbyMsg::CreateTable { public: true, turn_ms: None, .. })));
        assert_eq!(parse(r#"{"type":"ping"}"#).expect("ok").0, ClientMsg::Lobby(LobbyMsg::Ping));
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
