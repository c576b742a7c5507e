//! Shared helpers of the server tests: a server on 127.0.0.1:0, a tiny HTTP client, WebSocket
//! clients that keep every message they receive, and the leak check over a finished match.

#![allow(dead_code, clippy::unwrap_used)]

pub mod golden;

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use cards::CardSet;
use futures_util::{SinkExt, StreamExt};
use game::testing::cards_named_in;
use game::{Actor, Game, Match, Record, Seat};
use serde_json::{Value, json};
use server::{Config, Spawn, Store};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The games as the server plays them: the real engines and the bots crate's bots.
pub fn dispatch(kind: game::GameKind, spawn: Spawn) -> Result<(), server::TableError> {
    server::default_dispatch(kind, spawn)
}

/// Settings for tests: bots act at once, deals and bots fixed by a seed, the operators' routes on
/// the main address.
pub fn config() -> Config {
    Config {
        bot_delay: Duration::ZERO,
        seed: Some(7),
        dispatch,
        rate_burst: 200.0,
        rate_per_sec: 200.0,
        // The tests read `/metrics` and `/api/stats` on the one address they know.
        metrics_on_main: true,
        ..Config::default()
    }
}

/// How long any one wait of a test may take before the test fails (a message, a connection, an
/// HTTP answer): far beyond what a healthy server needs, so a failure is a failure, not a hang.
pub const WAIT: Duration = Duration::from_secs(30);

/// The most a whole test on a frozen clock may take, in real time.
pub const FROZEN_LIMIT: Duration = Duration::from_secs(60);

/// Runs a test on a frozen clock: tokio's clock is paused from the start and only moves when the
/// test calls `tokio::time::advance`.
///
/// A paused clock normally jumps to the next timer whenever the runtime has nothing to do, and
/// waiting for a socket or for the database's thread looks like nothing to do; a task that only
/// yields keeps the runtime busy, so the jumps never happen and the test decides every step.
/// Starting paused keeps the clock on whole milliseconds, where tokio's timers fire exactly.
///
/// Tokio's own timeouts cannot fire on a frozen clock, so the test runs on its own thread and a
/// real-time watchdog fails it after [`FROZEN_LIMIT`].
pub fn frozen<F, Fut>(body: F)
where
    F: FnOnce() -> Fut + Send + 'static,
    Fut: Future<Output = ()>,
{
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let thread = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().start_paused(true).build().unwrap();
        rt.block_on(async move {
            let spinner = tokio::spawn(async {
                loop {
                    tokio::task::yield_now().await;
                }
            });
            body().await;
            spinner.abort();
        });
        let _ = done_tx.send(());
    });
    match done_rx.recv_timeout(FROZEN_LIMIT) {
        Ok(()) => thread.join().unwrap(),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            if let Err(panic) = thread.join() {
                std::panic::resume_unwind(panic);
            }
        }
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            panic!("the test did not finish within {FROZEN_LIMIT:?} of real time")
        }
    }
}

/// Sends a ping and returns every message that came before the pong: a round trip through the
/// connection. The pong is answered by the connection itself, while table messages are answered
/// by their table's task, so an answer to a message sent just before may still come after the
/// pong: wait for an answer with [`Client::until`], and use this to clear the socket or to check
/// that nothing happened after time has been advanced.
pub async fn drain(c: &mut Client) -> Vec<Value> {
    c.send(json!({ "type": "ping", "id": "drain" })).await;
    let mut got = Vec::new();
    loop {
        let v = c.recv().await;
        if v["type"] == "pong" && v["id"] == "drain" {
            return got;
        }
        got.push(v);
    }
}

/// A fresh SQLite file under cargo's per-target scratch directory (`target/tmp`), so test runs
/// leave nothing in the system's temp dir.
pub fn temp_db(name: &str) -> String {
    let dir =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("majlis-server-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.db"));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
    }
    format!("sqlite:{}", path.display())
}

/// A server running in the current runtime.
pub struct TestServer {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<Result<(), server::ServeError>>,
}

impl TestServer {
    pub async fn start(config: Config, db: &str) -> TestServer {
        let store = Store::connect(db).await.expect("store");
        Self::start_with(config, store).await
    }

    pub async fn start_with(config: Config, store: Store) -> TestServer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(server::serve(listener, store, config, async {
            let _ = stopped.await;
        }));
        TestServer { addr, stop: Some(stop), task }
    }

    /// Graceful shutdown; waits for it.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the server stops in time")
            .expect("join")
            .expect("server ran");
    }
}

