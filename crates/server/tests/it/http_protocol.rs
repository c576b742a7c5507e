//! Golden examples of every HTTP answer: one file per kind of answer in
//! `tests/protocol/http/<kind>.json` at the repository root, built here from the types of
//! [`server::protocol::http`] and read by the browser's unit tests too, as the frames in
//! `tests/protocol/` are. A real server's answers are then checked against the same files.
//!
//! After an intended change of an answer's shape, rewrite them with
//! `MAJLIS_BLESS=1 cargo test -p server --test it http_protocol::` and review the diff.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::path::PathBuf;
use std::time::Duration;

use common::{Client, TestServer, config, http, temp_db};
use game::{Actor, Game, GameKind, Match, Options, RecordErrorKind, RecordedAction, Seat};
use games::analysis::{Analysis, Decision, HandAnalysis, Mark, Par, Thresholds};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};
use server::protocol::http::{
    AnalysisAnswer, AnalysisStatus, BoardEntry, BoardPlace, Bots, ErrorAnswer, ErrorBody, ExportedGame, Health,
    Leaderboard, ListedTable, MatchChat, Me, MyGame, NewSession, PlayedGame, Player, Profile, Rating, RatingMove,
    Ready, RecordRefusal, SeatedPerson, Stats,
};
use server::protocol::http::{
    DailyBest, DailyBoard, DailyEntry, DailyGameToday, DailyHistoryLine, DailyPlace, DailyResult, DailyToday,
    TournamentBoard, TournamentDetail, TournamentEntrant, TournamentList, TournamentPlace, TournamentRound,
    TournamentSummary, TournamentTeam, TournamentYou,
};
use server::protocol::{ChatFrom, ChatLine, PlayerInfo, SeatInfo};
use server::runners::PoolStats;

fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/protocol/http")
}

fn value(answer: &impl Serialize) -> Value {
    serde_json::to_value(answer).unwrap()
}

fn sara() -> Player {
    Player { id: "p_sara0000000".to_owned(), name: "Sara".to_owned(), account: true }
}

/// A kout4 record from a fixed seed with its first `actions` actions played.
fn kout4_record(actions: usize) -> game::Record {
    let mut m = Match::<kout::Kout>::replay(&games::deal(GameKind::Kout4, 2024, &Options::new()).unwrap()).unwrap();
    for _ in 0..actions {
        let seat = m.game().to_act().iter().next().unwrap();
        let action = m.legal_texts(seat).last().cloned().unwrap();
        m.play_text(Actor::Seat(seat), &action).unwrap();
    }
    m.record().clone()
}

/// The engines' refusal of a record whose first action is played out of turn.
fn out_of_turn() -> game::RecordError {
    let mut record = kout4_record(0);
    let m = Match::<kout::Kout>::replay(&record).unwrap();
    let seat = m.game().to_act().iter().next().unwrap();
    let text = m.legal_texts(seat)[0].clone();
    let other = Seat::new((seat.index() + 1) % 4);
    record.hands[0].actions.push(RecordedAction { seat: other, text });
    let error = games::replay_steps(&record).unwrap_err();
    assert_eq!(error.kind, RecordErrorKind::Illegal, "{error}");
    error
}

/// A finished match from Sara's side.
fn played_game() -> PlayedGame {
    PlayedGame {
        game_id: "g_match0000000".to_owned(),
        game: "kout4".to_owned(),
        started_at: 1_767_225_000_000,
        ended_at: Some(1_767_225_900_000),
        seat: 0,
        won: true,
        result: Some(json!({ "winner": 0, "score": [31, 12] })),
        partners: vec![SeatedPerson { id: Some("p_noura000000".to_owned()), name: "Noura".to_owned(), seat: 2 }],
        opponents: vec![
            SeatedPerson { id: Some("p_omar0000000".to_owned()), name: "Omar".to_owned(), seat: 1 },
            SeatedPerson { id: None, name: "bot:heuristic".to_owned(), seat: 3 },
        ],
        rated: true,
        rating_change: Some(RatingMove { before: 1540.125, after: 1612.375, outcome: Some("win".to_owned()) }),
    }
}

