//! Bots for every Majlis game, and the arena that measures them.
//!
//! A [`Bot`] chooses one of the legal actions of its seat from that seat's **view** — never the
//! hidden state — so a bot can sit anywhere a person can: at the server's tables, in the terminal
//! game, in the arena. Every bot owns a random generator seeded explicitly, so its decisions are
//! reproducible.
//!
//! Bots are named the same in every game: by kind (`random`, `heuristic`, `strong`, with settings
//! such as `heuristic:slip=0.2`, `heuristic:forget=0.3` or `strong:ms=500`) or by level (`easy`,
//! `medium`, `hard`, `expert`).
//!
//! ```
//! use bots::{BotSpec, BotKind, Level};
//!
//! let spec: BotSpec = "heuristic:forget=0.25".parse().unwrap();
//! assert_eq!(spec.kind, BotKind::Heuristic);
//! assert_eq!(spec.forget, 0.25);
//!
//! let hard: BotSpec = "hard".parse().unwrap();
//! assert_eq!((hard.kind, hard.level), (BotKind::Strong, Some(Level::Hard)));
//! assert_eq!(hard.to_string(), "hard");
//! assert_eq!("strong:ms=500".parse::<BotSpec>().unwrap().ms, Some(500));
//! ```
//!
//! # Layout
//!
//! - `kout/`, `baloot/`, `kabul/`: each game's bots, and the [`Playable`] factory that seats them:
//!   its heuristic ([`KoutHeuristic`], [`BalootHeuristic`], [`KabulHeuristic`]); its strong bot
//!   ([`KoutStrong`], [`BalootStrong`], [`KabulStrong`]) with what only it needs (the deals or worlds
//!   it samples, its solver-fitted bids, Kabul's belief and its fast model of a round); its tests.
//! - `search/`: what the strong bots share — the budget of a decision ([`Search`]: its default time
//!   and the work a millisecond buys), the tally of the candidates' scores over the sampled deals,
//!   and for the trick games the deals sampled from what a seat knows and the cards to search among.
//! - Game-generic: the [`arena`] (duplicate matches between bots), [`external`] bots (programs that
//!   speak the bot protocol), the strong bots' values of actions ([`analysis`], [`hint`]), the
//!   fitting of the bidding estimates ([`fit`]), a measure of decisions per second
//!   ([`throughput`]) and the slips of the `easy` level ([`Slipping`]).

use std::fmt;
use std::str::FromStr;

pub mod analysis;
pub mod arena;
mod baloot;
pub mod external;
pub mod fit;
pub mod hint;
mod kabul;
mod kout;
mod oracle;
mod search;
mod slip;
pub mod throughput;

pub use self::baloot::{BalootHeuristic, BalootOracle, BalootStrong};
pub use self::kabul::{KabulHeuristic, KabulStrong, SearchStats};
pub use self::kout::{KoutHeuristic, KoutOracle, KoutStrong};
pub use self::search::{MAX_DEALS, NODES_PER_MS, Search};
pub use self::slip::{EASY_SLIP, Slipping};
pub use analysis::{Evaluation, Unit};
pub use external::{ExecCommand, ExecConfig, ExternalBot, Fault, FaultKind, Hello, StartError};

use cards::random_below;
use game::{Game, GameKind, Seat, Winner};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// A player program for game `G`.
pub trait Bot<G: Game>: Send {
    /// Chooses one of `legal` for `seat`, knowing only `view` (that seat's view).
    ///
    /// # Panics
    /// If `legal` is empty: call it only for a seat that may act.
    fn choose(&mut self, seat: Seat, view: &G::View, legal: &[G::Action]) -> G::Action;

    /// The match is over (or stopped): `score` and `winner` as `majlis replay` prints them. An
    /// external bot is told and its input closed; built-in bots have nothing to do.
    fn end(&mut self, _score: &[i32], _winner: Option<Winner>) {}

    /// The faults since the last call: what an external bot did wrong (each time, the heuristic
    /// decided instead). Built-in bots make none.
    fn take_faults(&mut self) -> Vec<Fault> {
        Vec::new()
    }

    /// Chooses seeing the whole of `game`, every hidden card included: only the arena's `oracle`
    /// does ([`AnyBot::Oracle`], a ceiling for measurement that no table, terminal game or bot
    /// protocol seats). The arena asks it first; every honest bot answers `None` and is asked
    /// [`Bot::choose`] with its seat's view.
    fn choose_seeing(&mut self, _seat: Seat, _game: &G, _legal: &[G::Action]) -> Option<G::Action> {
        None
    }
}

