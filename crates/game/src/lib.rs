//! What all Majlis games share.
//!
//! [`Seat`], [`Team`], [`SeatSet`] and the containers [`BySeat`] and [`ByTeam`]; the [`Game`]
//! trait that Kout Bo, Baloot and Kabul implement (who may act, legal actions, play with a typed
//! error that leaves the state unchanged, per-seat views, the outcome); game records
//! ([`Record`], our PGN) and [`Match`], which keeps a game and its record together and replays
//! records. [`testing`] holds the random playouts and checks every game's property tests use.
//!
//! The crate is pure: no IO, clock or threads.
//!
//! ```
//! use game::{Record, RecordErrorKind};
//!
//! let err = Record::parse(r#"{"game": "chess", "hands": []}"#).unwrap_err();
//! assert_eq!(err.kind, RecordErrorKind::Malformed);
//! assert!(err.reason.contains("unknown game"));
//! ```

mod kind;
mod matches;
mod options;
mod record;
mod refusal;
mod seat;
pub mod testing;
mod traits;

pub use kind::{GameKind, UnknownGame};
pub use matches::{Match, MatchError, ReplayAt, view_json};
pub use options::Options;
pub use record::{HandRecord, Record, RecordError, RecordErrorKind, RecordedAction, from_json_trusted};
pub use refusal::{Refusal, Refuse};
pub use seat::{BySeat, ByTeam, MAX_SEATS, Seat, SeatSet, Team};
pub use traits::{Actor, Game, ParseActionError, Phase, RuleSet, Score, Winner};
