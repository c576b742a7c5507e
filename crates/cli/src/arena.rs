//! `majlis arena`: two bot kinds play duplicate matches in parallel; the figures go to stdout, a
//! progress bar to stderr. The work itself is `bots::arena`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use bots::arena::{self, Config, DuplicateOutcome};
use bots::{AnyBot, ExecConfig, Hello, Playable};
use game::{GameKind, Options, RuleSet, Seat};
use games::Visitor;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::Value;

/// Arguments of `majlis arena`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// kout6, kout4, baloot or kabul.
    #[arg(long)]
    game: GameKind,
    /// The two bots, e.g. `strong,heuristic`, `heuristic:forget=0.3,heuristic`, `hard,medium` or
    /// `exec:python3 my_bot.py,heuristic` (a program that speaks the bot protocol,
    /// docs/bot-protocol.md); the figures are for the first. Built in: random, heuristic
    /// (`:forget=P`, Kabul memory; `:slip=P`, a random card that often), strong (`:ms=N` per
    /// decision: 400 in Kout Bo and Baloot, 100 in Kabul; `:bids=sim` to bid by simulated
    /// play-outs, the default in Kout Bo; `:bids=heuristic` to bid as the heuristic does, the
    /// default in Baloot; `:bids=solved` to bid by the solver-fitted estimates; `:infer=on` to weigh the
    /// card play's deals by the others' calls in Baloot, by their cards played in Kout Bo) and the levels
    /// easy, medium, hard, expert (easy slips or forgets, medium is heuristic, hard is strong,
    /// expert is strong with four times its time and deals; `expert:bids=sim` keeps that). `oracle`
    /// (Kout Bo and Baloot) sees every hand and solves the real deal: a cheat, marked so in the
    /// output, that measures the ceiling an honest bot could reach.
    #[arg(long)]
    bots: String,
    /// The time an external bot is given per decision (`ms` in its `act` messages), in
    /// milliseconds; an answer later than this + 1000 is a fault.
    #[arg(long, default_value_t = 1000)]
    bot_ms: u64,
    /// Duplicate matches: each is a sequence of decks played twice, the seats swapped (Kabul:
    /// one round per game unless `target_score` is set).
    #[arg(long, default_value_t = 100)]
    matches: usize,
    /// The seed of every deck and bot; random (and printed) if absent.
    #[arg(long)]
    seed: Option<u64>,
    /// Rule options, as for `majlis deal --rules` (`preset=saudi`, `players=3`, or a JSON object).
    #[arg(long)]
    rules: Option<String>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Print one JSON object instead of the summary.
    #[arg(long)]
    json: bool,
    /// Save every game as a record (`majlis replay` reads them) in this directory.
    #[arg(long)]
    records: Option<PathBuf>,
}