/// The kinds of bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// A uniformly random legal action: the baseline.
    Random,
    /// A rule-based player that counts cards and plans.
    Heuristic,
    /// A player that searches: in Kabul over worlds sampled from what it believes of the hidden
    /// cards ([`KabulStrong`]); in Kout Bo and Baloot by solving sampled deals exactly
    /// ([`KoutStrong`], [`BalootStrong`]).
    Strong,
}

/// The levels a person picks from, named alike in every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// `easy`: the heuristic, slipping now and then to a random card (Kout Bo and Baloot:
    /// [`EASY_SLIP`]) or with a memory that forgets (Kabul: [`EASY_FORGET`]).
    Easy,
    /// `medium`: the heuristic.
    Medium,
    /// `hard`: the strong bot.
    Hard,
    /// `expert`: the strong bot with [`EXPERT_BUDGET`] times its game's time per decision (and as
    /// many times the deals, see [`Search::scale`]).
    Expert,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The level's name: `easy`, `medium`, `hard` or `expert`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The bot the level seats, named by the level.
    #[must_use]
    pub const fn spec(self) -> BotSpec {
        let base = match self {
            Level::Easy => BotSpec { forget: EASY_FORGET, slip: EASY_SLIP, ..BotSpec::HEURISTIC },
            Level::Medium => BotSpec::HEURISTIC,
            Level::Hard | Level::Expert => BotSpec::STRONG,
        };
        BotSpec { level: Some(self), ..base }
    }
}

/// How many times its game's default time per decision the `expert` level thinks (Kout Bo and
/// Baloot: 1.6 s; Kabul: 0.4 s).
pub const EXPERT_BUDGET: u32 = 4;

/// How much the `easy` level forgets: the chance of losing each card it remembers, at each of its
/// turns (Kabul; the other games have nothing to forget).
pub const EASY_FORGET: f64 = 0.3;

/// How the strong bot of Kout Bo and Baloot makes its bids, trump and calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bids {
    /// The game's measured best ([`Bids::of`]): by simulation in Kout Bo, the heuristic's
    /// elsewhere (the README's arena figures).
    Default,
    /// The heuristic's (`bids=heuristic`).
    Heuristic,
    /// By playing out sampled deals with the heuristic (`bids=sim`, `search/auction.rs`).
    Simulated,
    /// By the estimates fitted on solved deals (`bids=solved`), which measure weaker.
    Solved,
}

impl Bids {
    /// What `Default` means in `kind`: simulation where it measured stronger than the heuristic's
    /// bidding at the default budget (Kout Bo 4: 0.67 of the matches, +0.55 a hand; Kout Bo 6: 0.70,
    /// +0.52 over 200 matches), else the heuristic's.
    #[must_use]
    pub const fn of(self, kind: GameKind) -> Bids {
        match (self, kind) {
            (Bids::Default, GameKind::Kout4 | GameKind::Kout6) => Bids::Simulated,
            (Bids::Default, _) => Bids::Heuristic,
            (bids, _) => bids,
        }
    }
}

/// A bot kind with its settings, as written on command lines and in records (`bot:heuristic`,
/// `bot:hard`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotSpec {
    /// Which bot.
    pub kind: BotKind,
    /// Kabul: the probability of forgetting a card it has seen, at each of its turns (0 = perfect
    /// memory). The other games ignore it.
    pub forget: f64,
    /// Kout Bo and Baloot: the probability of playing a random legal card instead of the one it
    /// chose, at each card it plays ([`Slipping`]; 0 = never). Kabul ignores it.
    pub slip: f64,
    /// The strong bot: its time per decision in milliseconds (`None`: the game's default,
    /// [`Playable::STRONG_DEFAULT_MS`], its strong bot's [`Search::DEFAULT_MS`]). The other kinds
    /// ignore it.
    pub ms: Option<u32>,
    /// The strong bot in Kout Bo and Baloot: how it makes its bids, trump and calls
    /// (`strong:bids=heuristic|sim|solved`; unnamed, the game's measured best: [`Bids::Default`]).
    /// The other kinds and Kabul ignore it.
    pub bids: Bids,
    /// The strong bot in Baloot and Kout Bo: whether its card play weighs the deals it samples by
    /// more of what the others did (`strong:infer=on`; off by default until it measures
    /// stronger): in Baloot their calls, in Kout Bo their cards played (Kout Bo's always weighs
    /// them by the bidding). The other kinds and Kabul ignore it.
    pub infer: bool,
    /// The level it was named by, if any: it is then written by that name.
    pub level: Option<Level>,
}

