//! Operators' observability over real sockets: `GET /metrics` in the Prometheus text format
//! follows a match (tables, sockets, actions, latencies, the store), and `/healthz` and
//! `/readyz` tell a load balancer whether to send players here.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::net::SocketAddr;
use std::time::Duration;

use common::{Client, TestServer, WAIT, config, http, record, temp_db};
use serde_json::{Value, json};
use server::{Hub, Store};
use sqlx::{Connection, Executor, SqliteConnection};

/// One sample: the metric's name, its labels in order, its value.
#[derive(Debug)]
struct Sample {
    name: String,
    labels: Vec<(String, String)>,
    value: f64,
}

/// Parses the text format strictly enough to catch a malformed exposition: every line is a
/// comment (`# HELP`, `# TYPE`, `# UNIT`, the final `# EOF`) or `name{k="v",...} value` /
/// `name value`; names are `[a-zA-Z_:][a-zA-Z0-9_:]*` and values are numbers.
fn parse(text: &str) -> Vec<Sample> {
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"# EOF"), "the exposition ends with # EOF");
    let mut samples = Vec::new();
    for line in lines {
        if let Some(comment) = line.strip_prefix("# ") {
            let kind = comment.split_whitespace().next().unwrap_or_default();
            assert!(["HELP", "TYPE", "UNIT", "EOF"].contains(&kind), "unknown comment: {line}");
            continue;
        }
        let name_end = line.find(['{', ' ']).unwrap_or_else(|| panic!("no value: {line}"));
        let name = &line[..name_end];
        assert!(
            !name.is_empty()
                && !name.starts_with(|c: char| c.is_ascii_digit())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':'),
            "bad metric name in: {line}"
        );
        let mut rest = &line[name_end..];
        let mut labels = Vec::new();
        if let Some(inner) = rest.strip_prefix('{') {
            let close = inner.find("} ").unwrap_or_else(|| panic!("unclosed labels: {line}"));
            let body = &inner[..close];
            rest = &inner[close + 1..];
            let mut body = body;
            while !body.is_empty() {
                let (key, after) = body.split_once("=\"").unwrap_or_else(|| panic!("bad label in: {line}"));
                assert!(key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'), "bad label name in: {line}");
                let end = after.find('"').unwrap_or_else(|| panic!("unterminated label value: {line}"));
                labels.push((key.to_owned(), after[..end].to_owned()));
                body = after[end + 1..].strip_prefix(',').unwrap_or(&after[end + 1..]);
            }
        }
        let value = rest.trim();
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("bad value {value:?} in: {line}"));
        samples.push(Sample { name: name.to_owned(), labels, value });
    }
    samples
}

/// The value of the sample `name` with exactly `labels`; fails when there is none.
fn value(samples: &[Sample], name: &str, labels: &[(&str, &str)]) -> f64 {
    let found = samples.iter().find(|s| {
        s.name == name
            && s.labels.len() == labels.len()
            && labels.iter().all(|(k, v)| s.labels.iter().any(|(sk, sv)| sk == k && sv == v))
    });
    found.unwrap_or_else(|| panic!("no sample {name}{labels:?}")).value
}

/// The sum of every sample `name` whose labels include `labels`.
fn sum(samples: &[Sample], name: &str, labels: &[(&str, &str)]) -> f64 {
    samples
        .iter()
        .filter(|s| s.name == name && labels.iter().all(|(k, v)| s.labels.iter().any(|(sk, sv)| sk == k && sv == v)))
        .map(|s| s.value)
        .sum()
}

/// `GET /metrics` at `addr`, parsed.
async fn scrape(addr: SocketAddr) -> Vec<Sample> {
    let answer = common::http_with(addr, "GET", "/metrics", None, &[]).await;
    assert_eq!(answer.status, 200);
    let content_type = answer.header_values("content-type").join(",");
    assert!(content_type.starts_with("application/openmetrics-text"), "{content_type}");
    let Value::String(text) = answer.body else { panic!("/metrics is text, not JSON: {}", answer.body) };
    parse(&text)
}

