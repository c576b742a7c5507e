//! Kabul's bots: the heuristic with a memory that can forget ([`KabulHeuristic`], `heuristic`) and
//! the strong bot that searches over worlds sampled from what it believes of the hidden cards
//! ([`KabulStrong`], `strong`), and the factory that seats them.

pub(crate) mod heuristic;
pub(crate) mod strong;

use game::Seat;
use kabul::Kabul;

pub use self::heuristic::KabulHeuristic;
pub use self::strong::{KabulStrong, SearchStats};
use crate::search::Search;
use crate::{Bot, BotKind, BotSpec, Evaluation, Playable, RandomBot};

impl Playable for Kabul {
    const STRONG_DEFAULT_MS: u32 = KabulStrong::DEFAULT_MS;

    fn bot(spec: BotSpec, seed: u64, _rules: &Self::Rules) -> Box<dyn Bot<Self>> {
        match spec.kind {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Heuristic => Box::new(KabulHeuristic::new(spec.forget, seed)),
            BotKind::Strong => Box::new(KabulStrong::new(spec.time_ms(Self::STRONG_DEFAULT_MS), seed)),
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
        KabulStrong::new(ms, seed).evaluate(seat, view, legal)
    }
}
