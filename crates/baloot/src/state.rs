//! The state of a hand and of the match, and the [`Game`] implementation.

use arrayvec::ArrayVec;
use cards::{Card, CardSet, Deck, DeckKind, Suit};
use game::{Actor, Game, GameKind, HandRecord, Phase, Score, Seat, SeatSet, Team, Winner};
use rand_core::RngCore;

use crate::action::BalootAction;
use crate::bidding::{BidOutcome, Bidding, Contract};
use crate::deal::{first_deal, second_deal};
use crate::error::Illegal;
use crate::projects::{Project, baloot_cards, baloot_holder, counted_team, detect};
use crate::rules::BalootRules;
use crate::scoring::{Tally, match_winner, score_hand};
use crate::summary::HandSummary;
use crate::trick::{LAST_TRICK_BONUS, PlayDuty, Trick, display_order, legal_plays, legal_plays_why};
use crate::view::BalootView;

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// Bidding.
    Bidding(Bidding),
    /// Playing the contract.
    Playing(Contract),
    /// All 8 tricks played and scored.
    Finished(Contract),
    /// Everyone passed twice.
    Void,
}

/// One hand: the cards, the bids, the tricks and the projects.
#[derive(Clone, Debug)]
pub(crate) struct HandState {
    pub(crate) number: usize,
    pub(crate) dealer: Seat,
    pub(crate) face_up: Card,
    pub(crate) stock: [Card; 11],
    pub(crate) stock_dealt: bool,
    pub(crate) hands: [CardSet; 4],
    /// Every bid in order (at most 8: four passes in each round).
    pub(crate) bids: ArrayVec<(Seat, BalootAction), 8>,
    pub(crate) stage: Stage,
    pub(crate) trick: Trick,
    pub(crate) tricks: ArrayVec<Trick, 8>,
    pub(crate) trick_counts: [u8; 2],
    pub(crate) card_points: [u16; 2],
    /// Every player's projects, Baloot aside (at most two each).
    pub(crate) projects: ArrayVec<Project, 8>,
    pub(crate) counted: Option<Team>,
    pub(crate) baloot: Option<Seat>,
    pub(crate) baloot_shown: bool,
}

impl HandState {
    pub(crate) fn contract(&self) -> Option<Contract> {
        match self.stage {
            Stage::Playing(c) | Stage::Finished(c) => Some(c),
            Stage::Bidding(_) | Stage::Void => None,
        }
    }

    pub(crate) fn in_progress(&self) -> bool {
        matches!(self.stage, Stage::Bidding(_) | Stage::Playing(_))
    }

    pub(crate) fn to_act(&self) -> Option<Seat> {
        match self.stage {
            Stage::Bidding(b) => Some(b.to_act()),
            Stage::Playing(_) => Some(self.trick.next_seat()),
            Stage::Finished(_) | Stage::Void => None,
        }
    }

    /// Whether `seat` has played its card of the first trick (its project types are announced).
    pub(crate) fn announced(&self, seat: Seat) -> bool {
        !self.tricks.is_empty()
            || (matches!(self.stage, Stage::Playing(_)) && self.trick.plays().any(|(s, _)| s == seat))
    }

    /// Cards every seat has seen: the face-up card, the projects' cards after the first trick, the
    /// Baloot once announced.
    pub(crate) fn shown(&self) -> CardSet {
        let mut shown = CardSet::single(self.face_up);
        if !self.tricks.is_empty() {
            for p in &self.projects {
                shown |= p.cards;
            }
        }
        if self.baloot_shown {
            if let Some(trump) = self.contract().and_then(|c| c.mode.trump()) {
                shown |= baloot_cards(trump);
            }
        }
        shown
    }

    fn start_play(&mut self, contract: Contract, rules: &BalootRules) {
        second_deal(&mut self.hands, self.dealer, contract.bidder, self.face_up, &self.stock);
        self.stock_dealt = true;
        for seat in Seat::all(4) {
            for p in detect(seat, self.hands[seat.index()], contract.mode, rules) {
                let _ = self.projects.try_push(p);
            }
        }
        self.counted = counted_team(&self.projects, self.dealer, rules);
        self.baloot = baloot_holder(&self.hands, contract.mode);
        self.trick = Trick::new(self.dealer.next(4), contract.mode.trump());
        self.stage = Stage::Playing(contract);
    }
}

/// A Baloot match: hand after hand until a team reaches 152.
///
/// ```
/// use baloot::{Baloot, BalootAction, BalootRules};
/// use cards::DeckKind;
/// use game::{Actor, Game, GameKind, Seat};
///
/// let mut g = Baloot::new(GameKind::Baloot, BalootRules::seed(), Seat::ZERO).unwrap();
/// g.deal(DeckKind::Baloot.shuffled_from_seed(1)).unwrap();
/// let first = g.to_act().first().unwrap();
/// assert_eq!(first.index(), 1);
/// g.play(Actor::Seat(first), "hokum".parse().unwrap()).unwrap();
/// assert!(g.play(Actor::Seat(first), BalootAction::Pass).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Baloot {
    rules: BalootRules,
    score: [i32; 2],
    next_dealer: Seat,
    winner: Option<Team>,
    hand: Option<HandState>,
    finished: Vec<HandSummary>,
}

