//! `majlis bench`: random-playout throughput of a game's engine on one thread (the work is
//! `bots::throughput`).

use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use bots::Playable;
use bots::throughput::{self, Throughput};
use game::{GameKind, Options};
use games::Visitor;
use serde_json::json;

/// Arguments of `majlis bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// kout6, kout4, baloot or kabul.
    #[arg(long)]
    game: GameKind,
    /// How long to play.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Rule options, as for `majlis deal --rules`.
    #[arg(long)]
    rules: Option<String>,
    /// The seed of the deals and moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print `{"game": G, "hands_per_second": X}`.
    #[arg(long)]
    json: bool,
}

/// Runs `majlis bench`.
pub fn run(args: Args) -> ExitCode {
    match bench_main(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("majlis bench: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn bench_main(args: &Args) -> anyhow::Result<()> {
    anyhow::ensure!(args.seconds.is_finite() && args.seconds >= 0.0, "--seconds must be a number of seconds");
    let options: Options = match &args.rules {
        Some(text) => crate::options::parse(text).context("--rules")?,
        None => Options::new(),
    };
    let budget = Duration::from_secs_f64(args.seconds.min(1e6));
    let run = Bench { options: &options, budget, seed: args.seed };
    let t = games::dispatch(args.game, run).map_err(anyhow::Error::msg)?;
    if args.json {
        crate::print_json(&json!({ "game": args.game.id(), "hands_per_second": t.hands_per_second() }));
    } else {
        println!(
            "{}: {:.0} hands per second ({} random hands in {:.2} s, one thread)",
            args.game.title(),
            t.hands_per_second(),
            t.hands,
            t.elapsed.as_secs_f64()
        );
    }
    Ok(())
}

struct Bench<'a> {
    options: &'a Options,
    budget: Duration,
    seed: u64,
}

impl Visitor for Bench<'_> {
    type Output = Result<Throughput, String>;

    fn visit<G: Playable>(self, kind: GameKind) -> Self::Output {
        throughput::random_hands::<G>(kind, self.options, self.budget, self.seed)
    }
}
