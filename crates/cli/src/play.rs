//! `majlis play`: a match against bots in the terminal, saved as a record at the end.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime};

use anyhow::Context;
use game::{GameKind, Options};
use serde_json::Value;
use tui::{AnyBot, Config};

use crate::options;

/// Arguments of `majlis play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// kout6, kout4, baloot or kabul.
    game: GameKind,
    /// Your seat, from 0 (Kout Bo 6: 0–5; Kout Bo 4 and Baloot: 0–3; Kabul: one of the players).
    #[arg(long, default_value_t = 0)]
    seat: usize,
    /// The bots in the other seats: a level (easy, medium, hard, expert), random, heuristic,
    /// heuristic:forget=P (Kabul memory), heuristic:slip=P (a random card that often), strong or strong:ms=N (the search bot and its time per
    /// decision: 400 ms in Kout Bo and Baloot, 100 in Kabul), or exec:COMMAND, a program that
    /// speaks the bot protocol (docs/bot-protocol.md).
    #[arg(long, default_value = "heuristic")]
    bots: AnyBot,
    /// The time an external bot is given per decision, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    bot_ms: u64,
    /// The seed of the deals (random if absent): the same seed and the same moves replay the
    /// same match.
    #[arg(long)]
    seed: Option<u64>,
    /// Rule options, e.g. `preset=saudi` (Baloot), `preset=saudi_full` (Baloot with every Saudi
    /// table call: doubling, ashkal, kawesh, sawa), `preset=saudi,sawa=true` (one call alone),
    /// `players=3,target_score=50` (Kabul), `play_out=true` (Kout Bo), or a JSON object.
    #[arg(long)]
    rules: Option<String>,
    /// Kabul: the number of players (2–6), the same as `--rules players=N`.
    #[arg(long)]
    players: Option<u8>,
    /// Where to save the record (default: the data directory, majlis/games/<time>-<game>.json).
    #[arg(long)]
    save: Option<PathBuf>,
    /// How long each bot move waits, in milliseconds, so you can follow.
    #[arg(long, default_value_t = 800)]
    delay_ms: u64,
    /// Kabul: how long a card you look at stays face up, in milliseconds.
    #[arg(long, default_value_t = 3000)]
    peek_ms: u64,
    /// Your name in the saved record.
    #[arg(long, default_value = "player")]
    name: String,
}

/// Runs `majlis play`: exit 0 once the match is saved, 2 for bad arguments or a terminal error.
pub fn run(args: Args) -> ExitCode {
    match play(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("majlis play: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn play(args: Args) -> anyhow::Result<()> {
    let mut rules: Options = match &args.rules {
        Some(text) => options::parse(text).context("--rules")?,
        None => Options::new(),
    };
    if let Some(p) = args.players {
        anyhow::ensure!(args.game == GameKind::Kabul, "--players is for kabul only; {} has a fixed table", args.game);
        rules.insert("players".to_owned(), Value::from(p));
    }
    let seed = args.seed.unwrap_or_else(options::random_seed);
    let config = Config {
        kind: args.game,
        seat: args.seat,
        bots: args.bots,
        bot_ms: args.bot_ms,
        seed,
        options: rules,
        name: args.name,
        delay: Duration::from_millis(args.delay_ms),
        peek: Duration::from_millis(args.peek_ms),
        color: !tui::no_color_requested(),
    };
    // Bad rules or seats are reported first, with or without a terminal.
    let mut screen = tui::new_screen(config, Instant::now()).map_err(anyhow::Error::msg)?;
    anyhow::ensure!(
        std::io::stdout().is_terminal() && std::io::stdin().is_terminal(),
        "majlis play needs a terminal (use majlis deal and majlis replay to work with records)"
    );
    let played = tui::run(screen.as_mut());
    // Whatever happened to the terminal, the match so far is saved.
    let path = match args.save {
        Some(p) => p,
        None => tui::default_save_path(args.game, SystemTime::now())
            .context("this platform has no data directory: give the file with --save")?,
    };
    tui::save(screen.record(), &path).with_context(|| format!("cannot save the match to {}", path.display()))?;
    played.context("the terminal failed")?;
    println!("{}", screen.summary());
    println!("Saved the match to {}", path.display());
    println!("Replay it with: majlis replay {}   (seed {seed})", path.display());
    Ok(())
}