impl BotSpec {
    /// The random bot.
    pub const RANDOM: BotSpec = BotSpec {
        kind: BotKind::Random,
        forget: 0.0,
        slip: 0.0,
        ms: None,
        bids: Bids::Default,
        infer: false,
        level: None,
    };
    /// The heuristic bot with perfect memory.
    pub const HEURISTIC: BotSpec = BotSpec { kind: BotKind::Heuristic, ..BotSpec::RANDOM };
    /// The strong bot with the default time per decision.
    pub const STRONG: BotSpec = BotSpec { kind: BotKind::Strong, ..BotSpec::RANDOM };

    /// The strong bot's time per decision in milliseconds, where `default` is its game's
    /// ([`Playable::STRONG_DEFAULT_MS`]): the spec's `ms`; unnamed, [`EXPERT_BUDGET`] times the
    /// default for the `expert` level, the default otherwise.
    #[must_use]
    pub const fn time_ms(&self, default: u32) -> u32 {
        match (self.ms, self.level) {
            (Some(ms), _) => ms,
            (None, Some(Level::Expert)) => default.saturating_mul(EXPERT_BUDGET),
            (None, _) => default,
        }
    }

    /// The strong bot's settings that differ from the defaults, as `:ms=N,bids=B,infer=on`.
    fn write_strong_settings(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = ':';
        if let Some(ms) = self.ms {
            write!(f, "{sep}ms={ms}")?;
            sep = ',';
        }
        let bids = match self.bids {
            Bids::Default => None,
            Bids::Heuristic => Some("heuristic"),
            Bids::Simulated => Some("sim"),
            Bids::Solved => Some("solved"),
        };
        if let Some(bids) = bids {
            write!(f, "{sep}bids={bids}")?;
            sep = ',';
        }
        if self.infer {
            write!(f, "{sep}infer=on")?;
        }
        Ok(())
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.level {
            // The one level that keeps its name with settings: its budget is not a setting.
            Some(Level::Expert) => {
                f.write_str(Level::Expert.name())?;
                return self.write_strong_settings(f);
            }
            Some(level) => return f.write_str(level.name()),
            None => {}
        }
        match self.kind {
            BotKind::Random => f.write_str("random"),
            BotKind::Heuristic => {
                f.write_str("heuristic")?;
                match (self.forget > 0.0, self.slip > 0.0) {
                    (true, true) => write!(f, ":forget={},slip={}", self.forget, self.slip),
                    (true, false) => write!(f, ":forget={}", self.forget),
                    (false, true) => write!(f, ":slip={}", self.slip),
                    (false, false) => Ok(()),
                }
            }
            BotKind::Strong => {
                f.write_str("strong")?;
                self.write_strong_settings(f)
            }
        }
    }
}

/// The built-in bots a person may seat by name (a host at the server, `--bots` on the command
/// line): the levels, easiest first, then the bots by kind, weakest first.
pub const BUILTIN_NAMES: &[&str] = &["easy", "medium", "hard", "expert", "random", "heuristic", "strong"];

/// The longest time per decision `strong:ms=N` accepts, in milliseconds.
pub const MAX_MS: u32 = 60_000;

/// A bot name that is not known, or the arena's `oracle` named where people play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnknownBot {
    /// Not a bot's name.
    #[error(
        "unknown bot {0:?}: use easy, medium, hard, expert, random, heuristic, heuristic:forget=P or slip=P (0 <= P <= 1), \
         strong or strong:ms=N (1 <= N <= 60000), strong:bids=heuristic|sim|solved and/or strong:infer=on|off"
    )]
    Name(String),
    /// `oracle`, which sees every hand: it plays only in the arena, as a measure of the ceiling.
    #[error("{ORACLE_REFUSED}")]
    Oracle,
}

/// Why the `oracle` is refused wherever people play (tables, `majlis play`, the bot protocol).
pub const ORACLE_REFUSED: &str =
    "the oracle sees every hand, so it cheats: it plays only in `majlis arena`, to measure the ceiling";

impl FromStr for BotSpec {
    type Err = UnknownBot;

