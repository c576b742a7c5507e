//! The strong Kout Bo bot: the heuristic's bids and trump (or, with `bids=solved`, estimates fitted
//! on solved deals), cards chosen by solving sampled deals.

use cards::{Card, CardSet, Rank};
use game::Seat;
use kout::{Bid, Contract, Kout, KoutAction, KoutView, StageView, Variant};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use solver::{KoutPosition, KoutSolver};

use super::bids::kout_best;
use super::deal::{Constraints, SEATS};
use super::{MAX_DEALS, Purpose, Tally};
use crate::analysis::{Evaluation, Unit};
use crate::kout_bot::{MARGIN, best_trump, bid_expecting, own_tricks, partners_tricks};
use crate::{Bot, KoutHeuristic};

/// The strong Kout Bo bot: perfect-information Monte Carlo over sampled deals, each solved exactly
/// (how, in `crates/bots/src/strong/mod.rs`).
#[derive(Debug)]
pub struct KoutStrong {
    ms: u32,
    rng: ChaCha8Rng,
    solver: KoutSolver,
    /// Bids and trump by the solver-fitted estimates (else the heuristic's).
    solved_bids: bool,
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
        }
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
        let budget = purpose.budget(self.ms);
        let my_team = seat.team();
        let mut tally = Tally::new(cards.len());
        let mut tricks = (purpose == Purpose::Evaluate).then(|| Tally::new(cards.len()));
        let mut spent = 0u64;
        let start = self.solver.nodes();
        let mut results = [0.0; 9];
        let mut counts = [0.0; 9];
        let auction = Auction::of(seat, view);
        while tally.deals() < MAX_DEALS {
            let Some(hands) = constraints.deal_fitting(&mut self.rng, |h| history.allows(h)) else { break };
            let weight = auction.weight(&history.starting_hands(&hands));
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
            if purpose == Purpose::Choose && tally.settled(MAX_DEALS - tally.deals(), 1.0) {
                break;
            }
        }
        self.solver.set_node_limit(None);
        Some(Solved { chance: tally, tricks })
    }

    /// The values of `seat`'s legal cards (see [`crate::Playable::evaluate`]): the chance that its
    /// team makes (or, defending, breaks) the bid, and its team's expected tricks in the hand.
    /// `None` outside the trick play, with fewer than two cards to choose from, or when no deal
    /// could be solved in the budget.
    pub(crate) fn evaluate(
        &mut self,
        seat: Seat,
        view: &KoutView,
        legal: &[KoutAction],
    ) -> Option<Evaluation<KoutAction>> {
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
    chance: Tally,
    tricks: Option<Tally>,
}

/// Tricks in a Kout Bo hand.
const TRICKS: u8 = 9;

impl Bot<Kout> for KoutStrong {
    fn choose(&mut self, seat: Seat, view: &KoutView, legal: &[KoutAction]) -> KoutAction {
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
            if super::alike(&cards, suit_cards, hand | gone, order, value) {
                return heuristic;
            }
        }
        let prefer = cards.iter().position(|&c| heuristic == KoutAction::Play(c));
        match self.search(seat, view, &cards, prefer) {
            Some(i) => KoutAction::Play(cards[i]),
            None => heuristic,
        }
    }
}

/// The hand's plays so far, to check a deal against: the contract and every card in order.
#[derive(Clone, Debug)]
pub(crate) struct History {
    variant: Variant,
    contract: Contract,
    trump: cards::Suit,
    /// Every card played this hand, by whom, in order.
    plays: Vec<(Seat, Card)>,
}

impl History {
    pub(crate) fn of(view: &KoutView) -> Option<History> {
        let variant = Variant::of(view.game)?;
        let contract = Contract { maker: view.maker?, bid: Bid::new(view.bid?)?, malzoom: view.malzoom };
        let plays = view
            .tricks
            .iter()
            .chain(view.trick.as_ref())
            .flat_map(|t| t.cards.iter().map(|p| (p.seat, p.card)))
            .collect();
        Some(History { variant, contract, trump: view.trump?, plays })
    }

    /// The hands dealt, had the seats held `hands` now: the cards they played added back.
    pub(crate) fn starting_hands(&self, hands: &[CardSet; SEATS]) -> [CardSet; SEATS] {
        let mut start = *hands;
        for &(seat, card) in &self.plays {
            start[seat.index() % SEATS].insert(card);
        }
        start
    }

    /// Whether every play so far was legal had the seats held `hands` now: the hand replayed
    /// from its first lead.
    pub(crate) fn allows(&self, hands: &[CardSet; SEATS]) -> bool {
        let seats = self.variant.seats();
        let start = self.starting_hands(hands);
        let Ok(mut pos) = KoutPosition::new(self.variant, self.contract, self.trump, &start[..seats]) else {
            return false;
        };
        self.plays.iter().all(|&(seat, card)| pos.to_move() == seat && pos.play(card).is_ok())
    }
}

