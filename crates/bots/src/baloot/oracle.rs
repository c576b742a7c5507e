//! Baloot's `oracle`: the arena's ceiling, which sees every hand (see [`crate::Bot::choose_seeing`]).
//!
//! - **Cards:** the card that scores its team the most game points (less the other team's) as the
//!   rules score the hand, the real deal solved exactly.
//! - **Bids, doubles, Gahwa, Ashkal, Kawesh:** each legal call is tried on a copy of the game, the
//!   heuristic finishes the auction for every seat (the others may still overcall or double), and
//!   the contract that results is solved on the real cards, stock included, and scored as the rules
//!   score the hand (every project declared); a hand thrown in scores what the rules give it. The
//!   best call is made, the heuristic's on a tie.
//! - **Sawa:** the heuristic's, as the strong bot's.
//!
//! A solve that outgrows [`ORACLE_NODES`] leaves that card to the heuristic.

use baloot::{Baloot, BalootAction, BalootRules, BalootView, StageView};
use cards::{Card, CardSet};
use game::{Game, Phase, Seat};
use solver::{BalootPosition, BalootSolver};

use super::deals::mode_of;
use super::score::Scorer;
use crate::oracle::after_auction;
use crate::search::legal_cards;
use crate::{BalootHeuristic, Bot};

/// The positions one solve of the oracle may search before the heuristic decides instead.
pub(crate) const ORACLE_NODES: u64 = 3_000_000;

/// Baloot's oracle: solves the real deal (see the module's doc).
#[derive(Debug)]
pub struct BalootOracle {
    rules: BalootRules,
    solver: BalootSolver,
    /// Decisions left to the heuristic because a solve outgrew [`ORACLE_NODES`].
    fallbacks: u32,
}

impl BalootOracle {
    /// An oracle for a table under `rules` (it draws nothing at random).
    #[must_use]
    pub fn new(rules: BalootRules) -> Self {
        BalootOracle { rules, solver: BalootSolver::new(), fallbacks: 0 }
    }

    /// How many decisions it left to the heuristic because a solve outgrew its cap.
    #[must_use]
    pub const fn fallbacks(&self) -> u32 {
        self.fallbacks
    }

    /// The call to make in the bidding or the doubling steps: the one whose auction, finished by
    /// the heuristic, leads to the best solved result for `seat`'s team. `None` when a solve
    /// outgrew its cap.
    fn call(
        &mut self,
        game: &Baloot,
        seat: Seat,
        heuristic: BalootAction,
        legal: &[BalootAction],
    ) -> Option<BalootAction> {
        let mut best: Option<(f64, BalootAction)> = None;
        // The heuristic's call first, so that it is kept on a tie.
        for &action in std::iter::once(&heuristic).chain(legal.iter().filter(|&&a| a != heuristic)) {
            let Some(after) = after_auction(game, seat, action, &mut BalootHeuristic, |g| {
                matches!(g.view(None).phase, StageView::Bidding | StageView::Doubling)
            }) else {
                continue;
            };
            let value = self.value(game, &after, seat)?;
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, action));
            }
        }
        best.map(|(_, a)| a)
    }

    /// What the hand is worth to `seat`'s team in game points (less the other team's) once the
    /// auction is over in `after`: the contract solved on the real cards, or what the rules gave a
    /// hand that ended without one.
    fn value(&mut self, before: &Baloot, after: &Baloot, seat: Seat) -> Option<f64> {
        let ours = seat.team().index();
        if after.phase() != Phase::InHand {
            let (b, a) = (before.score(), after.score());
            let gained = |t: usize| f64::from(a.get(t).copied().unwrap_or(0) - b.get(t).copied().unwrap_or(0));
            return Some(gained(ours) - gained(1 - ours));
        }
        let view = after.view(Some(seat));
        let hand = view.hand.as_ref()?;
        let (contract, mode) = (hand.contract?, mode_of(hand)?);
        let hands: [CardSet; 4] = std::array::from_fn(|s| Seat::new(s).map_or(CardSet::EMPTY, |s| after.held(s)));
        let score =
            Scorer::of_deal(contract.bidder, hand.dealer, mode, self.rules, &hands).times(hand.multiplier.factor());
        let pos = BalootPosition::from_game(after).ok()?;
        self.solver.set_node_limit(Some(ORACLE_NODES));
        let taken = self.solver.value_for(&pos, contract.bidder.team());
        let aborted = self.solver.aborted();
        self.solver.set_node_limit(None);
        if aborted {
            return None;
        }
        let bidders = score.result(&pos, taken);
        Some(if contract.bidder.team() == seat.team() { bidders } else { -bidders })
    }

    /// The card to play: the most game points for its team less the other's.
    fn card(&mut self, game: &Baloot, seat: Seat, view: &BalootView, cards: &[Card]) -> Option<Card> {
        let score = Scorer::of(seat, view.hand.as_ref()?, self.rules)?;
        let pos = BalootPosition::from_game(game).ok()?;
        self.solver.set_node_limit(Some(ORACLE_NODES));
        let values = self.solver.move_values(&pos);
        let aborted = self.solver.aborted();
        self.solver.set_node_limit(None);
        if aborted {
            return None;
        }
        cards
            .iter()
            .filter_map(|&c| values.iter().find(|(v, _)| *v == c).map(|&(_, v)| (c, score.result(&pos, v))))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(c, _)| c)
    }
}

impl Bot<Baloot> for BalootOracle {
    /// Seated without the whole game (never in the arena): the heuristic's choice.
    fn choose(&mut self, seat: Seat, view: &BalootView, legal: &[BalootAction]) -> BalootAction {
        BalootHeuristic.choose(seat, view, legal)
    }

    fn choose_seeing(&mut self, seat: Seat, game: &Baloot, legal: &[BalootAction]) -> Option<BalootAction> {
        let view = game.view(Some(seat));
        let heuristic = BalootHeuristic.choose(seat, &view, legal);
        let decided = match view.phase {
            StageView::Bidding | StageView::Doubling if legal.len() > 1 => self.call(game, seat, heuristic, legal),
            // Sawa is the heuristic's, as the strong bot's is.
            StageView::Playing if matches!(heuristic, BalootAction::Play(_)) => {
                let cards = legal_cards(legal);
                if cards.len() < 2 {
                    return Some(heuristic);
                }
                self.card(game, seat, &view, &cards).map(BalootAction::Play)
            }
            _ => return Some(heuristic),
        };
        self.fallbacks += u32::from(decided.is_none());
        Some(crate::pick(legal, decided.or(Some(heuristic))))
    }
}
