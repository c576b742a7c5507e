//! The server over real sockets on 127.0.0.1:0: whole matches of every game, reconnects, clocks,
//! snap races, illegal actions, leaks, crash recovery and bad input.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::time::Duration;

use common::{Client, TestServer, check_no_leak, config, drain, frozen, http, record, temp_db};
use game::{Game, Match, Seat};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// One person (seat 0) and random bots play a whole match while a spectator watches; the record
/// is served once finished, its fair-deal commitments verify, it replays to the same result, and
/// neither the player nor the spectator was ever shown a card hidden from them.
async fn whole_match<G: Game>(game: &str, rules: Value) {
    let server = TestServer::start(config(), &temp_db(&format!("whole-{game}"))).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let mut watcher = Client::new(server.addr, "Watcher").await;
    let code = sara.create(game, rules).await;
    watcher.send(json!({ "type": "spectate", "table": code })).await;
    let t = watcher.until(|v| v["type"] == "table").await;
    assert_eq!(t["you"], Value::Null);
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    let game_id = sara.play(&code, usize::MAX).await.expect("the match finishes");
    // The spectator got everything up to the end too.
    watcher.until(|v| v["type"] == "table" && v["table"]["status"] == "finished").await;

    let (status, _) = http(server.addr, "GET", "/api/games/g_nonexistent/record", None, None).await;
    assert_eq!(status, 404);
    let record = record(server.addr, &game_id).await;
    assert_eq!(server::fair::verify_record(&record), Ok(record.hands.len()));
    let replayed = Match::<G>::replay(&record).expect("the record replays");
    let last = sara.seen.iter().rev().find(|v| v["type"] == "event").unwrap();
    assert_eq!(last["finished"], true);
    assert_eq!(json!(replayed.game().outcome()), last["winner"]);
    assert_eq!(json!(replayed.game().score()), last["score"]);
    assert_eq!(record.players[0], "Sara");

    // Every commitment was published before its hand and matches the reveal.
    let commitments: Vec<&Value> = sara.seen.iter().filter(|v| v["type"] == "commitment").collect();
    let reveals: Vec<&Value> = sara.seen.iter().filter(|v| v["type"] == "reveal").collect();
    assert_eq!(commitments.len(), record.hands.len());
    assert_eq!(reveals.len(), record.hands.len());
    for (h, hand) in record.hands.iter().enumerate() {
        assert_eq!(commitments[h]["commitment"].as_str(), hand.commitment.as_deref());
        assert_eq!(reveals[h]["salt"].as_str(), hand.salt.as_deref());
        assert_eq!(reveals[h]["deck"], json!(hand.deck));
    }

    let checked = check_no_leak::<G>(&record, &sara.seen, Some(Seat::ZERO));
    assert!(checked > 10, "checked {checked} messages");
    check_no_leak::<G>(&record, &watcher.seen, None);

    // The player's history lists the finished match.
    let (status, games) = http(server.addr, "GET", "/api/me/games", None, Some(&sara.token)).await;
    assert_eq!(status, 200);
    assert_eq!(games[0]["game_id"], game_id.as_str());
    assert_eq!(games[0]["finished"], true);
    // With who played: names by seat, bots as `bot:KIND`.
    assert_eq!(games[0]["players"][0], "Sara");
    assert_eq!(games[0]["players"][1], "bot:random");
    assert_eq!(games[0]["players"].as_array().map(Vec::len), Some(record.players.len()));
    server.stop().await;
}

#[tokio::test]
async fn kout6_whole_match_with_a_person_and_bots() {
    whole_match::<kout::Kout>("kout6", json!({})).await;
}

#[tokio::test]
async fn kout4_whole_match_with_a_person_and_bots() {
    whole_match::<kout::Kout>("kout4", json!({})).await;
}

#[tokio::test]
async fn baloot_whole_match_with_a_person_and_bots() {
    whole_match::<baloot::Baloot>("baloot", json!({})).await;
}

#[tokio::test]
async fn kabul_whole_match_with_a_person_and_bots() {
    whole_match::<kabul::Kabul>("kabul", json!({ "players": 4 })).await;
}

/// A table of `game` with `humans` people (the host first) and random bots in the other seats,
/// started; returns the table code.
async fn table_with(clients: &mut [Client], game: &str, rules: Value) -> String {
    let code = clients[0].create(game, rules).await;
    for c in clients.iter_mut().skip(1) {
        c.send(json!({ "type": "join", "table": code })).await;
        c.until(|v| v["type"] == "table" && v["you"].is_number()).await;
    }
    clients[0].send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    clients[0].send(json!({ "type": "start", "table": code })).await;
    code
}

/// The next `event` or `sync` at which this client must act.
async fn my_turn(c: &mut Client) -> Value {
    c.until(|v| (v["type"] == "event" || v["type"] == "sync") && v["legal"].as_array().is_some_and(|l| !l.is_empty()))
        .await
}

