//! The strong Baloot bot: the heuristic's bids (or, with `bids=solved`, estimates fitted on solved
//! deals) and calls, cards chosen by solving sampled deals.

use baloot::{Baloot, BalootAction, BalootRules, BalootView, StageView};
use cards::{Card, CardSet, DeckKind};
use game::Seat;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use solver::{BalootPosition, BalootSolver};

use super::bids::SOLVED_BIDS;
use super::deals::{CallsModel, History, constraints, mode_of};
use super::heuristic::bidding::bid;
use super::score::Scorer;
use crate::analysis::{Evaluation, Unit};
use crate::search::{
    Budget, CardAction, CardTally, MAX_CARDS, NODES_PER_MS, Purpose, Search, alike, legal_cards, play_searched,
};
use crate::{BalootHeuristic, Bot};

/// The strong Baloot bot: perfect-information Monte Carlo over sampled deals, each solved exactly
/// (how, in `crates/bots/src/search/mod.rs`).
#[derive(Debug)]
pub struct BalootStrong {
    ms: u32,
    rules: BalootRules,
    rng: ChaCha8Rng,
    solver: BalootSolver,
    /// Bids by the solver-fitted estimates (else the heuristic's).
    solved_bids: bool,
    /// Bids and calls by playing out sampled deals ([`super::auction`]).
    simulated_bids: bool,
    /// The card play weighs its deals by the others' calls ([`CallsModel`]).
    infer: bool,
}

impl Search for BalootStrong {
    const DEFAULT_MS: u32 = 400;
    const WORK_PER_MS: u64 = NODES_PER_MS;
}

impl BalootStrong {
    /// A strong bot for a table under `rules`, with `ms` milliseconds per decision, its deals drawn
    /// from `seed`.
    #[must_use]
    pub fn new(ms: u32, seed: u64, rules: BalootRules) -> Self {
        BalootStrong {
            ms,
            rules,
            rng: ChaCha8Rng::seed_from_u64(seed),
            solver: BalootSolver::new(),
            solved_bids: false,
            simulated_bids: false,
            infer: false,
        }
    }

    /// The same bot, weighing the deals of its card play by whether the heuristic would have made
    /// the others' calls with them ([`CallsModel`]) when `on`.
    #[must_use]
    pub fn with_inference(mut self, on: bool) -> Self {
        self.infer = on;
        self
    }

    /// The same bot, making its bids and calls by playing out sampled deals
    /// ([`super::auction`]) when `on`.
    #[must_use]
    pub fn with_simulated_bids(mut self, on: bool) -> Self {
        self.simulated_bids = on;
        self
    }

    /// The same bot, bidding by the estimates fitted on solved deals ([`super::bids`]) when `on`,
    /// else as the heuristic does.
    #[must_use]
    pub fn with_solved_bids(mut self, on: bool) -> Self {
        self.solved_bids = on;
        self
    }

    /// The deals a call is tried on: a deal played out for every candidate costs about as much as
    /// a millisecond buys, so the budget's milliseconds, within 8 and 200 times [`Search::scale`].
    fn auction_deals(&self) -> usize {
        (self.ms as usize / 2).clamp(8, 200 * Self::scale(self.ms))
    }

    /// The card to play, if searching decides one.
    fn search(&mut self, seat: Seat, view: &BalootView, cards: &[Card], prefer: Option<usize>) -> Option<usize> {
        self.solve(seat, view, cards, Purpose::Choose)?.best(prefer, 0.01)
    }

