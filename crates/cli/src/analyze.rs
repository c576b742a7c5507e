//! `majlis analyze`: every decision of a record valued by the strong bot's search from the deciding
//! seat's knowledge, marked, with the better action; each hand's double-dummy par. The work itself
//! is `games::analysis`.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Read};
use std::process::ExitCode;

use anyhow::Context;
use games::analysis::{Analysis, AnalyzeOptions, Mark, analyze, default_ms};
use indicatif::{ProgressBar, ProgressStyle};

/// Arguments of `majlis analyze`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Covered: every card play, bid and call of Kout Bo and Baloot (Kout Bo's trump, \
    Baloot's doubling, Gahwa, Ashkal, Kawesh) and every Kabul turn decision with a choice. Not marked: a \
    Baloot Sawa, Kabul's snaps, and forced plays. Values: Kout Bo's cards, the chance of making (or \
    breaking) the bid; Baloot, and Kout Bo's bids and trump, the hand's expected points for the seat's team \
    less the other's (calls on deals played out by the heuristic); Kabul, minus the expected round score \
    difference. Marks by the loss against the best: a chance 0.05 / 0.15 / 0.30 (inaccuracy / mistake / \
    blunder), points 2 / 5 / 10.")]
pub struct Args {
    /// The record file (`-` for standard input).
    record: String,
    /// Analyse only this seat's decisions (from 0, as `majlis replay --seat`).
    #[arg(long)]
    seat: Option<usize>,
    /// The strong bot's budget per decision in milliseconds, counted in search steps (the same
    /// analysis on any machine); default 2000 in Kout Bo and Baloot, 100 in Kabul.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60_000))]
    ms: Option<u32>,
    /// The seed of the searches.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print the whole analysis as JSON.
    #[arg(long)]
    json: bool,
    /// List every decision, the good ones too.
    #[arg(long)]
    all: bool,
}

/// Runs `majlis analyze`.
pub fn run(args: Args) -> ExitCode {
    match analyze_main(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("majlis analyze: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn analyze_main(args: &Args) -> anyhow::Result<()> {
    let text = if args.record == "-" {
        let mut buf = String::new();
        std::io::stdin().read_to_string(&mut buf).context("cannot read standard input")?;
        buf
    } else {
        std::fs::read_to_string(&args.record).with_context(|| format!("cannot read {}", args.record))?
    };
    let record = game::Record::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", args.record))?;
    let ms = args.ms.unwrap_or_else(|| default_ms(record.game));
    let opts = AnalyzeOptions { seat: args.seat, ms, seed: args.seed };
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template("{spinner} analysing [{bar:40}] {pos}/{len} decisions, {elapsed} (eta {eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar
    });
    let mut progress = |done: usize, total: usize| {
        if let Some(bar) = &bar {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
    };
    let analysis = analyze(&record, &opts, &mut progress).map_err(|e| anyhow::anyhow!("{}: {e}", args.record))?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&analysis).context("cannot write JSON")?);
    } else {
        print!("{}", text_report(&analysis, args.all));
    }
    Ok(())
}

fn mark_name(mark: Mark) -> &'static str {
    match mark {
        Mark::Good => "good",
        Mark::Inaccuracy => "inaccuracy",
        Mark::Mistake => "mistake",
        Mark::Blunder => "blunder",
    }
}

/// A value in `unit`, for people.
fn value(unit: bots::Unit, v: f64) -> String {
    match unit {
        bots::Unit::Chance => format!("{:.0}%", v * 100.0),
        bots::Unit::GamePoints | bots::Unit::RoundScore => format!("{v:.1}"),
    }
}

/// The text report: per hand the par line and the marked decisions; then the marks per seat.
fn text_report(analysis: &Analysis, all: bool) -> String {
    let unit = match analysis.unit {
        bots::Unit::Chance => {
            "chance of making (or breaking) the bid (bids and trump: points, own team less the other)"
        }
        bots::Unit::GamePoints => "game points, own team less the other",
        bots::Unit::RoundScore => "round score difference, negated",
    };
    let mut out = format!("{}: values are the {unit}; {} ms per decision\n", analysis.game, analysis.ms);
    let mut counts: BTreeMap<usize, [usize; 4]> = BTreeMap::new();
    for hand in &analysis.hands {
        out.push_str(&format!("hand {}", hand.hand));
        match &hand.par {
            Some(p) => {
                let actual = p.actual.map_or_else(|| "not finished".to_owned(), |a| format!("{a}"));
                let measure = p.measure.replace('_', " ");
                out.push_str(&format!(
                    ": par {} {measure} for team {} with every card seen, played {actual}\n",
                    p.perfect, p.team
                ));
            }
            None => out.push('\n'),
        }
        for d in &hand.decisions {
            let c = counts.entry(d.seat).or_default();
            c[d.mark as usize] += 1;
            if d.mark == Mark::Good && !all {
                continue;
            }
            let played = d.values.iter().find(|(a, _)| *a == d.played).map_or(0.0, |(_, v)| *v);
            let best = d.values.first().map_or(0.0, |(_, v)| *v);
            out.push_str(&format!(
                "  action {:>3}  seat {}  played {:<10} best {:<10} loss {:<6} {}  ({} → {})\n",
                d.action,
                d.seat,
                d.played,
                d.best,
                value(d.unit, d.loss),
                mark_name(d.mark),
                value(d.unit, played),
                value(d.unit, best),
            ));
        }
    }
    out.push_str("marks per seat (good / inaccuracy / mistake / blunder):\n");
    for (seat, c) in counts {
        out.push_str(&format!("  seat {seat}: {} / {} / {} / {}\n", c[0], c[1], c[2], c[3]));
    }
    out
}