#[tokio::test]
async fn illegal_and_out_of_turn_actions_are_refused_and_change_nothing() {
    let server = TestServer::start(config(), &temp_db("illegal")).await;
    let mut clients = vec![Client::new(server.addr, "Ahmad").await, Client::new(server.addr, "Noura").await];
    let code = table_with(&mut clients, "kout4", json!({})).await;
    // Whoever must act first: the other is out of turn.
    let (first, second) = clients.split_at_mut(1);
    let (turn, other) = tokio::select! {
        v = my_turn(&mut first[0]) => (0, v),
        v = my_turn(&mut second[0]) => (1, v),
    };
    let at = other;
    let version = at["version"].as_u64().unwrap();
    let idle = 1 - turn;
    clients[idle].send(json!({ "type": "act", "table": code, "action": "pass", "id": 1 })).await;
    let e = clients[idle].until(|v| v["type"] == "error").await;
    assert_eq!((e["code"].as_str(), e["id"].as_i64()), (Some("not_your_turn"), Some(1)));

    let legal: Vec<String> = serde_json::from_value(at["legal"].clone()).unwrap();
    let illegal =
        ["trump S", "play 2C", "play AS", "bid 9", "pass"].into_iter().find(|a| !legal.iter().any(|l| l == a)).unwrap();
    let c = &mut clients[turn];
    c.send(json!({ "type": "act", "table": code, "action": illegal, "version": version, "id": 2 })).await;
    let e = c.until(|v| v["type"] == "error").await;
    assert_eq!(e["code"], "illegal", "{e}");
    assert!(!e["message"].as_str().unwrap().is_empty());
    c.send(json!({ "type": "act", "table": code, "action": "dance", "version": version, "id": 3 })).await;
    let e = c.until(|v| v["type"] == "error").await;
    assert_eq!(e["code"], "bad_request");
    c.send(json!({ "type": "act", "table": code, "action": legal[0], "version": version - 1, "id": 4 })).await;
    let e = c.until(|v| v["type"] == "error").await;
    assert_eq!(e["code"], "stale");

    // Nothing changed: same version, same legal actions, same view.
    c.send(json!({ "type": "resume", "table": code, "since": version })).await;
    let sync = c.until(|v| v["type"] == "sync").await;
    assert_eq!(sync["version"], at["version"]);
    assert_eq!(sync["legal"], at["legal"]);
    assert_eq!(sync["view"], at["view"]);
    assert_eq!(sync["log"], json!([]));

    // A stranger cannot act at the table.
    let mut stranger = Client::new(server.addr, "Stranger").await;
    stranger.send(json!({ "type": "act", "table": code, "action": legal[0] })).await;
    let e = stranger.until(|v| v["type"] == "error").await;
    assert_eq!(e["code"], "not_seated");
    stranger.send(json!({ "type": "start", "table": code })).await;
    let e = stranger.until(|v| v["type"] == "error").await;
    assert_eq!(e["code"], "not_host");
    stranger.send(json!({ "type": "join", "table": "NOSUCH" })).await;
    let e = stranger.until(|v| v["type"] == "error").await;
    assert_eq!(e["code"], "no_table");
    server.stop().await;
}

#[tokio::test]
async fn a_reconnect_mid_hand_gets_the_missed_actions_or_a_full_sync() {
    let server = TestServer::start(config(), &temp_db("reconnect")).await;
    let mut clients = vec![Client::new(server.addr, "Ahmad").await, Client::new(server.addr, "Noura").await];
    let code = table_with(&mut clients, "kout4", json!({})).await;
    let mut noura = clients.pop().unwrap();
    let mut ahmad = clients.pop().unwrap();
    // Invited without a seat of her own, she sits as the host's partner.
    let noura_seat = 2;
    // Noura sees the deal, then her connection drops.
    let deal = noura.until(|v| v["type"] == "event" && v["action"] == "deal").await;
    let last_seen = deal["version"].as_u64().unwrap();
    let token = noura.token.clone();
    drop(noura);
    // Ahmad plays on until the table waits for Noura.
    let blocked = loop {
        let v = ahmad.recv().await;
        if v["type"] == "event" && v["to_act"] == json!([noura_seat]) {
            break v;
        }
        if v["type"] == "event" && v["legal"].as_array().is_some_and(|l| !l.is_empty()) {
            ahmad.send(json!({ "type": "act", "table": code, "action": v["legal"][0], "version": v["version"] })).await;
        }
    };
    let missed: Vec<&Value> =
        ahmad.seen.iter().filter(|v| v["type"] == "event" && v["version"].as_u64().unwrap() > last_seen).collect();

    // From another device: the missing actions since her last version.
    let mut again = Client::connect(server.addr, &token).await;
    again.send(json!({ "type": "resume", "table": code, "since": last_seen })).await;
    let table = again.until(|v| v["type"] == "table").await;
    assert_eq!(table["you"], noura_seat);
    let sync = again.until(|v| v["type"] == "sync").await;
    assert_eq!(sync["version"], blocked["version"]);
    let log = sync["log"].as_array().unwrap();
    assert_eq!(log.len(), missed.len());
    for (entry, event) in log.iter().zip(&missed) {
        assert_eq!(
            (&entry["version"], &entry["action"], &entry["seat"]),
            (&event["version"], &event["action"], &event["seat"])
        );
    }
    assert!(!sync["legal"].as_array().unwrap().is_empty(), "it is her turn");
    assert!(sync["deadline_ms"].as_u64().is_some());

    // Without a version: a full sync of the current hand, starting with its deal.
    again.send(json!({ "type": "resume", "table": code })).await;
    let full = again.until(|v| v["type"] == "sync").await;
    assert_eq!(full["log"][0]["action"], "deal");
    assert_eq!(full["view"], sync["view"]);

    // And she plays on.
    again.send(json!({ "type": "act", "table": code, "action": sync["legal"][0], "version": sync["version"] })).await;
    let e = again.until(|v| v["type"] == "event" || v["type"] == "error").await;
    assert_eq!((e["type"].as_str(), e["seat"].as_u64()), (Some("event"), Some(noura_seat)), "{e}");
    server.stop().await;
}

#[test]
fn timeouts_let_the_bot_play_and_mark_the_seat_away_until_the_player_is_back() {
    frozen(timeouts_body);
}

