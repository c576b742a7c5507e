//! The strong Kout Bo bot: its bids and trump by simulation ([`super::auction`], the default
//! there), the heuristic's, or estimates fitted on solved deals ([`crate::Bids`]); cards chosen by
//! solving sampled deals.

use cards::{Card, CardSet, Rank};
use game::Seat;
use kout::{Kout, KoutAction, KoutView, StageView, Variant};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use solver::{KoutPosition, KoutSolver};

use super::bids::kout_best;
use super::deals::{Auction, History, Plays, constraints};
use super::heuristic::bid_expecting;
use crate::analysis::{Evaluation, Unit};
use crate::search::{
    Budget, CardAction, CardTally, MAX_CARDS, NODES_PER_MS, Purpose, Search, alike, legal_cards, play_searched,
};
use crate::{Bot, KoutHeuristic};

/// The strong Kout Bo bot: perfect-information Monte Carlo over sampled deals, each solved exactly
/// (how, in `crates/bots/src/search/mod.rs`).
#[derive(Debug)]
pub struct KoutStrong {
    ms: u32,
    rng: ChaCha8Rng,
    solver: KoutSolver,
    /// Bids and trump by the solver-fitted estimates (else the heuristic's).
    solved_bids: bool,
    /// Bids and trump by playing out sampled deals ([`super::auction`]).
    simulated_bids: bool,
    /// The card play weighs its deals by the others' plays too ([`Plays`]).
    infer_plays: bool,
}

impl Search for KoutStrong {
    const DEFAULT_MS: u32 = 400;
    const WORK_PER_MS: u64 = NODES_PER_MS;
}

impl KoutStrong {
    /// A strong bot with `ms` milliseconds per decision, its deals drawn from `seed`.
    #[must_use]
    pub fn new(ms: u32, seed: u64) -> Self {
        KoutStrong {
            ms,
            rng: ChaCha8Rng::seed_from_u64(seed),
            solver: KoutSolver::with_table_bits(15),
            solved_bids: false,
            simulated_bids: false,
            infer_plays: false,
        }
    }

    /// The same bot, its card play weighing the deals it samples by the others' plays so far
    /// ([`Plays`]) when `on`, besides the bidding.
    #[must_use]
    pub fn with_play_inference(mut self, on: bool) -> Self {
        self.infer_plays = on;
        self
    }

    /// The same bot, bidding and naming trump by playing out sampled deals ([`super::auction`])
    /// when `on`.
    #[must_use]
    pub fn with_simulated_bids(mut self, on: bool) -> Self {
        self.simulated_bids = on;
        self
    }

    /// The deals a bid is tried on: a deal played out for every candidate costs about as much as a
    /// millisecond buys, so the budget's milliseconds, within 8 and 200 times [`Search::scale`].
    fn auction_deals(&self) -> usize {
        (self.ms as usize / 2).clamp(8, 200 * Self::scale(self.ms))
    }

    /// The same bot, bidding and naming trump by the estimates fitted on solved deals
    /// ([`super::bids`]) when `on`, else as the heuristic does.
    #[must_use]
    pub fn with_solved_bids(mut self, on: bool) -> Self {
        self.solved_bids = on;
        self
    }

    /// The card to play, if searching decides one.
    fn search(&mut self, seat: Seat, view: &KoutView, cards: &[Card], prefer: Option<usize>) -> Option<usize> {
        self.solve(seat, view, cards, Purpose::Choose)?.chance.best(prefer, 0.0)
    }

