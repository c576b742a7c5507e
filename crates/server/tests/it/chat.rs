//! Table chat over real sockets: who reads which channel, what a message may say, the rate per
//! socket, the store (with the match, served back once it is over) and a restart.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::time::Duration;

use common::{Client, TestServer, config, drain, http, temp_db};
use serde_json::{Value, json};

/// The `chat` frames among `frames`.
fn chats(frames: &[Value]) -> Vec<Value> {
    frames.iter().filter(|v| v["type"] == "chat").cloned().collect()
}

/// A kout4 table with `host` in seat 0, `player` seated beside, and `watchers` spectating; the
/// table frame each got is drained.
async fn table(host: &mut Client, player: &mut Client, watchers: &mut [&mut Client], spectator_chat: bool) -> String {
    host.send(json!({
        "type": "create_table", "game": "kout4", "turn_ms": 600000, "spectator_chat": spectator_chat, "id": "c",
    }))
    .await;
    let t = host.until(|v| v["type"] == "table" || v["type"] == "error").await;
    assert_eq!(t["type"], "table", "{t}");
    assert_eq!(t["table"]["spectator_chat"], spectator_chat, "the table frame shows the host's choice");
    let code = t["table"]["code"].as_str().unwrap().to_owned();
    player.send(json!({ "type": "join", "table": code })).await;
    player.until(|v| v["type"] == "table" && v["you"].is_number()).await;
    for w in watchers.iter_mut() {
        w.send(json!({ "type": "spectate", "table": code })).await;
        w.until(|v| v["type"] == "sync").await;
    }
    drain(host).await;
    code
}

