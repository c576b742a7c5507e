//! The server under a hostile or careless client, over real sockets: every limit that protects
//! the server's memory, descriptors and cores holds, and is hit in milliseconds because the tests
//! shrink it (`server::limits::Limits`).

#![allow(clippy::unwrap_used)]

mod common;

use std::time::Duration;

use common::{Client, TestServer, config, temp_db};
use serde_json::{Value, json};
use server::limits::Limits;
use tokio_tungstenite::tungstenite::Message;

/// Reads until the socket closes; returns the close code (0: closed without a close frame) and
/// what came before it.
async fn until_closed(c: &mut Client) -> (u16, Vec<Value>) {
    let mut got = Vec::new();
    while let Some(v) = c.try_recv().await {
        if v["type"] == "_close" {
            return (v["code"].as_u64().unwrap() as u16, got);
        }
        got.push(v);
    }
    (0, got)
}

/// A client that asks for a lot and reads nothing: its queue fills, what is queued is dropped and
/// the socket is closed with 1008, instead of the server holding every frame for it.
#[tokio::test]
async fn a_reader_that_falls_behind_is_closed_with_1008_and_its_queue_stays_bounded() {
    let limits = Limits {
        out_queue_messages: 1000,
        out_queue_bytes: 256 * 1024,
        write_timeout: Duration::from_secs(10),
        ..Limits::default()
    };
    let config = server::Config { rate_burst: 10_000.0, rate_per_sec: 10_000.0, limits, ..config() };
    let server = TestServer::start(config, &temp_db("slow-reader")).await;
    let mut c = Client::new(server.addr, "Sloth").await;
    // 600 pongs of 12 KB each (7 MB): more than the socket buffers and the queue hold together.
    let pad = "x".repeat(12 * 1024);
    for i in 0..600 {
        c.send_raw(Message::Text(json!({ "type": "ping", "id": format!("{i}:{pad}") }).to_string().into())).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (code, got) = until_closed(&mut c).await;
    let pongs = got.iter().filter(|v| v["type"] == "pong").count();
    assert_eq!(code, 1008, "closed for falling behind, after {pongs} pongs");
    assert!(pongs < 600, "what was queued past the limit was dropped");
    server.stop().await;
}

/// WebSocket pings cost the server a pong each: they count against the message rate like any
/// other frame.
#[tokio::test]
async fn a_ping_flood_is_refused_and_closed_with_1008() {
    let config = server::Config { rate_burst: 5.0, rate_per_sec: 0.001, ..config() };
    let server = TestServer::start(config, &temp_db("ping-flood")).await;
    let mut c = Client::new(server.addr, "Pinger").await;
    for _ in 0..60 {
        c.send_raw(Message::Ping(vec![1, 2, 3].into())).await;
    }
    c.send(json!({ "type": "ping", "id": "after" })).await;
    let (code, got) = until_closed(&mut c).await;
    assert!(!got.iter().any(|v| v["type"] == "pong"), "the flood used up the rate: {got:?}");
    assert!(got.iter().any(|v| v["code"] == "rate_limited"), "{got:?}");
    assert_eq!(code, 1008);
    server.stop().await;
}

/// Every table a socket follows sends it frames: one socket may follow only so many.
#[tokio::test]
async fn one_socket_may_follow_only_so_many_tables() {
    let limits = Limits { max_watched_tables: 2, ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("watch-cap")).await;
    let mut a = Client::new(server.addr, "Amal").await;
    let mut b = Client::new(server.addr, "Badr").await;
    let a1 = a.create("kout4", json!({})).await;
    let a2 = a.create("kout4", json!({})).await;
    let b1 = b.create("kout4", json!({})).await;
    // Amal's third table would be her socket's third: refused.
    a.send(json!({ "type": "create_table", "game": "kout4", "id": "third" })).await;
    let e = a.until(|v| v["id"] == "third").await;
    assert_eq!((e["type"].as_str(), e["code"].as_str()), (Some("error"), Some("bad_request")), "{e}");

    let mut s = Client::new(server.addr, "Spy").await;
    for (code, ok) in [(&a1, true), (&a2, true), (&b1, false), (&a1, true)] {
        s.send(json!({ "type": "spectate", "table": code, "id": code })).await;
        let v = s.until(|v| v["id"] == *code && (v["type"] == "table" || v["type"] == "error")).await;
        assert_eq!(v["type"] == "table", ok, "{code}: {v}");
    }
    server.stop().await;
}
