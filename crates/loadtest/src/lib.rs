//! The load-test client behind `majlis loadtest`: N concurrent kout6 tables of bot clients over real WebSockets against a
//! running server (a socket per person, each a guest who plays a random legal action after a
//! think time; optionally the server's own bots in the last seats of every table). Reports actions
//! per second, the latency from sending a person's action to receiving the event it caused,
//! errors, and the server's memory per table and its bot threads (from `GET /api/stats`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{Mutex, Semaphore};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::http::header::AUTHORIZATION;

/// Why the load test could not run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadTestError {
    /// The server did not answer `GET /api/stats`.
    #[error("GET /api/stats (is `majlis serve --public-metrics` running there?): {0}")]
    Unreachable(Box<LoadTestError>),
    /// A socket failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A WebSocket failed.
    #[error("WebSocket: {0}")]
    WebSocket(#[from] tokio_tungstenite::tungstenite::Error),
    /// The server sent something that is not JSON.
    #[error("not JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The server answered, but not as expected.
    #[error("{0}")]
    Server(String),
    /// The socket closed.
    #[error("socket closed")]
    Closed,
    /// A setup task failed.
    #[error("setup task: {0}")]
    Task(#[from] tokio::task::JoinError),
    /// The setup gate closed.
    #[error("setup gate: {0}")]
    Gate(#[from] tokio::sync::AcquireError),
}

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The servers, `HOST:PORT` each (an `http://` prefix is accepted): one, or the nodes of a
    /// cluster. Table `t`'s host connects to the `t`-th (round the list) and each of its other
    /// people to the next, so the people of one table sit on different nodes.
    pub addrs: Vec<String>,
    /// How many tables.
    pub tables: usize,
    /// How long to measure once every table is playing, in seconds.
    pub seconds: u64,
    /// The mean think time before each action, in milliseconds (each wait is drawn uniformly from
    /// half to one and a half times this).
    pub think_ms: u64,
    /// How many seats of every table the server's own bots take (the last ones); people take the
    /// rest (at least one: the host).
    pub bots_per_table: usize,
    /// Which bot takes them (`hard`, `strong:ms=500`, `heuristic`, ...).
    pub bot: String,
}

/// Latency percentiles in milliseconds.
#[derive(Clone, Debug, Serialize)]
pub struct Latency {
    /// Median.
    pub p50: f64,
    /// 90th percentile.
    pub p90: f64,
    /// 95th percentile.
    pub p95: f64,
    /// 99th percentile.
    pub p99: f64,
    /// 99.9th percentile.
    pub p999: f64,
    /// The slowest.
    pub max: f64,
}

/// What the load test measured.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Tables played.
    pub tables: usize,
    /// Sockets open.
    pub sockets: usize,
    /// Seconds to create every player, socket and table.
    pub setup_seconds: f64,
    /// Seconds measured.
    pub seconds: f64,
    /// The mean think time, milliseconds.
    pub think_ms: u64,
    /// Seats of each table the server's bots took.
    pub bots_per_table: usize,
    /// The bot in them, if any.
    pub bot: Option<String>,
    /// People's actions whose event came back while measuring.
    pub actions: u64,
    /// Actions per second.
    pub actions_per_sec: f64,
    /// Action sent → the event it caused received.
    pub latency_ms: Latency,
    /// Error messages and failed sockets.
    pub errors: u64,
    /// Matches finished while measuring.
    pub matches_finished: u64,
    /// The server's resident memory before the tables were made, bytes.
    pub server_rss_before: Option<u64>,
    /// The server's resident memory at the end, bytes.
    pub server_rss_after: Option<u64>,
    /// (after − before) / tables, bytes.
    pub server_bytes_per_table: Option<u64>,
    /// The server's bot threads at the end (`bot_threads` of `GET /api/stats`).
    pub server_bot_threads: Value,
}

#[derive(Default)]
struct Metrics {
    measuring: AtomicBool,
    actions: AtomicU64,
    errors: AtomicU64,
    finished: AtomicU64,
    latencies_us: Mutex<Vec<u32>>,
}

