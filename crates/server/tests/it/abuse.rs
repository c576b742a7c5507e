//! The server under a hostile or careless client, over real sockets: every limit that protects
//! the server's memory, descriptors and cores holds, and is hit in milliseconds because the tests
//! shrink it (`server::limits::Limits`).

#![allow(clippy::unwrap_used)]

use crate::common;

use std::time::Duration;

use common::{Client, TestServer, config, http, temp_db};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use server::Store;
use server::limits::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
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

/// Whether the server closes `stream` within `within` (reads to its end; what it says first, a
/// 408 or nothing, does not matter).
async fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let mut buf = Vec::new();
    matches!(tokio::time::timeout(within, stream.read_to_end(&mut buf)).await, Ok(Ok(_)) | Ok(Err(_)))
}

/// Connections that never finish their headers (or never send any) are closed after the header
/// deadline, and the server goes on answering.
#[tokio::test]
async fn unfinished_requests_are_closed_after_the_header_deadline() {
    let limits = Limits { header_read_timeout: Duration::from_millis(300), ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("slowloris")).await;
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    let mut partial = TcpStream::connect(server.addr).await.unwrap();
    partial.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ").await.unwrap();
    assert!(closed_within(&mut partial, Duration::from_secs(3)).await, "half a request is closed");
    assert!(closed_within(&mut silent, Duration::from_secs(3)).await, "a silent connection is closed");
    let (status, _) = http(server.addr, "GET", "/api/health", None, None).await;
    assert_eq!(status, 200);
    server.stop().await;
}

/// One address may hold only so many connections; past that a new one is closed at once, and
/// a place comes back when a connection closes.
#[tokio::test]
async fn too_many_connections_from_one_address_are_refused() {
    let limits = Limits { max_conns_per_addr: 3, ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("per-addr")).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(server.addr).await.unwrap());
    }
    let mut extra = TcpStream::connect(server.addr).await.unwrap();
    assert!(closed_within(&mut extra, Duration::from_secs(3)).await, "the fourth is closed");
    for h in &mut held {
        assert!(!closed_within(h, Duration::from_millis(50)).await, "the first three stay open");
    }
    held.clear();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, _) = http(server.addr, "GET", "/api/health", None, None).await;
    assert_eq!(status, 200, "places come back");
    server.stop().await;
}

/// One player may have only so many sockets open.
#[tokio::test]
async fn too_many_sockets_of_one_player_are_refused() {
    let limits = Limits { max_conns_per_player: 2, ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("per-player")).await;
    let first = Client::new(server.addr, "Many").await;
    let _second = Client::connect(server.addr, &first.token).await;
    let third = tokio_tungstenite::connect_async(common::ws_request(server.addr, &first.token)).await;
    match third {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => assert_eq!(res.status(), 429),
        other => panic!("the third socket is refused with 429: {other:?}"),
    }
    drop(first);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let _again = Client::connect(server.addr, &_second.token).await;
    server.stop().await;
}

/// The server pings every socket; one that answers nothing (here: a client that reads nothing,
/// so its WebSocket library never answers the pings) is closed, while one that reads stays.
#[tokio::test]
async fn idle_sockets_are_closed_and_live_ones_kept() {
    let limits = Limits {
        ws_ping_interval: Duration::from_millis(100),
        ws_idle_timeout: Duration::from_millis(350),
        ..Limits::default()
    };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("idle")).await;
    let mut idle = Client::new(server.addr, "Idle").await;
    let mut live = Client::new(server.addr, "Live").await;
    // `live` reads (and so answers pings) for a second; `idle` reads nothing.
    let _ = tokio::time::timeout(Duration::from_secs(1), live.try_recv()).await;
    live.send(json!({ "type": "ping", "id": "still" })).await;
    assert_eq!(live.until(|v| v["type"] == "pong").await["id"], "still");
    let (code, _) = until_closed(&mut idle).await;
    assert_eq!(code, 1001);
    server.stop().await;
}

/// Every socket is a descriptor: the server raises its open-files limit to what the system allows.
#[tokio::test]
async fn the_open_files_limit_is_raised_at_start() {
    let (_, hard) = rlimit::Resource::NOFILE.get().unwrap();
    let low = hard.min(1024);
    rlimit::Resource::NOFILE.set(low, hard).unwrap();
    let server = TestServer::start(config(), &temp_db("nofile")).await;
    let (status, _) = http(server.addr, "GET", "/api/health", None, None).await;
    assert_eq!(status, 200);
    assert_eq!(rlimit::Resource::NOFILE.get().unwrap().0, hard);
    server.stop().await;
}

