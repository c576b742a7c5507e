//! What every searching (`strong`) bot shares, whatever its game: the budget of a decision
//! ([`budget`]), the scores of the candidates summed over the sampled deals ([`tally`]), and for
//! the trick games the deals sampled from what a seat knows ([`deal`]) and the legal cards to
//! search among ([`candidates`]). Each game's folder (`kout/`, `baloot/`, `kabul/`) holds its own
//! strong bot, built on these.
//!
//! **The trick games' search** (Kout Bo's [`crate::KoutStrong`], Baloot's [`crate::BalootStrong`])
//! is perfect-information Monte Carlo. At each card it plays, the bot deals the cards it cannot see
//! in many ways that agree with everything its seat knows ([`deal`]: the cards played and by whom,
//! the voids shown by failures to follow, each seat's count of cards, the cards known to sit in a
//! hand such as Baloot's face-up card or a shown project, and — checked by replaying the hand —
//! every earlier play being legal from the hand dealt), solves each deal exactly with the `solver`
//! crate, and plays the card with the best result averaged over the deals: Kout Bo, the chance that
//! its team makes (or breaks) the bid; Baloot, the expected game points of the hand for its team
//! less the other team's, the contract's failure rule, the doubling and the Kaboot included. Ties go
//! to the heuristic's card.
//!
//! **Bidding** ([`crate::Bids`]) is by simulation in Kout Bo 4, where that measured stronger at the
//! default budget, and the heuristic's elsewhere (`bids=heuristic` names it everywhere). With
//! `bids=sim` every call is tried on sampled deals played out by the heuristic ([`auction`]).
//! With `bids=solved` it is by estimates fitted on the
//! solver's results (`kout/bids.rs`, `baloot/bids.rs`): the tricks a Kout maker's team takes, the
//! game points a Baloot contract scores, as linear models of the bidder's known cards fitted by
//! least squares on thousands of random deals solved exactly (`crates/bots/examples/fit_bids.rs`);
//! the Kout bot bids its best trump's estimate with the heuristic's margin and names that trump, the
//! Baloot bot bids the contract whose estimate clears the heuristic's bar of its place. That
//! measures weaker than the heuristic's bidding (the README's arena figures), hence not the default.
//! Otherwise the Saudi calls and Sawa are the heuristic's.
//!
//! **Budget.** `ms` per decision buys about `ms` × [`Search::WORK_PER_MS`] units of work — in the
//! trick games [`NODES_PER_MS`] solver positions, at most [`MAX_DEALS`] deals; in Kabul simulated
//! turns — a fixed count, so the bot is deterministic given its seed, and a choice stops at `ms` of
//! wall time whatever the count. A trick game's deal whose search would go past the budget is
//! dropped whole, so every move is compared over the same deals. A single legal card, or cards that
//! are all equal, take no search.

pub(crate) mod auction;
pub(crate) mod budget;
pub(crate) mod candidates;
pub(crate) mod deal;
pub(crate) mod tally;

#[cfg(test)]
pub(crate) mod tests;

pub(crate) use self::budget::{Budget, Purpose};
pub use self::budget::{MAX_DEALS, NODES_PER_MS, Search};
pub(crate) use self::candidates::{CardAction, MAX_CARDS, alike, legal_cards, play_searched};
pub(crate) use self::deal::Constraints;
pub(crate) use self::tally::Tally;

/// The tally of a trick game's search: one sum per legal card.
pub(crate) type CardTally = Tally<MAX_CARDS>;