/// Runs the load test.
///
/// # Errors
/// The server cannot be reached or a table cannot be set up.
pub async fn run(options: Options) -> Result<Report, LoadTestError> {
    if options.bots_per_table >= SEATS {
        return Err(LoadTestError::Server(format!(
            "a kout6 table has {SEATS} seats and needs a person to host it: at most {} bots per table",
            SEATS - 1
        )));
    }
    let addrs: Arc<[String]> =
        options.addrs.iter().map(|a| a.trim_start_matches("http://").trim_end_matches('/').to_owned()).collect();
    if addrs.is_empty() {
        return Err(LoadTestError::Server("no server address".to_owned()));
    }
    let rss_before = rss_of(&addrs).await?;
    let metrics = Arc::new(Metrics::default());
    let setup_started = Instant::now();
    let gate = Arc::new(Semaphore::new(32));
    let mut setups = Vec::with_capacity(options.tables);
    for t in 0..options.tables {
        let (addrs, gate, metrics) = (addrs.clone(), gate.clone(), metrics.clone());
        let think = options.think_ms;
        let bots = (options.bots_per_table > 0).then(|| (options.bots_per_table, options.bot.clone()));
        setups.push(tokio::spawn(async move {
            let _permit = gate.acquire_owned().await?;
            start_table(&addrs, t, think, bots, metrics).await
        }));
    }
    let mut clients = Vec::new();
    for s in setups {
        clients.extend(s.await??);
    }
    let setup_seconds = setup_started.elapsed().as_secs_f64();
    eprintln!(
        "loadtest: {} tables, {} sockets ready in {setup_seconds:.1} s; measuring {} s",
        options.tables,
        clients.len(),
        options.seconds
    );
    // Let every table get going before measuring.
    tokio::time::sleep(Duration::from_millis(options.think_ms * 2)).await;
    metrics.latencies_us.lock().await.clear();
    metrics.actions.store(0, Ordering::Relaxed);
    metrics.errors.store(0, Ordering::Relaxed);
    metrics.finished.store(0, Ordering::Relaxed);
    metrics.measuring.store(true, Ordering::Relaxed);
    let measured = Instant::now();
    tokio::time::sleep(Duration::from_secs(options.seconds)).await;
    metrics.measuring.store(false, Ordering::Relaxed);
    let seconds = measured.elapsed().as_secs_f64();
    let after = stats(&addrs[0]).await.unwrap_or(Value::Null);
    let rss_after = rss_of(&addrs).await.ok().flatten();
    let sockets = clients.len();
    for c in &clients {
        c.abort();
    }
    let mut lat = std::mem::take(&mut *metrics.latencies_us.lock().await);
    lat.sort_unstable();
    let pct = |p: f64| -> f64 {
        if lat.is_empty() {
            return 0.0;
        }
        let i = ((lat.len() as f64 - 1.0) * p).round() as usize;
        f64::from(lat.get(i).copied().unwrap_or(0)) / 1000.0
    };
    let actions = metrics.actions.load(Ordering::Relaxed);
    let per_table = match (rss_before, rss_after) {
        (Some(b), Some(a)) if options.tables > 0 => Some(a.saturating_sub(b) / options.tables as u64),
        _ => None,
    };
    Ok(Report {
        tables: options.tables,
        sockets,
        setup_seconds,
        seconds,
        think_ms: options.think_ms,
        bots_per_table: options.bots_per_table,
        bot: (options.bots_per_table > 0).then_some(options.bot),
        actions,
        actions_per_sec: actions as f64 / seconds,
        latency_ms: Latency {
            p50: pct(0.5),
            p90: pct(0.9),
            p95: pct(0.95),
            p99: pct(0.99),
            p999: pct(0.999),
            max: pct(1.0),
        },
        errors: metrics.errors.load(Ordering::Relaxed),
        matches_finished: metrics.finished.load(Ordering::Relaxed),
        server_rss_before: rss_before,
        server_rss_after: rss_after,
        server_bytes_per_table: per_table,
        server_bot_threads: after["bot_threads"].clone(),
    })
}

/// Seats at a kout6 table.
const SEATS: usize = 6;