    /// A level (`easy`, `medium`, `hard`, `expert`) or a kind (`random`, `heuristic`, `strong`),
    /// maybe after `bot:`, with settings after a colon, separated by commas: `forget=P` and
    /// `slip=P` for the heuristic (or random, which ignores them), `ms=N`, `bids=solved`,
    /// `bids=sim` or `bids=heuristic`, and `infer=on|off` for the strong bot. A level with settings
    /// is written by its kind, but `expert` without `ms=`, which keeps its name and its budget
    /// (`expert:bids=sim`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || UnknownBot::Name(s.chars().take(40).collect());
        let s = s.trim();
        let s = s.strip_prefix("bot:").unwrap_or(s);
        let (name, settings) = s.split_once(':').unwrap_or((s, ""));
        let mut spec = match name {
            "oracle" => return Err(UnknownBot::Oracle),
            "random" => BotSpec::RANDOM,
            "heuristic" => BotSpec::HEURISTIC,
            "strong" => BotSpec::STRONG,
            _ => Level::ALL.into_iter().find(|l| l.name() == name).map(Level::spec).ok_or_else(err)?,
        };
        for setting in settings.split(',').filter(|x| !x.is_empty()) {
            if spec.level != Some(Level::Expert) || setting.starts_with("ms=") {
                spec.level = None;
            }
            match (setting.split_once('='), spec.kind) {
                (Some(("forget", p)), BotKind::Random | BotKind::Heuristic) => {
                    spec.forget = p.parse::<f64>().ok().filter(|p| (0.0..=1.0).contains(p)).ok_or_else(err)?;
                }
                (Some(("slip", p)), BotKind::Random | BotKind::Heuristic) => {
                    spec.slip = p.parse::<f64>().ok().filter(|p| (0.0..=1.0).contains(p)).ok_or_else(err)?;
                }
                (Some(("ms", n)), BotKind::Strong) => {
                    spec.ms = Some(n.parse::<u32>().ok().filter(|n| (1..=MAX_MS).contains(n)).ok_or_else(err)?);
                }
                (Some(("bids", b)), BotKind::Strong) => {
                    spec.bids = match b {
                        "solved" => Bids::Solved,
                        "sim" => Bids::Simulated,
                        "heuristic" => Bids::Heuristic,
                        _ => return Err(err()),
                    };
                }
                (Some(("infer", on)), BotKind::Strong) => {
                    spec.infer = match on {
                        "on" => true,
                        "off" => false,
                        _ => return Err(err()),
                    };
                }
                _ => return Err(err()),
            }
        }
        Ok(spec)
    }
}

/// Any bot a command line may name: a built-in one (`heuristic`, `random`, ...) or an external
/// program (`exec:CMD`, see [`external`]).
///
/// The server parses [`BotSpec`] from its users, never this: a user of the site cannot run a
/// command. Its operator names the external bots it offers.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyBot {
    /// A built-in bot.
    Builtin(BotSpec),
    /// A program that speaks the bot protocol.
    Exec(ExecCommand),
    /// `oracle`: sees every hand and decides by the solver ([`Bot::choose_seeing`]). The arena
    /// seats it, marked as a cheat, to measure the ceiling an honest bot could approach; starting
    /// it anywhere else is refused ([`ORACLE_REFUSED`]).
    Oracle,
}

impl AnyBot {
    /// A new bot of this kind for `seat` at a table of `kind` under `rules`; `seed` seeds a built-in
    /// bot (or the heuristic an external bot falls back on). An external program is started here and
    /// told `hello`.
    ///
    /// # Errors
    /// The external program cannot be started.
    pub fn start<G: Playable>(
        &self,
        kind: GameKind,
        rules: &G::Rules,
        seat: Seat,
        seed: u64,
        exec: &ExecConfig,
    ) -> Result<Box<dyn Bot<G>>, StartError> {
        match self {
            AnyBot::Builtin(spec) => Ok(G::bot(*spec, seed, rules)),
            AnyBot::Exec(command) => {
                let hello = Hello::new(kind, rules, seat);
                Ok(Box::new(ExternalBot::<G>::start(command, &hello, seed, exec)?))
            }
            AnyBot::Oracle => Err(StartError { command: "oracle".into(), reason: ORACLE_REFUSED.into() }),
        }
    }

    /// Whether this is the arena's `oracle`, which sees every hand: a cheat, for measurement.
    #[must_use]
    pub const fn is_oracle(&self) -> bool {
        matches!(self, AnyBot::Oracle)
    }

    /// The external program, if this is one.
    #[must_use]
    pub fn command(&self) -> Option<&ExecCommand> {
        match self {
            AnyBot::Builtin(_) | AnyBot::Oracle => None,
            AnyBot::Exec(c) => Some(c),
        }
    }
}