    /// Solves sampled deals for each of `cards`: the one search behind both [`Bot::choose`] and
    /// [`KoutStrong::evaluate`].
    ///
    /// To choose, each card's deal is one bid test (cheap), and the search stops once the best
    /// card cannot change. To evaluate, each deal is solved for every card's exact tricks
    /// (`move_values`), which give the bid's outcome too, over every deal the budget buys; when a
    /// deal's exact tricks are beyond the whole budget (early in a Kout 6 hand), the evaluation falls
    /// back to the bid tests and reports no tricks.
    fn solve(&mut self, seat: Seat, view: &KoutView, cards: &[Card], purpose: Purpose) -> Option<Solved> {
        let constraints = constraints(seat, view)?;
        let history = History::of(view)?;
        let budget = Budget::of::<Self>(purpose, self.ms);
        let my_team = seat.team();
        let mut tally = CardTally::new(cards.len());
        let mut tricks = (purpose == Purpose::Evaluate).then(|| CardTally::new(cards.len()));
        let mut spent = 0u64;
        let start = self.solver.nodes();
        let mut results = [0.0; MAX_CARDS];
        let mut counts = [0.0; MAX_CARDS];
        let auction = Auction::of(seat, view);
        let plays = if self.infer_plays { Plays::of(seat, view) } else { None };
        let max_deals = Self::max_deals(self.ms);
        while tally.deals() < max_deals {
            let Some(hands) = constraints.deal_fitting(&mut self.rng, |h| history.allows(h)) else { break };
            let dealt = history.starting_hands(&hands);
            let weight = auction.weight(&dealt) * plays.as_ref().map_or(1.0, |p| p.weight(&dealt));
            let Ok(pos) = KoutPosition::from_view(view, &hands[..constraints.seats]) else { break };
            let maker_team = pos.contract().maker.team();
            let complete = if tricks.is_some() {
                let Some(left) = budget.left(spent) else { break };
                self.solver.set_node_limit(Some(left));
                let values = self.solver.move_values(&pos);
                spent = self.solver.nodes() - start;
                if self.solver.aborted() {
                    if tally.deals() == 0 {
                        // Not one deal's exact tricks fit: the bid tests alone, from here on.
                        tricks = None;
                        continue;
                    }
                    break;
                }
                let bid = pos.contract().bid.tricks();
                let won = pos.tricks_won()[my_team];
                for (i, card) in cards.iter().enumerate() {
                    let &(_, v) = values.iter().find(|(c, _)| c == card)?;
                    let ours = won + v;
                    let makes = if maker_team == my_team { ours >= bid } else { TRICKS - ours.min(TRICKS) >= bid };
                    results[i] = f64::from(u8::from(makes == (maker_team == my_team)));
                    counts[i] = f64::from(ours);
                }
                true
            } else {
                let mut complete = true;
                for (i, &card) in cards.iter().enumerate() {
                    let Some(left) = budget.left(spent) else {
                        complete = false;
                        break;
                    };
                    let mut next = pos.clone();
                    if next.play(card).is_err() {
                        return None;
                    }
                    self.solver.set_node_limit(Some(left));
                    let makes = self.solver.makes_bid(&next);
                    spent = self.solver.nodes() - start;
                    if self.solver.aborted() {
                        complete = false;
                        break;
                    }
                    results[i] = f64::from(u8::from(makes == (maker_team == my_team)));
                }
                complete
            };
            if !complete {
                break;
            }
            tally.add_weighted(&results[..cards.len()], weight);
            if let Some(t) = tricks.as_mut() {
                t.add_weighted(&counts[..cards.len()], weight);
            }
            if purpose == Purpose::Choose && tally.settled(max_deals - tally.deals(), 1.0) {
                break;
            }
        }
        self.solver.set_node_limit(None);
        Some(Solved { chance: tally, tricks })
    }