/// Scrapes until the sample `name{labels}` equals `want` (gauges follow sockets and tables a
/// moment after the client sees them).
async fn until_value(addr: SocketAddr, name: &str, labels: &[(&str, &str)], want: f64) {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let got = value(&scrape(addr).await, name, labels);
        if got == want {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "{name}{labels:?} stayed {got}, not {want}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn metrics_follow_a_match_over_websockets() {
    let server = TestServer::start(config(), &temp_db("metrics-match")).await;
    let addr = server.addr;
    let fresh = scrape(addr).await;
    assert_eq!(value(&fresh, "majlis_connections", &[]), 0.0);
    assert_eq!(sum(&fresh, "majlis_tables", &[]), 0.0);
    assert_eq!(sum(&fresh, "majlis_actions_total", &[]), 0.0);
    // Every game's series is there from the start.
    assert_eq!(value(&fresh, "majlis_tables", &[("game", "baloot"), ("status", "lobby")]), 0.0);
    assert_eq!(value(&fresh, "majlis_action_latency_seconds_count", &[("game", "kabul")]), 0.0);
    assert!(value(&fresh, "majlis_resident_memory_bytes", &[]) > 0.0);
    assert!(value(&fresh, "majlis_bot_threads", &[]) >= 1.0);
    assert_eq!(value(&fresh, "majlis_bot_queue", &[]), 0.0);

    let mut sara = Client::new(addr, "Sara").await;
    until_value(addr, "majlis_connections", &[], 1.0).await;
    let code = sara.create("kout4", json!({})).await;
    until_value(addr, "majlis_tables", &[("game", "kout4"), ("status", "lobby")], 1.0).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    sara.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    until_value(addr, "majlis_tables", &[("game", "kout4"), ("status", "playing")], 1.0).await;
    assert_eq!(value(&scrape(addr).await, "majlis_tables", &[("game", "kout4"), ("status", "lobby")]), 0.0);

    // A message refused for bad input is counted by its code. The bots play on meanwhile, so
    // Sara skips nothing to wait for the refusal: when the bots reach her turn first, skipping
    // would lose it and the table would wait for her (ten minutes, her turn clock). Her socket
    // reads in order, so the refusal is sent before her next action is even read, and the match
    // cannot end without her actions.
    sara.send_raw(tokio_tungstenite::tungstenite::Message::Text("not json".into())).await;
    let game_id = sara.play(&code, usize::MAX).await.expect("the match finishes");
    let refused = sara.seen.iter().filter(|v| v["type"] == "error").collect::<Vec<_>>();
    assert!(matches!(refused[..], [e] if e["code"] == "bad_json"), "{refused:?}");
    let record = record(addr, &game_id).await;
    let actions: Vec<&game::RecordedAction> = record.hands.iter().flat_map(|h| &h.actions).collect();
    let by_sara = actions.iter().filter(|a| a.seat == Some(game::Seat::ZERO)).count() as f64;
    let by_bots = actions.iter().filter(|a| a.seat.is_some_and(|s| s != game::Seat::ZERO)).count() as f64;
    assert!(by_sara >= 8.0, "Sara played a whole hand at least: {by_sara}");

    let m = scrape(addr).await;
    let kout4 = ("game", "kout4");
    assert_eq!(value(&m, "majlis_actions_total", &[kout4, ("by", "player")]), by_sara);
    assert_eq!(value(&m, "majlis_actions_total", &[kout4, ("by", "bot")]), by_bots);
    assert_eq!(value(&m, "majlis_actions_total", &[kout4, ("by", "clock")]), 0.0);
    assert_eq!(sum(&m, "majlis_actions_total", &[]), actions.len() as f64);
    // One latency per person's action, within the histogram's buckets (cumulative, +Inf last).
    assert_eq!(value(&m, "majlis_action_latency_seconds_count", &[kout4]), by_sara);
    assert_eq!(value(&m, "majlis_action_latency_seconds_bucket", &[kout4, ("le", "+Inf")]), by_sara);
    let within_2_5s = value(&m, "majlis_action_latency_seconds_bucket", &[kout4, ("le", "2.5")]);
    assert_eq!(within_2_5s, by_sara, "every action of a test server takes under 2.5 s");
    let sum_s = value(&m, "majlis_action_latency_seconds_sum", &[kout4]);
    assert!(sum_s > 0.0 && sum_s < by_sara * 2.5, "{sum_s}");
    // Every action and deal was committed by the store's append, timed there.
    let appends = value(&m, "majlis_store_latency_seconds_count", &[("op", "append")]);
    assert!(appends >= 1.0 && appends <= (actions.len() + record.hands.len()) as f64, "{appends}");
    assert!(value(&m, "majlis_store_latency_seconds_count", &[("op", "save_table")]) >= 1.0);
    assert_eq!(sum(&m, "majlis_store_write_failures_total", &[]), 0.0);
    assert_eq!(value(&m, "majlis_refused_messages_total", &[("code", "bad_json")]), 1.0);
    assert_eq!(value(&m, "majlis_tables", &[kout4, ("status", "finished")]), 1.0);

    // Leaving the finished table closes it; closing the socket ends the connection.
    sara.send(json!({ "type": "leave", "table": code })).await;
    until_value(addr, "majlis_tables", &[kout4, ("status", "finished")], 0.0).await;
    assert_eq!(sum(&scrape(addr).await, "majlis_tables", &[]), 0.0);
    drop(sara);
    until_value(addr, "majlis_connections", &[], 0.0).await;
    server.stop().await;
}

#[tokio::test]
async fn healthz_and_readyz_answer_while_the_server_runs() {
    let server = TestServer::start(config(), &temp_db("metrics-health")).await;
    for path in ["/healthz", "/readyz"] {
        let (status, body) = http(server.addr, "GET", path, None, None).await;
        assert_eq!((status, body), (200, json!({ "ok": true })), "{path}");
    }
    // The older routes are as they were.
    let (status, body) = http(server.addr, "GET", "/api/ready", None, None).await;
    assert_eq!((status, body), (200, json!({ "ok": true, "store": "ok" })));
    server.stop().await;
}

/// How long the store waits on a locked database before a write fails.
const BUSY: Duration = Duration::from_millis(200);

#[tokio::test]
async fn readyz_is_503_and_failures_are_counted_while_the_store_refuses_writes() {
    let db = temp_db("metrics-refusing");
    let store = Store::connect_with(&db, Duration::from_secs(30), BUSY).await.unwrap();
    let server = TestServer::start_with(config(), store).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kout4", json!({})).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    let turn = sara
        .until(|v| {
            (v["type"] == "event" || v["type"] == "sync") && v["legal"].as_array().is_some_and(|l| !l.is_empty())
        })
        .await;
    let (status, _) = http(server.addr, "GET", "/readyz", None, None).await;
    assert_eq!(status, 200);

    // Another process holds the database's write lock: Sara's action is not stored.
    let mut held = SqliteConnection::connect(&db).await.unwrap();
    held.execute("BEGIN EXCLUSIVE").await.unwrap();
    let action = turn["legal"][0].clone();
    sara.send(json!({ "type": "act", "table": code, "action": action, "version": turn["version"], "id": 1 })).await;
    let e = sara.until(|v| v["type"] == "error" || v["type"] == "event").await;
    assert_eq!(e["code"], "unavailable", "{e}");

    let (status, body) = http(server.addr, "GET", "/readyz", None, None).await;
    assert_eq!((status, &body["ok"]), (503, &json!(false)), "{body}");
    assert!(body["reason"].as_str().unwrap().starts_with("store failing"), "{body}");
    // Still alive, though: a restart would not help.
    let (status, _) = http(server.addr, "GET", "/healthz", None, None).await;
    assert_eq!(status, 200);
    let m = scrape(server.addr).await;
    assert!(value(&m, "majlis_store_write_failures_total", &[("op", "append")]) >= 1.0);
    assert_eq!(value(&m, "majlis_refused_messages_total", &[("code", "unavailable")]), 1.0);
    assert_eq!(value(&m, "majlis_actions_total", &[("game", "kout4"), ("by", "player")]), 0.0);
    assert_eq!(value(&m, "majlis_action_latency_seconds_count", &[("game", "kout4")]), 0.0);

    held.close().await.unwrap();
    server.stop().await;
}

#[tokio::test]
async fn readyz_is_503_while_the_server_shuts_down() {
    use tower::ServiceExt;
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let hub = Hub::new(store, config(), stopping).unwrap();
    let app = server::router(hub);
    let get = |path: &'static str| axum::http::Request::get(path).body(axum::body::Body::empty()).unwrap();
    let answer = app.clone().oneshot(get("/readyz")).await.unwrap();
    assert_eq!(answer.status(), 200);

    stop.send(true).unwrap();
    let answer = app.clone().oneshot(get("/readyz")).await.unwrap();
    assert_eq!(answer.status(), 503);
    let body = axum::body::to_bytes(answer.into_body(), 4096).await.unwrap();
    let body: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(body, json!({ "ok": false, "reason": "shutting down" }));
    // The process still answers.
    let answer = app.oneshot(get("/healthz")).await.unwrap();
    assert_eq!(answer.status(), 200);
}

#[tokio::test]
async fn metrics_on_an_address_of_their_own_are_not_on_the_main_one() {
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let main = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let ops = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let (main_addr, ops_addr) = (main.local_addr().unwrap(), ops.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(server::serve_with_metrics(main, Some(ops), store, config(), async {
        let _ = stopped.await;
    }));
    let m = scrape(ops_addr).await;
    assert_eq!(value(&m, "majlis_connections", &[]), 0.0);
    for path in ["/metrics", "/api/stats"] {
        let (status, _) = http(main_addr, "GET", path, None, None).await;
        assert_eq!(status, 404, "{path} is not served to players");
        let (status, _) = http(ops_addr, "GET", path, None, None).await;
        assert_eq!(status, 200, "{path} is served to operators");
    }
    for addr in [main_addr, ops_addr] {
        let (status, _) = http(addr, "GET", "/readyz", None, None).await;
        assert_eq!(status, 200);
    }
    let _ = stop.send(());
    tokio::time::timeout(WAIT, task).await.unwrap().unwrap().unwrap();
}

/// `/metrics` and `/api/stats` tell anyone how busy the server is and what it runs on: by
/// default they are not on the main address at all (an operator serves them on an address of
/// their own, or asks for them there with `public_metrics`); the health checks are. (Before: on
/// the main address by default.)
#[tokio::test]
async fn metrics_and_stats_are_not_on_the_main_address_by_default() {
    let defaults = server::Config { seed: Some(7), dispatch: common::dispatch, ..server::Config::default() };
    let server = TestServer::start(defaults.clone(), &temp_db("metrics-default")).await;
    for (path, want) in
        [("/metrics", 404), ("/api/stats", 404), ("/api/health", 200), ("/healthz", 200), ("/readyz", 200)]
    {
        let (status, _) = http(server.addr, "GET", path, None, None).await;
        assert_eq!(status, want, "{path}");
    }
    server.stop().await;
    let asked = server::Config { metrics_on_main: true, ..defaults };
    let server = TestServer::start(asked, &temp_db("metrics-asked")).await;
    for path in ["/metrics", "/api/stats"] {
        let (status, _) = http(server.addr, "GET", path, None, None).await;
        assert_eq!(status, 200, "{path}");
    }
    server.stop().await;
}

/// A database that lacks one of the server's tables (dropped by hand, a half-restored backup)
/// is not healthy: the health checks answer 503 naming the table, and the server does not start
/// on it. (Before: `{"ok": true}` until the first chat line failed.)
#[tokio::test]
async fn a_missing_table_is_unhealthy_and_named() {
    let db = temp_db("missing-table");
    let store = Store::connect(&db).await.unwrap();
    let mut c = SqliteConnection::connect(&db).await.unwrap();
    c.execute("DROP TABLE chat").await.unwrap();
    c.close().await.unwrap();
    let server = TestServer::start_with(config(), store).await;
    for path in ["/api/health", "/readyz"] {
        let (status, body) = http(server.addr, "GET", path, None, None).await;
        assert_eq!(status, 503, "{path}: {body}");
        assert!(body.to_string().contains("chat"), "{path} names the missing table: {body}");
    }
    server.stop().await;
    let again = Store::connect(&db).await.map(|_| ()).map_err(|e| e.to_string());
    assert!(again.as_ref().is_err_and(|e| e.contains("chat")), "the server does not start on it: {again:?}");
}

#[test]
fn the_parser_refuses_malformed_lines() {
    let good = "# HELP a An a.\n# TYPE a counter\na_total{x=\"1\",y=\"b\"} 3\nb 2.5\n# EOF";
    let samples = parse(good);
    assert_eq!(value(&samples, "a_total", &[("x", "1"), ("y", "b")]), 3.0);
    assert_eq!(value(&samples, "b", &[]), 2.5);
    for bad in ["a{x=\"1\"} nope\n# EOF", "9a 1\n# EOF", "a 1\n", "a{x=1} 1\n# EOF", "// a 1\n# EOF"] {
        assert!(std::panic::catch_unwind(|| parse(bad)).is_err(), "{bad:?} was accepted");
    }
}