impl From<BotSpec> for AnyBot {
    fn from(spec: BotSpec) -> Self {
        AnyBot::Builtin(spec)
    }
}

impl fmt::Display for AnyBot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyBot::Builtin(spec) => spec.fmt(f),
            AnyBot::Exec(command) => write!(f, "exec:{command}"),
            AnyBot::Oracle => f.write_str("oracle"),
        }
    }
}

/// A bot that cannot be named: an unknown built-in one, or an `exec:` command that does not split.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadBot {
    /// Not a built-in bot.
    #[error("{0}, or exec:COMMAND for a program")]
    Unknown(#[from] UnknownBot),
    /// An external command that does not split into words.
    #[error(transparent)]
    Command(#[from] StartError),
}

impl FromStr for AnyBot {
    type Err = BadBot;

    /// `exec:CMD` for an external program, `oracle` for the arena's ceiling, else a [`BotSpec`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().strip_prefix("exec:") {
            Some(command) => Ok(AnyBot::Exec(ExecCommand::parse(command)?)),
            None if s.trim().strip_prefix("bot:").unwrap_or(s.trim()) == "oracle" => Ok(AnyBot::Oracle),
            None => Ok(AnyBot::Builtin(s.parse()?)),
        }
    }
}

/// A game that has bots: the factory the server, the terminal game and the arena call.
pub trait Playable: Game {
    /// The strong bot's time per decision when its spec names none, in milliseconds: its
    /// [`Search::DEFAULT_MS`] (a stand-in game names another game's).
    const STRONG_DEFAULT_MS: u32;

    /// A new bot of `spec` for a table of this game under `rules`, whose random choices come from
    /// `seed`. (A view does not carry the rule set; the strong bots search under it.)
    fn bot(spec: BotSpec, seed: u64, rules: &Self::Rules) -> Box<dyn Bot<Self>>;

    /// The strong bot's values of each legal action of `seat` from its `view` only (never hidden
    /// state), with `ms` of budget and its random choices from `seed`; `None` when the decision is
    /// not one the evaluation covers (see [`analysis`]: a Baloot Sawa, Kabul's snaps) or `legal`
    /// holds fewer than two actions (a single legal action is `None`, not valued). The budget is
    /// counted in search steps, never the wall clock, so the values are the same on any machine.
    /// Kout Bo, Baloot and Kabul implement it; the default (a game without a strong bot, such as a
    /// test's stand-in) evaluates nothing.
    fn evaluate(
        _rules: &Self::Rules,
        _seat: Seat,
        _view: &Self::View,
        _legal: &[Self::Action],
        _ms: u32,
        _seed: u64,
    ) -> Option<Evaluation<Self::Action>> {
        None
    }

    /// The arena's `oracle` for this game ([`Bot::choose_seeing`]), for a table under `rules`;
    /// `None` where the game has none (Kabul, a test's stand-in).
    fn oracle(_rules: &Self::Rules) -> Option<Box<dyn Bot<Self>>> {
        None
    }
}

/// `wanted` if it is legal, else the first legal action: a heuristic never plays an illegal move,
/// even if its reasoning goes wrong.
///
/// # Panics
/// If `legal` is empty, which the [`Bot::choose`] contract excludes.
fn pick<A: Copy + PartialEq>(legal: &[A], wanted: Option<A>) -> A {
    match wanted {
        Some(a) if legal.contains(&a) => a,
        _ => legal[0],
    }
}