/// One HTTP/1.1 request; returns the status and the body as JSON (or as a string).
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&str>, token: Option<&str>) -> (u16, Value) {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.as_deref().map(|a| ("Authorization", a)).into_iter().collect();
    let answer = http_with(addr, method, path, body, &headers).await;
    (answer.status, answer.body)
}

/// An HTTP answer: status, headers (names in lower case) and body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Value,
}

impl Answer {
    /// The values of the headers named `name` (lower case).
    pub fn header_values(&self, name: &str) -> Vec<&str> {
        self.headers.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect()
    }
}

/// One HTTP/1.1 request with the given extra headers.
pub async fn http_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> Answer {
    let mut stream =
        tokio::time::timeout(WAIT, TcpStream::connect(addr)).await.expect("connect in time").expect("connect");
    let body = body.unwrap_or("");
    let extra: String = headers.iter().map(|(n, v)| format!("{n}: {v}\r\n")).collect();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(req.as_bytes()).await.expect("write");
    let mut buf = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut buf)).await.expect("no HTTP answer in time").expect("read");
    let text = String::from_utf8_lossy(&buf).to_string();
    let status: u16 = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("status");
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let headers: Vec<(String, String)> = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let chunked = headers.iter().any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let rest = if chunked { dechunk(rest) } else { rest.to_owned() };
    let body = serde_json::from_str(&rest).unwrap_or(Value::String(rest));
    Answer { status, headers, body }
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

/// The upgrade request to `/ws` with `token` in an `Authorization: Bearer` header.
pub fn ws_request(addr: SocketAddr, token: &str) -> tokio_tungstenite::tungstenite::handshake::client::Request {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
    request.headers_mut().insert("Authorization", format!("Bearer {token}").parse().unwrap());
    request
}

/// A WebSocket client that records every message it gets.
pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub token: String,
    pub id: String,
    pub name: String,
    pub seen: Vec<Value>,
}

impl Client {
    /// A new guest named `name`, connected.
    pub async fn new(addr: SocketAddr, name: &str) -> Client {
        let (status, body) = http(addr, "POST", "/api/players", Some(&json!({ "name": name }).to_string()), None).await;
        assert_eq!(status, 200, "{body}");
        let token = body["token"].as_str().expect("token").to_owned();
        Client::connect(addr, &token).await
    }

    /// Connects with an existing token (in the upgrade's `Authorization` header).
    pub async fn connect(addr: SocketAddr, token: &str) -> Client {
        let (ws, _) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(ws_request(addr, token)))
            .await
            .expect("ws connect in time")
            .expect("ws connect");
        let mut c = Client { ws, token: token.to_owned(), id: String::new(), name: String::new(), seen: Vec::new() };
        let welcome = c.recv().await;
        assert_eq!(welcome["type"], "welcome");
        c.id = welcome["player"]["id"].as_str().unwrap().to_owned();
        c.name = welcome["player"]["name"].as_str().unwrap().to_owned();
        c
    }

    pub async fn send(&mut self, v: Value) {
        tokio::time::timeout(WAIT, self.ws.send(Message::Text(v.to_string().into())))
            .await
            .expect("send in time")
            .expect("send");
    }

    pub async fn send_raw(&mut self, m: Message) {
        let _ = tokio::time::timeout(WAIT, self.ws.send(m)).await;
    }

    /// The next message (panics when none comes within [`WAIT`], or when the socket closes).
    pub async fn recv(&mut self) -> Value {
        self.try_recv().await.expect("socket closed")
    }

    /// The next message, or `None` when the socket closes (the close frame is kept as
    /// `{"type":"_close","code":N}`).
    ///
    /// The [`WAIT`] runs from the call, not from the last frame: the server pings every socket
    /// (every 30 s by default), and if each ping restarted the wait, a test waiting for a message
    /// that never comes would hang instead of failing.
    pub async fn try_recv(&mut self) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let msg = tokio::time::timeout_at(deadline, self.ws.next()).await.expect("no message in time")?;
            match msg {
                Ok(Message::Text(t)) => {
                    let v: Value = serde_json::from_str(&t).expect("server sends JSON");
                    if std::env::var_os("MAJLIS_TEST_TRACE").is_some() {
                        eprintln!("{} <- {}", self.name, t.chars().take(200).collect::<String>());
                    }
                    self.seen.push(v.clone());
                    return Some(v);
                }
                Ok(Message::Close(frame)) => {
                    let code = frame.map(|f| u16::from(f.code)).unwrap_or(0);
                    return Some(json!({ "type": "_close", "code": code }));
                }
                Ok(_) => {}
                Err(_) => return None,
            }
        }
    }

    /// Messages until one satisfies `pred`; returns it.
    pub async fn until(&mut self, mut pred: impl FnMut(&Value) -> bool) -> Value {
        loop {
            let v = self.recv().await;
            if pred(&v) {
                return v;
            }
        }
    }

    /// Creates a table and returns its code.
    pub async fn create(&mut self, game: &str, rules: Value) -> String {
        self.send(json!({ "type": "create_table", "game": game, "rules": rules, "public": true, "turn_ms": 600000, "id": "c" }))
            .await;
        let t = self.until(|v| v["type"] == "table" || v["type"] == "error").await;
        assert_eq!(t["type"], "table", "{t}");
        assert_eq!(t["id"], "c");
        t["table"]["code"].as_str().unwrap().to_owned()
    }

    /// Plays as a person who picks the first legal action (a snap window: pass) until the match
    /// is over; returns the match id. Stops early after `max_actions` of its own actions.
    pub async fn play(&mut self, code: &str, max_actions: usize) -> Option<String> {
        let mut done = 0;
        loop {
            let v = self.recv().await;
            if v["type"] == "table" && v["table"]["status"] == "finished" {
                return v["table"]["game_id"].as_str().map(str::to_owned);
            }
            if !(v["type"] == "event" || v["type"] == "sync") || v["table"] != code {
                continue;
            }
            let legal = v["legal"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                continue;
            }
            if done == max_actions {
                return None;
            }
            let window = legal.iter().any(|a| a.as_str().is_some_and(|s| s.starts_with("snap")));
            let pick = legal.iter().find(|a| window && *a == "pass").unwrap_or(&legal[0]);
            let pick = pick.clone();
            self.send(json!({ "type": "act", "table": code, "action": pick, "version": v["version"] })).await;
            done += 1;
        }
    }
}

