//! Hints at a table (the host's choice) and the analyses of finished matches over HTTP.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::time::Duration;

use common::{Client, TestServer, config, http, record, temp_db};
use serde_json::{Value, json};

/// Opens a table of `game` with hints on or off and returns its code and the `table` frame.
async fn create(c: &mut Client, game: &str, hints: bool) -> (String, Value) {
    c.send(json!({ "type": "create_table", "game": game, "hints": hints, "turn_ms": 600_000, "id": "c" })).await;
    let t = c.until(|v| v["type"] == "table" || v["type"] == "error").await;
    assert_eq!(t["type"], "table", "{t}");
    (t["table"]["code"].as_str().unwrap().to_owned(), t)
}

/// The next `sync` or `event` of `code` in which the client's seat may act; `None` once the match
/// is over.
async fn my_turn(c: &mut Client, code: &str) -> Option<Value> {
    let v = c
        .until(|v| {
            let mine = (v["type"] == "event" || v["type"] == "sync")
                && v["table"] == code
                && v["legal"].as_array().is_some_and(|l| !l.is_empty());
            mine || v["finished"] == true || (v["type"] == "table" && v["table"]["status"] == "finished")
        })
        .await;
    v["legal"].as_array().is_some_and(|l| !l.is_empty()).then_some(v)
}