    /// The values of `seat`'s legal actions (see [`crate::Playable::evaluate`]). Its cards: the
    /// chance that its team makes (or, defending, breaks) the bid, and its team's expected tricks in
    /// the hand. Its bids and trump: the hand's points for its team less the other's, on deals
    /// played out by the heuristic ([`super::auction`]). `None` with fewer than two actions to
    /// choose from, or when no deal could be valued in the budget.
    pub(crate) fn evaluate(
        &mut self,
        seat: Seat,
        view: &KoutView,
        legal: &[KoutAction],
    ) -> Option<Evaluation<KoutAction>> {
        if matches!(view.stage, StageView::Bidding | StageView::Trump) {
            let deals = self.auction_deals();
            return super::auction::evaluate(seat, view, legal, &mut self.rng, deals);
        }
        if view.stage != StageView::Playing {
            return None;
        }
        let cards = legal_cards(legal);
        if cards.len() < 2 || cards.len() != legal.len() {
            return None;
        }
        let solved = self.solve(seat, view, &cards, Purpose::Evaluate)?;
        let chance = solved.chance.means();
        if chance.len() != cards.len() {
            return None;
        }
        let tricks = solved.tricks.map(|t| t.means()).filter(|t| t.len() == cards.len());
        let actions = cards.iter().map(|&c| KoutAction::Play(c)).zip(chance).collect();
        Some(Evaluation::sorted(actions, Unit::Chance, tricks, solved.chance.deals()))
    }
}

/// What [`KoutStrong::solve`] found: each card's chance of the bid going the seat's team's way,
/// and (evaluating) each card's expected tricks for the seat's team.
struct Solved {
    chance: CardTally,
    tricks: Option<CardTally>,
}

/// Tricks in a Kout Bo hand.
const TRICKS: u8 = 9;

impl Bot<Kout> for KoutStrong {
    fn choose(&mut self, seat: Seat, view: &KoutView, legal: &[KoutAction]) -> KoutAction {
        let deals = self.auction_deals();
        if self.simulated_bids
            && let Some(action) = super::auction::choose(seat, view, legal, &mut self.rng, deals)
        {
            return action;
        }
        let heuristic = KoutHeuristic.choose(seat, view, legal);
        let cards = legal_cards(legal);
        match view.stage {
            // Bids and trump by the solver-fitted estimate of the team's tricks.
            StageView::Bidding if self.solved_bids => {
                let Some(hand) = view.hand else { return heuristic };
                let (_, tricks) = kout_best(hand, view.game);
                return crate::pick(legal, Some(bid_expecting(seat, view, legal, tricks)));
            }
            StageView::Trump if self.solved_bids => {
                let Some(hand) = view.hand else { return heuristic };
                return crate::pick(legal, Some(KoutAction::Trump(kout_best(hand, view.game).0)));
            }
            _ => {}
        }
        if cards.len() < 2 || view.stage != StageView::Playing {
            return heuristic;
        }
        if let (Some(trump), Some(hand)) = (view.trump, view.hand) {
            let gone: CardSet =
                view.tricks.iter().chain(view.trick.as_ref()).flat_map(|t| t.cards.iter().map(|p| p.card)).collect();
            let deck = Variant::of(view.game).map_or(CardSet::EMPTY, Variant::cards);
            let suit_cards =
                |s: cards::Suit| (deck & CardSet::suit(s)) | if s == trump { CardSet::JOKERS } else { CardSet::EMPTY };
            let order = |c: Card| kout::card_power(c, trump, Some(c.suit().unwrap_or(trump)));
            // The trump honours are never alike: when the last of them falls, the jokers may lead.
            let honour = |c: Card| {
                c.suit() == Some(trump)
                    && c.rank().is_some_and(|r| matches!(r, Rank::Ace | Rank::King | Rank::Queen | Rank::Jack))
            };
            let value = |c: Card| if honour(c) { 100 + u16::from(order(c)) } else { 1 };
            if alike(&cards, suit_cards, hand | gone, order, value) {
                return heuristic;
            }
        }
        play_searched(heuristic, &cards, |prefer| self.search(seat, view, &cards, prefer))
    }
}

impl CardAction for KoutAction {
    fn play(card: Card) -> Self {
        KoutAction::Play(card)
    }

    fn card(self) -> Option<Card> {
        match self {
            KoutAction::Play(c) => Some(c),
            _ => None,
        }
    }
}