#[tokio::test]
async fn a_players_message_reaches_the_players_and_the_spectators() {
    let server = TestServer::start(config(), &temp_db("chat-players")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let mut noura = Client::new(server.addr, "Noura").await;
    let mut watcher = Client::new(server.addr, "Watcher").await;
    let code = table(&mut sara, &mut noura, &mut [&mut watcher], true).await;

    sara.send(json!({ "type": "chat", "table": code, "text": "  <b>yalla</b> يلا  " })).await;
    let sara_id = sara.id.clone();
    for c in [&mut sara, &mut noura, &mut watcher] {
        let said = c.until(|v| v["type"] == "chat").await;
        assert_eq!(said["table"], code.as_str());
        assert_eq!(said["channel"], "players");
        assert_eq!(said["from"], json!({ "id": sara_id, "name": "Sara", "seat": 0 }));
        assert_eq!(said["text"], "<b>yalla</b> يلا", "trimmed, otherwise as typed: the client shows it as text");
        assert!(said.get("phrase").is_none());
        assert!(said["at"].as_i64().unwrap() > 0);
        assert_eq!(said["seq"], 0);
    }
    noura.send(json!({ "type": "chat", "table": code, "phrase": "good_luck" })).await;
    for c in [&mut sara, &mut noura, &mut watcher] {
        let said = c.until(|v| v["type"] == "chat").await;
        assert_eq!(
            (said["phrase"].as_str(), said["from"]["seat"].as_u64(), said["seq"].as_u64()),
            (Some("good_luck"), Some(2), Some(1)),
            "Noura sits as the host's partner"
        );
        assert!(said.get("text").is_none());
    }
    // Someone who comes later reads the recent chat in the sync.
    let mut late = Client::new(server.addr, "Late").await;
    late.send(json!({ "type": "spectate", "table": code })).await;
    let sync = late.until(|v| v["type"] == "sync").await;
    let said: Vec<&str> =
        sync["chat"].as_array().unwrap().iter().map(|l| l["text"].as_str().or(l["phrase"].as_str()).unwrap()).collect();
    assert_eq!(said, ["<b>yalla</b> يلا", "good_luck"]);
    server.stop().await;
}

#[tokio::test]
async fn a_spectators_message_reaches_the_spectators_only() {
    let server = TestServer::start(config(), &temp_db("chat-spectators")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let mut noura = Client::new(server.addr, "Noura").await;
    let mut w1 = Client::new(server.addr, "Watcher One").await;
    let mut w2 = Client::new(server.addr, "Watcher Two").await;
    let code = table(&mut sara, &mut noura, &mut [&mut w1, &mut w2], true).await;
    // A seated player's second socket, watching: still a player, so it must not read the
    // spectators either.
    let mut sara_too = Client::connect(server.addr, &sara.token).await;
    sara_too.send(json!({ "type": "spectate", "table": code })).await;
    sara_too.until(|v| v["type"] == "sync").await;

    w1.send(json!({ "type": "chat", "table": code, "text": "Sara will win this" })).await;
    let w1_id = w1.id.clone();
    for w in [&mut w1, &mut w2] {
        let said = w.until(|v| v["type"] == "chat").await;
        assert_eq!(said["channel"], "spectators");
        assert_eq!(said["from"], json!({ "id": w1_id, "name": "Watcher One", "seat": null }));
    }
    for c in [&mut sara, &mut noura, &mut sara_too] {
        assert_eq!(chats(&drain(c).await), Vec::<Value>::new(), "{} read the spectators", c.name);
    }
    // Nor in a sync: a player's resume leaves the spectators' words out; a spectator's has them.
    sara.send(json!({ "type": "resume", "table": code })).await;
    let sync = sara.until(|v| v["type"] == "sync").await;
    assert!(sync.get("chat").is_none(), "{sync}");
    w2.send(json!({ "type": "resume", "table": code })).await;
    let sync = w2.until(|v| v["type"] == "sync").await;
    assert_eq!(sync["chat"][0]["channel"], "spectators");
    server.stop().await;
}

#[tokio::test]
async fn spectator_chat_off_refuses_the_spectators_and_not_the_players() {
    let server = TestServer::start(config(), &temp_db("chat-off")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let mut noura = Client::new(server.addr, "Noura").await;
    let mut watcher = Client::new(server.addr, "Watcher").await;
    let code = table(&mut sara, &mut noura, &mut [&mut watcher], false).await;
    watcher.send(json!({ "type": "chat", "table": code, "text": "hello?", "id": 5 })).await;
    let e = watcher.until(|v| v["type"] == "error" || v["type"] == "chat").await;
    assert_eq!(
        (e["type"].as_str(), e["code"].as_str(), e["id"].as_i64()),
        (Some("error"), Some("not_seated"), Some(5))
    );
    assert!(e["message"].as_str().unwrap().contains("spectators"), "{e}");
    assert_eq!(chats(&drain(&mut sara).await), Vec::<Value>::new());
    // The players still chat, and the spectator reads them.
    noura.send(json!({ "type": "chat", "table": code, "phrase": "thanks" })).await;
    assert_eq!(watcher.until(|v| v["type"] == "chat").await["phrase"], "thanks");
    // Someone who follows the table not at all may not post into it.
    let mut stranger = Client::new(server.addr, "Stranger").await;
    stranger.send(json!({ "type": "chat", "table": code, "text": "hi" })).await;
    assert_eq!(stranger.until(|v| v["type"] == "error").await["code"], "not_seated");
    server.stop().await;
}

#[tokio::test]
async fn bad_words_are_refused_in_words() {
    let server = TestServer::start(config(), &temp_db("chat-bad")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let mut noura = Client::new(server.addr, "Noura").await;
    let code = table(&mut sara, &mut noura, &mut [], true).await;
    let cases = [
        (json!({ "text": "x".repeat(201) }), "at most 200"),
        (json!({ "text": "   " }), "at least one"),
        (json!({ "text": "" }), "at least one"),
        (json!({ "text": "a\u{0007}b" }), "control"),
        (json!({ "text": "line\nbreak" }), "control"),
        (json!({ "text": "\u{202E}reversed" }), "direction"),
        (json!({ "phrase": "go_away" }), "unknown phrase"),
        (json!({ "text": "hi", "phrase": "thanks" }), "either"),
        (json!({}), "either"),
        (json!({ "text": 5 }), "bad chat message"),
    ];
    for (fields, words) in cases {
        let mut m = json!({ "type": "chat", "table": code });
        m.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
        sara.send(m.clone()).await;
        let e = sara.until(|v| v["type"] == "error" || v["type"] == "chat").await;
        assert_eq!(e["code"], "bad_request", "{m} → {e}");
        assert!(e["message"].as_str().unwrap().contains(words), "{m} → {e}");
    }
    // 200 characters of Arabic (400 bytes) are fine: the limit counts characters.
    sara.send(json!({ "type": "chat", "table": code, "text": "ب".repeat(200) })).await;
    assert_eq!(sara.until(|v| v["type"] == "chat").await["text"].as_str().unwrap().chars().count(), 200);
    assert_eq!(chats(&drain(&mut noura).await).len(), 1, "nothing refused reached anyone");
    server.stop().await;
}

#[tokio::test]
async fn the_chat_rate_per_socket_is_limited() {
    let mut cfg = config();
    cfg.limits.chat_burst = 3;
    cfg.limits.chat_every = Duration::from_millis(400);
    let server = TestServer::start(cfg, &temp_db("chat-rate")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let mut noura = Client::new(server.addr, "Noura").await;
    let code = table(&mut sara, &mut noura, &mut [], true).await;
    for i in 0..4 {
        sara.send(json!({ "type": "chat", "table": code, "text": format!("message {i}"), "id": i })).await;
    }
    let mut got = Vec::new();
    while got.len() < 4 {
        let v = sara.until(|v| v["type"] == "chat" || v["type"] == "error").await;
        got.push(v);
    }
    assert_eq!(got.iter().filter(|v| v["type"] == "chat").count(), 3, "{got:?}");
    let refused = got.iter().find(|v| v["type"] == "error").unwrap();
    assert_eq!((refused["code"].as_str(), refused["id"].as_i64()), (Some("rate_limited"), Some(3)));
    // Another socket has its own budget; and the bucket fills again with time.
    noura.send(json!({ "type": "chat", "table": code, "phrase": "oops" })).await;
    assert_eq!(noura.until(|v| v["type"] == "chat" && v["from"]["name"] == "Noura").await["phrase"], "oops");
    tokio::time::sleep(Duration::from_millis(450)).await;
    sara.send(json!({ "type": "chat", "table": code, "text": "again" })).await;
    let next = sara.until(|v| (v["type"] == "chat" && v["from"]["name"] == "Sara") || v["type"] == "error").await;
    assert_eq!(next["text"], "again", "{next}");
    server.stop().await;
}

#[tokio::test]
async fn the_chat_is_kept_with_its_match_and_served_back_once_it_is_over() {
    let server = TestServer::start(config(), &temp_db("chat-match")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let mut watcher = Client::new(server.addr, "Watcher").await;
    let code = sara.create("kout4", json!({})).await;
    watcher.send(json!({ "type": "spectate", "table": code })).await;
    watcher.until(|v| v["type"] == "sync").await;
    sara.send(json!({ "type": "chat", "table": code, "text": "before the match" })).await;
    sara.until(|v| v["type"] == "chat").await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    let t = sara.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    let game_id = t["table"]["game_id"].as_str().unwrap().to_owned();
    sara.send(json!({ "type": "chat", "table": code, "phrase": "good_luck" })).await;
    watcher.send(json!({ "type": "chat", "table": code, "text": "spectators' words" })).await;
    watcher.until(|v| v["type"] == "chat" && v["channel"] == "spectators").await;
    // While the match is on, its chat is not served (as its record is not).
    let (status, _) = http(server.addr, "GET", &format!("/api/games/{game_id}/chat"), None, None).await;
    assert_eq!(status, 404);
    let done = sara.play(&code, usize::MAX).await.expect("the match finishes");
    assert_eq!(done, game_id);
    sara.send(json!({ "type": "chat", "table": code, "phrase": "well_played" })).await;
    sara.until(|v| v["type"] == "chat" && v["phrase"] == "well_played").await;

    let (status, body) = http(server.addr, "GET", &format!("/api/games/{game_id}/chat"), None, None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["game_id"], game_id.as_str());
    let said: Vec<(&str, &str)> = body["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["from"]["name"].as_str().unwrap(), l["phrase"].as_str().or(l["text"].as_str()).unwrap()))
        .collect();
    assert_eq!(
        said,
        [("Sara", "good_luck"), ("Sara", "well_played")],
        "the match's players' channel, with the words said over its result; not the lobby's, not the spectators'"
    );
    assert_eq!(body["chat"][0]["channel"], "players");
    assert_eq!(body["chat"][0]["from"]["seat"], 0);
    let (status, _) = http(server.addr, "GET", "/api/games/g_nonexistent/chat", None, None).await;
    assert_eq!(status, 404);
    server.stop().await;
}

#[tokio::test]
async fn a_restarted_server_keeps_the_recent_chat() {
    let db = temp_db("chat-restart");
    let server = TestServer::start(config(), &db).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let mut noura = Client::new(server.addr, "Noura").await;
    let code = table(&mut sara, &mut noura, &mut [], true).await;
    for i in 0..3 {
        sara.send(json!({ "type": "chat", "table": code, "text": format!("line {i}") })).await;
        sara.until(|v| v["type"] == "chat").await;
    }
    let (token, noura_token) = (sara.token.clone(), noura.token.clone());
    drop((sara, noura));
    server.stop().await;

    let server = TestServer::start(config(), &db).await;
    let mut sara = Client::connect(server.addr, &token).await;
    sara.send(json!({ "type": "resume", "table": code })).await;
    let sync = sara.until(|v| v["type"] == "sync").await;
    let lines: Vec<&str> = sync["chat"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(lines, ["line 0", "line 1", "line 2"]);
    assert_eq!(sync["chat"][0]["from"]["name"], "Sara", "the name is read back with the words");
    // The numbers go on where they stopped.
    let mut noura = Client::connect(server.addr, &noura_token).await;
    noura.send(json!({ "type": "resume", "table": code })).await;
    noura.until(|v| v["type"] == "sync").await;
    noura.send(json!({ "type": "chat", "table": code, "phrase": "hello" })).await;
    let said = sara.until(|v| v["type"] == "chat").await;
    assert_eq!((said["seq"].as_u64(), said["phrase"].as_str()), (Some(3), Some("hello")));
    server.stop().await;
}
