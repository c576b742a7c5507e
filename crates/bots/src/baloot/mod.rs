//! Baloot's bots: the heuristic ([`BalootHeuristic`], `heuristic`) and the strong bot that solves
//! sampled deals ([`BalootStrong`], `strong`), and the factory that seats them.
//!
//! - `heuristic`: bids the contract its hand is expected to score most with (`estimate`, fitted on
//!   playouts), makes the Saudi calls (`calls`), plays for points (`play`); `heuristic:slip=P`
//!   (the `easy` level) now and then plays a random card ([`crate::Slipping`]).
//! - `strong`: the heuristic's bids (or `bids`, the estimates fitted on solved deals) and calls,
//!   cards chosen by solving the deals of `deals`, each scored as the rules score the hand
//!   (`score`); how, in [`crate::search`].
//! - `oracle` (the arena only): sees every hand and solves the real deal, a measure of the
//!   ceiling ([`crate::Bot::choose_seeing`]).

pub(crate) mod auction;
pub(crate) mod bids;
pub(crate) mod deals;
pub(crate) mod heuristic;
pub(crate) mod oracle;
pub(crate) mod score;
pub(crate) mod strong;
#[cfg(test)]
mod tests;

use baloot::{Baloot, BalootAction};
use game::{GameKind, Seat};

pub use self::heuristic::BalootHeuristic;
pub use self::oracle::BalootOracle;
pub use self::strong::BalootStrong;
use crate::search::Search;
use crate::{Bids, Bot, BotKind, BotSpec, Evaluation, Playable, RandomBot, Slipping};

impl Playable for Baloot {
    const STRONG_DEFAULT_MS: u32 = BalootStrong::DEFAULT_MS;

    fn bot(spec: BotSpec, seed: u64, rules: &Self::Rules) -> Box<dyn Bot<Self>> {
        match spec.kind {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Heuristic if spec.slip > 0.0 => {
                Box::new(Slipping::new(Box::new(BalootHeuristic), spec.slip, seed, |a| {
                    matches!(a, BalootAction::Play(_))
                }))
            }
            BotKind::Heuristic => Box::new(BalootHeuristic),
            BotKind::Strong => Box::new(
                BalootStrong::new(spec.time_ms(Self::STRONG_DEFAULT_MS), seed, *rules)
                    .with_solved_bids(spec.bids.of(GameKind::Baloot) == Bids::Solved)
                    .with_simulated_bids(spec.bids.of(GameKind::Baloot) == Bids::Simulated)
                    .with_inference(spec.infer),
            ),
        }
    }

    fn evaluate(
        rules: &Self::Rules,
        seat: Seat,
        view: &Self::View,
        legal: &[Self::Action],
        ms: u32,
        seed: u64,
    ) -> Option<Evaluation<Self::Action>> {
        BalootStrong::new(ms, seed, *rules).evaluate(seat, view, legal)
    }

    fn oracle(rules: &Self::Rules) -> Option<Box<dyn Bot<Self>>> {
        Some(Box::new(BalootOracle::new(*rules)))
    }
}
