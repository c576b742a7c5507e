//! Operator-named external bots (`majlis serve --bot NAME=CMD`): programs that speak the bot
//! protocol (`docs/bot-protocol.md`) and that hosts seat by name like the built-in bots. A user of
//! the site only ever names a bot; the command is the operator's.
//!
//! Each external seat runs one process for the whole match, started when the match starts and
//! ended with it (or with the table, or the server). Processes are counted against
//! [`BotPool::max_processes`]: a start that would pass the cap is refused with `busy`, naming the
//! cap. Decisions are asked off the async runtime (the protocol's waits are blocking), so a table
//! waiting on a slow program holds up nobody else.

use std::collections::BTreeMap;
use std::sync::Arc;

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
        if name.parse::<BotSpec>().is_ok() || name.starts_with("exec") {
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
    exec: ExecConfig,
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
    /// A pool of `bots` running at most `max_processes` processes at once, each given `ms` per
    /// decision; the programs' error output goes to the log.
    #[must_use]
    pub fn new(bots: &[NamedBot], max_processes: usize, ms: u64) -> Self {
        let log: bots::external::LogFn = Arc::new(|line| tracing::info!(target: "majlis::bot", "{line}"));
        BotPool {
            named: bots.iter().map(|b| (b.name.clone(), b.command.clone())).collect(),
            processes: Arc::new(Semaphore::new(max_processes)),
            max_processes,
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

    /// Processes running now.
    #[must_use]
    pub fn running(&self) -> usize {
        self.max_processes - self.processes.available_permits()
    }

    /// Takes `n` places for processes at once, or none: `None` when fewer are free.
    pub(crate) fn reserve(&self, n: usize) -> Option<Vec<OwnedSemaphorePermit>> {
        let mut taken = Vec::with_capacity(n);
        for _ in 0..n {
            taken.push(self.processes.clone().try_acquire_owned().ok()?);
        }
        Some(taken)
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
        permit: OwnedSemaphorePermit,
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
    permit: Option<OwnedSemaphorePermit>,
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
