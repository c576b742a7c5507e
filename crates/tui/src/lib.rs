//! The terminal game of Majlis: `majlis play GAME`, a person against bots in a full-screen
//! terminal (ratatui), for Kout Bo (six and four players), Baloot and Kabul.
//!
//! The crate keeps the screen logic apart from the terminal:
//! - [`App`] is one match with its record: whose turn, bots (and their pauses), the clock that
//!   closes Kabul's snap windows, keys turned into actions (refused ones show the engine's reason),
//!   the log and the overlays (rules, last trick, quit). Time is an argument, and drawing goes to
//!   any [`ratatui::Frame`], so tests drive it with `TestBackend` and made-up instants.
//! - [`GameUi`] is what each game adds: its choices, its words for what happened, how its table is
//!   drawn. Implemented for [`kout::Kout`], [`baloot::Baloot`] and [`kabul::Kabul`].
//! - [`run`] is the terminal loop (crossterm): the only IO, besides [`save`].
//!
//! ```
//! use std::time::{Duration, Instant};
//! use ratatui::{Terminal, backend::TestBackend};
//! use tui::{Config, GameKind, Key, Screen};
//!
//! let mut config = Config::new(GameKind::Kout4, 7);
//! config.delay = Duration::ZERO; // bots move at once
//! let now = Instant::now();
//! let mut screen = tui::new_screen(config, now).unwrap();
//! screen.tick(now); // the bots before you move
//!
//! let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
//! terminal.draw(|frame| screen.render(frame, now)).unwrap();
//! let text = terminal.backend().to_string();
//! assert!(text.contains("Kout Bo 4") && text.contains("Your hand"));
//!
//! // `q` asks first; `y` leaves. The record so far is what `majlis play` saves.
//! screen.handle_key(Key::Char('q'), now);
//! assert!(!screen.should_exit());
//! screen.handle_key(Key::Char('y'), now);
//! assert!(screen.should_exit());
//! assert_eq!(screen.record().hands.len(), 1);
//! ```

mod app;
mod choice;
mod config;
mod game_ui;
mod games;
mod render;
mod save;
mod style;
mod term;

use std::time::Instant;

pub use app::{App, Screen};
pub use bots::{AnyBot, BotSpec};
pub use choice::{Choice, Intent, Key, Place};
pub use config::{Config, no_color_requested};
pub use game::GameKind;
pub use game_ui::{Ctx, GameUi, Names, Narration};
pub use games::kabul::KabulUi;
pub use render::{MIN_HEIGHT, MIN_WIDTH, Notice, Overlay};
pub use save::{default_save_path, save};
pub use style::Palette;
pub use term::{key_of, run};

/// A new match of `config.kind` as a [`Screen`], its first hand dealt at `now`.
///
/// # Errors
/// Bad rule options, or a seat that is not at the table.
pub fn new_screen(config: Config, now: Instant) -> Result<Box<dyn Screen>, String> {
    Ok(match config.kind {
        GameKind::Kout6 | GameKind::Kout4 => Box::new(App::<kout::Kout>::new(config, now)?),
        GameKind::Baloot => Box::new(App::<baloot::Baloot>::new(config, now)?),
        GameKind::Kabul => Box::new(App::<kabul::Kabul>::new(config, now)?),
    })
}