/// The resident memory of every server, summed (`None` when one does not say).
async fn rss_of(addrs: &[String]) -> Result<Option<u64>, LoadTestError> {
    let mut total = Some(0);
    for addr in addrs {
        let rss = stats(addr).await.map_err(|e| LoadTestError::Unreachable(Box::new(e)))?["rss_bytes"].as_u64();
        total = total.zip(rss).map(|(t, r)| t + r);
    }
    Ok(total)
}

async fn stats(addr: &str) -> Result<Value, LoadTestError> {
    let (status, body) = http(addr, "GET", "/api/stats", None).await?;
    if status != 200 {
        return Err(LoadTestError::Server(format!(
            "/api/stats answered {status} (the server serves it on its main address only with `--public-metrics`)"
        )));
    }
    Ok(body)
}

/// One HTTP/1.1 request with a JSON body; the status and the JSON answer.
async fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> Result<(u16, Value), LoadTestError> {
    let mut stream = TcpStream::connect(addr).await?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(req.as_bytes()).await?;
    let mut buf = Vec::new();
    stream.read_to_end(&mut buf).await?;
    let text = String::from_utf8_lossy(&buf);
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let json =
        text.split_once("\r\n\r\n").map(|(_, b)| b).and_then(|b| serde_json::from_str(b).ok()).unwrap_or(Value::Null);
    Ok((status, json))
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

async fn connect(addr: &str, name: &str) -> Result<Ws, LoadTestError> {
    let (status, body) = http(addr, "POST", "/api/players", Some(&json!({ "name": name }))).await?;
    if status != 200 {
        return Err(LoadTestError::Server(format!("POST /api/players answered {status}: {body}")));
    }
    let token = body["token"].as_str().ok_or_else(|| LoadTestError::Server("no token".to_owned()))?;
    // A small read buffer (the default is 128 KiB per socket): thousands of clients share the
    // server's machine.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(4 * 1024);
    // The token goes in the upgrade's `Authorization` header, never in the URL.
    let mut request = format!("ws://{addr}/ws").into_client_request()?;
    let bearer = HeaderValue::from_str(&format!("Bearer {token}"))
        .map_err(|_| LoadTestError::Server("the server gave a token that is not a header value".to_owned()))?;
    request.headers_mut().insert(AUTHORIZATION, bearer);
    let (ws, _) = tokio_tungstenite::connect_async_with_config(request, Some(config), false).await?;
    Ok(ws)
}

async fn next_json(ws: &mut Ws) -> Result<Value, LoadTestError> {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(t))) => return Ok(serde_json::from_str(&t)?),
            Some(Ok(Message::Close(_))) | None => return Err(LoadTestError::Closed),
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(e.into()),
        }
    }
}

async fn expect_type(ws: &mut Ws, kind: &str) -> Result<Value, LoadTestError> {
    loop {
        let v = next_json(ws).await?;
        if v["type"] == kind {
            return Ok(v);
        }
        if v["type"] == "error" {
            return Err(LoadTestError::Server(format!("server error: {v}")));
        }
    }
}

