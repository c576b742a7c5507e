//! The strong Baloot bot: the heuristic's bids (or, with `bids=solved`, estimates fitted on solved
//! deals) and calls, cards chosen by solving sampled deals.

use arrayvec::ArrayVec;
use baloot::{
    Baloot, BalootAction, BalootRules, BalootView, HandView, Mode, ModeName, Project, ProjectKind, StageView, Tally,
    score_hand,
};
use cards::{Card, CardSet, DeckKind, Rank};
use game::{ByTeam, Seat, Team};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use solver::{BalootPosition, BalootSolver, kaboot_value};

use super::bids::SOLVED_BIDS;
use super::deal::{Constraints, SEATS};
use super::{MAX_DEALS, Purpose, Tally as Sums};
use crate::analysis::{Evaluation, Unit};
use crate::baloot_bot::bidding::bid;
use crate::{BalootHeuristic, Bot};

/// The strong Baloot bot: perfect-information Monte Carlo over sampled deals, each solved exactly
/// (how, in `crates/bots/src/strong/mod.rs`).
#[derive(Debug)]
pub struct BalootStrong {
    ms: u32,
    rules: BalootRules,
    rng: ChaCha8Rng,
    solver: BalootSolver,
    /// Bids by the solver-fitted estimates (else the heuristic's).
    solved_bids: bool,
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
        }
    }

    /// The same bot, bidding by the estimates fitted on solved deals ([`super::bids`]) when `on`,
    /// else as the heuristic does.
    #[must_use]
    pub fn with_solved_bids(mut self, on: bool) -> Self {
        self.solved_bids = on;
        self
    }

    /// The card to play, if searching decides one.
    fn search(&mut self, seat: Seat, view: &BalootView, cards: &[Card], prefer: Option<usize>) -> Option<usize> {
        self.solve(seat, view, cards, Purpose::Choose)?.best(prefer, 0.01)
    }

    /// Solves sampled deals for each of `cards` (each deal one `move_values` search): the one search
    /// behind both [`Bot::choose`] and [`BalootStrong::evaluate`]. The sums are game points for the
    /// seat's team less the other team's; only the budget differs by `purpose`.
    fn solve(&mut self, seat: Seat, view: &BalootView, cards: &[Card], purpose: Purpose) -> Option<Sums> {
        let hand = view.hand.as_ref()?;
        let constraints = constraints(seat, hand)?;
        let history = History::of(hand, self.rules)?;
        let budget = purpose.budget(self.ms);
        let score = Scorer::of(seat, hand, self.rules)?;
        let mut sums = Sums::new(cards.len());
        let start = self.solver.nodes();
        let mut results = [0.0; 9];
        while sums.deals() < MAX_DEALS {
            let Some(left) = budget.left(self.solver.nodes() - start) else { break };
            let Some(hands) = constraints.deal_fitting(&mut self.rng, |h| history.allows(h)) else { break };
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
            sums.add(&results[..cards.len()]);
        }
        self.solver.set_node_limit(None);
        Some(sums)
    }

    /// The values of `seat`'s legal cards (see [`crate::Playable::evaluate`]): the hand's expected
    /// game points for its team less the other team's. Only card plays are valued: a Sawa claim,
    /// when legal, is left out of the actions. `None` outside the trick play, with fewer than two
    /// cards to choose from, or when no deal could be solved in the budget.
    pub(crate) fn evaluate(
        &mut self,
        seat: Seat,
        view: &BalootView,
        legal: &[BalootAction],
    ) -> Option<Evaluation<BalootAction>> {
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
            if super::alike(&cards, suit_cards, own | gone, order, |c| baloot::card_points(c, mode)) {
                return heuristic;
            }
        }
        let prefer = cards.iter().position(|&c| heuristic == BalootAction::Play(c));
        match self.search(seat, view, &cards, prefer) {
            Some(i) => BalootAction::Play(cards[i]),
            None => heuristic,
        }
    }
}

/// The mode of a hand in play.
fn mode_of(hand: &HandView) -> Option<Mode> {
    let contract = hand.contract?;
    match (contract.mode, contract.trump) {
        (ModeName::Hokum, Some(t)) => Some(Mode::Hokum(t)),
        (ModeName::Sun, _) => Some(Mode::Sun),
        (ModeName::Hokum, None) => None,
    }
}

/// The hand's plays so far, to check a deal against.
#[derive(Clone, Debug)]
pub(crate) struct History {
    mode: Mode,
    rules: BalootRules,
    closed: bool,
    leader: Seat,
    plays: Vec<(Seat, Card)>,
}

impl History {
    pub(crate) fn of(hand: &HandView, rules: BalootRules) -> Option<History> {
        let first = hand.tricks.first().unwrap_or(&hand.trick);
        let plays =
            hand.tricks.iter().chain([&hand.trick]).flat_map(|t| t.plays.iter().map(|p| (p.seat, p.card))).collect();
        Some(History { mode: mode_of(hand)?, rules, closed: hand.closed, leader: first.leader, plays })
    }

    /// Whether every play so far was legal had the seats held `hands` now.
    pub(crate) fn allows(&self, hands: &[CardSet; SEATS]) -> bool {
        let mut start = [hands[0], hands[1], hands[2], hands[3]];
        for &(seat, card) in &self.plays {
            start[seat.index() % 4].insert(card);
        }
        let Ok(pos) = BalootPosition::new(self.mode, self.rules, self.leader, start) else { return false };
        let mut pos = pos.with_closed(self.closed);
        self.plays.iter().all(|&(seat, card)| pos.to_move() == seat && pos.play(card).is_ok())
    }
}