fn analysis() -> Box<RawValue> {
    let decision = |action: usize, seat: usize, played: &str, values: [(&str, f64); 2], mark: Mark| Decision {
        action,
        seat,
        played: played.to_owned(),
        best: values[0].0.to_owned(),
        unit: bots::Unit::Chance,
        loss: values[0].1 - values.iter().find(|v| v.0 == played).unwrap().1,
        values: values.iter().map(|(a, v)| ((*a).to_owned(), *v)).collect(),
        tricks: Some(vec![5.25, 4.5]),
        mark,
        samples: 48,
    };
    let analysis = Analysis {
        game: "kout4".to_owned(),
        unit: bots::Unit::Chance,
        ms: 500,
        thresholds: Thresholds::of(bots::Unit::Chance),
        hands: vec![HandAnalysis {
            hand: 0,
            par: Some(Par { team: 1, measure: "tricks".to_owned(), perfect: 5.0, actual: Some(4.0) }),
            decisions: vec![
                // A bid is valued in points of the score, not in the cards' chance.
                Decision {
                    unit: bots::Unit::GamePoints,
                    tricks: None,
                    samples: 200,
                    ..decision(1, 1, "pass", [("bid 5", 2.25), ("pass", -0.5)], Mark::Inaccuracy)
                },
                decision(4, 1, "play QH", [("play QH", 0.625), ("play 9H", 0.375)], Mark::Good),
                decision(5, 2, "play 9S", [("play AS", 0.75), ("play 9S", 0.25)], Mark::Blunder),
            ],
        }],
    };
    RawValue::from_string(serde_json::to_string(&analysis).unwrap()).unwrap()
}

fn chat_line(seq: u64, from: (&str, &str, usize), text: Option<&str>, phrase: Option<&str>) -> ChatLine {
    ChatLine {
        seq,
        channel: "players",
        from: ChatFrom { id: from.0.to_owned(), name: from.1.to_owned(), seat: Some(from.2) },
        text: text.map(str::to_owned),
        phrase: phrase.map(str::to_owned),
        at: 1_767_225_590_000 + seq as i64 * 1000,
    }
}

fn seat(seat: usize, name: Option<&str>, kind: &'static str, player: Option<&str>) -> SeatInfo {
    SeatInfo {
        seat,
        name: name.map(str::to_owned),
        kind,
        bot: name.and_then(|n| n.strip_prefix("bot:")).map(str::to_owned),
        player: player.map(str::to_owned),
        connected: kind != "empty",
        away: false,
    }
}

