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
    /// Log as JSON lines instead of text.
    #[arg(long)]
    json_logs: bool,
    /// An address the per-address limits (connections, new guests, guessed table codes) do not
    /// apply to: a reverse proxy on this machine that limits by itself, or a load test's client.
    /// Repeatable.
    #[arg(long = "addr-limit-exempt", value_name = "IP")]
    addr_limit_exempt: Vec<std::net::IpAddr>,
    /// Mark the session cookie `Secure` on every answer, for a server behind a TLS proxy that does
    /// not send `X-Forwarded-Proto: https` (with that header the cookie is `Secure` anyway).
    #[arg(long)]
    secure_cookies: bool,
    /// An external bot hosts may seat by NAME: a program that speaks the bot protocol
    /// (docs/bot-protocol.md), e.g. --bot wanderer="python3 examples/bots/random_bot.py".
    /// Repeatable. The command is split like a shell would, without running one.
    #[arg(long = "bot", value_name = "NAME=CMD", value_parser = parse_named_bot)]
    bots: Vec<server::botpool::NamedBot>,
    /// The time an external bot is given per decision, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    bot_ms: u64,
    /// The most external bot processes running at once over all tables; a match that would
    /// need more is refused (`busy`) until some end.
    #[arg(long, default_value_t = 32)]
    max_bot_processes: usize,
    /// The threads the built-in searching bots (`strong`, `hard`) think on, at a lower priority
    /// than the threads serving people, so no person's action waits behind a bot's search.
    /// Decisions queue for them in order (16 per thread at most; past that, and when a decision's
    /// clock runs out in the queue, the heuristic decides). Default: one per core.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    bot_threads: Option<u16>,
    /// The search budget per decision, in milliseconds, of the analyses of finished matches that
    /// replays show (made once per match on the bot threads and kept in the database), as
    /// `majlis analyze --ms`. Default: each game's (2000 in Kout Bo and Baloot, 100 in Kabul).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(1..=20_000))]
    analysis_ms: Option<u32>,
    /// Deal every table's cards (and make the bots' choices) from this seed instead of the
    /// operating system's randomness, so the deals can be foreseen: for tests (the browser tests
    /// reach a Kawesh hand by it), never for a server people play on.
    #[arg(long, hide = true)]
    seed: Option<u64>,
}

fn parse_named_bot(text: &str) -> Result<server::botpool::NamedBot, String> {
    server::botpool::NamedBot::parse(text).map_err(|e| e.to_string())
}

/// Runs `majlis serve` until Ctrl-C (or SIGTERM), then shuts down gracefully.
pub fn run(args: Args) -> ExitCode {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    if args.json_logs {
        builder.json().init();
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
    let mut config =
        server::Config { bot_delay: Duration::from_millis(args.bot_delay_ms), ..server::Config::default() };
    config.limits.addr_exempt = args.addr_limit_exempt;
    config.secure_cookies = args.secure_cookies;
    for bot in &args.bots {
        println!("majlis: bot {} = {}", bot.name(), bot.command());
    }
    config.bots = args.bots;
    config.bot_ms = args.bot_ms;
    config.max_bot_processes = args.max_bot_processes;
    config.bot_threads = args.bot_threads.map_or(0, usize::from);
    config.analysis_ms = args.analysis_ms;
    if let Some(seed) = args.seed {
        eprintln!("majlis serve: dealing from the fixed seed {seed}: every deal can be foreseen (tests only)");
        config.seed = Some(seed);
    }
    Ok(server::serve(listener, store, config, shutdown_signal()).await?)
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
