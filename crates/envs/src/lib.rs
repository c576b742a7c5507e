//! Every Majlis game as an environment for learning programs: the core of the Python package
//! (`python/`), written in Rust so that it runs at engine speed and is tested here.
//!
//! - [`Encode`]: each game's **fixed action space** (every action a seat could ever take, numbered,
//!   with a name) and its **observation**: a fixed-size vector of `f32` written from one seat's
//!   view only — never the game state — so an observation can hold nothing the seat may not see.
//!   The layouts are documented on each game's implementation and in `docs/python.md`.
//! - [`Env`]: one match of one game as a sequence of decisions — who acts, the legal actions as a
//!   mask, the observation, a step by action index — with rewards per hand or per match, a cap on
//!   the hands played, Kabul's clock and reshuffles handled, and the record of what was played.
//! - [`AnyEnv`] picks the game at run time; [`Batch`] steps many matches in one call, writing
//!   observations, masks and rewards into flat buffers (the Python batch API).
//! - [`Policy`]: a program that decides from observations and masks, seated as a bot
//!   ([`PolicyBot`]) and measured against the built-in bots in the duplicate arena
//!   ([`policy_arena`]).
//!
//! ```
//! use envs::{AnyEnv, EnvConfig};
//! use game::GameKind;
//!
//! // Two hands of Baloot; every seat takes its last legal action (all passing would redeal for ever).
//! let mut config = EnvConfig::new(GameKind::Baloot);
//! config.max_hands = Some(2);
//! let mut env = AnyEnv::new(&config, 7).unwrap();
//! let mut mask = vec![0u8; env.action_count()];
//! let mut steps = 0;
//! while let Some(seat) = env.agent() {
//!     env.mask(seat, &mut mask);
//!     let last = mask.iter().rposition(|&m| m == 1).unwrap();
//!     env.step(last as i64).unwrap();
//!     steps += 1;
//! }
//! assert!(env.is_truncated() && env.hands() == 2 && steps > 16);
//! ```

mod any;
mod baloot;
mod env;
mod kabul;
mod kout;
mod policy;

pub use any::{AnyBot, AnyEnv, Batch, BatchStep, random_legal};
pub use env::{Env, EnvConfig, EnvError, Reward};
pub use kabul::KABUL_SLOTS;
pub use policy::{Failure, Policy, PolicyBot, policy_arena};

use arrayvec::ArrayVec;
use bots::Playable;
use cards::{CardSet, Suit};
use game::{Seat, SeatSet};

/// A game with a fixed action space and a fixed-size observation of a seat's view.
pub trait Encode: Playable {
    /// How many actions the space holds under `rules` (Kabul's depends on the players).
    fn action_count(rules: &Self::Rules) -> usize;

    /// The decisions that make `action` when `seat` takes it: one index for most actions, two
    /// for Kabul's switch (its first card's place, then its second's); `None` if the space does
    /// not hold it.
    fn action_parts(rules: &Self::Rules, seat: Seat, action: Self::Action) -> Option<Parts>;

    /// The name of action `index`: the record notation (`bid 7`, `play AH`), with seats written
    /// relative to the actor in Kabul (`peek +1:2` is slot 2 of the next seat).
    fn action_name(rules: &Self::Rules, index: usize) -> String;

    /// The clock's action, for games whose clock acts (Kabul closes a snap window).
    fn clock_action() -> Option<Self::Action> {
        None
    }

