//! The kill -9 soak: the real `majlis serve` binary, a match of every game played by a client
//! over sockets, the server killed with SIGKILL at random moments and restarted; at the end every
//! stored record replays, its deals verify, and its actions are exactly those the clients saw
//! accepted, each once, in order. `MAJLIS_SOAK_KILLS` sets how many kills (default 4; the longer
//! run is `scripts/soak`), `MAJLIS_SOAK_SEED` the random moments.

#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::{connect, guest, http, until_up};

fn spawn(addr: SocketAddr, db: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_majlis"))
        .args(["serve", "--addr", &addr.to_string(), "--db", db, "--bot-delay-ms", "2"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// What one player saw: every accepted event `(version, seat, action)`, and the match id.
struct Seen {
    events: Vec<(u64, Value, String)>,
    game_id: String,
}

/// Plays a whole match as seat 0 of `game` with random bots, reconnecting whenever the server
/// goes away.
async fn player(addr: SocketAddr, game: &'static str, rules: Value) -> Seen {
    let mut code: Option<String> = None;
    let token = guest(addr, "Soak").await;
    let mut events: Vec<(u64, Value, String)> = Vec::new();
    let mut last = 0u64;
    loop {
        let Some(mut ws) = connect(addr, &token).await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let hello = match &code {
            None => json!({ "type": "create_table", "game": game, "rules": rules, "turn_ms": 600000, "id": "c" }),
            Some(c) => json!({ "type": "resume", "table": c, "since": last }),
        };
        if ws.send(Message::text(hello.to_string())).await.is_err() {
            continue;
        }
        while let Ok(Some(Ok(msg))) = tokio::time::timeout(Duration::from_secs(20), ws.next()).await {
            let Message::Text(t) = msg else { continue };
            let v: Value = serde_json::from_str(&t).unwrap();
            let mut reply = None;
            match v["type"].as_str() {
                Some("table") if v["id"] == "c" && code.is_none() => {
                    let c = v["table"]["code"].as_str().unwrap().to_owned();
                    let _ = ws
                        .send(Message::text(json!({ "type": "fill_bots", "table": c, "bot": "random" }).to_string()))
                        .await;
                    reply = Some(json!({ "type": "start", "table": c }));
                    code = Some(c);
                }
                Some("table") if v["table"]["status"] == "finished" => {
                    if let Some(id) = v["table"]["game_id"].as_str() {
                        return Seen { events, game_id: id.to_owned() };
                    }
                }
                Some("error") => reply = Some(json!({ "type": "resume", "table": code, "since": last })),
                Some("event" | "sync") => {
                    let version = v["version"].as_u64().unwrap_or(0);
                    if v["type"] == "event" {
                        events.push((version, v["seat"].clone(), v["action"].as_str().unwrap_or("").to_owned()));
                    }
                    last = last.max(version);
                    let legal = v["legal"].as_array().cloned().unwrap_or_default();
                    if let Some(first) = legal.first() {
                        let window = legal.iter().any(|a| a.as_str().is_some_and(|s| s.starts_with("snap")));
                        let pick =
                            if window && legal.iter().any(|a| a == "pass") { json!("pass") } else { first.clone() };
                        reply = Some(json!({ "type": "act", "table": code, "action": pick, "version": version }));
                    }
                }
                _ => {}
            }
            if let Some(r) = reply {
                if ws.send(Message::text(r.to_string())).await.is_err() {
                    break;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_at_random_moments_loses_and_doubles_nothing() {
    let kills: u32 = std::env::var("MAJLIS_SOAK_KILLS").ok().and_then(|s| s.parse().ok()).unwrap_or(4);
    let mut rng: u64 = std::env::var("MAJLIS_SOAK_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64 | 1
    });
    eprintln!("soak: {kills} kills, MAJLIS_SOAK_SEED={rng}");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("majlis-soak-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite:{}", dir.join("soak.db").display());
    let addr = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let mut child = spawn(addr, &db);
    until_up(addr).await;

    let games = [("kout4", json!({})), ("kout6", json!({})), ("baloot", json!({})), ("kabul", json!({ "players": 4 }))];
    let players: Vec<_> = games.into_iter().map(|(g, r)| tokio::spawn(player(addr, g, r))).collect();
    let mut mid_match = 0;
    for k in 0..kills {
        // The first kill comes early, while every match is surely under way (on a fast, idle
        // machine a match can end within a second or two); the others at any moment.
        let wait = if k == 0 { 50 + xorshift(&mut rng) % 250 } else { 200 + xorshift(&mut rng) % 1500 };
        tokio::time::sleep(Duration::from_millis(wait)).await;
        // A player's task ends when its match is over: a kill while one runs lands mid-match.
        mid_match += usize::from(players.iter().any(|p| !p.is_finished()));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        child = spawn(addr, &db);
        until_up(addr).await;
    }
    assert!(kills == 0 || mid_match > 0, "no kill landed while a match was being played");
    eprintln!("soak: {mid_match} of {kills} kills landed mid-match");
    let mut seen = Vec::new();
    for p in players {
        seen.push(tokio::time::timeout(Duration::from_secs(120), p).await.expect("every match finishes").unwrap());
    }

    for s in &seen {
        let (status, record) = http(addr, "GET", &format!("/api/games/{}/record", s.game_id), "").await.unwrap();
        assert_eq!(status, 200, "{record}");
        let text = record.to_string();
        let parsed = game::Record::parse(&text).unwrap();
        assert_eq!(server::fair::verify_record(&parsed), Ok(parsed.hands.len()), "{}", s.game_id);
        games::replay(&text, None).unwrap_or_else(|e| panic!("{}: the record does not replay: {e}", s.game_id));

        // What the client saw accepted: one action per version (a version seen twice, before
        // and after a restart, must name the same action: otherwise an accepted one was lost).
        let mut by_version = std::collections::BTreeMap::new();
        for (version, seat, action) in &s.events {
            let before = by_version.insert(*version, (seat.clone(), action.clone()));
            assert!(
                before.as_ref().is_none_or(|b| *b == (seat.clone(), action.clone())),
                "{}: version {version} was {before:?}, then {action}",
                s.game_id
            );
        }
        let stored: Vec<(Value, String)> = parsed
            .hands
            .iter()
            .flat_map(|h| {
                std::iter::once((Value::Null, "deal".to_owned()))
                    .chain(h.actions.iter().map(|a| (json!(a.seat.map(game::Seat::index)), a.text.clone())))
            })
            .collect();
        // Everything the client saw is in the record, in the same order (nothing lost); the
        // record replays (a doubled action would not) and its deals verify.
        let mut rest = stored.iter();
        for (version, e) in &by_version {
            assert!(
                rest.any(|r| r == e),
                "{}: the client saw {e:?} at version {version}; the record lacks it",
                s.game_id
            );
        }
        assert!(by_version.len() * 2 > stored.len(), "{}: the client saw too little to check", s.game_id);
    }
    child.kill().unwrap();
    child.wait().unwrap();
}
