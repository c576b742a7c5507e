//! `majlis loadtest`: many kout6 tables of bot clients (and, optionally, the server's own bots)
//! against a running `majlis serve`.

use std::process::ExitCode;

/// Arguments of `majlis loadtest`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The server's address (`127.0.0.1:8080` or `http://127.0.0.1:8080`).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// How many tables (six sockets each).
    #[arg(long, default_value_t = 100)]
    tables: usize,
    /// How long to measure, in seconds (after every table has started).
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// A client's think time before each action, in milliseconds (a person's pace).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// How many seats of every table (the last ones) the server's own bots take; people (load
    /// test clients, whose actions are timed) take the rest.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=5))]
    bots_per_table: u8,
    /// The bot in those seats: `hard` (the strong bot, which thinks on the server's bot threads),
    /// `strong:ms=N`, `medium`, `random`, ...
    #[arg(long, default_value = "hard")]
    bot: String,
}

/// Runs the load test and prints its report as JSON.
pub fn run(args: Args) -> ExitCode {
    let options = ::loadtest::Options {
        addr: args.addr,
        tables: args.tables,
        seconds: args.seconds,
        think_ms: args.think_ms,
        bots_per_table: usize::from(args.bots_per_table),
        bot: args.bot,
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("majlis loadtest: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(::loadtest::run(options)) {
        Ok(report) => {
            println!("{}", serde_json::to_string_pretty(&report).unwrap_or_default());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("majlis loadtest: {e:#}");
            ExitCode::from(1)
        }
    }
}
