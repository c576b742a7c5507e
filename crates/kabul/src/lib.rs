//! Kabul, the memory card game of Majlis (a relative of Cabo / Cambio), as a [`game::Game`].
//!
//! Implements `docs/rules/kabul.md`: 2 to 6 players each hold a grid of face-down cards; on their turn
//! a player calls Kabul or draws, then discards (maybe using the card's power: look, or switch
//! cards) or replaces one of their cards; after every card that lands on the discard pile a
//! **snap window** opens in which several players may act at once; the lowest total wins.
//!
//! Two things set Kabul apart from the trick games, and the design carries them directly:
//! - **Several seats act at once.** During a snap window [`game::Game::to_act`] holds every seat
//!   that may still snap or pass, and [`game::Game::clock_may_act`] is true: the engine takes no
//!   clock, so whoever drives it (server, CLI, records) closes the window with
//!   [`Actor::Clock`](game::Actor::Clock) and [`KabulAction::Close`].
//! - **The game is memory.** [`Knowledge`] records, for every seat, which face-down cards it has
//!   seen; a seat's [`KabulView`] shows exactly those faces, wherever the cards have moved since.
//!
//! The crate is split by concept: `turn` (call, draw, discard, replace), `power` (what each card
//! may do) and `powers` (using one), `snap` (the
//! windows), `knowledge`, `scoring`, `events` (what happens in public), `view`, `deal`, `rules`,
//! `action` (the record notation), `state` (the layout of the cards, the round and the match)
//! and `engine` (the [`Game`](game::Game) implementation, which reads the state and builds views).
//!
//! ```
//! use cards::{Deck, DeckKind};
//! use game::{Actor, Game, GameKind, Seat};
//! use kabul::{Kabul, KabulAction, KabulDeal, KabulRules, SlotView};
//!
//! let rules = KabulRules::new(2).unwrap();
//! let mut game = Kabul::new(GameKind::Kabul, rules, Seat::ZERO).unwrap();
//! game.deal(KabulDeal::new(DeckKind::Kabul.shuffled_from_seed(7))).unwrap();
//!
//! // Seat 1 (dealer + 1) starts; each player has looked at the two bottom cards of their grid.
//! let one = Seat::new(1).unwrap();
//! let view = game.view(Some(one));
//! assert!(matches!(view.grids[1][2], SlotView::Face(_)));
//! assert_eq!(view.grids[0][2], SlotView::Down);
//!
//! game.play(Actor::Seat(one), "draw deck".parse().unwrap()).unwrap();
//! game.play(Actor::Seat(one), KabulAction::Discard).unwrap();
//! // A snap window is open: both players may act at once, and the clock may close it.
//! assert_eq!(game.to_act().len(), 2);
//! assert!(game.clock_may_act());
//! game.play(Actor::Clock, KabulAction::Close).unwrap();
//! assert_eq!(game.to_act().first(), Some(Seat::ZERO));
//!
//! let err = game.play(Actor::Seat(one), KabulAction::DrawDeck).unwrap_err();
//! assert_eq!(err.to_string(), "it is seat 0's turn");
//! ```

mod action;
mod deal;
mod engine;
mod error;
mod events;
mod knowledge;
mod power;
mod powers;
mod rules;
mod scoring;
mod setup;
mod snap;
mod state;
mod turn;
mod view;

pub use action::{KabulAction, Pos, Slot};
pub use deal::KabulDeal;
pub use error::Illegal;
pub use events::{Event, Source};
pub use knowledge::Knowledge;
pub use power::Power;
pub use rules::{KabulRules, MAX_PLAYERS, MIN_PLAYERS, RulesError};
pub use scoring::{RoundEnd, RoundSummary, card_value, lowest, same_rank};
pub use setup::SetupError;
pub use state::{Kabul, MAX_SLOTS, RECENT_EVENTS};
pub use view::{DrawnView, KabulView, SlotView, StageView};

#[cfg(test)]
mod tests;
