//! Kout Bo's bots: the heuristic ([`KoutHeuristic`], `heuristic`) and the strong bot that solves
//! sampled deals ([`KoutStrong`], `strong`), and the factory that seats them.
//!
//! - `heuristic`: bids by counting likely tricks, names its strongest suit, plays from what the
//!   table has shown; `heuristic:slip=P` (the `easy` level) now and then plays a random card
//!   ([`crate::Slipping`]).
//! - `strong`: its bids and trump by playing sampled deals out (`auction`; [`crate::Bids`] names
//!   the others: the heuristic's, and `bids`, the estimates fitted on solved deals); cards chosen
//!   by solving the deals of `deals` (how, in [`crate::search`]), weighed by the bidding and, with
//!   `strong:infer=on`, by the others' card play.
//! - `oracle` (the arena only): sees every hand and solves the real deal, a measure of the
//!   ceiling ([`crate::Bot::choose_seeing`]).

pub(crate) mod auction;
pub(crate) mod bids;
pub(crate) mod deals;
pub(crate) mod heuristic;
pub(crate) mod oracle;
pub(crate) mod strong;
#[cfg(test)]
mod tests;

use game::Seat;
use kout::{Kout, KoutAction};

pub use self::heuristic::KoutHeuristic;
pub use self::oracle::KoutOracle;
pub use self::strong::KoutStrong;
use crate::search::Search;
use crate::{Bids, Bot, BotKind, BotSpec, Evaluation, Playable, RandomBot, Slipping};

impl Playable for Kout {
    const STRONG_DEFAULT_MS: u32 = KoutStrong::DEFAULT_MS;

    fn bot(spec: BotSpec, seed: u64, rules: &Self::Rules) -> Box<dyn Bot<Self>> {
        match spec.kind {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Heuristic if spec.slip > 0.0 => {
                Box::new(Slipping::new(Box::new(KoutHeuristic), spec.slip, seed, |a| matches!(a, KoutAction::Play(_))))
            }
            BotKind::Heuristic => Box::new(KoutHeuristic),
            BotKind::Strong => Box::new(
                KoutStrong::new(spec.time_ms(Self::STRONG_DEFAULT_MS), seed)
                    .with_solved_bids(spec.bids.of(rules.variant.kind()) == Bids::Solved)
                    .with_simulated_bids(spec.bids.of(rules.variant.kind()) == Bids::Simulated)
                    .with_play_inference(spec.infer),
            ),
        }
    }

    fn evaluate(
        _rules: &Self::Rules,
        seat: Seat,
        view: &Self::View,
        legal: &[Self::Action],
        ms: u32,
        seed: u64,
    ) -> Option<Evaluation<Self::Action>> {
        KoutStrong::new(ms, seed).evaluate(seat, view, legal)
    }

    fn oracle(_rules: &Self::Rules) -> Option<Box<dyn Bot<Self>>> {
        Some(Box::new(KoutOracle::new()))
    }
}
