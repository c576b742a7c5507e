//! `majlis serve`: the multiplayer server with the browser client.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `majlis serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080", env = "MAJLIS_ADDR")]
    addr: SocketAddr,
    /// The database: `sqlite:PATH` (created on first start) or `postgres://USER:PASS@HOST/DB`.
    #[arg(long, default_value = "sqlite:majlis.db", env = "MAJLIS_DB")]
    db: String,
    /// How long bots pause before acting, in milliseconds.
    #[arg(long, default_value_t = 700)]
    bot_delay_ms: u64,
    /// How long the table waits for a person who dropped before a bot plays for them, in
    /// milliseconds; a match whose people have all been gone four times as long stops.
    #[arg(long, value_name = "MS", default_value_t = 15_000, value_parser = clap::value_parser!(u64).range(100..=3_600_000))]
    disconnect_grace_ms: u64,
    /// The log's format on standard error: `text` for people, `json` for a log pipeline (one
    /// JSON object per line: timestamp, level, target, message and the event's fields, such as
    /// `table`, `match_id`, `player_id`). The level is set by `RUST_LOG` (default `info`).
    #[arg(long, value_enum, default_value_t = LogFormat::Text, env = "MAJLIS_LOG_FORMAT")]
    log_format: LogFormat,
    /// The same as `--log-format json` (kept for existing scripts).
    #[arg(long, hide = true)]
    json_logs: bool,
    /// Serve `GET /metrics`, `/api/stats`, `/healthz` and `/readyz` on this address of their own
    /// (e.g. 127.0.0.1:9090, for a Prometheus on this machine or a private network). Without it,
    /// and without `--public-metrics`, `/metrics` and `/api/stats` are not served at all
    /// (docs/operations.md).
    #[arg(long, value_name = "ADDR", env = "MAJLIS_METRICS_ADDR")]
    metrics_addr: Option<SocketAddr>,
    /// Serve `GET /metrics` and `/api/stats` on `--addr`, to whoever reaches it: for a server on a
    /// private network, a load test, or behind a proxy that keeps them from the public.
    #[arg(long, env = "MAJLIS_PUBLIC_METRICS", conflicts_with = "metrics_addr")]
    public_metrics: bool,
    /// An address the per-address limits (connections, new guests, guessed table codes) do not
    /// apply to: a reverse proxy on this machine that limits by itself, or a load test's client.
    /// Repeatable.
    #[arg(long = "addr-limit-exempt", value_name = "IP")]
    addr_limit_exempt: Vec<std::net::IpAddr>,
    /// A reverse proxy whose `X-Forwarded-For` is believed: its requests count against the
    /// per-address limits of the address it forwards (the header's last entry; an IPv6 client by
    /// its /64), and its own connections are not counted. Repeatable.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxy: Vec<std::net::IpAddr>,
    /// Mark the session cookie `Secure` on every answer, for a server behind a TLS proxy that does
    /// not send `X-Forwarded-Proto: https` (with that header the cookie is `Secure` anyway).
    #[arg(long)]
    secure_cookies: bool,
    /// An external bot hosts may seat by NAME: a program that speaks the bot protocol
    /// (docs/bot-protocol.md), e.g. --bot wanderer="python3 examples/bots/random_bot.py".
    /// Repeatable. The command is split like a shell would, without running one.
    #[arg(long = "bot", value_name = "NAME=CMD", value_parser = parse_named_bot)]
    bots: Vec<server::runners::NamedBot>,
    /// The time an external bot is given per decision, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    bot_ms: u64,
    /// The most external bot processes running at once over all tables; a match that would
    /// need more is refused (`busy`) until some end.
    #[arg(long, default_value_t = 32)]
    max_bot_processes: usize,
    /// The most external bot processes the tables one player hosts may run at once, so no one
    /// holds the whole pool. Default: a quarter of --max-bot-processes (at least 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    bot_share: Option<u32>,
    /// Seconds a match may wait on a person before its external bots' processes end and give
    /// their places back (they start again when their seat is to decide).
    #[arg(long, value_name = "SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    bot_idle_s: u64,
    /// The threads the built-in searching bots (`strong`, `hard`, `expert`) think on, at a lower
    /// priority than the threads serving people, so no person's action waits behind a bot's search.
    /// Decisions queue for them in order (16 per thread at most; past that, and when a decision's
    /// clock runs out in the queue, the heuristic decides). Default: one per core.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    bot_threads: Option<u16>,
    /// The search budget per decision, in milliseconds, of the analyses of finished matches that
    /// replays show (made once per match on the bot threads and kept in the database), as
    /// `majlis analyze --ms`. Default: each game's (2000 in Kout Bo and Baloot, 100 in Kabul).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(1..=20_000))]
    analysis_ms: Option<u32>,
    /// Chat messages one socket may send at once before `--chat-every-ms` applies; past it a
    /// message is refused with `rate_limited`. Default 3.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    chat_burst: Option<u32>,
    /// One more chat message is allowed per this many milliseconds in the long run. Default 2000.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    chat_every_ms: Option<u64>,
    /// How long, in seconds, a tournament match waits for its players: then bots play for
    /// anyone still missing, and their team loses the match.
    #[arg(long, value_name = "S", default_value_t = 120, value_parser = clap::value_parser!(u64).range(1..=3600))]
    tournament_grace_s: u64,
    /// A tournament the server holds on its own timetable, repeatable:
    /// `GAME FORMAT at=HH:MM [rounds=N] [hands=N] [target=N] [rated]` (UTC; `at=*:MM` every
    /// hour), e.g. `--schedule "kout4 swiss at=20:00 rounds=3"`. The next start always has its
    /// tournament, open for registration.
    #[arg(long, value_name = "ENTRY", value_parser = server::tournament::Schedule::parse)]
    schedule: Vec<server::tournament::Schedule>,
    /// Deal every table's cards (and make the bots' choices) from this seed instead of the
    /// operating system's randomness, so the deals can be foreseen: for tests (the browser tests
    /// reach a Kawesh hand by it), never for a server people play on.
    #[arg(long, hide = true)]
    seed: Option<u64>,
    /// Hold the daily deal on this day (`YYYY-MM-DD`, noon UTC) instead of the real date: for
    /// tests that must not see the day change under them, never for a server people play on.
    #[arg(long, hide = true, value_parser = parse_day)]
    daily_day: Option<server::daily::Day>,
    /// Run as one node of several: the NATS server the nodes talk through, e.g.
    /// `nats://127.0.0.1:4222`. Needs `--db postgres://...` (the nodes share it) and `--node`.
    /// See docs/deploy.md.
    #[arg(long, value_name = "URL", env = "MAJLIS_NATS", requires = "node")]
    nats: Option<String>,
    /// This node's name, unique among the nodes (with `--nats`).
    #[arg(long, value_name = "NAME", env = "MAJLIS_NODE", requires = "nats",
          value_parser = parse_node_name)]
    node: Option<String>,
    /// How long a node's hold on its tables lasts unless renewed, in milliseconds: a node that
    /// dies has its tables taken over by the others after this (with `--nats`). Default 5000.
    #[arg(long, value_name = "MS", default_value_t = 5000,
          value_parser = clap::value_parser!(u64).range(300..=600_000))]
    lease_ms: u64,
}