impl Baloot {
    pub(crate) fn hand_state(&self) -> Option<&HandState> {
        self.hand.as_ref()
    }

    pub(crate) fn match_score(&self) -> [i32; 2] {
        self.score
    }

    fn finish_hand(&mut self) {
        let Some(h) = self.hand.as_mut() else { return };
        let Some(contract) = h.contract() else { return };
        let tally = Tally {
            mode: contract.mode,
            bidder: contract.bidder.team(),
            card_points: h.card_points,
            tricks: h.trick_counts,
            projects: &h.projects,
            counted: h.counted,
            baloot: h.baloot.map(Seat::team),
        };
        let result = score_hand(&tally, &self.rules);
        h.stage = Stage::Finished(contract);
        self.score[0] += result.score[0];
        self.score[1] += result.score[1];
        self.finished.push(HandSummary::finished(h, &result));
        self.winner = match_winner(self.score);
        self.next_dealer = h.dealer.next(4);
    }

    fn bid(&mut self, seat: Seat, action: BalootAction) {
        let rules = self.rules;
        let Some(h) = self.hand.as_mut() else { return };
        let Stage::Bidding(b) = h.stage else { return };
        let face = h.face_up.suit().unwrap_or(Suit::Spades);
        let _ = h.bids.try_push((seat, action));
        match b.apply(action, face, h.dealer, &rules) {
            BidOutcome::Continue(next) => h.stage = Stage::Bidding(next),
            BidOutcome::Contract(c) => h.start_play(c, &rules),
            BidOutcome::Void => {
                h.stage = Stage::Void;
                self.finished.push(HandSummary::void(h));
                self.next_dealer = h.dealer.next(4);
            }
        }
    }

    fn play_card(&mut self, seat: Seat, card: Card) {
        let Some(h) = self.hand.as_mut() else { return };
        let Stage::Playing(contract) = h.stage else { return };
        let Some(hand) = h.hands.get_mut(seat.index()) else { return };
        hand.remove(card);
        h.trick.push(card);
        if h.baloot == Some(seat) && contract.mode.trump().is_some_and(|t| baloot_cards(t).contains(card)) {
            h.baloot_shown = true;
        }
        if !h.trick.is_full() {
            return;
        }
        let winner = h.trick.winner().unwrap_or(seat);
        let team = winner.team().index();
        let mut points = h.trick.points();
        if h.tricks.len() == 7 {
            points += LAST_TRICK_BONUS;
        }
        h.card_points[team] += points;
        h.trick_counts[team] += 1;
        let _ = h.tricks.try_push(h.trick);
        h.trick = Trick::new(winner, contract.mode.trump());
        if h.tricks.is_full() {
            self.finish_hand();
        }
    }

    fn check_play(h: &HandState, seat: Seat, card: Card, rules: &BalootRules) -> Result<(), Illegal> {
        let hand = h.hands[seat.index()];
        if !hand.contains(card) {
            return Err(Illegal::NotHeld(card));
        }
        let (legal, duty) = legal_plays_why(hand, &h.trick, seat, rules);
        if legal.contains(card) {
            return Ok(());
        }
        let trump = h.trick_trump();
        Err(match duty {
            Some(PlayDuty::Follow(s)) => Illegal::MustFollow(s),
            Some(PlayDuty::Beat(_)) if card.suit() != trump => match h.trick.led() {
                Some(led) if Some(led) == trump => Illegal::MustFollow(led),
                _ => Illegal::MustTrump,
            },
            Some(PlayDuty::Beat(best)) => Illegal::MustBeat(best.rank().unwrap_or(cards::Rank::Seven)),
            Some(PlayDuty::Trump) | None => Illegal::MustTrump,
        })
    }
}

impl HandState {
    fn trick_trump(&self) -> Option<Suit> {
        self.contract().and_then(|c| c.mode.trump())
    }
}

impl Game for Baloot {
    type Action = BalootAction;
    type Rules = BalootRules;
    type Deal = Deck;
    type View = BalootView;
    type HandSummary = HandSummary;
    type Illegal = Illegal;

    fn new(kind: GameKind, rules: BalootRules, first_dealer: Seat) -> Result<Self, String> {
        if kind != GameKind::Baloot {
            return Err(format!("the Baloot engine cannot play {}", kind.title()));
        }
        if first_dealer.index() >= 4 {
            return Err(format!("dealer {first_dealer} has no seat at a table of 4"));
        }
        Ok(Baloot { rules, score: [0, 0], next_dealer: first_dealer, winner: None, hand: None, finished: Vec::new() })
    }

    fn kind(&self) -> GameKind {
        GameKind::Baloot
    }

    fn rules(&self) -> &BalootRules {
        &self.rules
    }

    fn phase(&self) -> Phase {
        if self.winner.is_some() {
            Phase::Over
        } else if self.hand.as_ref().is_some_and(HandState::in_progress) {
            Phase::InHand
        } else {
            Phase::AwaitingDeal { dealer: self.next_dealer }
        }
    }