/// One example of each kind of answer, by its fixture's name.
fn examples() -> Vec<(&'static str, Value)> {
    let sara_line = ("p_sara0000000", "Sara", 0);
    let noura_line = ("p_noura000000", "Noura", 2);
    vec![
        ("me", value(&Me { player: sara() })),
        (
            "new_session",
            value(&NewSession {
                player: Player { id: "p_sara0000000".to_owned(), name: "Sara".to_owned(), account: false },
                token: "t_".to_owned() + &"4f9a".repeat(8),
            }),
        ),
        (
            "tables",
            value(&vec![ListedTable {
                code: "K7QX2M".to_owned(),
                game: "kout4",
                hints: false,
                rated: false,
                status: "lobby",
                host: "Sara".to_owned(),
                seats: vec![
                    seat(0, Some("Sara"), "human", Some("p_sara0000000")),
                    seat(1, Some("bot:heuristic"), "bot", None),
                    seat(2, None, "empty", None),
                    seat(3, None, "empty", None),
                ],
            }]),
        ),
        (
            "bots",
            value(&Bots {
                builtin: bots::BUILTIN_NAMES,
                server: vec!["wanderer".to_owned()],
                max_processes: 8,
                running: 1,
            }),
        ),
        (
            "stats",
            value(&Stats {
                tables: 3,
                connections: 7,
                rss_bytes: Some(52_428_800),
                store: "sqlite",
                bot_threads: PoolStats {
                    threads: 2,
                    queued: 1,
                    running: 2,
                    capacity: 256,
                    done: 1200,
                    skipped: 3,
                    refused: 0,
                },
            }),
        ),
        ("health", value(&Health { ok: true, store: "ok".to_owned() })),
        ("ready", value(&Ready { ok: false, reason: Some("shutting down".to_owned()) })),
        (
            "error",
            value(&ErrorAnswer {
                error: ErrorBody { code: "not_found", message: "no player with that id".to_owned() },
            }),
        ),
        ("record_error", value(&RecordRefusal { error: out_of_turn() })),
        ("analysis", value(&AnalysisAnswer { status: AnalysisStatus::Ready, analysis: Some(analysis()) })),
        (
            "match_chat",
            value(&MatchChat {
                game_id: "g_match0000000".to_owned(),
                chat: vec![
                    chat_line(0, sara_line, None, Some("good_luck")),
                    chat_line(1, noura_line, Some("<b>yalla</b> يلا"), None),
                ],
            }),
        ),
        (
            "profile",
            value(&Profile {
                player: sara(),
                ratings: vec![Rating {
                    game: "kout4".to_owned(),
                    rating: 1612.375,
                    uncertainty: 431.25,
                    games: 3,
                    wins: 2,
                    leaves: 1,
                    provisional: true,
                    rank: 4,
                }],
                games: vec![played_game()],
            }),
        ),
        (
            "leaderboard",
            value(&Leaderboard {
                game: "kout4".to_owned(),
                top: vec![
                    BoardEntry {
                        rank: 1,
                        player: PlayerInfo { id: "p_omar0000000".to_owned(), name: "Omar".to_owned() },
                        rating: 1800.5,
                        uncertainty: 120.25,
                        score: 1440.0,
                        games: 40,
                        wins: 29,
                        provisional: false,
                    },
                    BoardEntry {
                        rank: 2,
                        player: PlayerInfo { id: "p_sara0000000".to_owned(), name: "Sara".to_owned() },
                        rating: 1612.375,
                        uncertainty: 431.25,
                        score: 318.625,
                        games: 3,
                        wins: 2,
                        provisional: true,
                    },
                ],
                me: Some(BoardPlace { rank: 2, rating: 1612.375, uncertainty: 431.25, games: 3, provisional: true }),
            }),
        ),
        (
            "my_games",
            value(&vec![
                MyGame {
                    game_id: "g_match0000000".to_owned(),
                    table: "K7QX2M".to_owned(),
                    game: "kout4".to_owned(),
                    seat: 0,
                    finished: true,
                    result: Some(json!({ "winner": 0, "score": [31, 12] })),
                    started_at: 1_767_225_000_000,
                    ended_at: Some(1_767_225_900_000),
                    players: json!(["Sara", "Omar", "Noura", "bot:heuristic"]),
                    player_ids: vec![
                        Some("p_sara0000000".to_owned()),
                        Some("p_omar0000000".to_owned()),
                        Some("p_noura000000".to_owned()),
                        None,
                    ],
                },
                MyGame {
                    game_id: "g_match0000001".to_owned(),
                    table: "Q4B9ZP".to_owned(),
                    game: "kabul".to_owned(),
                    seat: 1,
                    finished: false,
                    result: None,
                    started_at: 1_767_226_000_000,
                    ended_at: None,
                    players: json!(["bot:strong", "Sara", "bot:random"]),
                    player_ids: vec![None, Some("p_sara0000000".to_owned()), None],
                },
            ]),
        ),
        ("export", value(&ExportedGame { game: played_game(), record: Some(value(&kout4_record(0))) })),
        ("replay", games::replay_steps(&kout4_record(2)).unwrap()),
        ("daily_today", value(&daily_today())),
        ("daily_entry", value(&daily_entry())),
        ("daily_board", value(&daily_board())),
        (
            "daily_history",
            value(&[DailyHistoryLine {
                day: "2026-11-28".to_owned(),
                game: "baloot".to_owned(),
                played: 8,
                percent: 62.5,
                place: 2,
                of: 17,
            }]),
        ),
        ("tournament_list", value(&TournamentList { tournaments: vec![tournament_summary()] })),
        ("tournament", value(&tournament_detail())),
    ]
}

fn tournament_summary() -> TournamentSummary {
    TournamentSummary {
        id: "t_friday0000".to_owned(),
        name: "Friday Kout".to_owned(),
        game: "kout4".to_owned(),
        format: "swiss".to_owned(),
        rounds: 3,
        hands: 4,
        target: None,
        starts_at: 1_795_896_000_000,
        rated: true,
        host: Some("Sara".to_owned()),
        status: "running".to_owned(),
        round: 1,
        players: 4,
    }
}

