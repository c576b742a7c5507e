//! Operator-named external bots (`majlis serve --bot NAME=CMD`): programs that speak the bot
//! protocol (`docs/bot-protocol.md`) and that hosts seat by name like the built-in bots. A user of
//! the site only ever names a bot; the command is the operator's.
//!
//! Each external seat runs one process for the whole match, started when the match starts and
//! ended with it (or with the table, or the server). Processes are counted against
//! [`BotPool::max_processes`] and against the share of the player they run for (the host who
//! started the match, [`BotPool::share`]): a start that would pass either is refused with `busy`,
//! naming the limit, so one player cannot hold every process. A table that waits on a person
//! gives its processes back after a while (`Config::bot_idle`) and starts them again when a bot
//! is to act. Decisions are asked off the async runtime (the protocol's waits are blocking), so a
//! table waiting on a slow program holds up nobody else.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use bots::external::{ExecCommand, ExecConfig, ExternalBot, Fault, Hello, StartError};
use bots::{Bot, BotSpec, Playable};
use game::{GameKind, Seat};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// An operator's bot: the name hosts seat it by, and the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedBot {
    name: String,
    command: ExecCommand,
}

/// Why `NAME=CMD` is not a bot the server can offer.
#[derive(Debug, thiserror::Error)]
pub enum NamedBotError {
    /// No `=` between name and command.
    #[error("a bot is given as NAME=COMMAND, e.g. wanderer=\"python3 bots/wanderer.py\"; got {0:?}")]
    Form(String),
    /// The name is not 1–24 lowercase letters, digits, `-` or `_`.
    #[error("a bot's name has 1-24 lowercase letters, digits, '-' or '_'; got {0:?}")]
    Name(String),
    /// The name is a built-in bot's (or level's).
    #[error("{0:?} is the name of a built-in bot; choose another")]
    Builtin(String),
    /// The command does not parse.
    #[error(transparent)]
    Command(#[from] StartError),
}

impl NamedBot {
    /// Parses `NAME=CMD` (as `majlis serve --bot` takes it).
    ///
    /// # Errors
    /// A missing `=`, a bad or built-in name, an empty command or unclosed quotes.
    pub fn parse(text: &str) -> Result<Self, NamedBotError> {
        let (name, command) = text.split_once('=').ok_or_else(|| NamedBotError::Form(text.to_owned()))?;
        let name = name.trim();
        let valid = (1..=24).contains(&name.len())
            && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
        if !valid {
            return Err(NamedBotError::Name(name.to_owned()));
        }
        // `oracle` names the arena's cheat: refused everywhere people play, so never a program either.
        if name.parse::<BotSpec>().is_ok() || name.starts_with("exec") || name == "oracle" {
            return Err(NamedBotError::Builtin(name.to_owned()));
        }
        Ok(NamedBot { name: name.to_owned(), command: ExecCommand::parse(command)? })
    }

    /// The name hosts seat it by.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The program.
    #[must_use]
    pub fn command(&self) -> &ExecCommand {
        &self.command
    }
}

/// The operator's bots and the cap on their processes.
pub struct BotPool {
    named: BTreeMap<String, ExecCommand>,
    processes: Arc<Semaphore>,
    max_processes: usize,
    share: usize,
    /// Processes held per player, by the places they hold.
    held: Arc<Mutex<HashMap<String, usize>>>,
    exec: ExecConfig,
}

/// One place in the pool, held for a player: given back (to the pool and to the player's share)
/// when dropped.
pub(crate) struct Place {
    _permit: OwnedSemaphorePermit,
    owner: String,
    held: Arc<Mutex<HashMap<String, usize>>>,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut held = self.held.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = held.get_mut(&self.owner) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                held.remove(&self.owner);
            }
        }
    }
}

/// Why no place was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Full {
    /// The whole pool is in use.
    Pool,
    /// The player's share is.
    Share,
}

impl std::fmt::Debug for BotPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotPool")
            .field("named", &self.named.keys().collect::<Vec<_>>())
            .field("max_processes", &self.max_processes)
            .field("running", &self.running())
            .finish()
    }
}

impl BotPool {
    /// A pool of `bots` running at most `max_processes` processes at once and at most `share`
    /// for one player (0: a quarter of the pool, at least 1), each given `ms` per decision; the
    /// programs' error output goes to the log.
    #[must_use]
    pub fn new(bots: &[NamedBot], max_processes: usize, share: usize, ms: u64) -> Self {
        let log: bots::external::LogFn = Arc::new(|line| tracing::info!(target: "majlis::bot", "{line}"));
        let share = if share == 0 { (max_processes / 4).max(1) } else { share.min(max_processes) };
        BotPool {
            named: bots.iter().map(|b| (b.name.clone(), b.command.clone())).collect(),
            processes: Arc::new(Semaphore::new(max_processes)),
            max_processes,
            share,
            held: Arc::default(),
            exec: ExecConfig { ms, log },
        }
    }

    /// Whether `name` is one of the operator's bots.
    #[must_use]
    pub fn has(&self, name: &str) -> bool {
        self.named.contains_key(name)
    }

