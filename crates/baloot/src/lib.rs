//! Baloot, the Saudi and Gulf trick game, as a Majlis [`Game`](game::Game).
//!
//! [`Baloot`] plays a whole match of `docs/rules/baloot.md`: the deal (5 cards each, a face-up card,
//! the stock), round-1 and round-2 bidding (`hokum`, `sun`, void hands when all pass twice), the
//! second deal, play with the Hokum trumping duties, projects found automatically from each hand,
//! the score of each hand (rounding, failure, kaboot) and the match to 152, and the Saudi table
//! calls: the doubling steps (`double`, `three`, `four`, open or closed, and `gahwa`), `ashkal`,
//! `kawesh` and `sawa` (settled exactly by [`claim_holds`]). Every option of the spec's table is a
//! field of [`BalootRules`]; [`BalootRules::seed`] (the default), [`BalootRules::saudi`] and
//! [`BalootRules::saudi_full`] are the presets.
//!
//! ```
//! use baloot::{Baloot, BalootAction, BalootRules};
//! use cards::DeckKind;
//! use game::{Actor, Game, GameKind, Phase, Seat};
//!
//! let mut game = Baloot::new(GameKind::Baloot, BalootRules::saudi(), Seat::ZERO).unwrap();
//! game.deal(DeckKind::Baloot.shuffled_from_seed(7)).unwrap();
//! // Seat 1 (dealer + 1) bids Sun, which ends the bidding at once under the saudi preset.
//! game.play(Actor::Seat(Seat::new(1).unwrap()), BalootAction::Sun).unwrap();
//! let mut legal = Vec::new();
//! while game.phase() == Phase::InHand {
//!     let seat = game.to_act().first().unwrap();
//!     game.legal_actions(seat, &mut legal);
//!     game.play(Actor::Seat(seat), legal[0]).unwrap();
//! }
//! let hand = &game.hand_summaries()[0];
//! assert_eq!(hand.mode, Some("sun"));
//! assert_eq!(hand.card_points.map(|p| p.0[0] + p.0[1]), Some(130));
//! ```
//!
//! The crate is pure: no IO, clock or threads. A random hand needs no heap allocation per action
//! (bitsets and fixed arrays); `cargo bench -p baloot` measures hands per second.

mod action;
mod bidding;
mod deal;
mod doubling;
mod engine;
mod error;
mod projects;
mod rules;
mod sawa;
mod scoring;
mod setup;
mod state;
mod summary;
mod trick;
mod view;

pub use action::{BalootAction, Side, Stake};
pub use bidding::{BidOutcome, BidTable, Bidding, Contract, kawesh_spoiler};
pub use deal::{FirstDeal, first_deal, second_deal};
pub use doubling::{Doubling, DoublingOutcome, GAHWA_STEP, defenders_step};
pub use error::Illegal;
pub use projects::{HandProjects, Project, ProjectKind, baloot_cards, baloot_holder, counted_team, detect};
pub use rules::{BalootRules, FourOfAKind, HokumRounding, OPTION_NAMES, PRESET_NAMES, ProjectTie, RulesError};
pub use sawa::claim_holds;
pub use scoring::{
    HandScore, TARGET, Tally, Verdict, hokum_card_game_points, match_winner, project_game_points, score_hand,
    sun_game_points,
};
pub use setup::SetupError;
pub use state::Baloot;
pub use summary::{EndedBy, HandSummary, Multiplier};
pub use trick::{LAST_TRICK_BONUS, Mode, Trick, card_points, strength, suit_bits};
pub use view::{
    BalootView, BidView, ContractView, HandView, ModeName, PlayView, ProjectView, SawaView, StageView, TrickView,
};