#[tokio::test]
async fn hints_are_off_unless_the_host_turned_them_on() {
    let server = TestServer::start(config(), &temp_db("hints-off")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let (code, table) = create(&mut sara, "kout4", false).await;
    assert_eq!(table["table"]["hints"], false, "everyone at the table sees that hints are off");
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "heuristic" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    assert!(my_turn(&mut sara, &code).await.is_some());
    sara.send(json!({ "type": "hint", "table": code, "id": 1 })).await;
    let e = sara.until(|v| v["type"] == "error" || v["type"] == "hint").await;
    assert_eq!((&e["type"], &e["code"], &e["id"]), (&json!("error"), &json!("hints_off"), &json!(1)), "{e}");
    server.stop().await;
}

#[tokio::test]
async fn a_hint_names_a_legal_action_of_ones_own_decision_once_per_decision() {
    for game in ["kout4", "baloot", "kabul"] {
        let server = TestServer::start(config(), &temp_db(&format!("hints-{game}"))).await;
        let mut sara = Client::new(server.addr, "Sara").await;
        let (code, table) = create(&mut sara, game, true).await;
        assert_eq!(table["table"]["hints"], true);
        // Asking in the lobby: there is no decision to help with.
        sara.send(json!({ "type": "hint", "table": code, "id": "early" })).await;
        let e = sara.until(|v| v["type"] == "error").await;
        assert_eq!((&e["code"], &e["id"]), (&json!("not_your_turn"), &json!("early")), "{e}");
        sara.send(json!({ "type": "fill_bots", "table": code, "bot": "heuristic" })).await;
        sara.send(json!({ "type": "start", "table": code })).await;
        // Several decisions: bids and card plays alike get an answer.
        let mut hinted = 0;
        for n in 0..4 {
            if my_turn(&mut sara, &code).await.is_none() {
                break;
            }
            hinted += 1;
            sara.send(json!({ "type": "hint", "table": code, "id": n })).await;
            // (A stale action of ours may be refused meanwhile, in Kabul's snap windows.)
            let hint = sara.until(|v| (v["type"] == "hint" || v["type"] == "error") && v["id"] == json!(n)).await;
            assert_eq!(hint["type"], "hint", "{game}: {hint}");
            assert_eq!((&hint["id"], &hint["table"]), (&json!(n), &json!(code)));
            // The state the hint is for came before it (the table broadcasts, then answers).
            let turn = sara
                .seen
                .iter()
                .rev()
                .find(|v| (v["type"] == "event" || v["type"] == "sync") && v["version"] == hint["version"])
                .cloned()
                .unwrap_or_else(|| panic!("{game}: no state at the hint's version: {hint}"));
            assert!(
                turn["legal"].as_array().unwrap().contains(&hint["action"]),
                "{game}: {hint} not in {}",
                turn["legal"]
            );
            let basis = hint["basis"].as_str().unwrap();
            assert!(basis == "search" || basis == "bot", "{hint}");
            if basis == "search" {
                assert!(hint["value"].is_number() && hint["samples"].as_u64().unwrap() > 0, "{hint}");
            }
            // A second ask for the same decision is refused. (Not in Kabul, whose snap windows
            // move the table on while others pass: a new version is a new decision.)
            if game != "kabul" {
                sara.send(json!({ "type": "hint", "table": code, "id": "again" })).await;
                let again = sara.until(|v| v["id"] == "again").await;
                assert_eq!((&again["code"], &again["id"]), (&json!("bad_request"), &json!("again")), "{again}");
            }
            let action = hint["action"].clone();
            sara.send(json!({ "type": "act", "table": code, "action": action, "version": turn["version"] })).await;
        }
        assert!(hinted > 0, "{game}: no decision came");
        server.stop().await;
    }
}

/// Polls the analysis of `id` until it is ready.
async fn ready_analysis(addr: std::net::SocketAddr, id: &str) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(240);
    loop {
        let (status, body) = http(addr, "GET", &format!("/api/games/{id}/analysis"), None, None).await;
        match status {
            200 => {
                assert_eq!(body["status"], "ready", "{body}");
                return body["analysis"].clone();
            }
            202 => assert!(body["status"] == "queued" || body["status"] == "running", "{body}"),
            _ => panic!("GET analysis: {status} {body}"),
        }
        assert!(tokio::time::Instant::now() < deadline, "the analysis never came");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn a_finished_match_is_analysed_once_in_the_background_and_kept() {
    let db = temp_db("analysis");
    let server = TestServer::start(server::Config { analysis_ms: Some(5), ..config() }, &db).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kout4", json!({})).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    let live = sara.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    let live_id = live["table"]["game_id"].as_str().unwrap().to_owned();
    // A match under way is not analysed (its cards are secret).
    let (status, _) = http(server.addr, "GET", &format!("/api/games/{live_id}/analysis"), None, None).await;
    assert_eq!(status, 404);
    let (status, _) = http(server.addr, "GET", "/api/games/g_nosuchgame0/analysis", None, None).await;
    assert_eq!(status, 404);

    let id = sara.play(&code, usize::MAX).await.unwrap();
    let rec = record(server.addr, &id).await;
    let (status, first) = http(server.addr, "GET", &format!("/api/games/{id}/analysis"), None, None).await;
    assert!(status == 202 || status == 200, "{status} {first}");
    let analysis = ready_analysis(server.addr, &id).await;
    assert_eq!(analysis["game"], "kout4");
    assert_eq!(analysis["ms"], 5);
    let hands = analysis["hands"].as_array().unwrap();
    assert_eq!(hands.len(), rec.hands.len(), "one entry per hand");
    for (h, hand) in hands.iter().enumerate() {
        assert_eq!(hand["hand"], h);
        for d in hand["decisions"].as_array().unwrap() {
            let i = d["action"].as_u64().unwrap() as usize;
            let played = &rec.hands[h].actions[i];
            assert_eq!(d["played"], json!(played.text), "a decision names the action the record holds");
            assert_eq!(d["seat"], json!(played.seat.unwrap().index()));
        }
    }
    server.stop().await;

    // Kept with the match: a restarted server answers at once, without working again.
    let server = TestServer::start(config(), &db).await;
    let (status, body) = http(server.addr, "GET", &format!("/api/games/{id}/analysis"), None, None).await;
    assert_eq!((status, &body["status"]), (200, &json!("ready")), "{body}");
    assert_eq!(body["analysis"], analysis);
    server.stop().await;
}
