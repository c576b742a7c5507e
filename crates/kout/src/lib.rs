//! Kout Bo, the Kuwaiti trick-taking game of the majlis, for six (`kout6`) and four (`kout4`)
//! players: the whole of `docs/rules/kout.md` as a [`game::Game`].
//!
//! [`Kout`] is one match, hand after hand: the deal from a deck (one card at a time from the
//! dealer's left), bidding (one turn each, strictly higher, 9 ends it, the dealer forced to bid, a
//! forced 5 is Malzoom), trump, tricks with the two jokers as the highest trumps (and the rules for
//! leading them: dead jokers), the early end of a decided hand, the score table, the end of the
//! match (Bawan on the first hand, 51–0, 101) and per-seat views that never show another seat's
//! cards. Hands are bitsets and the state lives in fixed arrays, so a random playout allocates
//! nothing per action.
//!
//! ```
//! use cards::{seeded_rng, Card};
//! use game::{Actor, Game, GameKind, Seat};
//! use kout::{Kout, KoutAction, KoutRules, Variant};
//!
//! let dealer = Seat::new(5).unwrap();
//! let mut kout = Kout::new(GameKind::Kout6, KoutRules::new(Variant::Six), dealer).unwrap();
//! let deal = kout.random_deal(&mut seeded_rng(7));
//! kout.deal(deal).unwrap();
//!
//! // Seat 0, on the dealer's left, bids first: pass or 5 to 9.
//! let seat0 = Seat::new(0).unwrap();
//! let mut legal = Vec::new();
//! kout.legal_actions(seat0, &mut legal);
//! assert_eq!(legal.len(), 6);
//! kout.play(Actor::Seat(seat0), "bid 7".parse().unwrap()).unwrap();
//!
//! // Refusals are sentences for players, and leave the state unchanged.
//! let err = kout.play(Actor::Seat(seat0), KoutAction::Pass).unwrap_err();
//! assert_eq!(err.to_string(), "it is seat 1's turn");
//! let err = kout.play(Actor::Seat(Seat::new(1).unwrap()), "bid 6".parse().unwrap()).unwrap_err();
//! assert_eq!(err.to_string(), "bid 6 is not higher than 7");
//!
//! // A seat's view holds its own cards and nobody else's.
//! let view = kout.view(Some(seat0));
//! assert_eq!(view.hand.map(|h| h.len()), Some(9));
//! assert!(view.hand.unwrap().is_disjoint(kout.hidden_from(seat0)));
//! # let _ = Card::RED_JOKER;
//! ```
//!
//! The crate is pure: no IO, clock or threads.

mod action;
mod bidding;
mod deal;
mod engine;
mod error;
mod rules;
mod scoring;
mod setup;
mod state;
mod summary;
mod trick;
mod view;

pub use action::{Bid, KoutAction};
pub use bidding::{Call, Contract};
pub use deal::{HAND_SIZE, KoutDeal};
pub use error::{Illegal, Moment};
pub use rules::{KoutRules, RulesError, Variant};
pub use scoring::{hand_points, hand_score, is_decided, is_made, match_winner};
pub use setup::SetupError;
pub use state::Kout;
pub use summary::KoutHandSummary;
pub use trick::power as card_power;
pub use view::{KoutView, PlayedCard, StageView, TrickView};
