//! [`Baloot`] as a [`Game`]: the trait's answers read the state (`state`) and build views (`view`);
//! neither of those modules imports the other.

use cards::{Card, CardSet, Deck, DeckKind};
use game::{Actor, ByTeam, Game, GameKind, HandRecord, Phase, Score, Seat, SeatSet, Winner};
use rand_core::RngCore;

use crate::action::BalootAction;
use crate::deal::first_deal;
use crate::error::Illegal;
use crate::rules::BalootRules;
use crate::setup::SetupError;
use crate::state::{Baloot, HandState, Stage, doubling_open};
use crate::summary::HandSummary;
use crate::trick::{display_order, legal_plays};
use crate::view::BalootView;

impl Game for Baloot {
    type Action = BalootAction;
    type Rules = BalootRules;
    type Deal = Deck;
    type View = BalootView;
    type HandSummary = HandSummary;
    type Illegal = Illegal;
    type SetupError = SetupError;

    fn new(kind: GameKind, rules: BalootRules, first_dealer: Seat) -> Result<Self, SetupError> {
        if kind != GameKind::Baloot {
            return Err(SetupError::NotBaloot(kind));
        }
        if first_dealer.index() >= 4 {
            return Err(SetupError::DealerOutside { dealer: first_dealer, seats: 4 });
        }
        Ok(Baloot {
            rules,
            score: ByTeam::default(),
            next_dealer: first_dealer,
            winner: None,
            hand: None,
            finished: Vec::new(),
        })
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

    fn deal(&mut self, deal: Deck) -> Result<(), SetupError> {
        match self.phase() {
            Phase::AwaitingDeal { .. } => {}
            Phase::InHand => return Err(SetupError::HandInProgress),
            Phase::Over => return Err(SetupError::MatchOver),
        }
        let dealer = self.next_dealer;
        let d = first_deal(dealer, &deal)?;
        self.hand = Some(HandState::new(self.finished.len(), dealer, d));
        Ok(())
    }

    fn random_deal<R: RngCore + ?Sized>(&self, rng: &mut R) -> Deck {
        DeckKind::Baloot.shuffled(rng)
    }

    fn deal_from_record(&self, hand: &HandRecord) -> Result<Deck, SetupError> {
        if hand.reshuffles.is_some() {
            return Err(SetupError::Reshuffles);
        }
        Ok(hand.checked_deck(DeckKind::Baloot)?)
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
                let legal = legal_plays(h.hands[seat], &h.trick, seat, &self.rules, h.closed);
                out.extend(legal.iter().map(BalootAction::Play));
                if self.rules.sawa && h.trick.is_empty() {
                    out.push(BalootAction::Sawa);
                }
            }
            Stage::Bidding(b) if b.to_act() == seat => b.legal(&h.bid_table(seat), &self.rules, out),
            Stage::Doubling(d) if d.to_act() == seat => d.legal(out),
            _ => {}
        }
    }

    fn check(&self, actor: Actor, action: BalootAction) -> Result<(), Illegal> {
        let Actor::Seat(seat) = actor else { return Err(Illegal::Clock) };
        if self.winner.is_some() {
            return Err(Illegal::MatchOver);
        }
        let Some(h) = self.hand.as_ref().filter(|h| h.in_progress()) else { return Err(Illegal::NoHand) };
        let off = match action {
            BalootAction::Raise(stake, _) if !self.rules.doubling => Some(stake.word()),
            BalootAction::Gahwa if !self.rules.doubling => Some("gahwa"),
            BalootAction::Ashkal if !self.rules.ashkal => Some("ashkal"),
            BalootAction::Kawesh if !self.rules.kawesh => Some("kawesh"),
            BalootAction::Sawa if !self.rules.sawa => Some("sawa"),
            _ => None,
        };
        if let Some(call) = off {
            return Err(Illegal::CallNotInRules(call));
        }
        // A Sun below the score condition has no doubling step at all: say so to whoever tries,
        // rather than that it is someone else's turn to lead.
        if let (true, Stage::Playing(c)) = (action.is_raise(), h.stage) {
            if c.mode == crate::trick::Mode::Sun && !doubling_open(c.mode, c.bidder.team(), self.score) {
                return Err(Illegal::SunDoubleNeedsScores);
            }
        }
        match h.to_act() {
            Some(s) if s == seat => {}
            Some(s) => return Err(Illegal::NotYourTurn(s)),
            None => return Err(Illegal::NoHand),
        }
        match (h.stage, action) {
            (Stage::Bidding(b), a) => b.check(a, &h.bid_table(seat), &self.rules),
            (Stage::Doubling(d), a) => d.check(a),
            (Stage::Playing(_), BalootAction::Play(card)) => Baloot::check_play(h, seat, card, &self.rules),
            (Stage::Playing(_), BalootAction::Sawa) if h.trick.is_empty() => Ok(()),
            (Stage::Playing(_), BalootAction::Sawa) => Err(Illegal::SawaNotLeading),
            (Stage::Playing(_), BalootAction::Raise(..) | BalootAction::Gahwa) => Err(Illegal::DoublingOver),
            (Stage::Playing(_), _) => Err(Illegal::BiddingOver),
            (Stage::Finished(_) | Stage::Void | Stage::Kawesh(_), _) => Err(Illegal::NoHand),
        }
    }

    fn play_unchecked(&mut self, actor: Actor, action: BalootAction) {
        let Actor::Seat(seat) = actor else { return };
        let Some(stage) = self.hand.as_ref().map(|h| h.stage) else { return };
        match (stage, action) {
            (Stage::Playing(_), BalootAction::Play(card)) => self.play_card(seat, card),
            (Stage::Playing(_), BalootAction::Sawa) => self.claim(seat),
            (Stage::Doubling(_), call) => self.raise(seat, call),
            (Stage::Bidding(_), bid) => self.bid(seat, bid),
            _ => {}
        }
    }

    fn outcome(&self) -> Option<Winner> {
        self.winner.map(Winner::Team)
    }

    fn score(&self) -> Score {
        self.score.0.into_iter().collect()
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
            hidden |= h.hands[other];
        }
        hidden - h.shown()
    }

    fn display_order(&self, seat: Seat) -> Vec<Card> {
        let Some(h) = self.hand.as_ref() else { return Vec::new() };
        let held = h.hands.get(seat).copied().unwrap_or_default();
        display_order(held, h.trick_trump())
    }

    fn hand_summaries(&self) -> Vec<HandSummary> {
        let mut out = self.finished.clone();
        if let Some(h) = self.hand.as_ref().filter(|h| h.in_progress()) {
            out.push(h.summary());
        }
        out
    }
}
