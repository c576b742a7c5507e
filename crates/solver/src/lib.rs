//! Exact perfect-information ("double-dummy") solvers for the trick play of Baloot and Kout Bo.
//!
//! With every hand known, a solver finds the best result each team can force from any position
//! of the trick play, against every defence:
//! - [`BalootSolver`]: the card points a team takes from the tricks left (the last trick's 10
//!   included; a Kaboot worth what the rules score it, see [`kaboot_value`]);
//! - [`KoutSolver`]: the tricks a team takes from the tricks left, and whether the maker's team
//!   makes its bid.
//!
//! They are what the `strong` bot of issue 16 is built on: it deals the cards it cannot see in
//! many ways consistent with what it knows, solves each deal, and plays the move that does best on
//! average. A solver works on a position ([`BalootPosition`], [`KoutPosition`]) built from a real
//! engine state ([`BalootPosition::from_game`]), from a seat's view plus guessed hands
//! ([`BalootPosition::from_view`]), or from a fresh deal.
//!
//! How it searches: alpha-beta over single card plays, driven by zero-window tests to the exact
//! value (bisection over Baloot's points, MTD(f) over Kout's few tricks); a fixed-size
//! transposition table holds bounds on the value of each position at the start of a trick, keyed
//! by the cards left and the leader (Kout's with ranks normalised, so that positions differing
//! only in cards already played share an entry, across deals too); bounds from the points or
//! tricks a team is sure of (top trumps, cashing top cards) cut searches short; moves are ordered
//! by trick-taking heuristics and the table's best move. Cards adjacent in rank in one hand, the
//! cards already played removed, are one move (Kout's trump honours, which let the jokers lead,
//! and the jokers themselves excepted); in Baloot, where such cards may differ in points, the
//! value of one bounds the other's by that difference.
//!
//! The solvers play by their own bit layouts of the cards, for speed; the play rules they apply
//! are those of the `kout` and `baloot` engines, which the tests check move by move and against
//! brute force through the engines. They live in a crate of their own so that the engines stay
//! rules only.
//!
//! ```
//! use baloot::{BalootRules, Mode};
//! use cards::{CardSet, DeckKind, Suit};
//! use game::{Seat, Team};
//! use solver::{BalootPosition, BalootSolver};
//!
//! let deck = DeckKind::Baloot.shuffled_from_seed(3);
//! let hands: [CardSet; 4] = std::array::from_fn(|s| deck[s * 8..s * 8 + 8].iter().copied().collect());
//! let pos = BalootPosition::new(Mode::Hokum(Suit::Hearts), BalootRules::saudi(), Seat::ZERO, hands).unwrap();
//! let mut solver = BalootSolver::new();
//! let ours = solver.value_for(&pos, Team::ZERO);
//! let theirs = solver.value_for(&pos, Team::ONE);
//! // Without a Kaboot the two teams share the 162 points of a Hokum hand.
//! assert!(ours + theirs == 162 || ours.max(theirs) == solver::kaboot_value(pos.mode()));
//! let (card, value) = solver.best_move(&pos);
//! assert!(pos.legal_moves().contains(card));
//! assert_eq!(value, ours);
//! ```
//!
//! Kout Bo: the bid test is one zero-window search, cheaper than the exact tricks.
//!
//! ```
//! use cards::{CardSet, Suit};
//! use game::Seat;
//! use kout::{Bid, Contract, Variant};
//! use solver::{KoutPosition, KoutSolver};
//!
//! let deck = Variant::Four.deck().shuffled_from_seed(9);
//! let hands: Vec<CardSet> = (0..4).map(|s| deck[s * 9..s * 9 + 9].iter().copied().collect()).collect();
//! let contract = Contract { maker: Seat::new(1).unwrap(), bid: Bid::new(6).unwrap(), malzoom: false };
//! let pos = KoutPosition::new(Variant::Four, contract, Suit::Clubs, &hands).unwrap();
//! let mut solver = KoutSolver::new();
//! let tricks = solver.value(&pos);
//! assert_eq!(solver.makes_bid(&pos), tricks >= 6);
//! ```
//!
//! Both are one generic [`Solver`], so code written once serves either game:
//!
//! ```
//! use solver::{Position, Solver};
//!
//! /// The side to move's value, and whether its best move keeps it.
//! fn check<P: Position>(pos: &P) -> bool {
//!     let mut solver = Solver::<P>::new();
//!     let value: i32 = solver.value(pos).into();
//!     let (_, after_best) = solver.best_move(pos);
//!     value == after_best.into()
//! }
//!
//! # use cards::{CardSet, DeckKind, Suit};
//! # let deck = DeckKind::Baloot.shuffled_from_seed(5);
//! # let hands: [CardSet; 4] = std::array::from_fn(|s| deck[s * 8..s * 8 + 8].iter().copied().collect());
//! let pos = solver::BalootPosition::new(baloot::Mode::Sun, baloot::BalootRules::saudi(), game::Seat::ZERO, hands).unwrap();
//! assert!(check(&pos));
//! ```
//!
//! # Layout
//!
//! One solver, written once, generic over the game; each game supplies only its rules, bounds and
//! move order. One file per technique, as DDS lays out its `ABsearch`, `QuickTricks`, `Moves` and
//! `TransTable`:
//!
//! | file | what it holds |
//! |---|---|
//! | `solver.rs` | [`Solver`]: the public API (values, bound tests, move values, best move, node cap) |
//! | `position.rs` | [`Position`], the crate-internal trait that turns it into the search's form, and the legal moves and play check both positions share |
//! | `node.rs` | the crate-internal trait a game's search form implements: moves, play, bounds, key |
//! | `search.rs` | fail-soft alpha-beta, and the MTD(f) and bisection drivers of zero-window tests |
//! | `bounds.rs` | how the quick bounds cut a window and what a result proves |
//! | `order.rs` | the move list, sorted by a game's score, with runs of cards bounding each other |
//! | `trans_table.rs` | the transposition table (`TransTable`) |
//! | `baloot/`, `kout/` | per game: `position.rs` (the public position and how it reaches the search), `node.rs` (its bit form and play rules), `bounds.rs`, `order.rs` |
//! | `error.rs` | [`PositionError`] |
//!
//! The search is monomorphised for each game: no dynamic dispatch, and no allocation once the
//! solver's table exists. The crate is pure (no IO, clock or threads).

mod baloot;
mod bounds;
mod error;
mod kout;
mod node;
mod order;
mod position;
mod search;
mod solver;
mod trans_table;

pub use baloot::{BalootPosition, BalootSolver, kaboot_value};
pub use error::PositionError;
pub use kout::{KoutPosition, KoutSolver};
pub use position::Position;
pub use solver::Solver;
