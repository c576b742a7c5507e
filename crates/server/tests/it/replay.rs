//! The replay endpoints over HTTP: a finished match's steps by id, and an uploaded record's.

#![allow(clippy::unwrap_used)]

use crate::common;

use common::{Client, TestServer, config, http, record, temp_db};
use game::Game;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn steps_per_record(record: &game::Record) -> usize {
    record.hands.iter().map(|h| 1 + h.actions.len()).sum()
}

#[tokio::test]
async fn a_finished_match_replays_by_id_and_the_same_record_replays_uploaded() {
    let server = TestServer::start(config(), &temp_db("replay")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kout4", json!({})).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    // While the match is under way its decks are secret: no replay yet.
    let live = sara.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    let live_id = live["table"]["game_id"].as_str().unwrap().to_owned();
    let (status, _) = http(server.addr, "GET", &format!("/api/games/{live_id}/replay"), None, None).await;
    assert_eq!(status, 404);

    let id = sara.play(&code, usize::MAX).await.unwrap();
    let rec = record(server.addr, &id).await;
    let (status, steps) = http(server.addr, "GET", &format!("/api/games/{id}/replay"), None, None).await;
    assert_eq!(status, 200, "{steps}");
    assert_eq!((&steps["game"], &steps["seats"]), (&json!("kout4"), &json!(4)));
    assert_eq!(steps["players"][0], "Sara");
    let list = steps["steps"].as_array().unwrap();
    assert_eq!(list.len(), steps_per_record(&rec));
    assert_eq!((&list[0]["text"], &list[0]["index"], &list[0]["seat"]), (&json!("deal"), &json!(-1), &Value::Null));
    let dealt: usize = list[0]["hands"].as_array().unwrap().iter().map(|h| h.as_array().unwrap().len()).sum();
    assert_eq!(dealt, rec.hands[0].deck.len(), "after the deal every card is in a hand: {}", list[0]);
    assert_eq!(list[1]["text"], json!(rec.hands[0].actions[0].text));
    let replayed = game::Match::<kout::Kout>::replay(&rec).unwrap();
    assert_eq!(list.last().unwrap()["score"], json!(replayed.game().score()));

    let text = serde_json::to_string(&rec).unwrap();
    let (status, uploaded) = http(server.addr, "POST", "/api/replay", Some(&text), None).await;
    assert_eq!(status, 200, "{uploaded}");
    assert_eq!(uploaded, steps);

    let (status, body) = http(server.addr, "GET", "/api/games/g_nosuchgame0/replay", None, None).await;
    assert_eq!((status, &body["error"]["code"]), (404, &json!("not_found")));
    server.stop().await;
}

#[tokio::test]
async fn bad_records_get_422_with_the_words_of_majlis_replay() {
    let server = TestServer::start(config(), &temp_db("replay-bad")).await;
    let (status, body) = http(server.addr, "POST", "/api/replay", Some("not a record"), None).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["error"]["kind"], "malformed");
    assert!(body["error"]["reason"].as_str().unwrap().contains("not valid JSON"), "{body}");

    // A dealt kout4 hand whose first action is out of turn.
    let mut rec = games::deal(game::GameKind::Kout4, 5, &game::Options::new()).unwrap();
    let dealer = rec.hands[0].dealer;
    rec.hands[0].actions.push(game::RecordedAction { seat: Some(dealer), text: "pass".to_owned() });
    let text = serde_json::to_string(&rec).unwrap();
    let expected = games::replay(&text, None).unwrap_err().to_json();
    let (status, body) = http(server.addr, "POST", "/api/replay", Some(&text), None).await;
    assert_eq!((status, &body), (422, &expected));
    assert_eq!(body["error"]["kind"], "illegal");

    // Records may be far larger than a WebSocket message (16 KiB), up to 2 MiB.
    let ok = games::deal(game::GameKind::Kout4, 5, &game::Options::new()).unwrap();
    let padded = format!("{}{}", serde_json::to_string(&ok).unwrap(), " ".repeat(100 * 1024));
    let (status, body) = http(server.addr, "POST", "/api/replay", Some(&padded), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["steps"].as_array().unwrap().len(), 1);

    // Past 2 MiB the body is refused.
    let stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let (mut reader, mut writer) = stream.into_split();
    let size = 2 * 1024 * 1024 + 1;
    let head =
        format!("POST /api/replay HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Length: {size}\r\n\r\n");
    // The server may answer before it has read it all; the writer's errors do not matter.
    let write = tokio::spawn(async move {
        let _ = writer.write_all(head.as_bytes()).await;
        let _ = writer.write_all(&vec![b' '; size]).await;
        writer
    });
    let mut buf = [0u8; 64];
    let n = tokio::time::timeout(common::WAIT, reader.read(&mut buf)).await.expect("an answer in time").unwrap();
    let answer = String::from_utf8_lossy(&buf[..n]).to_string();
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    write.abort();
    server.stop().await;
}
