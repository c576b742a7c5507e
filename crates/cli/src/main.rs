//! `majlis`: the command line of Majlis.
//!
//! `majlis replay FILE [--seat N]` checks and scores a game record; `majlis deal GAME --seed N`
//! prints a fresh record to start a match from; `majlis analyze FILE` marks its decisions. See the
//! README for the other commands.

use std::io::Read;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use game::{GameKind, Options, RecordError};
use serde_json::Value;

mod analyze;
mod arena;
mod bench;
mod loadtest;
mod options;
mod play;
mod serve;
mod verify;

/// Gulf majlis card games: Kout Bo, Baloot and Kabul.
#[derive(Parser, Debug)]
#[command(name = "majlis", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Replay a game record: check every action and print the result as JSON.
    ///
    /// Exit 0 for a valid record (finished or not); exit 2 with {"error": {...}} for a malformed
    /// record or an illegal action.
    Replay {
        /// The record file (`-` for standard input).
        file: String,
        /// Print only what this seat may see.
        #[arg(long)]
        seat: Option<usize>,
    },
    /// Analyse a record: every decision valued by the strong bot from the deciding seat's
    /// knowledge, marked good, inaccuracy, mistake or blunder, with the better action; each hand's
    /// double-dummy par.
    ///
    /// Exit 0 with the report; exit 2 with a message for an unreadable or malformed record.
    Analyze(analyze::Args),
    /// Print a fresh record: a shuffled deck for the first hand and no actions.
    Deal {
        /// kout6, kout4, baloot or kabul.
        game: GameKind,
        /// The seed of the shuffle (and of the first dealer); random if absent.
        #[arg(long)]
        seed: Option<u64>,
        /// Kabul: the number of players (2–6).
        #[arg(long)]
        players: Option<u8>,
        /// Rule options, e.g. `preset=saudi,must_overtrump=false` or a JSON object.
        #[arg(long)]
        rules: Option<String>,
    },
    /// Play a match in the terminal against bots.
    Play(play::Args),
    /// Run the multiplayer server with the browser client.
    Serve(serve::Args),
    /// Check the fair-deal commitments of a record.
    Verify(verify::Args),
    /// Load-test a running server with many tables of bot clients over WebSockets.
    Loadtest(loadtest::Args),
    /// Play bots against each other in duplicate format and measure them.
    Arena(arena::Args),
    /// Measure random-playout throughput of a game's engine.
    Bench(bench::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay { file, seat } => replay(&file, seat),
        Command::Deal { game, seed, players, rules } => match deal(game, seed, players, rules.as_deref()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("majlis deal: {e:#}");
                ExitCode::from(2)
            }
        },
        Command::Analyze(args) => analyze::run(args),
        Command::Play(args) => play::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Loadtest(args) => loadtest::run(args),
        Command::Arena(args) => arena::run(args),
        Command::Bench(args) => bench::run(args),
    }
}

fn print_json(value: &Value) {
    println!("{}", serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string()));
}

fn replay(file: &str, seat: Option<usize>) -> ExitCode {
    let text = if file == "-" {
        let mut buf = String::new();
        std::io::stdin().read_to_string(&mut buf).map(|_| buf)
    } else {
        std::fs::read_to_string(file)
    };
    let result = text
        .map_err(|e| RecordError::malformed(format!("cannot read {file}: {e}")))
        .and_then(|text| games::replay(&text, seat));
    match result {
        Ok(report) => {
            print_json(&report);
            ExitCode::SUCCESS
        }
        Err(e) => {
            print_json(&e.to_json());
            ExitCode::from(2)
        }
    }
}

fn deal(kind: GameKind, seed: Option<u64>, players: Option<u8>, rules: Option<&str>) -> anyhow::Result<()> {
    let mut options: Options = match rules {
        Some(text) => options::parse(text).context("--rules")?,
        None => Options::new(),
    };
    if let Some(p) = players {
        anyhow::ensure!(kind == GameKind::Kabul, "--players is for kabul only; {kind} has a fixed table");
        options.insert("players".to_owned(), Value::from(p));
    }
    let seed = seed.unwrap_or_else(options::random_seed);
    let record = games::deal(kind, seed, &options).map_err(anyhow::Error::msg)?;
    println!("{}", record.to_json_pretty());
    Ok(())
}
