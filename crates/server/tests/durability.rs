//! The server when its database fails under it: work the store refused is retried until it is
//! done, and a store that cannot write says so.

#![allow(clippy::unwrap_used)]

mod common;

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