fn tournament_detail() -> TournamentDetail {
    let names = |a: &str, b: Option<&str>| vec![Some(a.to_owned()), b.map(str::to_owned)];
    TournamentDetail {
        summary: tournament_summary(),
        team_size: 2,
        entrants: vec![
            TournamentEntrant { name: "Sara".to_owned(), with: "Sara".to_owned() },
            TournamentEntrant { name: "Omar".to_owned(), with: "Sara".to_owned() },
            TournamentEntrant { name: "Noura".to_owned(), with: "Noura".to_owned() },
        ],
        teams: vec![
            TournamentTeam { team: 1, players: names("Sara", Some("Omar")), rating: 1532 },
            TournamentTeam { team: 2, players: names("Noura", None), rating: 1500 },
        ],
        played: vec![TournamentRound {
            round: 1,
            done: false,
            boards: vec![TournamentBoard {
                board: 0,
                flipped: false,
                a: 1,
                b: Some(2),
                status: "finished",
                table: Some("Q4B9ZPXK".to_owned()),
                a_points: Some(31),
                b_points: Some(12),
                outcome: Some(server::tournament::Outcome::A),
                no_show: vec![],
                game_id: None,
            }],
        }],
        standings: vec![TournamentPlace {
            place: 1,
            team: 1,
            players: names("Sara", Some("Omar")),
            score: 1.0,
            diff: 19,
            won: 1,
            drawn: 0,
            lost: 0,
            alive: true,
            matchpoints: None,
        }],
        you: Some(TournamentYou { registered: true, team: Some(1), table: None }),
    }
}

#[test]
fn every_answer_matches_its_golden_fixture() {
    let answers = examples().into_iter().map(|(name, answer)| (name.to_owned(), answer));
    common::golden::check_fixtures(&fixture_dir(), "answers", answers);
}

