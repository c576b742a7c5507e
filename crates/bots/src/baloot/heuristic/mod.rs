//! The Baloot heuristic: bids the contract (Hokum in a suit, or Sun) its hand is expected to score
//! most with, and plays for points — it takes tricks with masters, trumps and overtrumps when the
//! trick is worth it, feeds points to a partner who holds the trick, and throws the cheapest card
//! when the trick is lost.
//!
//! Everything is read from the seat's [`BalootView`] (its cards, the face-up card, the bids, every
//! card played and by whom, the projects shown), so the bot keeps no state between decisions.
//! The view does not carry the rule options; the legal actions enforce the duties (overtrumping,
//! trumping while the partner wins, the closed lead) and say which Saudi table calls the table
//! plays, and project values are judged with the `seed` preset. The calls (raises, `gahwa`,
//! `ashkal`, `kawesh`, `sawa`) are in `calls`; a `sawa` is claimed only when it cannot fail.

pub(crate) mod bidding;
mod calls;
pub(crate) mod estimate;
mod play;

use baloot::{Baloot, BalootAction, BalootView, StageView};
use game::Seat;

use crate::Bot;
use bidding::{BID_PARAMS, bid};
use calls::{CALL_PARAMS, raise, sawa_is_certain};
use play::Seen;

pub(crate) use estimate::{PLAYOUTS, hokum_features, sun_features};

/// The Baloot heuristic bot. It has no random choices: the same view always gets the same answer.
#[derive(Clone, Debug, Default)]
pub struct BalootHeuristic;

impl Bot<Baloot> for BalootHeuristic {
    fn choose(&mut self, seat: Seat, view: &BalootView, legal: &[BalootAction]) -> BalootAction {
        let wanted = match (view.phase, view.hand.as_ref()) {
            (StageView::Bidding, Some(hand)) => Some(bid(seat, hand, legal, &BID_PARAMS)),
            (StageView::Doubling, Some(hand)) => {
                view.doubling_step.map(|step| raise(seat, hand, step, legal, &CALL_PARAMS))
            }
            (StageView::Playing, Some(hand))
                if legal.contains(&BalootAction::Sawa) && sawa_is_certain(hand, hand.closed) =>
            {
                Some(BalootAction::Sawa)
            }
            (StageView::Playing, Some(hand)) => Seen::read(seat, hand).map(|t| BalootAction::Play(t.choose(legal))),
            _ => None,
        };
        crate::pick(legal, wanted)
    }
}