/// What `seat` knows of the other hands in `view`: the unseen cards, the counts, the voids shown
/// by failures to follow (a plain suit not followed: none of it; trump not followed: no trump and
/// no joker). `None` outside the trick play.
pub(crate) fn constraints(seat: Seat, view: &KoutView) -> Option<Constraints> {
    let variant = Variant::of(view.game)?;
    let trump = view.trump?;
    let seats = variant.seats();
    let hand = view.hand?;
    let tricks: Vec<_> = view.tricks.iter().chain(view.trick.as_ref()).collect();
    let played: CardSet = tricks.iter().flat_map(|t| t.cards.iter().map(|p| p.card)).collect();
    let mut held = [0u8; SEATS];
    for (s, h) in held.iter_mut().enumerate().take(seats) {
        *h = Seat::new(s).map_or(0, |s| view.cards_held[s]);
    }
    let mut c = Constraints::new(seats, held, variant.cards() - played);
    c.place(seat.index(), hand);
    for t in &tricks {
        let Some(led) = t.led else { continue };
        // The plays up to the first live card (the one that decided the suit) follow nothing.
        let Some(decider) = t.cards.iter().position(|p| !p.dead) else { continue };
        for p in &t.cards[decider + 1..] {
            if p.card.is_joker() || p.card.suit() == Some(led) {
                continue;
            }
            let s = p.seat.index();
            if led == trump {
                c.exclude(s, CardSet::suit(trump) | CardSet::JOKERS);
            } else {
                c.exclude(s, CardSet::suit(led));
            }
        }
    }
    Some(c)
}

/// What the bidding said about the other hands, as a weight on each deal: how likely each other
/// seat's call (and the maker's trump) was with the hand the deal gives it, by the heuristic's
/// reading of a hand's strength — a pass from a hand that would have bid, or a bid far above what
/// a hand can take, makes the deal less likely. The viewer's own calls and a dealer's forced bid
/// say nothing.
#[derive(Clone, Debug)]
pub(crate) struct Auction {
    kind: game::GameKind,
    /// Each other seat's call: who, the lowest bid it could have made then, its bid (`None`: a
    /// pass) and whether its partner had already bid (a pass then says little).
    calls: Vec<(Seat, u8, Option<u8>, bool)>,
    maker: Option<(Seat, cards::Suit)>,
}

impl Auction {
    pub(crate) fn of(me: Seat, view: &KoutView) -> Auction {
        let seats = view.cards_held.len();
        let mut high: Option<(Seat, u8)> = None;
        let mut calls = Vec::new();
        for (i, call) in view.calls.iter().enumerate() {
            let lowest = high.map_or(5, |(_, b)| b + 1);
            let forced = call.seat == view.dealer && i + 1 == seats && high.is_none();
            let partner_bid = high.is_some_and(|(s, _)| s.team() == call.seat.team());
            if call.seat != me && !forced {
                calls.push((call.seat, lowest, call.bid, partner_bid));
            }
            if let Some(b) = call.bid {
                high = Some((call.seat, b));
            }
        }
        let maker = view.maker.zip(view.trump).filter(|(m, _)| *m != me);
        Auction { kind: view.game, calls, maker }
    }

    /// The weight of a deal that dealt `hands` (between 0 and 1).
    pub(crate) fn weight(&self, hands: &[CardSet; SEATS]) -> f64 {
        let six = self.kind == game::GameKind::Kout6;
        let strength = |seat: Seat| {
            let hand = hands[seat.index() % SEATS];
            cards::Suit::ALL.into_iter().map(|s| own_tricks(hand, s, six)).fold(0.0, f64::max)
                + partners_tricks(self.kind)
        };
        let sigmoid = |x: f64| 1.0 / (1.0 + (-2.0 * x).exp());
        let mut w = 1.0;
        for &(seat, lowest, bid, partner_bid) in &self.calls {
            let e = strength(seat) - MARGIN;
            w *= match bid {
                // A pass: likely when the hand is below the lowest bid it could make.
                None if partner_bid => 1.0,
                None => sigmoid(f64::from(lowest) + 0.5 - e),
                // A bid: likely when the hand is worth about that many tricks or more.
                Some(b) => sigmoid(e - f64::from(b) + 0.5),
            };
        }
        if let Some((maker, trump)) = self.maker {
            if best_trump(hands[maker.index() % SEATS], self.kind) != trump {
                w *= 0.5;
            }
        }
        w
    }
}

/// The cards among `legal` (a hand holds at most nine).
fn legal_cards(legal: &[KoutAction]) -> arrayvec::ArrayVec<Card, 9> {
    legal
        .iter()
        .filter_map(|a| match a {
            KoutAction::Play(c) => Some(*c),
            _ => None,
        })
        .take(usize::from(TRICKS))
        .collect()
}