/// Runs `majlis arena`.
pub fn run(args: Args) -> ExitCode {
    match arena_main(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("majlis arena: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Reads `A,B` into two bots. A bot's own settings are comma-separated too
/// (`heuristic:forget=0.3`), so a word that does not name a bot continues the one before it; so
/// does a comma in an `exec:` command when what follows does not start a bot name.
fn parse_bots(text: &str) -> anyhow::Result<[AnyBot; 2]> {
    let mut names: Vec<String> = Vec::new();
    for word in text.split(',').map(str::trim) {
        let starts_bot = bots::BUILTIN_NAMES.iter().chain(&["bot:", "exec:", "oracle"]).any(|p| word.starts_with(p));
        match names.last_mut() {
            Some(last) if !starts_bot => {
                last.push(',');
                last.push_str(word);
            }
            _ => names.push(word.to_owned()),
        }
    }
    let specs = names.iter().map(|n| n.parse::<AnyBot>()).collect::<Result<Vec<_>, _>>()?;
    match <[AnyBot; 2]>::try_from(specs) {
        Ok(pair) => Ok(pair),
        Err(specs) => anyhow::bail!("--bots takes two bots, such as heuristic,random (got {})", specs.len()),
    }
}

fn arena_main(args: &Args) -> anyhow::Result<()> {
    let bots = parse_bots(&args.bots).context("--bots")?;
    let options: Options = match &args.rules {
        Some(text) => crate::options::parse(text).context("--rules")?,
        None => Options::new(),
    };
    anyhow::ensure!(args.matches > 0, "--matches must be at least 1");
    let seed = args.seed.unwrap_or_else(crate::options::random_seed);
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut config = Config::new(args.game, bots, seed);
    config.options = options.clone();
    config.keep_records = args.records.is_some();
    config.exec = ExecConfig { ms: args.bot_ms, ..ExecConfig::default() };
    let threads = args.threads.unwrap_or(0);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().context("--threads")?;
    let run = Run { config: &config, matches: args.matches, records: args.records.as_deref() };
    let outcomes = pool.install(|| games::dispatch(args.game, run)).map_err(anyhow::Error::msg)?;
    let summary = arena::summarize(&config, &outcomes);
    if args.json {
        let mut json = summary.to_json();
        if let Some(obj) = json.as_object_mut() {
            obj.insert("seed".to_owned(), Value::from(seed));
            obj.insert("rules".to_owned(), Value::Object(options));
        }
        crate::print_json(&json);
    } else {
        print!("{}", summary.to_text());
        println!(
            "  seed {seed}{}",
            args.records.as_ref().map(|d| format!(", records in {}", d.display())).unwrap_or_default()
        );
    }
    Ok(())
}

/// The matches, run in parallel once the game type is known.
struct Run<'a> {
    config: &'a Config,
    matches: usize,
    records: Option<&'a Path>,
}

impl Visitor for Run<'_> {
    type Output = anyhow::Result<Vec<DuplicateOutcome>>;

    fn visit<G: Playable>(self, kind: GameKind) -> Self::Output {
        // An external program that does not run is an error before any match.
        let rules = G::Rules::from_options(kind, &self.config.options).map_err(anyhow::Error::msg)?;
        let hello = Hello::new(kind, &rules, Seat::ZERO);
        for command in self.config.bots.iter().filter_map(AnyBot::command) {
            command.probe(&hello, &self.config.exec)?;
        }
        let bar = ProgressBar::new(self.matches as u64);
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} [{bar:40}] {pos}/{len} matches, {elapsed} (eta {eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar.set_message(kind.id().to_owned());
        let outcomes = (0..self.matches)
            .into_par_iter()
            .map(|i| {
                let mut outcome = arena::play_duplicate::<G>(self.config, i).map_err(anyhow::Error::msg)?;
                if let Some(dir) = self.records {
                    for (half, g) in outcome.games.iter_mut().enumerate() {
                        // Written as each match ends, so a long run holds no records in memory.
                        if let Some(record) = g.record.take() {
                            let path = dir.join(format!("{}-{i:05}-{}.json", kind.id(), ["a", "b"][half & 1]));
                            std::fs::write(&path, record.to_json_pretty())
                                .with_context(|| format!("cannot write {}", path.display()))?;
                        }
                    }
                }
                bar.inc(1);
                Ok(outcome)
            })
            .collect::<anyhow::Result<Vec<_>>>();
        bar.finish_and_clear();
        outcomes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_pairs_parse_with_their_settings() {
        use bots::BotSpec;
        let [a, b] = parse_bots("heuristic:forget=0.3,random").expect("parses");
        assert_eq!((a.to_string().as_str(), b), ("heuristic:forget=0.3", BotSpec::RANDOM.into()));
        assert_eq!(
            parse_bots("random, heuristic").expect("parses"),
            [BotSpec::RANDOM.into(), BotSpec::HEURISTIC.into()]
        );
        let [a, b] = parse_bots("exec:python3 bot.py --x=1,2,heuristic").expect("parses");
        assert_eq!(a.to_string(), "exec:python3 bot.py --x=1,2");
        assert_eq!(b, BotSpec::HEURISTIC.into());
        let [a, b] = parse_bots("exec:./a,exec:./b").expect("parses");
        assert_eq!((a.to_string().as_str(), b.to_string().as_str()), ("exec:./a", "exec:./b"));
        assert!(parse_bots("heuristic").is_err());
        assert!(parse_bots("heuristic,random,random").is_err());
        assert!(parse_bots("heuristic,smart").is_err());
        let [a, b] = parse_bots("strong:ms=50,hard").expect("parses");
        assert_eq!((a.to_string().as_str(), b.to_string().as_str()), ("strong:ms=50", "hard"));
        let [a, b] = parse_bots("strong:ms=50,bids=solved,heuristic").expect("parses");
        assert_eq!((a.to_string().as_str(), b.to_string().as_str()), ("strong:ms=50,bids=solved", "heuristic"));
        let [a, b] = parse_bots("strong:ms=100,bids=sim,strong:ms=100,bids=heuristic").expect("parses");
        assert_eq!(
            (a.to_string().as_str(), b.to_string().as_str()),
            ("strong:ms=100,bids=sim", "strong:ms=100,bids=heuristic")
        );
    }
}