/// Creates table `t`: a guest per person, the host opens it, the others join, the server's bots
/// (`bots`: how many, which) take the last seats, the host starts; returns the people's client
/// tasks.
async fn start_table(
    addrs: &[String],
    t: usize,
    think_ms: u64,
    bots: Option<(usize, String)>,
    metrics: Arc<Metrics>,
) -> Result<Vec<tokio::task::JoinHandle<()>>, LoadTestError> {
    let people = SEATS - bots.as_ref().map_or(0, |(n, _)| *n);
    let mut sockets = Vec::with_capacity(people);
    for s in 0..people {
        let mut ws = connect(&addrs[(t + s) % addrs.len()], &format!("load{t}-{s}")).await?;
        expect_type(&mut ws, "welcome").await?;
        sockets.push(ws);
    }
    let host = sockets.first_mut().ok_or_else(|| LoadTestError::Server("no host".to_owned()))?;
    host.send(Message::Text(json!({ "type": "create_table", "game": "kout6", "turn_ms": 600000 }).to_string().into()))
        .await?;
    let table = expect_type(host, "table").await?;
    let code = table["table"]["code"].as_str().ok_or_else(|| LoadTestError::Server("no code".to_owned()))?.to_owned();
    // Each person names its seat: a join without one seats a friend on the host's team first,
    // and the clients (and the server's bots in the last seats) count on seat = join order.
    for (seat, ws) in sockets.iter_mut().enumerate().skip(1) {
        ws.send(Message::Text(json!({ "type": "join", "table": code, "seat": seat }).to_string().into())).await?;
        expect_type(ws, "table").await?;
    }
    let host = sockets.first_mut().ok_or_else(|| LoadTestError::Server("no host".to_owned()))?;
    if let Some((_, bot)) = &bots {
        host.send(Message::Text(json!({ "type": "fill_bots", "table": code, "bot": bot }).to_string().into())).await?;
        expect_type(host, "table").await?;
    }
    host.send(Message::Text(json!({ "type": "start", "table": code }).to_string().into())).await?;
    let mut tasks = Vec::with_capacity(people);
    for (seat, ws) in sockets.into_iter().enumerate() {
        let (code, metrics) = (code.clone(), metrics.clone());
        let seed = (t as u64) << 8 | seat as u64;
        tasks.push(tokio::spawn(async move {
            if play(ws, code, seat, seed, think_ms, &metrics).await.is_err() {
                metrics.errors.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    Ok(tasks)
}

/// A tiny generator for think times and choices (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1)
    }
}

async fn play(
    ws: Ws,
    code: String,
    seat: usize,
    seed: u64,
    think_ms: u64,
    metrics: &Metrics,
) -> Result<(), LoadTestError> {
    let (mut sink, mut stream) = ws.split();
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(u64, Message, bool)>();
    let sent_at = Arc::new(std::sync::Mutex::new(None::<Instant>));
    let stamp = sent_at.clone();
    // Writes happen after the think time, off the reading path, so reading never waits. The
    // clock of an action starts when its frame is handed to the socket.
    let writer = tokio::spawn(async move {
        while let Some((delay, msg, timed)) = rx.recv().await {
            tokio::time::sleep(Duration::from_millis(delay)).await;
            if timed {
                if let Ok(mut s) = stamp.lock() {
                    *s = Some(Instant::now());
                }
            }
            if sink.send(msg).await.is_err() {
                break;
            }
        }
    });
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut pending: Option<u64> = None;
    loop {
        let v = match stream.next().await {
            Some(Ok(Message::Text(t))) => serde_json::from_str::<Value>(&t)?,
            Some(Ok(Message::Close(_))) | None => break,
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(e.into()),
        };
        match v["type"].as_str() {
            Some("event") => {
                let version = v["version"].as_u64().unwrap_or(0);
                if let Some(after) = pending {
                    if v["seat"].as_u64() == Some(seat as u64) && version > after {
                        pending = None;
                        let sent = sent_at.lock().ok().and_then(|mut s| s.take());
                        if let (Some(sent), true) = (sent, metrics.measuring.load(Ordering::Relaxed)) {
                            let us = u32::try_from(sent.elapsed().as_micros()).unwrap_or(u32::MAX);
                            metrics.latencies_us.lock().await.push(us);
                            metrics.actions.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
                if v["finished"] == true {
                    continue;
                }
                let legal = v["legal"].as_array().map(Vec::as_slice).unwrap_or_default();
                if !legal.is_empty() && pending.is_none() {
                    let pick = legal.get(rng.below(legal.len() as u64) as usize).cloned().unwrap_or(Value::Null);
                    let delay = think_ms / 2 + rng.below(think_ms + 1);
                    let msg = json!({ "type": "act", "table": code, "action": pick, "version": version }).to_string();
                    pending = Some(version);
                    let _ = tx.send((delay, Message::Text(msg.into()), true));
                }
            }
            Some("table") if v["table"]["status"] == "finished" && seat == 0 => {
                if metrics.measuring.load(Ordering::Relaxed) {
                    metrics.finished.fetch_add(1, Ordering::Relaxed);
                }
                let msg = json!({ "type": "rematch", "table": code }).to_string();
                let _ = tx.send((think_ms, Message::Text(msg.into()), false));
            }
            Some("error") => {
                metrics.errors.fetch_add(1, Ordering::Relaxed);
                pending = None;
            }
            _ => {}
        }
    }
    writer.abort();
    Ok(())
}