/// What `seat` knows of the other hands: the unseen cards, the counts, the face-up card in the
/// hand that took it, shown project cards, and the voids shown by failures to follow (and, in
/// Hokum, to trump a trump lead).
pub(crate) fn constraints(seat: Seat, hand: &HandView) -> Option<Constraints> {
    let contract = hand.contract?;
    mode_of(hand)?;
    let own = hand.cards?;
    let played: CardSet =
        hand.tricks.iter().chain([&hand.trick]).flat_map(|t| t.plays.iter().map(|p| p.card)).collect();
    let mut held = [0u8; SEATS];
    for (s, h) in held.iter_mut().enumerate().take(4) {
        *h = Seat::new(s).map_or(0, |s| hand.hand_sizes[s]);
    }
    let mut c = Constraints::new(4, held, DeckKind::Baloot.cards() - played);
    c.place(seat.index(), own);
    let taker = if contract.ashkal { contract.bidder.offset(2, 4) } else { contract.bidder };
    if !played.contains(hand.face_up) && taker != seat {
        c.place(taker.index(), CardSet::single(hand.face_up));
    }
    for p in &hand.projects {
        if let Some(cards) = p.cards
            && p.seat != seat
        {
            c.place(p.seat.index(), cards - played);
        }
    }
    for t in hand.tricks.iter().chain([&hand.trick]) {
        let Some(led) = t.plays.first().and_then(|p| p.card.suit()) else { continue };
        for p in t.plays.iter().skip(1) {
            if p.card.suit() != Some(led) {
                c.exclude(p.seat.index(), CardSet::suit(led));
            }
        }
    }
    c.balanced().then_some(c)
}

/// Turns a deal's final card points into the hand's game points for the bot's team less the
/// other team's, as the rules score them.
#[derive(Clone, Debug)]
pub(crate) struct Scorer {
    rules: BalootRules,
    mode: Mode,
    team: Team,
    bidder: Team,
    multiplier: u8,
    projects: Vec<Project>,
    counted: Option<Team>,
    baloot: Option<Team>,
}

impl Scorer {
    pub(crate) fn of(seat: Seat, hand: &HandView, rules: BalootRules) -> Option<Scorer> {
        let contract = hand.contract?;
        let mode = mode_of(hand)?;
        let projects = hand
            .projects
            .iter()
            .filter(|p| p.kind != ProjectKind::Baloot)
            .map(|p| Project { seat: p.seat, kind: p.kind, top: Rank::Ace, cards: p.cards.unwrap_or_default() })
            .collect();
        let counted = hand
            .projects
            .iter()
            .find(|p| p.kind != ProjectKind::Baloot && p.counted == Some(true))
            .map(|p| p.seat.team());
        let baloot = hand.projects.iter().find(|p| p.kind == ProjectKind::Baloot).map(|p| p.seat.team());
        Some(Scorer {
            rules,
            mode,
            team: seat.team(),
            bidder: contract.bidder.team(),
            multiplier: hand.multiplier.factor(),
            projects,
            counted,
            baloot,
        })
    }

    /// The scorer of a whole deal of `hands` before its first lead, for the team of `bidder`
    /// (whose team bid `mode`, undoubled): every project declared and compared as the rules do.
    pub(crate) fn of_deal(bidder: Seat, dealer: Seat, mode: Mode, rules: BalootRules, hands: &[CardSet; 4]) -> Scorer {
        let projects: Vec<Project> =
            (0..4).filter_map(Seat::new).flat_map(|s| baloot::detect(s, hands[s.index()], mode, &rules)).collect();
        let counted = baloot::counted_team(&projects, dealer, &rules);
        let by_seat = game::BySeat::from_fn(4, |s| hands[s.index()]);
        let baloot = baloot::baloot_holder(&by_seat, mode).map(Seat::team);
        Scorer { rules, mode, team: bidder.team(), bidder: bidder.team(), multiplier: 1, projects, counted, baloot }
    }

    /// The result for the bot's team when it takes `value` more card points from `pos` on (the
    /// solver's value, a Kaboot counted at [`kaboot_value`]).
    pub(crate) fn result(&self, pos: &BalootPosition, value: u16) -> f64 {
        let taken = pos.points_taken();
        let total: u16 = match self.mode {
            Mode::Hokum(_) => 162,
            Mode::Sun => 130,
        };
        let ours = taken[self.team] + value;
        let sweep = self.rules.kaboot && ours >= kaboot_value(self.mode);
        let swept = self.rules.kaboot && ours == 0 && pos.tricks_taken()[self.team] == 0;
        let mut card_points = ByTeam::default();
        let mut tricks = ByTeam([1, 1]);
        if sweep {
            card_points[self.team] = total;
            tricks[self.team] = 8;
            tricks[self.team.other()] = 0;
        } else if swept {
            card_points[self.team.other()] = total;
            tricks[self.team.other()] = 8;
            tricks[self.team] = 0;
        } else {
            card_points[self.team] = ours.min(total);
            card_points[self.team.other()] = total.saturating_sub(ours);
        }
        let t = Tally {
            mode: self.mode,
            bidder: self.bidder,
            card_points,
            tricks,
            projects: &self.projects,
            counted: self.counted,
            baloot: self.baloot,
            multiplier: self.multiplier,
            lost_claim: None,
        };
        let s = score_hand(&t, &self.rules).score;
        f64::from(s[self.team] - s[self.team.other()])
    }
}

/// The cards among `legal` (a hand holds at most eight).
fn legal_cards(legal: &[BalootAction]) -> ArrayVec<Card, 9> {
    legal
        .iter()
        .filter_map(|a| match a {
            BalootAction::Play(c) => Some(*c),
            _ => None,
        })
        .take(9)
        .collect()
}
