//! Random-playout throughput: how many complete hands (deal, bidding, play, score) an engine plays
//! per second on one thread, with uniformly random legal moves (`majlis bench`).

use std::time::{Duration, Instant};

use cards::seeded_rng;
use game::testing::random_move;
use game::{Game, GameKind, Options, Phase, RuleSet, Seat};

/// The result of a throughput run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Throughput {
    /// Complete hands played.
    pub hands: u64,
    /// Time spent.
    pub elapsed: Duration,
}

impl Throughput {
    /// Hands per second.
    #[must_use]
    pub fn hands_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 { self.hands as f64 / secs } else { 0.0 }
    }
}

/// Plays random matches of `kind` for about `budget` (at least one hand), counting the hands that
/// end; a finished match is followed by a new one. Deals and moves come from `seed`; every action
/// goes through [`Game::play`], which checks it, as the arena's do.
///
/// # Errors
/// Bad rule options, or an engine that refuses its own legal action or leaves nobody to act.
pub fn random_hands<G: Game>(
    kind: GameKind,
    options: &Options,
    budget: Duration,
    seed: u64,
) -> Result<Throughput, String> {
    let rules = G::Rules::from_options(kind, options).map_err(|e| e.to_string())?;
    let mut rng = seeded_rng(seed);
    let mut buf = Vec::new();
    let start = Instant::now();
    let mut hands = 0u64;
    let mut game = G::new(kind, rules.clone(), Seat::ZERO).map_err(|e| e.to_string())?;
    loop {
        match game.phase() {
            Phase::Over => game = G::new(kind, rules.clone(), Seat::ZERO).map_err(|e| e.to_string())?,
            Phase::AwaitingDeal { .. } => {
                if hands > 0 && start.elapsed() >= budget {
                    break;
                }
                let deal = game.random_deal(&mut rng);
                game.deal(deal).map_err(|e| e.to_string())?;
            }
            Phase::InHand => {
                let (actor, action) =
                    random_move(&game, &mut rng, &mut buf).ok_or("nobody may act in the middle of a hand")?;
                game.play(actor, action).map_err(|e| format!("legal action {action} by {actor} refused: {e}"))?;
                if game.phase() != Phase::InHand {
                    hands += 1;
                }
            }
        }
    }
    Ok(Throughput { hands, elapsed: start.elapsed() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_plays_complete_hands() {
        let budget = Duration::from_millis(20);
        for kind in [GameKind::Kout6, GameKind::Kout4] {
            let t = random_hands::<kout::Kout>(kind, &Options::new(), budget, 1).expect("runs");
            assert!(t.hands >= 1 && t.hands_per_second() > 0.0, "{kind}");
        }
        assert!(random_hands::<baloot::Baloot>(GameKind::Baloot, &Options::new(), budget, 1).expect("runs").hands >= 1);
        assert!(random_hands::<kabul::Kabul>(GameKind::Kabul, &Options::new(), budget, 1).expect("runs").hands >= 1);
        assert!(
            random_hands::<kout::Kout>(GameKind::Kout6, &Options::new(), Duration::ZERO, 1).expect("runs").hands == 1
        );
    }
}