    /// The operator's bots' names, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.named.keys().map(String::as_str)
    }

    /// The cap on processes running at once.
    #[must_use]
    pub fn max_processes(&self) -> usize {
        self.max_processes
    }

    /// The most processes one player's tables may run at once.
    #[must_use]
    pub fn share(&self) -> usize {
        self.share
    }

    /// Processes running now.
    #[must_use]
    pub fn running(&self) -> usize {
        self.max_processes - self.processes.available_permits()
    }

    /// Processes running now for `player`'s tables.
    #[must_use]
    pub fn held_by(&self, player: &str) -> usize {
        self.held.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(player).copied().unwrap_or(0)
    }

    /// Takes `n` places for processes at once for `owner`, or none: [`Full`] when the pool or
    /// the owner's share has fewer free.
    pub(crate) fn reserve(&self, owner: &str, n: usize) -> Result<Vec<Place>, Full> {
        let mut held = self.held.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mine = held.get(owner).copied().unwrap_or(0);
        if mine + n > self.share {
            return Err(Full::Share);
        }
        let mut permits = Vec::with_capacity(n);
        for _ in 0..n {
            permits.push(self.processes.clone().try_acquire_owned().map_err(|_| Full::Pool)?);
        }
        *held.entry(owner.to_owned()).or_default() += n;
        Ok(permits
            .into_iter()
            .map(|p| Place { _permit: p, owner: owner.to_owned(), held: Arc::clone(&self.held) })
            .collect())
    }

    /// What to tell a host refused a place for `n` processes by `full`.
    pub(crate) fn refusal(&self, full: Full, n: usize) -> String {
        match full {
            Full::Pool => format!(
                "this server runs at most {} external bot processes at once and has no room for {n} more now: \
                 seat a built-in bot or try again later",
                self.max_processes
            ),
            Full::Share => format!(
                "one player's tables may run at most {} external bot processes at once on this server and yours \
                 would need {n} more: seat a built-in bot or end another table's match",
                self.share
            ),
        }
    }

    /// Starts bot `name` for `seat` of a match of `kind` under `rules`, holding `permit`.
    ///
    /// # Errors
    /// The name is unknown, or the program cannot be started.
    pub(crate) fn start<G: Playable>(
        &self,
        name: &str,
        kind: GameKind,
        rules: &G::Rules,
        seat: Seat,
        seed: u64,
        permit: Place,
    ) -> Result<ExternalSeat<G>, String> {
        let command = self.named.get(name).ok_or_else(|| format!("this server has no bot named {name:?}"))?;
        let hello = Hello::new(kind, rules, seat);
        let bot = ExternalBot::<G>::start(command, &hello, seed, &self.exec).map_err(|e| e.to_string())?;
        Ok(ExternalSeat { bot: Some(Box::new(bot)), permit: Some(permit), gone: false })
    }
}

/// An external bot playing one seat for the match, with its place in the pool.
pub(crate) struct ExternalSeat<G: Playable> {
    /// Taken out while it thinks (on a blocking thread), put back after.
    bot: Option<Box<dyn Bot<G>>>,
    permit: Option<Place>,
    /// The program ended for good (exited, never ready, late too often): the built-in bot plays.
    pub(crate) gone: bool,
}

/// What one decision of an external bot gave.
pub(crate) struct Decision<G: Playable> {
    pub(crate) action: Option<G::Action>,
    pub(crate) faults: Vec<Fault>,
}

impl<G: Playable> ExternalSeat<G> {
    /// Asks the program for `seat`'s decision, on a blocking thread: it may take the protocol's
    /// whole time per decision. A fault is reported with the built-in bot's choice in its place.
    pub(crate) async fn decide(&mut self, seat: Seat, view: G::View, legal: Vec<G::Action>) -> Decision<G> {
        let Some(mut bot) = self.bot.take() else { return Decision { action: None, faults: Vec::new() } };
        let joined = tokio::task::spawn_blocking(move || {
            let action = bot.choose(seat, &view, &legal);
            let faults = bot.take_faults();
            (bot, action, faults)
        })
        .await;
        match joined {
            Ok((bot, action, faults)) => {
                self.bot = Some(bot);
                if faults.iter().any(|f| f.ended) {
                    self.gone = true;
                }
                Decision { action: Some(action), faults }
            }
            // The thread panicked: the bot (and its process, reaped by its drop) is gone.
            Err(_) => {
                self.gone = true;
                self.permit = None;
                Decision { action: None, faults: Vec::new() }
            }
        }
    }

    /// Tells the program the match is over and ends it, off the runtime (a program is given a few
    /// seconds to exit before it is killed); its place in the pool is given back after.
    pub(crate) fn end(mut self, score: game::Score, winner: Option<game::Winner>) {
        let bot = self.bot.take();
        let permit = self.permit.take();
        if bot.is_none() {
            return;
        }
        tokio::task::spawn_blocking(move || {
            if let Some(mut bot) = bot {
                bot.end(&score, winner);
                drop(bot);
            }
            drop(permit);
        });
    }
}

impl<G: Playable> Drop for ExternalSeat<G> {
    fn drop(&mut self) {
        // A seat dropped without `end` (its table closed, the server stopping): the process is
        // still ended and reaped, off the runtime when there is one.
        if let Some(bot) = self.bot.take() {
            let permit = self.permit.take();
            match tokio::runtime::Handle::try_current() {
                Ok(handle) => {
                    handle.spawn_blocking(move || {
                        drop(bot);
                        drop(permit);
                    });
                }
                Err(_) => drop(bot),
            }
        }
    }
}