/// A node name: letters, digits, `-` and `_` (it names NATS subjects).
fn parse_node_name(s: &str) -> Result<String, String> {
    if !s.is_empty() && s.len() <= 64 && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        Ok(s.to_owned())
    } else {
        Err("a node name is 1 to 64 letters, digits, '-' or '_'".to_owned())
    }
}

/// How `majlis serve` writes its log.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// Lines for people.
    Text,
    /// One JSON object per line.
    Json,
}

fn parse_named_bot(text: &str) -> Result<server::runners::NamedBot, String> {
    server::runners::NamedBot::parse(text).map_err(|e| e.to_string())
}

/// Runs `majlis serve` until Ctrl-C (or SIGTERM), then shuts down gracefully.
pub fn run(args: Args) -> ExitCode {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    // Colours only for a terminal: a log file or a pipeline gets plain text.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(ansi);
    if args.json_logs || args.log_format == LogFormat::Json {
        // The event's fields beside its message at the top level, so a pipeline reads
        // `table` or `player_id` without knowing the nesting.
        builder.json().flatten_event(true).init();
    } else {
        builder.init();
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("majlis serve: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(serve(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("majlis serve: {e:#}");
            ExitCode::from(1)
        }
    }
}

async fn serve(args: Args) -> anyhow::Result<()> {
    use anyhow::Context;
    let store = server::Store::connect(&args.db).await.with_context(|| format!("opening the database {}", args.db))?;
    let listener =
        tokio::net::TcpListener::bind(args.addr).await.with_context(|| format!("listening on {}", args.addr))?;
    println!("majlis: serving on http://{} (database {})", listener.local_addr()?, args.db);
    let metrics = match args.metrics_addr {
        Some(addr) => {
            let metrics = tokio::net::TcpListener::bind(addr)
                .await
                .with_context(|| format!("listening on {addr} for metrics"))?;
            println!("majlis: metrics and health checks on http://{}/metrics", metrics.local_addr()?);
            Some(metrics)
        }
        None => None,
    };
    let mut config =
        server::Config { bot_delay: Duration::from_millis(args.bot_delay_ms), ..server::Config::default() };
    config.disconnect_grace = Duration::from_millis(args.disconnect_grace_ms);
    config.limits.addr_exempt = args.addr_limit_exempt;
    config.limits.trusted_proxies = args.trusted_proxy;
    if let Some(burst) = args.chat_burst {
        config.limits.chat_burst = burst;
    }
    if let Some(ms) = args.chat_every_ms {
        config.limits.chat_every = Duration::from_millis(ms);
    }
    config.secure_cookies = args.secure_cookies;
    config.metrics_on_main = args.public_metrics;
    for bot in &args.bots {
        println!("majlis: bot {} = {}", bot.name(), bot.command());
    }
    config.bots = args.bots;
    config.bot_ms = args.bot_ms;
    config.max_bot_processes = args.max_bot_processes;
    config.bot_share = args.bot_share.map_or(0, |n| n as usize);
    config.bot_idle = Duration::from_secs(args.bot_idle_s);
    config.bot_threads = args.bot_threads.map_or(0, usize::from);
    config.analysis_ms = args.analysis_ms;
    config.tournament_grace = Duration::from_secs(args.tournament_grace_s);
    config.schedule = args.schedule;
    if let (Some(nats), Some(node)) = (args.nats, args.node) {
        config.cluster = Some(server::ClusterConfig { nats, node, lease: Duration::from_millis(args.lease_ms) });
    }
    if let Some(day) = args.daily_day {
        eprintln!("majlis serve: the daily deal stays on {day} (tests only)");
        let _ = FIXED_DAY.set(day);
        config.wall_clock = fixed_day_clock;
    }
    if let Some(seed) = args.seed {
        eprintln!("majlis serve: dealing from the fixed seed {seed}: every deal can be foreseen (tests only)");
        config.seed = Some(seed);
    }
    Ok(server::serve_with_metrics(listener, metrics, store, config, shutdown_signal()).await?)
}

/// The day `--daily-day` holds the daily deal on.
static FIXED_DAY: std::sync::OnceLock<server::daily::Day> = std::sync::OnceLock::new();

/// Noon of the `--daily-day` day, as the daily deal's wall clock.
fn fixed_day_clock() -> i64 {
    FIXED_DAY.get().map_or_else(server::store::unix_ms, |day| day.opens_ms() + 43_200_000)
}

fn parse_day(text: &str) -> Result<server::daily::Day, String> {
    server::daily::Day::parse(text).ok_or_else(|| format!("\"{text}\" is not a day (YYYY-MM-DD)"))
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