/// Checks that no `event` or `sync` message a client got names a card hidden from its seat at
/// that moment (spectators: a card hidden from anyone), by replaying the finished record event by
/// event. Returns how many messages were checked.
pub fn check_no_leak<G: Game>(record: &Record, seen: &[Value], seat: Option<Seat>) -> usize {
    // (the hand dealt here, or the action played here)
    type Step = (Option<usize>, Option<(Option<Seat>, String)>);
    let mut events: Vec<Step> = Vec::new();
    for (h, hand) in record.hands.iter().enumerate() {
        events.push((Some(h), None));
        for a in &hand.actions {
            events.push((None, Some((a.seat, a.text.clone()))));
        }
    }
    let mut versions: Vec<u64> =
        seen.iter().filter(|v| v["type"] == "event").filter_map(|v| v["version"].as_u64()).collect();
    versions.sort_unstable();
    versions.dedup();
    assert_eq!(versions.len(), events.len(), "the client saw every deal and action as an event");
    let Some(&first) = versions.first() else { return 0 };
    let mut m =
        Match::<G>::new(record.game, record.rules.clone(), record.players.clone(), record.hands[0].dealer).unwrap();
    let mut hidden_at: Vec<CardSet> = Vec::new();
    for (hand, action) in &events {
        if let Some(h) = hand {
            let deal = m.game().deal_from_record(&record.hands[*h]).unwrap();
            m.deal(deal).unwrap();
        }
        if let Some((s, text)) = action {
            m.play_text(s.map_or(Actor::Clock, Actor::Seat), text).unwrap();
        }
        let hidden = match seat {
            Some(s) => m.game().hidden_from(s),
            None => Seat::all(m.game().seat_count()).fold(CardSet::EMPTY, |acc, s| acc | m.game().hidden_from(s)),
        };
        hidden_at.push(hidden);
    }
    let mut checked = 0;
    for v in seen.iter().filter(|v| v["type"] == "event" || v["type"] == "sync") {
        let version = v["version"].as_u64().unwrap();
        if version < first {
            continue;
        }
        let k = versions.iter().filter(|&&x| x <= version).count();
        let hidden = hidden_at[k - 1];
        let leaked = cards_named_in(v) & hidden;
        assert!(leaked.is_empty(), "seat {seat:?} was shown {leaked} at version {version}: {v}");
        checked += 1;
    }
    checked
}

/// The finished record of a match, over HTTP.
pub async fn record(addr: SocketAddr, game_id: &str) -> Record {
    let (status, body) = http(addr, "GET", &format!("/api/games/{game_id}/record"), None, None).await;
    assert_eq!(status, 200, "{body}");
    Record::from_value(&body).expect("a record")
}
