//! The server when its database fails under it: work the store refused is retried until it is
//! done, and a store that cannot write says so.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::time::Duration;

use common::{Client, TestServer, config, drain, temp_db};
use serde_json::json;
use server::Store;
use sqlx::{Connection, Executor, SqliteConnection};

/// How long the store waits on a locked database before a write fails: short, so tests see
/// the failure at once.
const BUSY: Duration = Duration::from_millis(200);

/// A connection of another process's kind that holds the database's write lock until dropped or
/// committed.
async fn lock(db: &str) -> SqliteConnection {
    let mut c = SqliteConnection::connect(db).await.unwrap();
    c.execute("BEGIN EXCLUSIVE").await.unwrap();
    c
}

/// A started kout4 table whose match has no deal yet in the store (as after a crash between the
/// start and the first deal): returns Sara's token and the table code.
async fn table_awaiting_deal(db: &str) -> (String, String) {
    let server = TestServer::start(config(), db).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kout4", json!({})).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    sara.until(|v| v["type"] == "event" && v["action"] == "deal").await;
    let token = sara.token.clone();
    drop(sara);
    server.stop().await;
    let mut c = SqliteConnection::connect(db).await.unwrap();
    c.execute("DELETE FROM events").await.unwrap();
    c.close().await.unwrap();
    (token, code)
}

#[tokio::test]
async fn a_deal_refused_by_a_locked_database_is_retried_once_the_lock_goes() {
    let db = temp_db("locked-deal");
    let (token, code) = table_awaiting_deal(&db).await;

    let store = Store::connect_with(&db, Duration::from_secs(30), BUSY).await.unwrap();
    let held = lock(&db).await;
    let server = TestServer::start_with(config(), store).await;
    let mut sara = Client::connect(server.addr, &token).await;
    sara.send(json!({ "type": "resume", "table": code })).await;
    // Several attempts fail while the lock is held.
    tokio::time::sleep(4 * BUSY).await;
    let seen = drain(&mut sara).await;
    assert!(!seen.iter().any(|v| v["action"] == "deal"), "nothing can be dealt while the database is locked");
    held.close().await.unwrap();

    let deal =
        tokio::time::timeout(Duration::from_secs(10), sara.until(|v| v["type"] == "event" && v["action"] == "deal"))
            .await
            .expect("the hand is dealt once the lock is gone");
    assert_eq!(deal["table"], code.as_str());
    // And play goes on: Sara gets turns and her actions are taken.
    assert_eq!(sara.play(&code, 3).await, None);
    server.stop().await;
}

/// The next `event` or `sync` at which this client must act.
async fn my_turn(c: &mut Client) -> serde_json::Value {
    c.until(|v| (v["type"] == "event" || v["type"] == "sync") && v["legal"].as_array().is_some_and(|l| !l.is_empty()))
        .await
}

#[tokio::test]
async fn a_store_that_refuses_writes_is_reported_and_actions_are_answered_unavailable_until_it_recovers() {
    let db = temp_db("refusing");
    let store = Store::connect_with(&db, Duration::from_secs(30), BUSY).await.unwrap();
    let server = TestServer::start_with(config(), store).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kout4", json!({})).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    let turn = my_turn(&mut sara).await;
    let (status, body) = common::http(server.addr, "GET", "/api/health", None, None).await;
    assert_eq!((status, &body["ok"]), (200, &json!(true)), "{body}");

    let held = lock(&db).await;
    let action = turn["legal"][0].clone();
    sara.send(json!({ "type": "act", "table": code, "action": action, "version": turn["version"], "id": 1 })).await;
    let e = sara.until(|v| v["type"] == "error" || v["type"] == "event").await;
    assert_eq!(
        (e["type"].as_str(), e["code"].as_str(), e["id"].as_i64()),
        (Some("error"), Some("unavailable"), Some(1)),
        "{e}"
    );
    for path in ["/api/health", "/api/ready"] {
        let (status, body) = common::http(server.addr, "GET", path, None, None).await;
        assert_eq!((status, &body["ok"]), (503, &json!(false)), "{path}: {body}");
        assert!(body["store"].as_str().unwrap().starts_with("failing"), "{body}");
    }
    // A new table would not be saved either.
    sara.send(json!({ "type": "create_table", "game": "kout4", "id": 2 })).await;
    let e = sara.until(|v| v["type"] == "error" || v["type"] == "table").await;
    assert_eq!((e["code"].as_str(), e["id"].as_i64()), (Some("unavailable"), Some(2)), "{e}");
    // Nothing was applied: the table is where it was.
    let seen = drain(&mut sara).await;
    assert!(!seen.iter().any(|v| v["type"] == "event"), "{seen:?}");

    held.close().await.unwrap();
    sara.send(json!({ "type": "act", "table": code, "action": action, "version": turn["version"], "id": 3 })).await;
    let ev = sara.until(|v| v["type"] == "event" || v["type"] == "error").await;
    assert_eq!((ev["type"].as_str(), ev["seat"].as_i64()), (Some("event"), Some(0)), "{ev}");
    assert_eq!(ev["version"].as_u64(), turn["version"].as_u64().map(|v| v + 1));
    let (status, body) = common::http(server.addr, "GET", "/api/health", None, None).await;
    assert_eq!((status, &body["ok"]), (200, &json!(true)), "{body}");
    server.stop().await;
}

#[tokio::test]
async fn a_damaged_database_file_is_refused_at_start() {
    let db = temp_db("damaged");
    let store = Store::connect(&db).await.unwrap();
    for i in 0..300 {
        let player = server::store::PlayerRow { id: format!("p_{i:06}"), name: format!("Player {i}") };
        store.create_player(&player, &format!("{i:064}"), 1).await.unwrap();
    }
    store.close().await;
    let path = db.strip_prefix("sqlite:").unwrap();
    let mut bytes = std::fs::read(path).unwrap();
    assert!(bytes.len() > 16 * 1024, "{} bytes", bytes.len());
    // 8 KiB of noise after the first page (which says what the file is).
    let mut x: u32 = 0x9e37_79b9;
    for b in &mut bytes[4096..4096 + 8192] {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        *b = x.to_le_bytes()[0];
    }
    std::fs::write(path, bytes).unwrap();
    let Err(e) = Store::connect(&db).await else { panic!("a damaged file is refused") };
    assert!(e.to_string().contains("damaged"), "{e}");
}