    /// Writes the observation of `view` (a seat's own view) into `w`, with the decisions already
    /// taken towards an action of several parts (`pending`, empty for most). Every call writes the
    /// same number of values for the same rules, whatever the view holds.
    fn encode(rules: &Self::Rules, view: &Self::View, pending: &[usize], w: &mut Writer<'_>);

    /// The points of the hand that just ended for each seat, from the match score before and
    /// after it: its team's points minus the other team's (team games), or the others' mean
    /// minus its own (Kabul, where points are bad). Sums to zero over the table.
    fn hand_reward(seats: usize, before: &[i32], after: &[i32], out: &mut [f32]) {
        let delta = |i: usize| (after.get(i).copied().unwrap_or(0) - before.get(i).copied().unwrap_or(0)) as f32;
        for (s, r) in out.iter_mut().enumerate().take(seats) {
            let own = delta(s % 2);
            let other = delta((s + 1) % 2);
            *r = own - other;
        }
    }
}

/// The decisions that make one action (see [`Encode::action_parts`]).
pub type Parts = ArrayVec<usize, 2>;

/// One decision.
#[must_use]
pub fn one(index: usize) -> Parts {
    let mut p = Parts::new();
    p.push(index);
    p
}

/// The length of `G`'s observation under `rules`: what [`Encode::encode`] writes for any view.
#[must_use]
pub fn observation_len<G: Encode>(rules: &G::Rules, view: &G::View) -> usize {
    let mut w = Writer::counting();
    G::encode(rules, view, &[], &mut w);
    w.at
}

/// Writes an observation: values appended in order, each section at a fixed place. A counting
/// writer (no buffer) only measures the length. Writes past the buffer's end are dropped, never a
/// panic; the environments size the buffer by a counting pass first.
#[derive(Debug)]
pub struct Writer<'a> {
    out: Option<&'a mut [f32]>,
    at: usize,
}

impl<'a> Writer<'a> {
    /// A writer into `out`, which the caller has zeroed.
    #[must_use]
    pub fn new(out: &'a mut [f32]) -> Self {
        Writer { out: Some(out), at: 0 }
    }

    /// A writer that only counts.
    #[must_use]
    pub fn counting() -> Writer<'static> {
        Writer { out: None, at: 0 }
    }

    /// How many values have been written.
    #[must_use]
    pub fn len(&self) -> usize {
        self.at
    }

    /// Whether nothing has been written yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.at == 0
    }

    fn set(&mut self, i: usize, v: f32) {
        if let Some(x) = self.out.as_deref_mut().and_then(|o| o.get_mut(self.at + i)) {
            *x = v;
        }
    }

    /// Sets the value `offset` places ahead without moving on (a block filled out of order, then
    /// [`Writer::skip`]ped).
    pub fn mark(&mut self, offset: usize, v: f32) {
        self.set(offset, v);
    }

    /// Moves on `n` values (left as written, or zero).
    pub fn skip(&mut self, n: usize) {
        self.at += n;
    }

    /// One value.
    pub fn value(&mut self, v: f32) {
        self.set(0, v);
        self.at += 1;
    }

    /// A flag: 1 or 0.
    pub fn flag(&mut self, b: bool) {
        self.value(if b { 1.0 } else { 0.0 });
    }

    /// A one-hot block of `n` values: 1 at `i` if given (and below `n`), else all zero.
    pub fn one_hot(&mut self, n: usize, i: Option<usize>) {
        if let Some(i) = i.filter(|&i| i < n) {
            self.set(i, 1.0);
        }
        self.at += n;
    }

    /// A block of 54 values, one per card (see [`cards::Card::index`]): 1 for the cards in `set`.
    pub fn cards(&mut self, set: CardSet) {
        for c in set {
            self.set(c.index(), 1.0);
        }
        self.at += cards::Card::COUNT;
    }

    /// A block of four values, one per suit (spades, hearts, diamonds, clubs).
    pub fn suit(&mut self, suit: Option<Suit>) {
        self.one_hot(4, suit.map(Suit::index));
    }

    /// A block of `seats` values: 1 at each seat of `set`, counted from `me`.
    pub fn seat_set(&mut self, seats: usize, me: Seat, set: SeatSet) {
        for s in set.iter() {
            let r = relative(seats, me, s);
            if r < seats {
                self.set(r, 1.0);
            }
        }
        self.at += seats;
    }

    /// A block of `seats` values: 1 at `seat` counted from `me` (0 = me, 1 = the next seat...).
    pub fn seat(&mut self, seats: usize, me: Seat, seat: Option<Seat>) {
        self.one_hot(seats, seat.map(|s| relative(seats, me, s)));
    }
}

/// `seat` counted from `me` around a table of `seats`: 0 is `me`, 1 the next seat in play order.
#[must_use]
pub fn relative(seats: usize, me: Seat, seat: Seat) -> usize {
    (seat.index() + seats - me.index() % seats.max(1)) % seats.max(1)
}

/// The seat `rel` places after `me` around a table of `seats`.
#[must_use]
pub fn absolute(seats: usize, me: Seat, rel: usize) -> Option<Seat> {
    Seat::new((me.index() + rel) % seats.max(1))
}