    /// Solves sampled deals for each of `cards` (each deal one `move_values` search): the one search
    /// behind both [`Bot::choose`] and [`BalootStrong::evaluate`]. The sums are game points for the
    /// seat's team less the other team's; only the budget differs by `purpose`.
    fn solve(&mut self, seat: Seat, view: &BalootView, cards: &[Card], purpose: Purpose) -> Option<CardTally> {
        let hand = view.hand.as_ref()?;
        let constraints = constraints(seat, hand)?;
        let history = History::of(hand, self.rules)?;
        let budget = Budget::of::<Self>(purpose, self.ms);
        let score = Scorer::of(seat, hand, self.rules)?;
        let mut sums = CardTally::new(cards.len());
        let start = self.solver.nodes();
        let mut results = [0.0; MAX_CARDS];
        let calls = if self.infer { CallsModel::of(seat, view, self.rules) } else { None };
        let max_deals = Self::max_deals(self.ms);
        while sums.deals() < max_deals {
            let Some(left) = budget.left(self.solver.nodes() - start) else { break };
            let Some(hands) = constraints.deal_fitting(&mut self.rng, |h| history.allows(h)) else { break };
            let weight = calls.as_ref().map_or(1.0, |m| m.weight(&hands, &mut self.rng));
            let four = [hands[0], hands[1], hands[2], hands[3]];
            let Ok(pos) = BalootPosition::from_view(view, self.rules, four) else { break };
            self.solver.set_node_limit(Some(left));
            let values = self.solver.move_values(&pos);
            if self.solver.aborted() {
                break;
            }
            for (i, &card) in cards.iter().enumerate() {
                let &(_, v) = values.iter().find(|(c, _)| *c == card)?;
                results[i] = score.result(&pos, v);
            }
            sums.add_weighted(&results[..cards.len()], weight);
        }
        self.solver.set_node_limit(None);
        Some(sums)
    }

    /// The values of `seat`'s legal actions (see [`crate::Playable::evaluate`]): the hand's
    /// expected game points for its team less the other team's. Its cards by the solver; its calls
    /// (bids, doubling, Gahwa, Ashkal, Kawesh) on deals played out by the heuristic
    /// ([`super::auction`]). A Sawa claim, when legal, is left out of the actions. `None` with fewer
    /// than two actions to choose from, or when no deal could be valued in the budget.
    pub(crate) fn evaluate(
        &mut self,
        seat: Seat,
        view: &BalootView,
        legal: &[BalootAction],
    ) -> Option<Evaluation<BalootAction>> {
        if matches!(view.phase, StageView::Bidding | StageView::Doubling) {
            let deals = self.auction_deals();
            return super::auction::evaluate(seat, view, legal, self.rules, &mut self.rng, deals);
        }
        if view.phase != StageView::Playing {
            return None;
        }
        let cards = legal_cards(legal);
        if cards.len() < 2 {
            return None;
        }
        let sums = self.solve(seat, view, &cards, Purpose::Evaluate)?;
        let means = sums.means();
        if means.len() != cards.len() {
            return None;
        }
        let actions = cards.iter().map(|&c| BalootAction::Play(c)).zip(means).collect();
        Some(Evaluation::sorted(actions, Unit::GamePoints, None, sums.deals()))
    }
}

impl Bot<Baloot> for BalootStrong {
    fn choose(&mut self, seat: Seat, view: &BalootView, legal: &[BalootAction]) -> BalootAction {
        let deals = self.auction_deals();
        if self.simulated_bids
            && let Some(call) = super::auction::choose(seat, view, legal, self.rules, &mut self.rng, deals)
        {
            return call;
        }
        let heuristic = BalootHeuristic.choose(seat, view, legal);
        let cards = legal_cards(legal);
        if self.solved_bids
            && view.phase == StageView::Bidding
            && let Some(hand) = view.hand.as_ref()
        {
            return crate::pick(legal, Some(bid(seat, hand, legal, &SOLVED_BIDS)));
        }
        // Sawa is the heuristic's (it claims only a hand that holds); so is every other call.
        if cards.len() < 2 || view.phase != StageView::Playing || !matches!(heuristic, BalootAction::Play(_)) {
            return heuristic;
        }
        if let Some(hand) = view.hand.as_ref()
            && let (Some(mode), Some(own)) = (mode_of(hand), hand.cards)
        {
            let gone: CardSet =
                hand.tricks.iter().chain([&hand.trick]).flat_map(|t| t.plays.iter().map(|p| p.card)).collect();
            let suit_cards = |s: cards::Suit| DeckKind::Baloot.cards() & CardSet::suit(s);
            let order = |c: Card| baloot::strength(c, c.suit().unwrap_or(cards::Suit::Spades), mode.trump());
            if alike(&cards, suit_cards, own | gone, order, |c| baloot::card_points(c, mode)) {
                return heuristic;
            }
        }
        play_searched(heuristic, &cards, |prefer| self.search(seat, view, &cards, prefer))
    }
}

impl CardAction for BalootAction {
    fn play(card: Card) -> Self {
        BalootAction::Play(card)
    }

    fn card(self) -> Option<Card> {
        match self {
            BalootAction::Play(c) => Some(c),
            _ => None,
        }
    }
}