/// Plays a uniformly random legal action.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot drawing from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomBot { rng: ChaCha8Rng::seed_from_u64(seed) }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, _seat: Seat, _view: &G::View, legal: &[G::Action]) -> G::Action {
        legal[random_below(&mut self.rng, legal.len() as u32) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_specs_parse_and_print() {
        for text in [
            "random",
            "heuristic",
            "heuristic:forget=0.5",
            "heuristic:slip=0.25",
            "heuristic:forget=0.3,slip=0.2",
            "bot:random",
            "strong",
            "strong:ms=40",
            "strong:bids=solved",
            "strong:ms=40,bids=solved",
            "strong:bids=sim",
            "strong:bids=heuristic",
            "strong:infer=on",
            "strong:ms=40,bids=sim,infer=on",
            "easy",
        ] {
            let spec: BotSpec = text.parse().expect("parses");
            assert_eq!(spec.to_string().parse::<BotSpec>(), Ok(spec));
        }
        for bad in [
            "",
            "smart",
            "heuristic:forget=2",
            "heuristic:slip=1.5",
            "strong:slip=0.1",
            "heuristic:depth=3",
            "random:forget=x",
            "heuristic:ms=5",
            "strong:forget=0.3",
            "strong:ms=0",
            "strong:ms=60001",
            "hard:ms=x",
            "strong:bids=magic",
            "heuristic:bids=solved",
            "strong:infer=yes",
            "heuristic:infer=on",
        ] {
            assert!(bad.parse::<BotSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn levels_are_named_alike_in_every_game_and_keep_their_names() {
        let parse = |t: &str| t.parse::<BotSpec>().expect(t);
        let easy = BotSpec { forget: EASY_FORGET, slip: EASY_SLIP, level: Some(Level::Easy), ..BotSpec::HEURISTIC };
        assert_eq!(parse("easy"), easy);
        assert_eq!(parse("heuristic:slip=0.25").slip, 0.25);
        assert_eq!(parse("medium"), BotSpec { level: Some(Level::Medium), ..BotSpec::HEURISTIC });
        assert_eq!(parse("hard"), BotSpec { level: Some(Level::Hard), ..BotSpec::STRONG });
        for level in Level::ALL {
            assert_eq!(level.spec().to_string(), level.name());
            assert_eq!(parse(&format!("bot:{}", level.name())), level.spec(), "records write bot:NAME");
            assert!(BUILTIN_NAMES.contains(&level.name()));
        }
        // A level with settings is written by its kind, so the settings survive; but `expert`
        // keeps its name, and so its budget, unless the settings name the time.
        assert_eq!(parse("hard:ms=500").to_string(), "strong:ms=500");
        assert_eq!(parse("expert:ms=500").to_string(), "strong:ms=500");
        let expert_sim = parse("expert:bids=sim,infer=on");
        assert_eq!((expert_sim.level, expert_sim.bids, expert_sim.infer), (Some(Level::Expert), Bids::Simulated, true));
        assert_eq!(expert_sim.to_string(), "expert:bids=sim,infer=on");
        assert_eq!(parse(&expert_sim.to_string()), expert_sim, "written as it is read");
        // The time each level thinks, where its game's default is 400 ms.
        assert_eq!(parse("hard").time_ms(400), 400);
        assert_eq!(parse("expert").time_ms(400), 400 * EXPERT_BUDGET);
        assert_eq!(parse("expert:bids=sim").time_ms(100), 100 * EXPERT_BUDGET);
        assert_eq!(parse("expert:ms=250").time_ms(400), 250);
        assert_eq!(parse("medium").time_ms(400), 400, "the kinds that do not search ignore it");
        assert_eq!(parse("easy:forget=0.5").to_string(), format!("heuristic:forget=0.5,slip={EASY_SLIP}"));
        assert_eq!(parse("strong").ms, None);
        assert_eq!((parse("strong").bids, parse("hard:bids=solved").bids), (Bids::Default, Bids::Solved));
        assert_eq!(parse("strong:bids=heuristic").to_string(), "strong:bids=heuristic", "today's default named");
        assert_eq!(Bids::Default.of(GameKind::Kout4), Bids::Simulated);
        assert_eq!(Bids::Default.of(GameKind::Kout6), Bids::Simulated);
        assert_eq!(Bids::Default.of(GameKind::Baloot), Bids::Heuristic);
        assert_eq!(Bids::Heuristic.of(GameKind::Kout4), Bids::Heuristic);
        assert_eq!(parse("strong:bids=solved,ms=9").to_string(), "strong:ms=9,bids=solved");
        for name in BUILTIN_NAMES {
            assert_eq!(parse(name).to_string(), *name, "the lobby's names are specs");
        }
    }

    #[test]
    fn any_bot_is_built_in_or_a_command() {
        let exec: AnyBot = "exec:python3 'my bot.py' --fast".parse().expect("parses");
        assert_eq!(
            exec.command().map(ExecCommand::argv),
            Some(&["python3", "my bot.py", "--fast"].map(String::from)[..])
        );
        assert_eq!(exec.to_string(), "exec:python3 'my bot.py' --fast");
        assert_eq!("heuristic".parse::<AnyBot>(), Ok(AnyBot::Builtin(BotSpec::HEURISTIC)));
        assert!("exec:".parse::<AnyBot>().is_err());
        assert!("exec:python3 'x".parse::<AnyBot>().is_err());
        // The server parses user input as a BotSpec: a command is never one.
        assert!("exec:python3 x.py".parse::<BotSpec>().is_err());
    }
}