#[test]
fn every_fixture_file_is_an_example_here() {
    let names: Vec<String> = examples().iter().map(|(n, _)| format!("{n}.json")).collect();
    let mut files: Vec<String> = std::fs::read_dir(fixture_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let stray: Vec<&String> = files.iter().filter(|f| !names.contains(f)).collect();
    assert!(stray.is_empty(), "fixtures no example writes (remove them or add their answer): {stray:?}");
    assert_eq!(files.len(), names.len(), "one file per example: {files:?}");
}

#[test]
fn answers_keep_their_small_fixed_shapes() {
    assert_eq!(value(&Ready { ok: true, reason: None }), json!({ "ok": true }));
    assert_eq!(
        value(&AnalysisAnswer { status: AnalysisStatus::Queued, analysis: None }),
        json!({ "status": "queued" })
    );
    assert_eq!(
        value(&AnalysisAnswer { status: AnalysisStatus::Running, analysis: None }),
        json!({ "status": "running" })
    );
    let line = value(&ExportedGame { game: played_game(), record: None });
    assert_eq!(line["record"], Value::Null, "a record that does not read is null, not absent");
    assert_eq!(line["game_id"], "g_match0000000", "the match's fields sit beside the record");
    let unrated = PlayedGame { rated: false, rating_change: None, ..played_game() };
    assert_eq!(value(&unrated)["rating_change"], Value::Null);
}

/// Whether `live` (a real server's answer) has the shape of `fixture`: the same keys at every
/// level (those in `optional` may be missing), the same kind of value (null on either side stands
/// for any), lists compared by their first items. Keys in `opaque` hold another format's data
/// (a record) and are not looked into.
fn same_shape(fixture: &Value, live: &Value, optional: &[&str], opaque: &[&str], at: &str) -> Result<(), String> {
    match (fixture, live) {
        (Value::Null, _) | (_, Value::Null) => Ok(()),
        (Value::Object(f), Value::Object(l)) => {
            if let Some(k) = l.keys().find(|k| !f.contains_key(*k)) {
                return Err(format!("{at}: the server sends \"{k}\", which the fixture does not have"));
            }
            if let Some(k) = f.keys().find(|k| !l.contains_key(*k) && !optional.contains(&k.as_str())) {
                return Err(format!("{at}: the server does not send \"{k}\""));
            }
            for (k, v) in l {
                if !opaque.contains(&k.as_str()) {
                    same_shape(&f[k], v, optional, opaque, &format!("{at}.{k}"))?;
                }
            }
            Ok(())
        }
        (Value::Array(f), Value::Array(l)) => match (f.first(), l.first()) {
            (Some(f), Some(l)) => same_shape(f, l, optional, opaque, &format!("{at}[0]")),
            _ => Ok(()),
        },
        (Value::Bool(_), Value::Bool(_))
        | (Value::Number(_), Value::Number(_))
        | (Value::String(_), Value::String(_)) => Ok(()),
        _ => Err(format!("{at}: the fixture has {fixture}, the server {live}")),
    }
}

#[test]
fn the_shape_check_notices_a_changed_answer() {
    let fixture = json!({ "a": 1, "b": [{ "c": "x" }], "d": null });
    assert!(same_shape(&fixture, &json!({ "a": 2, "b": [], "d": { "e": 1 } }), &[], &[], "").is_ok());
    assert!(same_shape(&fixture, &json!({ "a": 2, "b": [{ "c": 1 }], "d": null }), &[], &[], "").is_err());
    assert!(same_shape(&fixture, &json!({ "a": 2, "b": [{ "c": "y", "z": 0 }], "d": null }), &[], &[], "").is_err());
    assert!(same_shape(&fixture, &json!({ "a": 2, "d": null }), &[], &[], "").is_err());
    assert!(same_shape(&fixture, &json!({ "a": 2, "d": null }), &["b"], &[], "").is_ok());
}

fn fixture(name: &str) -> Value {
    let path = fixture_dir().join(format!("{name}.json"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// Asks the server and checks the answer's status and shape against the fixture `name`.
async fn check(
    addr: std::net::SocketAddr,
    (method, path, body, token): (&str, &str, Option<&str>, Option<&str>),
    (status, name): (u16, &str),
    optional: &[&str],
) -> Value {
    let (got, answer) = http(addr, method, path, body, token).await;
    assert_eq!(got, status, "{method} {path}: {answer}");
    if let Err(e) = same_shape(&fixture(name), &answer, optional, &["record"], name) {
        panic!("{method} {path} answers another shape than tests/protocol/http/{name}.json: {e}\n{answer}");
    }
    answer
}

#[tokio::test]
async fn a_real_server_answers_in_the_fixtures_shapes() {
    let db = temp_db("http_protocol");
    let server = TestServer::start(server::Config { analysis_ms: Some(5), ..config() }, &db).await;
    let addr = server.addr;
    let guest = json!({ "name": "Noura" }).to_string();
    check(addr, ("POST", "/api/players", Some(&guest), None), (200, "new_session"), &[]).await;

    let mut sara = Client::new(addr, "Sara").await;
    let token = sara.token.clone();
    let me = check(addr, ("GET", "/api/me", None, Some(&token)), (200, "me"), &[]).await;
    assert_eq!(me["player"]["id"], sara.id);
    let code = sara.create("kout4", json!({})).await;
    let tables = check(addr, ("GET", "/api/tables", None, None), (200, "tables"), &[]).await;
    assert_eq!(tables[0]["code"], code.as_str(), "{tables}");
    check(addr, ("GET", "/api/bots", None, None), (200, "bots"), &[]).await;
    check(addr, ("GET", "/api/stats", None, None), (200, "stats"), &[]).await;
    check(addr, ("GET", "/api/health", None, None), (200, "health"), &[]).await;
    check(addr, ("GET", "/api/ready", None, None), (200, "health"), &[]).await;
    check(addr, ("GET", "/healthz", None, None), (200, "ready"), &["reason"]).await;
    check(addr, ("GET", "/readyz", None, None), (200, "ready"), &["reason"]).await;
    check(addr, ("GET", "/api/players/p_nobody00000", None, None), (404, "error"), &[]).await;
    check(addr, ("GET", "/api/me", None, None), (401, "error"), &[]).await;
    let bad = serde_json::to_string(&{
        let mut record = kout4_record(0);
        record.hands[0].actions.push(RecordedAction { seat: None, text: "fly away".to_owned() });
        record
    })
    .unwrap();
    check(addr, ("POST", "/api/replay", Some(&bad), None), (422, "record_error"), &[]).await;

    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    sara.send(json!({ "type": "chat", "table": code, "phrase": "good_luck" })).await;
    let id = sara.play(&code, usize::MAX).await.unwrap();
    let games = check(addr, ("GET", "/api/me/games", None, Some(&token)), (200, "my_games"), &[]).await;
    assert_eq!(games[0]["game_id"], id.as_str());
    let profile = format!("/api/players/{}", sara.id);
    check(addr, ("GET", &profile, None, None), (200, "profile"), &[]).await;
    check(addr, ("GET", "/api/leaderboard/kout4", None, Some(&token)), (200, "leaderboard"), &[]).await;
    check(addr, ("GET", "/api/me/export", None, Some(&token)), (200, "export"), &[]).await;
    check(addr, ("GET", "/api/daily", None, Some(&token)), (200, "daily_today"), &[]).await;
    let entry = check(addr, ("POST", "/api/daily/kabul", None, Some(&token)), (200, "daily_entry"), &[]).await;
    assert_eq!(entry["game"], "kabul");
    let today = check(addr, ("GET", "/api/daily", None, Some(&token)), (200, "daily_today"), &[]).await;
    let board = format!("/api/daily/{}/kabul", today["day"].as_str().unwrap());
    check(addr, ("GET", &board, None, Some(&token)), (200, "daily_board"), &[]).await;
    check(addr, ("GET", "/api/daily/history", None, Some(&token)), (200, "daily_history"), &[]).await;
    check(addr, ("GET", "/api/daily/2026-02-30/kabul", None, None), (400, "error"), &[]).await;
    let new = json!({ "name": "Friday Kout", "game": "kout4", "format": "swiss" }).to_string();
    let created = check(addr, ("POST", "/api/tournaments", Some(&new), Some(&token)), (200, "tournament"), &[]).await;
    let register = format!("/api/tournaments/{}/register", created["id"].as_str().unwrap());
    check(addr, ("POST", &register, Some("{}"), Some(&token)), (200, "tournament"), &[]).await;
    check(addr, ("GET", "/api/tournaments", None, None), (200, "tournament_list"), &[]).await;
    check(addr, ("POST", "/api/tournaments", Some("{\"name\": 3}"), Some(&token)), (422, "error"), &[]).await;
    let chat = format!("/api/games/{id}/chat");
    let chat = check(addr, ("GET", &chat, None, None), (200, "match_chat"), &[]).await;
    assert_eq!(chat["chat"][0]["phrase"], "good_luck", "{chat}");
    let replay = format!("/api/games/{id}/replay");
    check(addr, ("GET", &replay, None, None), (200, "replay"), &[]).await;

    let analysis = format!("/api/games/{id}/analysis");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(240);
    loop {
        let (status, body) = http(addr, "GET", &analysis, None, None).await;
        if status == 200 {
            break;
        }
        assert_eq!(status, 202, "{body}");
        assert!(same_shape(&fixture("analysis"), &body, &["analysis"], &[], "analysis").is_ok(), "{body}");
        assert!(tokio::time::Instant::now() < deadline, "the analysis never came");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    check(addr, ("GET", &analysis, None, None), (200, "analysis"), &[]).await;
    server.stop().await;
}

fn daily_entry() -> DailyEntry {
    DailyEntry { day: "2026-11-28".to_owned(), game: "baloot", table: "Q4B9ZPXK".to_owned(), played: 3, deals: 8 }
}

fn daily_today() -> DailyToday {
    DailyToday {
        day: "2026-11-28".to_owned(),
        closes_at: 1_795_910_400_000,
        commitment: "9f2c4e1a7b3d5f60c8e2a4b6d8f0a1c3e5f7092b4d6f8a0c2e4f6a8b0c2d4e6f8".to_owned(),
        bots: "medium",
        games: vec![
            DailyGameToday { game: "kout6", deals: 6, players: 0, you: None },
            DailyGameToday { game: "baloot", deals: 8, players: 17, you: Some(daily_entry()) },
        ],
        previous: "2026-11-27".to_owned(),
    }
}

fn daily_board() -> DailyBoard {
    DailyBoard {
        day: "2026-11-27".to_owned(),
        game: "baloot",
        deals: 8,
        closed: true,
        players: vec![DailyPlace {
            place: 1,
            player: "p_sara0000000".to_owned(),
            name: "Sara".to_owned(),
            played: 8,
            percent: 71.875,
            total: 96,
            results: vec![DailyResult {
                deal: 0,
                net: 26,
                score: json!([26, 0]),
                matchpoints: 0.75,
                game_id: Some("g_match0000000".to_owned()),
            }],
        }],
        best: vec![Some(DailyBest { name: "Sara".to_owned(), net: 26, game_id: "g_match0000000".to_owned() }), None],
        pars: Some(vec![26, -16, 42, 0, -26, 16, 20, -8]),
        pars_pending: false,
    }
}