async fn timeouts_body() {
    let server = TestServer::start(config(), &temp_db("timeouts")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    sara.send(json!({ "type": "create_table", "game": "kout4", "turn_ms": 5000 })).await;
    let t = sara.until(|v| v["type"] == "table").await;
    let code = t["table"]["code"].as_str().unwrap().to_owned();
    sara.send(json!({ "type": "fill_bots", "table": code })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    // Sara never acts: twice her clock runs out and her bot plays for her; then she is away.
    for timeout in 1..=2 {
        let turn = my_turn(&mut sara).await;
        assert_eq!(turn["deadline_ms"], 5000, "{turn}");
        tokio::time::advance(Duration::from_millis(4999)).await;
        let early = drain(&mut sara).await;
        assert!(!early.iter().any(|v| v["type"] == "event"), "nothing happens before the deadline: {early:?}");
        tokio::time::advance(Duration::from_millis(1)).await;
        let played = sara.until(|v| v["type"] == "event").await;
        assert_eq!(played["seat"], 0, "at the deadline the bot plays for Sara");
        assert_eq!(played["version"].as_u64().unwrap(), turn["version"].as_u64().unwrap() + 1);
        let tables: Vec<&Value> = sara.seen.iter().filter(|v| v["type"] == "table").collect();
        assert_eq!(
            tables.last().unwrap()["table"]["seats"][0]["away"],
            timeout == 2,
            "away after the second timeout only"
        );
    }
    // Away: the bot plays for her at once, without waiting for the clock.
    let turn = my_turn(&mut sara).await;
    let played = sara.until(|v| v["type"] == "event").await;
    assert_eq!(
        (played["seat"].as_u64(), played["version"].as_u64()),
        (Some(0), Some(turn["version"].as_u64().unwrap() + 1))
    );
    // Coming back clears it.
    sara.send(json!({ "type": "resume", "table": code })).await;
    let back = sara.until(|v| v["type"] == "table" && v["table"]["seats"][0]["away"] == false).await;
    assert_eq!(back["you"], 0);
    server.stop().await;
}

#[test]
fn a_disconnected_players_seat_is_held_for_the_grace_period_then_their_bot_plays() {
    frozen(disconnect_body);
}

async fn disconnect_body() {
    let config = server::Config { disconnect_grace: Duration::from_secs(10), ..config() };
    let server = TestServer::start(config, &temp_db("grace")).await;
    let mut clients = vec![Client::new(server.addr, "Sara").await, Client::new(server.addr, "Noura").await];
    let code = table_with(&mut clients, "kout4", json!({})).await;
    let mut noura = clients.pop().unwrap();
    let mut sara = clients.pop().unwrap();
    let turn = turn_of(&mut sara, &mut noura, &code).await;
    let version = turn["version"].as_u64().unwrap();
    let token = sara.token.clone();
    drop(sara);
    noura.until(|v| v["type"] == "table" && v["table"]["seats"][0]["connected"] == false).await;
    // The seat is held for the grace period (her turn time is ten minutes)...
    tokio::time::advance(Duration::from_millis(9_999)).await;
    let early = drain(&mut noura).await;
    assert!(!early.iter().any(|v| v["type"] == "event"), "the seat is held: {early:?}");
    // ...then her bot plays for her.
    tokio::time::advance(Duration::from_millis(1)).await;
    let played = noura.until(|v| v["type"] == "event").await;
    assert_eq!((played["seat"].as_u64(), played["version"].as_u64()), (Some(0), Some(version + 1)));
    if played["legal"].as_array().is_some_and(|l| !l.is_empty()) {
        noura
            .send(json!({ "type": "act", "table": code, "action": played["legal"][0], "version": played["version"] }))
            .await;
    }

    // She comes back and has her seat again: her turns wait for her.
    let mut back = Client::connect(server.addr, &token).await;
    back.send(json!({ "type": "resume", "table": code, "since": version })).await;
    let t = back.until(|v| v["type"] == "table").await;
    assert_eq!((&t["you"], &t["table"]["seats"][0]["connected"]), (&json!(0), &json!(true)));
    let turn = turn_of(&mut back, &mut noura, &code).await;
    tokio::time::advance(Duration::from_secs(60)).await;
    let later = drain(&mut back).await;
    assert!(!later.iter().any(|v| v["type"] == "event"), "nobody plays for a connected player: {later:?}");
    back.send(json!({ "type": "act", "table": code, "action": turn["legal"][0], "version": turn["version"] })).await;
    let mine = back.until(|v| v["type"] == "event" || v["type"] == "error").await;
    assert_eq!((mine["type"].as_str(), mine["seat"].as_u64()), (Some("event"), Some(0)), "{mine}");
    server.stop().await;
}

/// Waits for `target`'s turn (an `event` or `sync` offering it actions) while `other` plays its
/// first legal action whenever it must act.
async fn turn_of(target: &mut Client, other: &mut Client, code: &str) -> Value {
    loop {
        tokio::select! {
            v = my_turn(target) => return v,
            v = my_turn(other) => {
                other.send(json!({ "type": "act", "table": code, "action": v["legal"][0], "version": v["version"] })).await;
            }
        }
    }
}

#[test]
fn kabul_snap_windows_are_closed_by_the_server_clock() {
    frozen(snap_window_body);
}

async fn snap_window_body() {
    let server = TestServer::start(config(), &temp_db("window")).await;
    let mut a = Client::new(server.addr, "Ahmad").await;
    let code = a.create("kabul", json!({ "players": 2, "snap_window_ms": 2500 })).await;
    a.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    a.send(json!({ "type": "start", "table": code })).await;
    // Ahmad takes his turns but never snaps or passes; once the bot is out of a window, only the
    // clock can close it — exactly when the window's time is up.
    loop {
        let v = a.until(|v| v["type"] == "event").await;
        let legal: Vec<String> = serde_json::from_value(v["legal"].clone()).unwrap();
        let window = legal.iter().any(|l| l.starts_with("snap"));
        if window && v["to_act"] == json!([0]) {
            let left = v["deadline_ms"].as_u64().unwrap();
            assert!(left > 1 && left <= 2500, "{v}");
            tokio::time::advance(Duration::from_millis(left - 1)).await;
            let early = drain(&mut a).await;
            assert!(
                !early.iter().any(|v| v["type"] == "event"),
                "the window stays open until its time is up: {early:?}"
            );
            tokio::time::advance(Duration::from_millis(1)).await;
            let closed = a.until(|v| v["type"] == "event").await;
            assert_eq!((closed["action"].as_str(), &closed["seat"]), (Some("close"), &Value::Null));
            assert_eq!(closed["version"].as_u64(), Some(v["version"].as_u64().unwrap() + 1));
            break;
        }
        if window {
            continue;
        }
        if let Some(first) = legal.iter().find(|l| *l != "kabul") {
            a.send(json!({ "type": "act", "table": code, "action": first, "version": v["version"] })).await;
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn kabul_snap_race_between_two_connections_the_first_snap_wins() {
    let server = TestServer::start(config(), &temp_db("race")).await;
    let mut clients = vec![Client::new(server.addr, "Ahmad").await, Client::new(server.addr, "Noura").await];
    let code = table_with(&mut clients, "kabul", json!({ "players": 2, "snap_window_ms": 60000 })).await;
    let mut b = clients.pop().unwrap();
    let mut a = clients.pop().unwrap();
    // Take turns (first legal action) until a window opens for both at the same version.
    let (va, vb) = loop {
        let v = tokio::select! {
            v = a.until(|v| v["type"] == "event") => (0, v),
            v = b.until(|v| v["type"] == "event") => (1, v),
        };
        let (who, v) = v;
        let legal: Vec<String> = serde_json::from_value(v["legal"].clone()).unwrap();
        if legal.iter().any(|l| l.starts_with("snap")) {
            // Wait for the other side's copy of the same event.
            let other = if who == 0 { &mut b } else { &mut a };
            let w = other.until(|x| x["type"] == "event" && x["version"] == v["version"]).await;
            let wl: Vec<String> = serde_json::from_value(w["legal"].clone()).unwrap();
            if wl.iter().any(|l| l.starts_with("snap")) {
                break if who == 0 { (v, w) } else { (w, v) };
            }
            // Only one may snap here: pass on.
            let c = if who == 0 { &mut a } else { &mut b };
            c.send(json!({ "type": "act", "table": code, "action": "pass", "version": v["version"] })).await;
            continue;
        }
        if let Some(first) = legal.iter().find(|l| *l != "kabul") {
            let c = if who == 0 { &mut a } else { &mut b };
            c.send(json!({ "type": "act", "table": code, "action": first, "version": v["version"] })).await;
        }
    };
    let version = va["version"].as_u64().unwrap();
    let snap_a =
        va["legal"].as_array().unwrap().iter().find(|l| l.as_str().unwrap().starts_with("snap")).unwrap().clone();
    let snap_b =
        vb["legal"].as_array().unwrap().iter().find(|l| l.as_str().unwrap().starts_with("snap")).unwrap().clone();
    a.send(json!({ "type": "act", "table": code, "action": snap_a, "version": version, "id": "a" })).await;
    b.send(json!({ "type": "act", "table": code, "action": snap_b, "version": version, "id": "b" })).await;
    // Both see the one snap that won, at version + 1; the loser's snap was refused as stale.
    let next_a = a.until(|v| v["type"] == "event" && v["version"].as_u64() == Some(version + 1)).await;
    let next_b = b.until(|v| v["type"] == "event" && v["version"].as_u64() == Some(version + 1)).await;
    assert_eq!(next_a["action"], next_b["action"]);
    assert!(next_a["action"].as_str().unwrap().starts_with("snap"));
    let winner = next_a["seat"].as_u64().unwrap();
    let loser = if winner == 0 { &mut b } else { &mut a };
    let e = loser.until(|v| v["type"] == "error").await;
    assert_eq!(e["code"], "stale", "{e}");
    let snaps_at_next: usize = [&a, &b]
        .iter()
        .map(|c| {
            c.seen
                .iter()
                .filter(|v| {
                    v["type"] == "event"
                        && v["version"].as_u64() == Some(version + 2)
                        && v["action"].as_str().unwrap_or("").starts_with("snap")
                        && v["seat"].as_u64() != Some(winner)
                })
                .count()
        })
        .sum();
    assert_eq!(snaps_at_next, 0, "the losing snap was not applied");
    server.stop().await;
}

#[tokio::test]
async fn bad_input_gets_errors_and_abuse_closes_the_socket() {
    let server = TestServer::start(config(), &temp_db("bad-input")).await;
    // A guessed token opens nothing.
    let guess = "0".repeat(64);
    assert!(tokio_tungstenite::connect_async(common::ws_request(server.addr, &guess)).await.is_err());
    let (status, body) = http(server.addr, "GET", "/api/me", None, Some(&guess)).await;
    assert_eq!((status, body["error"]["code"].as_str()), (401, Some("unauthorized")));
    let (status, body) = http(server.addr, "POST", "/api/players", Some(r#"{"name":"a\u0007b"}"#), None).await;
    assert_eq!((status, body["error"]["code"].as_str()), (400, Some("bad_name")));
    let (status, _) = http(server.addr, "POST", "/api/players", Some("{nope"), None).await;
    assert_eq!(status, 400);

    let mut c = Client::new(server.addr, "Mallory").await;
    let cases: Vec<(Message, &str)> = vec![
        (Message::Text("{not json".into()), "bad_json"),
        (Message::Text("[1,2,3]".into()), "bad_json"),
        (Message::Text(r#"{"type":"teleport"}"#.into()), "unknown_type"),
        (Message::Text(r#"{"type":"act","table":7}"#.into()), "bad_request"),
        (Message::Text(format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(20_000)).into()), "too_large"),
        (Message::Binary(vec![0, 1, 2].into()), "bad_json"),
        (Message::Text(r#"{"type":"create_table","game":"chess"}"#.into()), "bad_request"),
    ];
    for (frame, code) in cases {
        c.send_raw(frame).await;
        let e = c.until(|v| v["type"] == "error").await;
        assert_eq!(e["code"], code, "{e}");
    }
    // Still usable after a few mistakes.
    c.send(json!({ "type": "ping", "id": 9 })).await;
    let pong = c.until(|v| v["type"] == "pong").await;
    assert_eq!(pong["id"], 9);
    // Repeated garbage: closed with 1008.
    for _ in 0..20 {
        c.send_raw(Message::Text("garbage".into())).await;
    }
    let close = c.until(|v| v["type"] == "_close").await;
    assert_eq!(close["code"], 1008);

    // A flood past the rate limit: rate_limited errors, then closed with 1008.
    let strict = server::Config { rate_burst: 5.0, rate_per_sec: 0.001, ..config() };
    let server2 = TestServer::start(strict, &temp_db("flood")).await;
    let mut f = Client::new(server2.addr, "Flood").await;
    for _ in 0..60 {
        f.send_raw(Message::Text(r#"{"type":"ping"}"#.into())).await;
    }
    let limited = f.until(|v| v["type"] == "error").await;
    assert_eq!(limited["code"], "rate_limited");
    let close = f.until(|v| v["type"] == "_close").await;
    assert_eq!(close["code"], 1008);
    let pongs = f.seen.iter().filter(|v| v["type"] == "pong").count();
    assert_eq!(pongs, 5, "only the burst was served");
    server.stop().await;
    server2.stop().await;
}

#[tokio::test]
async fn lobby_lists_public_tables_and_hosts_control_seats() {
    let server = TestServer::start(config(), &temp_db("lobby")).await;
    let (status, health) = http(server.addr, "GET", "/api/health", None, None).await;
    assert_eq!((status, &health), (200, &json!({ "ok": true, "store": "ok" })));
    let mut host = Client::new(server.addr, "Host").await;
    let code = host.create("kout4", json!({})).await;
    let (_, list) = http(server.addr, "GET", "/api/tables", None, None).await;
    let listed = list.as_array().unwrap().iter().find(|t| t["code"] == code.as_str()).expect("listed");
    assert_eq!(listed["host"], "Host");
    assert_eq!(listed["game"], "kout4");

    let mut guest = Client::new(server.addr, "Guest").await;
    guest.send(json!({ "type": "join", "table": code.to_lowercase(), "seat": 0 })).await;
    let e = guest.until(|v| v["type"] == "error").await;
    assert_eq!(e["code"], "seat_taken");
    guest.send(json!({ "type": "join", "table": code, "seat": 2 })).await;
    let t = guest.until(|v| v["type"] == "table").await;
    assert_eq!(t["you"], 2);
    guest.send(json!({ "type": "fill_bots", "table": code })).await;
    assert_eq!(guest.until(|v| v["type"] == "error").await["code"], "not_host");
    host.send(json!({ "type": "start", "table": code })).await;
    let e = host.until(|v| v["type"] == "error").await;
    assert_eq!(e["code"], "bad_request", "empty seats: {e}");
    host.send(json!({ "type": "set_bot", "table": code, "seat": 1, "bot": "heuristic" })).await;
    let t = host.until(|v| v["type"] == "table" && v["table"]["seats"][1]["kind"] == "bot").await;
    assert_eq!(t["table"]["seats"][3]["kind"], "empty");
    host.send(json!({ "type": "set_bot", "table": code, "seat": 2, "bot": "random" })).await;
    assert_eq!(host.until(|v| v["type"] == "error").await["code"], "seat_taken");
    host.send(json!({ "type": "set_bot", "table": code, "seat": 1, "bot": null })).await;
    host.until(|v| v["type"] == "table" && v["table"]["seats"][1]["kind"] == "empty").await;
    guest.send(json!({ "type": "leave", "table": code })).await;
    host.until(|v| v["type"] == "table" && v["table"]["seats"][2]["kind"] == "empty").await;
    // Full tables are not listed.
    host.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    host.until(|v| v["type"] == "table" && v["table"]["seats"][3]["kind"] == "bot").await;
    let (_, list) = http(server.addr, "GET", "/api/tables", None, None).await;
    assert!(!list.as_array().unwrap().iter().any(|t| t["code"] == code.as_str()));
    // The web client is served at /.
    let (status, page) = http(server.addr, "GET", "/", None, None).await;
    assert_eq!(status, 200);
    assert!(
        page.as_str().unwrap_or("").to_lowercase().contains("<html")
            || page.as_str().unwrap_or("").contains("<!doctype")
    );
    server.stop().await;
}

/// The seat a person who joins without naming one gets (an invite link).
async fn joins_at(server: &TestServer, code: &str, name: &str) -> Value {
    let mut c = Client::new(server.addr, name).await;
    c.send(json!({ "type": "join", "table": code })).await;
    c.until(|v| v["type"] == "table").await["you"].clone()
}

#[tokio::test]
async fn an_invited_friend_sits_as_the_hosts_partner_while_a_partner_seat_is_free() {
    let server = TestServer::start(config(), &temp_db("partner")).await;
    let mut host = Client::new(server.addr, "Host").await;
    // Kout Bo 4: the host at seat 0, the partner opposite.
    let code = host.create("kout4", json!({})).await;
    assert_eq!(joins_at(&server, &code, "Friend").await, 2);
    // The partner seat taken: the next free one.
    assert_eq!(joins_at(&server, &code, "Other").await, 1);

    // Kout Bo 6: both partner seats first, then the other team's. (A new host for each table, so
    // one table's news does not answer another's creation.)
    let mut host = Client::new(server.addr, "Host6").await;
    let code = host.create("kout6", json!({})).await;
    assert_eq!(joins_at(&server, &code, "A").await, 2);
    assert_eq!(joins_at(&server, &code, "B").await, 4);
    assert_eq!(joins_at(&server, &code, "C").await, 1);

    // A host who moved to seat 1 gets seat 3 as partner.
    let mut host = Client::new(server.addr, "HostB").await;
    let code = host.create("baloot", json!({})).await;
    host.send(json!({ "type": "join", "table": code, "seat": 1 })).await;
    host.until(|v| v["type"] == "table" && v["you"] == 1).await;
    assert_eq!(joins_at(&server, &code, "D").await, 3);

    // Kabul has no teams: the first free seat.
    let mut host = Client::new(server.addr, "HostK").await;
    let code = host.create("kabul", json!({ "players": 3 })).await;
    assert_eq!(joins_at(&server, &code, "E").await, 1);
    server.stop().await;
}

#[tokio::test]
async fn rematch_starts_a_new_match_with_the_same_seats() {
    let server = TestServer::start(config(), &temp_db("rematch")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kabul", json!({ "players": 2 })).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    let first = sara.play(&code, usize::MAX).await.unwrap();
    sara.send(json!({ "type": "rematch", "table": code })).await;
    let t = sara.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    assert_ne!(t["table"]["game_id"], first.as_str());
    assert_eq!(t["table"]["seats"][1]["kind"], "bot");
    let second = sara.play(&code, usize::MAX).await.unwrap();
    let (_, games) = http(server.addr, "GET", "/api/me/games", None, Some(&sara.token)).await;
    let ids: Vec<&str> = games.as_array().unwrap().iter().filter_map(|g| g["game_id"].as_str()).collect();
    assert!(ids.contains(&first.as_str()) && ids.contains(&second.as_str()));
    server.stop().await;
}

/// Plays `actions` of Sara's own actions at a kout6 table with five bots on `addr`, then returns.
async fn play_part(
    addr: std::net::SocketAddr,
    token: Option<&str>,
    code: Option<&str>,
    actions: usize,
) -> (Client, String, Option<String>) {
    let mut sara = match token {
        Some(t) => Client::connect(addr, t).await,
        None => Client::new(addr, "Sara").await,
    };
    let code = match code {
        Some(c) => {
            sara.send(json!({ "type": "resume", "table": c })).await;
            c.to_owned()
        }
        None => {
            let c = sara.create("kout6", json!({})).await;
            sara.send(json!({ "type": "fill_bots", "table": c, "bot": "random" })).await;
            sara.send(json!({ "type": "start", "table": c })).await;
            c
        }
    };
    let done = sara.play(&code, actions).await;
    (sara, code, done)
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap()
}

#[test]
fn crash_recovery_finishes_the_match_with_the_same_record() {
    // The uninterrupted match.
    let rt = runtime();
    let uninterrupted = rt.block_on(async {
        let server = TestServer::start(config(), &temp_db("straight")).await;
        let (_, _, id) = play_part(server.addr, None, None, usize::MAX).await;
        let r = record(server.addr, &id.unwrap()).await;
        server.stop().await;
        r
    });
    drop(rt);

    // The same match, with the server killed halfway through Sara's actions (no graceful
    // shutdown: the runtime and every task of the server are dropped where they stand).
    let mine = uninterrupted.hands.iter().flat_map(|h| &h.actions).filter(|a| a.seat == Some(Seat::ZERO)).count();
    assert!(mine >= 2, "Sara acted {mine} times");
    let db = temp_db("crash");
    let rt = runtime();
    let (token, code) = rt.block_on(async {
        let server = TestServer::start(config(), &db).await;
        let (sara, code, done) = play_part(server.addr, None, None, mine / 2).await;
        assert!(done.is_none(), "still under way");
        let token = sara.token.clone();
        std::mem::forget(server);
        (token, code)
    });
    rt.shutdown_background();

    let rt = runtime();
    let recovered = rt.block_on(async {
        let server = TestServer::start(config(), &db).await;
        let (_, _, id) = play_part(server.addr, Some(&token), Some(&code), usize::MAX).await;
        let r = record(server.addr, &id.unwrap()).await;
        server.stop().await;
        r
    });
    assert_eq!(recovered, uninterrupted);
}

#[tokio::test]
async fn graceful_shutdown_loses_nothing() {
    let db = temp_db("graceful");
    let server = TestServer::start(config(), &db).await;
    let (before, code, _) = play_part(server.addr, None, None, 5).await;
    let last = before.seen.iter().rev().find(|v| v["type"] == "event").unwrap().clone();
    let (first_deal, token) =
        (before.seen.iter().find(|v| v["action"] == "deal").unwrap().clone(), before.token.clone());
    drop(before);
    server.stop().await;
    let server = TestServer::start(config(), &db).await;
    let mut sara = Client::connect(server.addr, &token).await;
    let since = first_deal["version"].as_u64().unwrap() - 1;
    sara.send(json!({ "type": "resume", "table": code, "since": since })).await;
    let sync = sara.until(|v| v["type"] == "sync").await;
    assert_eq!(sync["version"], last["version"]);
    assert_eq!((&sync["view"], &sync["legal"]), (&last["view"], &last["legal"]));
    let mine = sync["log"].as_array().unwrap().iter().filter(|e| e["seat"] == 0).count();
    assert_eq!(mine, 5, "all five of Sara's actions survived: {sync}");
    server.stop().await;
}

#[test]
fn a_player_who_acts_again_is_no_longer_shown_away() {
    frozen(away_body);
}

/// Her seat's view of the table now: the newest `event` or `sync` among the messages so far.
fn latest_state(c: &Client) -> Option<&Value> {
    c.seen.iter().rev().find(|v| v["type"] == "event" || v["type"] == "sync")
}

/// Moves the frozen clock in `step`s until a state newer than version `after` offers `c` an
/// action. (A turn that began before the call may be nearly spent: a stand-in bot's delay runs
/// from the start of the turn.)
async fn turn_advancing(c: &mut Client, step: Duration, after: u64) -> Value {
    for _ in 0..10_000 {
        drain(c).await;
        if let Some(v) = latest_state(c)
            .filter(|v| v["version"].as_u64().is_some_and(|n| n > after))
            .filter(|v| v["legal"].as_array().is_some_and(|l| !l.is_empty()))
        {
            return v.clone();
        }
        tokio::time::advance(step).await;
    }
    panic!("never my turn");
}

async fn away_body() {
    // Bots pause a second, so a person can beat her own stand-in bot to her turn.
    let config = server::Config { bot_delay: Duration::from_millis(1000), ..config() };
    let server = TestServer::start(config, &temp_db("away")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    sara.send(json!({ "type": "create_table", "game": "kout4", "turn_ms": 3000 })).await;
    let t = sara.until(|v| v["type"] == "table").await;
    let code = t["table"]["code"].as_str().unwrap().to_owned();
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    // The clock moves only once the match is stored and dealt.
    sara.until(|v| v["type"] == "event" && v["action"] == "deal").await;
    // Two turns run out: she is away.
    for _ in 0..10_000 {
        drain(&mut sara).await;
        let last_table = sara.seen.iter().rfind(|v| v["type"] == "table");
        if last_table.is_some_and(|t| t["table"]["seats"][0]["away"] == true) {
            break;
        }
        tokio::time::advance(Duration::from_millis(500)).await;
    }
    assert_eq!(sara.seen.iter().rfind(|v| v["type"] == "table").unwrap()["table"]["seats"][0]["away"], true);
    // Her next turn: she plays before her bot does, and everyone sees she is back.
    let now = latest_state(&sara).and_then(|v| v["version"].as_u64()).unwrap_or(0);
    let turn = turn_advancing(&mut sara, Duration::from_millis(100), now).await;
    sara.send(json!({ "type": "act", "table": code, "action": turn["legal"][0], "version": turn["version"] })).await;
    let mine = sara.until(|v| v["type"] == "event" || v["type"] == "error").await;
    assert_eq!((mine["type"].as_str(), mine["seat"].as_u64()), (Some("event"), Some(0)), "{mine}");
    let back = sara.until(|v| v["type"] == "table").await;
    assert_eq!(back["table"]["seats"][0]["away"], false, "{back}");
    server.stop().await;
}

#[tokio::test]
async fn a_lobby_whose_host_is_gone_passes_the_host_role_and_leaves_the_public_list() {
    let config = server::Config { disconnect_grace: Duration::from_millis(300), ..config() };
    let server = TestServer::start(config, &temp_db("host-gone")).await;
    let mut host = Client::new(server.addr, "Host").await;
    let code = host.create("kout4", json!({})).await;
    let mut guest = Client::new(server.addr, "Guest").await;
    guest.send(json!({ "type": "join", "table": code, "seat": 1 })).await;
    guest.until(|v| v["type"] == "table" && v["you"] == 1).await;
    drop(host);
    guest.until(|v| v["type"] == "table" && v["table"]["seats"][0]["connected"] == false).await;
    // A lobby nobody can start is not offered to strangers.
    let (_, list) = http(server.addr, "GET", "/api/tables", None, None).await;
    assert!(!list.as_array().unwrap().iter().any(|t| t["code"] == code.as_str()), "{list}");
    // After the grace period the guest hosts, and can start the match.
    let guest_id = guest.id.clone();
    let t = guest.until(|v| v["type"] == "table" && v["table"]["host"] == guest_id.as_str()).await;
    assert_eq!(t["table"]["status"], "lobby");
    let (_, list) = http(server.addr, "GET", "/api/tables", None, None).await;
    assert!(list.as_array().unwrap().iter().any(|t| t["code"] == code.as_str()), "listed again: {list}");
    guest.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    guest.send(json!({ "type": "start", "table": code })).await;
    guest.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    server.stop().await;
}

#[tokio::test]
async fn table_settings_are_bounded_so_no_table_can_stall_or_flood_the_list() {
    let server = TestServer::start(config(), &temp_db("bounds")).await;
    let mut a = Client::new(server.addr, "Ahmad").await;
    for window in [json!(0), json!(499), json!(1_000_000_000), json!("3000")] {
        a.send(json!({ "type": "create_table", "game": "kabul", "rules": { "snap_window_ms": window } })).await;
        let e = a.until(|v| v["type"] == "error" || v["type"] == "table").await;
        assert_eq!((e["type"].as_str(), e["code"].as_str()), (Some("error"), Some("bad_request")), "{window}: {e}");
        assert!(e["message"].as_str().unwrap().contains("snap_window_ms"), "{e}");
    }
    a.create("kabul", json!({ "snap_window_ms": 500 })).await;
    // At most five lobbies per host at a time.
    for _ in 1..5 {
        a.create("kout4", json!({})).await;
    }
    a.send(json!({ "type": "create_table", "game": "kout4", "public": true })).await;
    let e = a.until(|v| v["type"] == "error" || v["type"] == "table").await;
    assert_eq!(e["code"], "bad_request", "{e}");
    server.stop().await;
}

#[tokio::test]
async fn http_answers_oversized_bodies_and_plain_requests_to_the_socket_in_json() {
    let server = TestServer::start(config(), &temp_db("http")).await;
    let big = format!("{{\"name\":\"{}\"}}", "x".repeat(20_000));
    let (status, body) = http(server.addr, "POST", "/api/players", Some(&big), None).await;
    assert_eq!((status, &body["error"]["code"]), (413, &json!("bad_request")), "{body}");
    let sara = Client::new(server.addr, "Sara").await;
    let (status, body) = http(server.addr, "GET", "/ws", None, Some(&sara.token)).await;
    assert_eq!((status, &body["error"]["code"]), (400, &json!("bad_request")), "{body}");
    let (status, body) = http(server.addr, "GET", "/ws", None, Some("t_bogus")).await;
    assert_eq!((status, &body["error"]["code"]), (401, &json!("unauthorized")), "{body}");
    // Without a token the socket would say who it is in its first message: a plain request is
    // simply not a WebSocket.
    let (status, body) = http(server.addr, "GET", "/ws", None, None).await;
    assert_eq!((status, &body["error"]["code"]), (400, &json!("bad_request")), "{body}");
    // Every answer says: no sniffing, no framing, no referrer, revalidate.
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    stream.write_all(b"GET / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let head = String::from_utf8_lossy(&answer).split("\r\n\r\n").next().unwrap_or_default().to_ascii_lowercase();
    for line in [
        "x-content-type-options: nosniff",
        "x-frame-options: deny",
        "referrer-policy: no-referrer",
        "cache-control: no-cache",
    ] {
        assert!(head.contains(line), "{line} in {head}");
    }
    server.stop().await;
}

/// Issue 35, item 6: when a bot plays for someone who dropped, the table says they are away (not
/// that it waits for them); coming back in time keeps the match going; and a match whose people
/// have all gone stops after [`server::limits::ABANDONED_MATCH_GRACES`] grace periods, stored as
/// abandoned, instead of running bots-only to its end.
#[tokio::test]
async fn a_match_whose_people_have_all_gone_stops_and_a_bot_plays_for_one_who_dropped() {
    let grace = Duration::from_millis(600);
    // A grace long enough for her to come back within the 4 graces on a loaded machine; bots that
    // take their time, so a match of bots alone cannot end before the table stops it.
    let config = server::Config { disconnect_grace: grace, bot_delay: Duration::from_millis(100), ..config() };
    let server = TestServer::start(config, &temp_db("abandoned-match")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let token = sara.token.clone();
    let code = sara.create("kout4", json!({})).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    let t = sara.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    let game_id = t["table"]["game_id"].as_str().expect("a match id").to_owned();
    let mut watcher = Client::new(server.addr, "Watcher").await;
    watcher.send(json!({ "type": "spectate", "table": code })).await;
    watcher.until(|v| v["type"] == "table").await;
    // Her turn comes: with her there, the match waits for her (a 10-minute clock).
    sara.until(|v| {
        (v["type"] == "event" || v["type"] == "sync") && v["legal"].as_array().is_some_and(|l| !l.is_empty())
    })
    .await;
    drop(sara);
    // Past the grace period her bot plays, and the table says she is away.
    let t = watcher.until(|v| v["type"] == "table" && v["table"]["seats"][0]["away"] == true).await;
    assert_eq!(
        (&t["table"]["seats"][0]["connected"], &t["table"]["status"]),
        (&json!(false), &json!("playing")),
        "{t}"
    );

    // She comes back: her seat is hers again, and the match goes on past the time it would have
    // stopped.
    let mut sara = Client::connect(server.addr, &token).await;
    sara.send(json!({ "type": "join", "table": code })).await;
    sara.until(|v| v["type"] == "table" && v["table"]["seats"][0]["away"] == false).await;
    tokio::time::sleep(grace * (server::limits::ABANDONED_MATCH_GRACES + 2)).await;
    let seen = drain(&mut watcher).await;
    assert!(!seen.iter().any(|v| v["table"]["status"] == "closed"), "the match went on with her there");
    let (_, games) = http(server.addr, "GET", "/api/me/games", None, Some(&token)).await;
    assert_eq!(games[0]["finished"], false, "{games}");

    // Everyone goes: the match stops, stored as abandoned with no winner, and the table closes.
    drop(sara);
    watcher.until(|v| v["type"] == "table" && v["table"]["status"] == "closed").await;
    let (_, games) = http(server.addr, "GET", "/api/me/games", None, Some(&token)).await;
    let g = games.as_array().unwrap().iter().find(|g| g["game_id"] == game_id.as_str()).expect("the match is listed");
    assert_eq!(g["finished"], true, "{g}");
    assert_eq!((&g["result"]["abandoned"], &g["result"]["winner"]), (&json!(true), &Value::Null), "{g}");
    server.stop().await;
}

/// Issue 35, item 7: an invite link's reader sees what the table is before choosing a name.
#[tokio::test]
async fn an_invite_names_the_game_the_host_the_rules_and_the_seats_before_a_name_is_chosen() {
    let server = TestServer::start(config(), &temp_db("invite-preview")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    sara.send(json!({ "type": "create_table", "game": "baloot", "rules": { "preset": "saudi" }, "turn_ms": 20000, "id": "c" })).await;
    let t = sara.until(|v| v["type"] == "table").await;
    let code = t["table"]["code"].as_str().unwrap().to_owned();
    sara.send(json!({ "type": "set_bot", "table": code, "seat": 1, "bot": "hard" })).await;
    sara.until(|v| v["type"] == "table" && v["table"]["seats"][1]["kind"] == "bot").await;
    // No session: the link's reader has no name yet. The code in any case.
    let (status, p) = http(server.addr, "GET", &format!("/api/tables/{}", code.to_lowercase()), None, None).await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(
        (&p["code"], &p["game"], &p["host"], &p["status"]),
        (&json!(code), &json!("baloot"), &json!("Sara"), &json!("lobby"))
    );
    assert_eq!((&p["rules"]["preset"], &p["turn_ms"]), (&json!("saudi"), &json!(20000)), "{p}");
    let kinds: Vec<&str> = p["seats"].as_array().unwrap().iter().map(|s| s["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["human", "bot", "empty", "empty"]);
    assert_eq!(p["seats"][1]["bot"], "hard");
    let (status, e) = http(server.addr, "GET", "/api/tables/NOSUCHTABLE1", None, None).await;
    assert_eq!((status, &e["error"]["code"]), (404, &json!("no_table")), "{e}");
    server.stop().await;
}
