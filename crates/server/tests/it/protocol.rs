//! Golden examples of every frame the server sends: one file per message type in
//! `tests/protocol/<type>.json` at the repository root, built here from [`ServerMsg`] and read by
//! the browser's unit tests too, so the two sides cannot drift apart.
//!
//! After an intended change of a frame's shape, rewrite them with
//! `MAJLIS_BLESS=1 cargo test -p server --test it protocol::` and review the diff.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::path::PathBuf;

use game::{Actor, Game, GameKind, Match, Options, Seat};
use serde_json::{Value, json};
use server::protocol::{
    ChatFrom, ChatLine, ErrorCode, HandCommitment, LogEntry, MatchState, ProtocolError, SeatInfo, ServerMsg,
    TableFrame, TableState,
};

fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/protocol")
}

/// A kout4 match two actions into its first hand, from a fixed seed.
fn kout4_match() -> Match<kout::Kout> {
    let record = games::deal(GameKind::Kout4, 2024, &Options::new()).unwrap();
    let mut m = Match::<kout::Kout>::replay(&record).unwrap();
    for _ in 0..2 {
        let seat = m.game().to_act().iter().next().unwrap();
        let action = m.legal_texts(seat).last().cloned().unwrap();
        m.play_text(Actor::Seat(seat), &action).unwrap();
    }
    m
}

fn seat(i: usize) -> Option<Seat> {
    Seat::new(i)
}

/// One example of each frame type, in the order of [`ServerMsg::TYPES`].
fn examples() -> Vec<ServerMsg> {
    let m = kout4_match();
    let to_act = m.game().to_act().iter().next().unwrap();
    let deck = m.record().hands[0].deck.clone();
    let table = TableState {
        code: "K7QX2M".to_owned(),
        game: "kout4",
        rules: Options::new(),
        public: true,
        hints: false,
        rated: false,
        spectator_chat: true,
        invite_only: true,
        invite: Some("a1b2c3d4e5f60718".to_owned()),
        turn_ms: 30_000,
        host: "p_sara0000000".to_owned(),
        status: "playing",
        seats: vec![
            SeatInfo {
                seat: 0,
                name: Some("Sara".to_owned()),
                kind: "human",
                bot: None,
                player: Some("p_sara0000000".to_owned()),
                connected: true,
                away: false,
            },
            SeatInfo {
                seat: 1,
                name: Some("bot:heuristic".to_owned()),
                kind: "bot",
                bot: Some("heuristic".to_owned()),
                player: None,
                connected: true,
                away: false,
            },
            SeatInfo {
                seat: 2,
                name: Some("Noura".to_owned()),
                kind: "human",
                bot: None,
                player: Some("p_noura000000".to_owned()),
                connected: false,
                away: true,
            },
            SeatInfo { seat: 3, name: None, kind: "empty", bot: None, player: None, connected: false, away: false },
        ],
        version: 4,
        game_id: Some("g_match0000000".to_owned()),
        rating_changes: None,
        daily: None,
        tournament: None,
    };
    let log = m.record().hands[0].actions.iter().enumerate().map(|(i, a)| LogEntry {
        version: 6 + i as u64,
        seat: a.seat.map(Seat::index),
        action: a.text.clone(),
    });
    let mut log: Vec<LogEntry> = log.collect();
    log.insert(0, LogEntry { version: 5, seat: None, action: "deal".to_owned() });
    let last = log.last().cloned().unwrap();
    // The engine's own refusal, as the table task sends it.
    let must_follow = kout::Illegal::MustFollow(cards::Suit::Hearts);
    let said = ChatLine {
        seq: 3,
        channel: "players",
        from: ChatFrom { id: "p_noura000000".to_owned(), name: "Noura".to_owned(), seat: Some(2) },
        text: Some("<b>yalla</b> يلا".to_owned()),
        phrase: None,
        at: 1_767_225_600_000,
    };
    let phrase = ChatLine {
        seq: 2,
        channel: "players",
        from: ChatFrom { id: "p_sara0000000".to_owned(), name: "Sara".to_owned(), seat: Some(0) },
        text: None,
        phrase: Some("good_luck".to_owned()),
        at: 1_767_225_590_000,
    };
    let refused = ProtocolError::illegal(must_follow.to_string(), Some(game::Refuse::refusal(&must_follow)))
        .with_id(Some(json!(7)));
    vec![
        ServerMsg::welcome("p_sara0000000", "Sara"),
        ServerMsg::Table { table: TableFrame::Open(table), you: Some(0), id: Some(json!("c")) },
        ServerMsg::Sync {
            table: "K7QX2M".to_owned(),
            version: last.version,
            seat: Some(to_act.index()),
            state: MatchState::of(&m, seat(to_act.index()), Some(30_000)),
            log,
            commitment: Some(HandCommitment { hand: 0, commitment: "9f2c".repeat(16) }),
            chat: vec![phrase],
        },
        ServerMsg::Event {
            table: "K7QX2M".to_owned(),
            version: last.version,
            seat: last.seat,
            action: last.action,
            state: MatchState::of(&m, None, Some(30_000)),
        },
        ServerMsg::Commitment { table: "K7QX2M".to_owned(), hand: 0, commitment: "9f2c".repeat(16) },
        ServerMsg::Reveal {
            table: "K7QX2M".to_owned(),
            hand: 0,
            salt: "07".repeat(32),
            commitment: "9f2c".repeat(16),
            deck,
        },
        refused.to_msg(),
        ServerMsg::pong(Some(json!("drain"))),
        ServerMsg::Hint {
            table: "K7QX2M".to_owned(),
            version: last.version,
            seat: to_act.index(),
            action: "play QH".to_owned(),
            basis: "search",
            unit: Some(bots::analysis::Unit::Chance),
            value: Some(0.625),
            next: Some("play 9H".to_owned()),
            next_value: Some(0.375),
            tricks: Some(5.25),
            samples: 48,
            id: Some(json!(9)),
        },
        ServerMsg::Notice {
            table: "K7QX2M".to_owned(),
            seat: Some(1),
            code: "bot_fault",
            message: "bot wanderer (seat 1) answered \"play ZZ\", which is not one of the legal actions; the built-in bot decided instead".to_owned(),
        },
        ServerMsg::Chat { table: "K7QX2M".to_owned(), line: said },
    ]
}