/// Every answer carries a Content-Security-Policy that allows only the server's own files.
#[tokio::test]
async fn answers_carry_a_content_security_policy() {
    let server = TestServer::start(config(), &temp_db("csp")).await;
    for path in ["/", "/api/health"] {
        let mut s = TcpStream::connect(server.addr).await.unwrap();
        s.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes()).await.unwrap();
        let mut buf = Vec::new();
        s.read_to_end(&mut buf).await.unwrap();
        let head = String::from_utf8_lossy(&buf).to_ascii_lowercase();
        let csp = head.lines().find(|l| l.starts_with("content-security-policy:")).unwrap_or_default().to_owned();
        assert!(csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"), "{path}: {csp:?}");
    }
    server.stop().await;
}

/// One address may create only so many guests; an exempt address (a reverse proxy, a load test)
/// is not limited. (Before: 1,700 guests a second from one address.)
#[tokio::test]
async fn guest_creation_is_limited_per_address() {
    let limits = Limits { guest_burst: 3, guests_per_minute: 1, ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("guests")).await;
    let body = json!({ "name": "Many" }).to_string();
    for _ in 0..3 {
        let (status, answer) = http(server.addr, "POST", "/api/players", Some(&body), None).await;
        assert_eq!(status, 200, "{answer}");
    }
    let (status, answer) = http(server.addr, "POST", "/api/players", Some(&body), None).await;
    assert_eq!((status, answer["error"]["code"].as_str()), (429, Some("rate_limited")), "{answer}");
    server.stop().await;

    let exempt = Limits {
        guest_burst: 3,
        guests_per_minute: 1,
        addr_exempt: vec!["127.0.0.1".parse().unwrap()],
        ..Limits::default()
    };
    let server = TestServer::start(server::Config { limits: exempt, ..config() }, &temp_db("guests-exempt")).await;
    for _ in 0..6 {
        let (status, answer) = http(server.addr, "POST", "/api/players", Some(&body), None).await;
        assert_eq!(status, 200, "{answer}");
    }
    server.stop().await;
}

/// Guessing table codes from many sockets (and many guests) of one address shares one budget:
/// past it the guessing socket is closed with 1008. (Before: each socket had its own ten.)
#[tokio::test]
async fn code_guesses_share_one_budget_per_address() {
    let limits = Limits { guess_burst: 4, guesses_per_minute: 1, ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("guesses")).await;
    let mut answers = Vec::new();
    for round in 0..3 {
        let mut c = Client::new(server.addr, &format!("Guess{round}")).await;
        for i in 0..2 {
            c.send(json!({ "type": "spectate", "table": format!("ZZZZZZZZZZ{round}{i}") })).await;
        }
        let (code, got) =
            tokio::time::timeout(Duration::from_secs(1), until_closed(&mut c)).await.unwrap_or((0, vec![]));
        answers.push((code, got));
    }
    // The first two sockets spend the budget of four; the third is refused and closed.
    assert_eq!(answers[0].0, 0, "the first socket stays open: {:?}", answers[0]);
    assert_eq!(answers[1].0, 0, "the second too: {:?}", answers[1]);
    assert_eq!(answers[2].0, 1008, "the third is closed: {:?}", answers[2]);
    assert!(answers[2].1.iter().any(|v| v["code"] == "rate_limited"), "{:?}", answers[2].1);
    server.stop().await;
}

/// A frame past the socket layer's limit closes the socket with 1009 ("message too big"), not
/// with no code at all.
#[tokio::test]
async fn an_oversize_frame_is_closed_with_1009() {
    let server = TestServer::start(config(), &temp_db("1009")).await;
    let mut c = Client::new(server.addr, "Big").await;
    let huge = "x".repeat(server::limits::MAX_FRAME_BYTES + 1);
    let _ = c.ws.send(Message::Text(huge.into())).await;
    let (code, _) = until_closed(&mut c).await;
    assert_eq!(code, 1009);
    server.stop().await;
}

