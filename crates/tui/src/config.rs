//! How a terminal match is set up: the game, the person's seat, the bots, the seed and timings.

use std::time::Duration;

use bots::{AnyBot, BotSpec};
use game::{GameKind, Options};

/// The settings of one terminal match.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Which game.
    pub kind: GameKind,
    /// The person's seat (from 0).
    pub seat: usize,
    /// The bots in the other seats: built-in ones, or a program that speaks the bot protocol.
    pub bots: AnyBot,
    /// The time an external bot is given per decision, in milliseconds.
    pub bot_ms: u64,
    /// The seed of the deals (and of the bots' choices): the same seed and the same moves replay the
    /// same match.
    pub seed: u64,
    /// Rule options, as in a record's `"rules"` object.
    pub options: Options,
    /// The person's name in the saved record.
    pub name: String,
    /// How long each bot move waits, so a person can follow.
    pub delay: Duration,
    /// Kabul: how long a card you look at stays face up before it is hidden again.
    pub peek: Duration,
    /// Whether to use colours (off when `NO_COLOR` is set).
    pub color: bool,
}

impl Config {
    /// The defaults for `kind` with `seed`: seat 0, heuristic bots, the default rules, 0.8 s per bot
    /// move (1 s to think for an external bot), peeks shown for 3 s, colours on.
    #[must_use]
    pub fn new(kind: GameKind, seed: u64) -> Config {
        Config {
            kind,
            seat: 0,
            bots: AnyBot::Builtin(BotSpec::HEURISTIC),
            bot_ms: 1000,
            seed,
            options: Options::new(),
            name: "player".to_owned(),
            delay: Duration::from_millis(800),
            peek: Duration::from_millis(3000),
            color: true,
        }
    }
}

/// Whether the environment asks for no colour: `NO_COLOR` set to a non-empty value
/// (<https://no-color.org>).
#[must_use]
pub fn no_color_requested() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}