    fn deal(&mut self, deal: Deck) -> Result<(), String> {
        match self.phase() {
            Phase::AwaitingDeal { .. } => {}
            Phase::InHand => return Err("a hand is in progress".to_owned()),
            Phase::Over => return Err("the match is over".to_owned()),
        }
        let dealer = self.next_dealer;
        let d = first_deal(dealer, &deal)?;
        let number = self.finished.len();
        self.hand = Some(HandState {
            number,
            dealer,
            face_up: d.face_up,
            stock: d.stock,
            stock_dealt: false,
            hands: d.hands,
            bids: ArrayVec::new(),
            stage: Stage::Bidding(Bidding::start(dealer)),
            trick: Trick::new(dealer.next(4), None),
            tricks: ArrayVec::new(),
            trick_counts: [0; 2],
            card_points: [0; 2],
            projects: ArrayVec::new(),
            counted: None,
            baloot: None,
            baloot_shown: false,
        });
        Ok(())
    }

    fn random_deal<R: RngCore + ?Sized>(&self, rng: &mut R) -> Deck {
        DeckKind::Baloot.shuffled(rng)
    }

    fn deal_from_record(&self, hand: &HandRecord) -> Result<Deck, String> {
        if hand.reshuffles.is_some() {
            return Err("a Baloot hand has no \"reshuffles\"".to_owned());
        }
        hand.checked_deck(DeckKind::Baloot)
    }

    fn deal_to_record(&self, deal: &Deck, hand: &mut HandRecord) {
        hand.deck = deal.to_vec();
    }

    fn to_act(&self) -> SeatSet {
        match self.hand.as_ref().and_then(HandState::to_act) {
            Some(s) if self.winner.is_none() => SeatSet::single(s),
            _ => SeatSet::EMPTY,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<BalootAction>) {
        out.clear();
        let Some(h) = self.hand.as_ref() else { return };
        if self.winner.is_some() {
            return;
        }
        match h.stage {
            Stage::Playing(_) if h.trick.next_seat() == seat => {
                let legal = legal_plays(h.hands[seat.index()], &h.trick, seat, &self.rules);
                out.extend(legal.iter().map(BalootAction::Play));
            }
            Stage::Bidding(b) if b.to_act() == seat => {
                b.legal(h.face_up.suit().unwrap_or(Suit::Spades), &self.rules, out);
            }
            _ => {}
        }
    }

    fn check(&self, actor: Actor, action: BalootAction) -> Result<(), Illegal> {
        let Actor::Seat(seat) = actor else { return Err(Illegal::Clock) };
        if self.winner.is_some() {
            return Err(Illegal::MatchOver);
        }
        let Some(h) = self.hand.as_ref().filter(|h| h.in_progress()) else { return Err(Illegal::NoHand) };
        match h.to_act() {
            Some(s) if s == seat => {}
            Some(s) => return Err(Illegal::NotYourTurn(s)),
            None => return Err(Illegal::NoHand),
        }
        match (h.stage, action) {
            (Stage::Bidding(b), a) => b.check(a, h.face_up.suit().unwrap_or(Suit::Spades), &self.rules),
            (Stage::Playing(_), BalootAction::Play(card)) => Baloot::check_play(h, seat, card, &self.rules),
            (Stage::Playing(_), _) => Err(Illegal::BiddingOver),
            (Stage::Finished(_) | Stage::Void, _) => Err(Illegal::NoHand),
        }
    }

    fn play_unchecked(&mut self, actor: Actor, action: BalootAction) {
        let Actor::Seat(seat) = actor else { return };
        match action {
            BalootAction::Play(card) => self.play_card(seat, card),
            bid => self.bid(seat, bid),
        }
    }

    fn outcome(&self) -> Option<Winner> {
        self.winner.map(Winner::Team)
    }

    fn score(&self) -> Score {
        self.score.into_iter().collect()
    }

    fn view(&self, seat: Option<Seat>) -> BalootView {
        BalootView::of(self, seat)
    }

    fn hidden_from(&self, seat: Seat) -> CardSet {
        let Some(h) = self.hand.as_ref() else { return CardSet::EMPTY };
        let mut hidden = CardSet::EMPTY;
        if !h.stock_dealt {
            hidden.extend(h.stock.iter().copied());
        }
        for other in Seat::all(4).filter(|&s| s != seat) {
            hidden |= h.hands[other.index()];
        }
        hidden - h.shown()
    }

    fn display_order(&self, seat: Seat) -> Vec<Card> {
        let Some(h) = self.hand.as_ref() else { return Vec::new() };
        let held = h.hands.get(seat.index()).copied().unwrap_or_default();
        display_order(held, h.trick_trump())
    }

    fn hand_summaries(&self) -> Vec<HandSummary> {
        let mut out = self.finished.clone();
        if let Some(h) = self.hand.as_ref().filter(|h| h.in_progress()) {
            out.push(HandSummary::in_progress(h));
        }
        out
    }
}