/// The token may come in an `Authorization` header or in the socket's first message, so it need
/// not be in the URL; a first message that is not a valid `auth` is refused and closed.
#[tokio::test]
async fn the_token_may_come_in_a_header_or_the_first_message() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let server = TestServer::start(config(), &temp_db("ws-auth")).await;
    let me = Client::new(server.addr, "Token").await;
    let url = format!("ws://{}/ws", server.addr);

    let mut request = url.as_str().into_client_request().unwrap();
    request.headers_mut().insert("Authorization", format!("Bearer {}", me.token).parse().unwrap());
    let (mut ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let welcome: Value = match ws.next().await.unwrap().unwrap() {
        Message::Text(t) => serde_json::from_str(&t).unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!((welcome["type"].as_str(), welcome["player"]["id"].as_str()), (Some("welcome"), Some(me.id.as_str())));

    let (mut ws, _) = tokio_tungstenite::connect_async(url.as_str()).await.unwrap();
    ws.send(Message::Text(json!({ "type": "auth", "token": me.token }).to_string().into())).await.unwrap();
    let welcome: Value = match ws.next().await.unwrap().unwrap() {
        Message::Text(t) => serde_json::from_str(&t).unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!((welcome["type"].as_str(), welcome["player"]["id"].as_str()), (Some("welcome"), Some(me.id.as_str())));

    for first in [json!({ "type": "auth", "token": "t_wrong" }), json!({ "type": "ping" })] {
        let (mut ws, _) = tokio_tungstenite::connect_async(url.as_str()).await.unwrap();
        ws.send(Message::Text(first.to_string().into())).await.unwrap();
        let error: Value = match ws.next().await.unwrap().unwrap() {
            Message::Text(t) => serde_json::from_str(&t).unwrap(),
            other => panic!("{other:?}"),
        };
        assert_eq!(error["code"], "unauthorized", "{first}: {error}");
        match ws.next().await {
            Some(Ok(Message::Close(Some(frame)))) => assert_eq!(u16::from(frame.code), 1008),
            other => panic!("closed with 1008 after {first}: {other:?}"),
        }
    }
    server.stop().await;
}

/// A private table's code is its only lock: no public answer names it — not the profiles of the
/// people who played there, not a finished match's chat or record, not the lobby.
#[tokio::test]
async fn a_private_tables_code_is_in_no_public_answer() {
    let server = TestServer::start(config(), &temp_db("private-code")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    sara.send(json!({ "type": "create_table", "game": "kout4", "public": false, "turn_ms": 600000, "id": "c" })).await;
    let t = sara.until(|v| v["type"] == "table" || v["type"] == "error").await;
    assert_eq!(t["type"], "table", "{t}");
    let code = t["table"]["code"].as_str().unwrap().to_owned();
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    let game_id = sara.play(&code, usize::MAX).await.expect("the match finishes");
    let paths = [
        format!("/api/players/{}", sara.id),
        format!("/api/games/{game_id}/chat"),
        format!("/api/games/{game_id}/record"),
        "/api/tables".to_owned(),
    ];
    for path in paths {
        let (status, body) = http(server.addr, "GET", &path, None, None).await;
        assert_eq!(status, 200, "{path}: {body}");
        assert!(!body.to_string().contains(&code), "{path} names the private table {code}: {body}");
    }
    server.stop().await;
}

/// Issue 32, finding 5: behind a trusted proxy the per-address limits count the address the
/// proxy saw (the last `X-Forwarded-For` entry); an IPv6 client counts by its /64 (one
/// subscriber's network), an IPv4 client by its whole address. From anyone else the header is
/// ignored.
#[tokio::test]
async fn per_address_limits_count_an_ipv6_64_as_one_address() {
    let limits = Limits {
        guest_burst: 2,
        guests_per_minute: 1,
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        ..Limits::default()
    };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("guests-v6")).await;
    let body = json!({ "name": "Many" }).to_string();
    let from = |forwarded: &'static str| {
        let body = body.clone();
        let addr = server.addr;
        async move {
            let answer =
                common::http_with(addr, "POST", "/api/players", Some(&body), &[("X-Forwarded-For", forwarded)]).await;
            answer.status
        }
    };
    // Two addresses of one /64 share its budget; a third of them is refused.
    assert_eq!(from("2001:db8:1:2::1").await, 200);
    assert_eq!(from("2001:db8:1:2::ff").await, 200);
    assert_eq!(from("2001:db8:1:2:abcd::9").await, 429);
    // Another /64 has its own.
    assert_eq!(from("2001:db8:1:3::1").await, 200);
    // IPv4 by the whole address; of a chain, the last entry is the one the proxy saw.
    assert_eq!(from("192.0.2.1").await, 200);
    assert_eq!(from("192.0.2.1").await, 200);
    assert_eq!(from("192.0.2.1").await, 429);
    assert_eq!(from("192.0.2.1, 198.51.100.7").await, 200);
    server.stop().await;

    // Not from a trusted proxy: the header is anyone's to send, and is not read.
    let limits = Limits { guest_burst: 2, guests_per_minute: 1, ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("guests-untrusted")).await;
    let body = json!({ "name": "Many" }).to_string();
    let mut statuses = Vec::new();
    for forwarded in ["192.0.2.1", "192.0.2.2", "192.0.2.3"] {
        let answer =
            common::http_with(server.addr, "POST", "/api/players", Some(&body), &[("X-Forwarded-For", forwarded)])
                .await;
        statuses.push(answer.status);
    }
    assert_eq!(statuses, [200, 200, 429]);
    server.stop().await;
}

/// Issue 32, finding 7 (text): a letter may carry at most two combining marks in chat too
/// (Arabic's shadda with a vowel, a Vietnamese letter); a tower of marks is refused, not said.
#[tokio::test]
async fn chat_refuses_stacked_combining_marks() {
    let server = TestServer::start(config(), &temp_db("chat-marks")).await;
    let mut c = Client::new(server.addr, "Marks").await;
    let code = c.create("kout4", json!({})).await;
    let tower = format!("a{}", "\u{0301}".repeat(199));
    c.send(json!({ "type": "chat", "table": code, "text": tower, "id": "tower" })).await;
    let e = c.until(|v| v["id"] == "tower" || v["type"] == "chat").await;
    assert_eq!((e["type"].as_str(), e["code"].as_str()), (Some("error"), Some("bad_request")), "{e}");
    assert!(e["message"].as_str().unwrap().contains("marks"), "in words: {e}");
    c.send(json!({ "type": "chat", "table": code, "text": "مُحَمَّد Việt", "id": "fine" })).await;
    let said = c.until(|v| v["type"] == "chat" || v["id"] == "fine").await;
    assert_eq!(said["type"], "chat", "{said}");
    server.stop().await;
}

/// Spends the guess budget: `n` codes that name no table, each answered `no_table`.
async fn guess(c: &mut Client, n: usize) {
    for i in 0..n {
        c.send(json!({ "type": "spectate", "table": format!("ZZZZZZZZZZ{i:02}"), "id": i })).await;
        let v = c.until(|v| v["id"] == i).await;
        assert_eq!(v["code"], "no_table", "{v}");
    }
}

/// Asks to spectate `code` on `c` and returns the answer (a `table` frame or an error).
async fn spectate(c: &mut Client, code: &str) -> Value {
    c.send(json!({ "type": "spectate", "table": code, "id": "look" })).await;
    c.until(|v| v["id"] == "look" && (v["type"] == "table" || v["type"] == "error")).await
}

/// Once an address's (or a player's) budget of unknown codes is spent, even a real code is not
/// looked up for it until the budget fills again, and a new socket does not start a new budget:
/// the refusal comes before the lookup, so guessing cannot go on one socket per guess. (Before:
/// a new socket looked a real code up at once, and each guess only closed its own socket.)
#[tokio::test]
async fn a_spent_guess_budget_refuses_even_a_real_code_on_a_new_socket() {
    let limits = Limits { guess_burst: 3, guesses_per_minute: 1, ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("guess-before")).await;
    let mut host = Client::new(server.addr, "Host").await;
    let code = host.create("kout4", json!({})).await;
    let mut guesser = Client::new(server.addr, "Guesser").await;
    guess(&mut guesser, 3).await;
    // Another guest of the same address, on a socket of its own, asks for the real table.
    let mut other = Client::new(server.addr, "Other").await;
    let v = spectate(&mut other, &code).await;
    assert_eq!((v["type"].as_str(), v["code"].as_str()), (Some("error"), Some("rate_limited")), "{v}");
    assert_eq!(until_closed(&mut other).await.0, 1008);
    // The host's own socket still reaches its table: it follows it already.
    host.send(json!({ "type": "chat", "table": code, "text": "still here", "id": "mine" })).await;
    let v = host.until(|v| v["type"] == "chat" || v["id"] == "mine").await;
    assert_eq!(v["type"], "chat", "{v}");
    server.stop().await;

    // Per player, wherever they come from: an exempt address leaves only the player's budget.
    let limits = Limits {
        guess_burst: 3,
        guesses_per_minute: 1,
        addr_exempt: vec!["127.0.0.1".parse().unwrap()],
        ..Limits::default()
    };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("guess-player")).await;
    let mut host = Client::new(server.addr, "Host").await;
    let code = host.create("kout4", json!({})).await;
    let mut guesser = Client::new(server.addr, "Guesser").await;
    guess(&mut guesser, 3).await;
    let mut again = Client::connect(server.addr, &guesser.token).await;
    let v = spectate(&mut again, &code).await;
    assert_eq!(v["code"], "rate_limited", "the guesser's new socket: {v}");
    let mut other = Client::new(server.addr, "Other").await;
    let v = spectate(&mut other, &code).await;
    assert_eq!(v["type"], "table", "another player of the exempt address: {v}");
    server.stop().await;
}

