//! Every Majlis game behind one switch.
//!
//! Code that picks the game at run time (the CLI, the server) writes its work once, generic over
//! [`Playable`] (a [`Game`](game::Game) that has bots), as a [`Visitor`], and [`dispatch`] calls it
//! with the game type of a [`GameKind`].
//! Bots, tests and benchmarks stay generic and never need this crate.
//!
//! ```
//! use games::{replay, GameKind};
//!
//! let record = games::deal(GameKind::Kout6, 7, &Default::default()).unwrap();
//! let report = replay(&record.to_json_pretty(), None).unwrap();
//! assert_eq!(report["finished"], false);
//! ```

pub mod analysis;
mod steps;

pub use steps::replay_steps;

use bots::Playable;
use cards::seeded_rng;
use game::{Match, MatchError, Options, Record, RecordError, RuleSet, Seat};
use serde_json::Value;

pub use game::GameKind;

/// Work to do with a game type chosen at run time.
pub trait Visitor {
    /// What the work returns.
    type Output;
    /// Does the work with game type `G`, playing `kind`. Every game has bots ([`Playable`]), so
    /// the work may seat them.
    fn visit<G: Playable>(self, kind: GameKind) -> Self::Output;
}

/// Calls `visitor` with the game type that plays `kind`. Every game of [`GameKind`] is built in
/// (the match is exhaustive, so a game added to [`GameKind`] needs its engine here to compile).
pub fn dispatch<V: Visitor>(kind: GameKind, visitor: V) -> V::Output {
    match kind {
        GameKind::Kout6 | GameKind::Kout4 => visitor.visit::<kout::Kout>(kind),
        GameKind::Baloot => visitor.visit::<baloot::Baloot>(kind),
        GameKind::Kabul => visitor.visit::<kabul::Kabul>(kind),
    }
}

/// Why [`deal`] cannot make a record: the game's own error, in its words.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DealError {
    /// The rule options are refused (the game's [`RuleSet::Error`]).
    #[error(transparent)]
    Rules(Box<dyn std::error::Error + Send + Sync>),
    /// The game refuses to start or to deal (the game's [`Game::SetupError`](game::Game::SetupError)).
    #[error(transparent)]
    Setup(Box<dyn std::error::Error + Send + Sync>),
}

impl<G: game::Game> From<MatchError<G>> for DealError {
    fn from(e: MatchError<G>) -> Self {
        match e {
            MatchError::Rules(e) => DealError::Rules(Box::new(e)),
            MatchError::Setup(e) => DealError::Setup(Box::new(e)),
            MatchError::NoDealDue => DealError::Setup(Box::new(e)),
        }
    }
}

/// Replays a record given as JSON text and returns what `majlis replay` prints (see
/// `docs/records.md`); with `seat`, only what that seat may see.
///
/// # Errors
/// The record is malformed or an action is illegal: the error names hand, action, seat, text and
/// reason.
pub fn replay(text: &str, seat: Option<usize>) -> Result<Value, RecordError> {
    let record = Record::parse(text)?;
    struct Replay<'a> {
        record: &'a Record,
        seat: Option<usize>,
    }
    impl Visitor for Replay<'_> {
        type Output = Result<Value, RecordError>;
        fn visit<G: Playable>(self, _kind: GameKind) -> Self::Output {
            let m = Match::<G>::replay(self.record)?;
            let seat = match self.seat {
                None => None,
                Some(s) if s < m.game().seat_count() => Seat::new(s),
                Some(s) => {
                    return Err(RecordError::malformed(format!(
                        "--seat {s}: the table has seats 0 to {}",
                        m.game().seat_count() - 1
                    )));
                }
            };
            Ok(m.report(seat))
        }
    }
    dispatch(record.game, Replay { record: &record, seat })
}

/// A fresh record of `kind` under rule `options`: the first dealer drawn from `seed`, then the
/// first hand's deck shuffled from it, and no actions — the starting point of a match.
///
/// # Errors
/// Bad options.
pub fn deal(kind: GameKind, seed: u64, options: &Options) -> Result<Record, DealError> {
    struct Deal<'a> {
        seed: u64,
        options: &'a Options,
    }
    impl Visitor for Deal<'_> {
        type Output = Result<Record, DealError>;
        fn visit<G: Playable>(self, kind: GameKind) -> Self::Output {
            let rules = G::Rules::from_options(kind, self.options).map_err(|e| DealError::Rules(Box::new(e)))?;
            let mut rng = seeded_rng(self.seed);
            // A table has at least two seats, so the seat drawn exists.
            let dealer = cards::random_below(&mut rng, rules.seat_count() as u32) as usize;
            let dealer = Seat::new(dealer).unwrap_or(Seat::ZERO);
            let mut m = Match::<G>::new(kind, self.options.clone(), Vec::new(), dealer)?;
            m.deal_random(&mut rng)?;
            Ok(m.into_record())
        }
    }
    dispatch(kind, Deal { seed, options })
}
