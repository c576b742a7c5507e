//! Abuse of the lobby and of fairness over real sockets: races on the table limit, lobbies left
//! behind, unbounded options, guessed codes, names that hide or impersonate.

#![allow(clippy::unwrap_used)]

mod common;

use std::time::Duration;

use common::{Client, TestServer, config, temp_db};
use serde_json::json;

#[tokio::test]
async fn one_player_on_three_sockets_never_passes_the_table_limit_and_started_tables_count() {
    let server = TestServer::start(config(), &temp_db("limit-race")).await;
    let first = Client::new(server.addr, "Racer").await;
    let mut sockets = vec![first];
    for _ in 0..2 {
        let token = sockets[0].token.clone();
        sockets.push(Client::connect(server.addr, &token).await);
    }
    // Every socket fires its requests before reading any answer.
    for c in &mut sockets {
        for i in 0..8 {
            c.send(json!({ "type": "create_table", "game": "kout4", "public": true, "id": i })).await;
        }
    }
    let mut created = 0;
    for c in &mut sockets {
        let mut answered = 0;
        while answered < 8 {
            let v = c.recv().await;
            if v["id"].is_number() && (v["type"] == "table" || v["type"] == "error") {
                answered += 1;
                created += usize::from(v["type"] == "table");
            }
        }
    }
    assert_eq!(created, 5, "created {created} tables against a limit of 5");
    // A started table still counts: start one, and no sixth table can be opened.
    let mut host = Client::new(server.addr, "Starter").await;
    let code = host.create("kout4", json!({})).await;
    host.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    host.send(json!({ "type": "start", "table": code })).await;
    host.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    for _ in 1..5 {
        host.create("kout4", json!({})).await;
    }
    host.send(json!({ "type": "create_table", "game": "kout4", "id": "sixth" })).await;
    let e = host.until(|v| v["id"] == "sixth").await;
    assert_eq!(e["code"], "bad_request", "{e}");
    server.stop().await;
}

#[tokio::test]
async fn a_lobby_everyone_has_left_closes() {
    let config = server::Config { disconnect_grace: Duration::from_millis(50), ..config() };
    let server = TestServer::start(config, &temp_db("abandoned")).await;
    let mut host = Client::new(server.addr, "Host").await;
    let code = host.create("kout4", json!({})).await;
    drop(host);
    let mut probe = Client::new(server.addr, "Probe").await;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        probe.send(json!({ "type": "spectate", "table": code, "id": "p" })).await;
        let v = probe.until(|v| v["id"] == "p").await;
        if v["code"] == "no_table" {
            server.stop().await;
            return;
        }
    }
    panic!("the abandoned lobby {code} is still open after 5 s");
}

#[tokio::test]
async fn kabul_target_score_is_bounded() {
    let server = TestServer::start(config(), &temp_db("target")).await;
    let mut a = Client::new(server.addr, "Ahmad").await;
    for target in [json!(2_147_483_647), json!(1001), json!(0)] {
        a.send(json!({ "type": "create_table", "game": "kabul", "rules": { "target_score": target }, "id": "t" }))
            .await;
        let e = a.until(|v| v["id"] == "t").await;
        assert_eq!((e["type"].as_str(), e["code"].as_str()), (Some("error"), Some("bad_request")), "{target}: {e}");
        assert!(e["message"].as_str().unwrap().contains("target_score"), "{e}");
    }
    a.create("kabul", json!({ "target_score": 1000 })).await;
    server.stop().await;
}

#[tokio::test]
async fn private_codes_are_long_and_guessing_codes_closes_the_socket() {
    let server = TestServer::start(config(), &temp_db("codes")).await;
    let mut host = Client::new(server.addr, "Host").await;
    host.send(json!({ "type": "create_table", "game": "kout4", "public": false, "id": "p" })).await;
    let t = host.until(|v| v["id"] == "p").await;
    let private = t["table"]["code"].as_str().unwrap();
    assert_eq!(private.len(), 12, "{t}");
    assert_eq!(host.create("kout4", json!({})).await.len(), 6, "public codes stay short");
    let mut guesser = Client::new(server.addr, "Guesser").await;
    for i in 0..11 {
        guesser.send(json!({ "type": "spectate", "table": format!("AAAA{i:02}"), "id": i })).await;
        let e = guesser.until(|v| v["id"] == i).await;
        assert_eq!(e["code"], "no_table", "{e}");
    }
    let closed = guesser.until(|v| v["type"] == "_close").await;
    assert_eq!(closed["code"], 1008, "{closed}");
    server.stop().await;
}