/// The chat rate is the player's, over all their sockets and tables: a second socket does not
/// bring a second budget. (Before: each socket had its own, so 16 sockets said 16 times as much.)
#[tokio::test]
async fn the_chat_rate_is_per_player_across_sockets_and_tables() {
    let limits = Limits { chat_burst: 2, chat_every: Duration::from_secs(3600), ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("chat-player")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kout4", json!({})).await;
    for i in 0..2 {
        sara.send(json!({ "type": "chat", "table": code, "text": format!("hello {i}"), "id": i })).await;
        let v = sara.until(|v| v["type"] == "chat" || v["type"] == "error").await;
        assert_eq!(v["type"], "chat", "{v}");
    }
    let mut second = Client::connect(server.addr, &sara.token).await;
    let other_table = second.create("kout4", json!({})).await;
    second.send(json!({ "type": "chat", "table": other_table, "text": "and here", "id": "more" })).await;
    let v = second.until(|v| v["type"] == "chat" || v["type"] == "error").await;
    assert_eq!((v["type"].as_str(), v["code"].as_str()), (Some("error"), Some("rate_limited")), "{v}");
    // Another player still talks.
    let mut noura = Client::new(server.addr, "Noura").await;
    let hers = noura.create("kout4", json!({})).await;
    noura.send(json!({ "type": "chat", "table": hers, "text": "hi" })).await;
    assert_eq!(noura.until(|v| v["type"] == "chat" || v["type"] == "error").await["type"], "chat");
    server.stop().await;
}

/// `POST /api/replay` replays a whole match and answers many times the record's size: one
/// address may ask only so often, an exempt one without limit. (Before: no limit at all.)
#[tokio::test]
async fn replay_uploads_are_limited_per_address() {
    let record = json!({ "game": "kout4", "hands": [] }).to_string();
    let limits = Limits { replay_burst: 2, replays_per_minute: 1, ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("replay-rate")).await;
    for _ in 0..2 {
        let (status, answer) = http(server.addr, "POST", "/api/replay", Some(&record), None).await;
        assert_eq!(status, 200, "{answer}");
    }
    let (status, answer) = http(server.addr, "POST", "/api/replay", Some(&record), None).await;
    assert_eq!((status, answer["error"]["code"].as_str()), (429, Some("rate_limited")), "{answer}");
    server.stop().await;

    let exempt = Limits {
        replay_burst: 2,
        replays_per_minute: 1,
        addr_exempt: vec!["127.0.0.1".parse().unwrap()],
        ..Limits::default()
    };
    let server = TestServer::start(server::Config { limits: exempt, ..config() }, &temp_db("replay-exempt")).await;
    for _ in 0..4 {
        let (status, answer) = http(server.addr, "POST", "/api/replay", Some(&record), None).await;
        assert_eq!(status, 200, "{answer}");
    }
    server.stop().await;
}

/// A full disk is the store's trouble, not a bug: a write endpoint answers 503 `store_full`
/// (try again later), never 500. The disk fills here because the SQLite file is capped at the
/// size it has. (Before: 500 `internal`.)
#[tokio::test]
async fn a_full_disk_answers_503_store_full() {
    use sqlx::{Connection, SqliteConnection};
    let db = temp_db("disk-full");
    Store::connect(&db).await.unwrap().close().await;
    let mut c = SqliteConnection::connect(&db).await.unwrap();
    let (pages,): (i64,) = sqlx::query_as("PRAGMA page_count").fetch_one(&mut c).await.unwrap();
    c.close().await.unwrap();
    let store = Store::connect_sqlite_capped(&db, u32::try_from(pages).unwrap()).await.unwrap();
    let limits = Limits { addr_exempt: vec!["127.0.0.1".parse().unwrap()], ..Limits::default() };
    let server = TestServer::start_with(server::Config { limits, ..config() }, store).await;
    let mut refused = None;
    for i in 0..2000 {
        let body = json!({ "name": format!("Guest{i}") }).to_string();
        let (status, answer) = http(server.addr, "POST", "/api/players", Some(&body), None).await;
        if status != 200 {
            refused = Some((status, answer));
            break;
        }
    }
    let (status, answer) = refused.expect("the capped file fills");
    assert_eq!((status, answer["error"]["code"].as_str()), (503, Some("store_full")), "{answer}");
    server.stop().await;
}