#[test]
fn every_frame_type_has_one_example() {
    let kinds: Vec<&str> = examples().iter().map(ServerMsg::kind).collect();
    assert_eq!(kinds, ServerMsg::TYPES);
}

#[test]
fn every_frame_matches_its_golden_fixture() {
    let frames = examples().into_iter().map(|msg| {
        // The text that goes on the wire, read back: what a client parses.
        let actual: Value = serde_json::from_str(&msg.to_text()).unwrap();
        assert_eq!(actual["type"], msg.kind());
        (msg.kind().to_owned(), actual)
    });
    common::golden::check_fixtures(&fixture_dir(), "frames", frames);
}

#[test]
fn fixed_shapes_of_the_small_frames() {
    let text = |m: ServerMsg| serde_json::from_str::<Value>(&m.to_text()).unwrap();
    assert_eq!(text(ServerMsg::pong(None)), json!({ "type": "pong" }));
    assert_eq!(
        text(ServerMsg::Table { table: TableFrame::closed("K7QX2M"), you: None, id: None }),
        json!({ "type": "table", "table": { "code": "K7QX2M", "status": "closed" }, "you": null })
    );
    let plain = ProtocolError::new(ErrorCode::NotYourTurn, "it is not your turn");
    assert_eq!(
        serde_json::from_str::<Value>(&plain.to_message()).unwrap(),
        json!({ "type": "error", "code": "not_your_turn", "message": "it is not your turn" })
    );
    assert_eq!(plain.to_string(), "not_your_turn: it is not your turn");
    let before = text(ServerMsg::Event {
        table: "K7QX2M".to_owned(),
        version: 2,
        seat: None,
        action: "deal".to_owned(),
        state: MatchState::empty(),
    });
    assert_eq!(
        before,
        json!({
            "type": "event", "table": "K7QX2M", "version": 2, "seat": null, "action": "deal",
            "view": null, "to_act": [], "legal": [], "order": [], "deadline_ms": null, "hands": [],
            "score": [], "finished": false, "winner": null,
        })
    );
}
