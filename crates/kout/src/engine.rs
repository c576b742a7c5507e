//! [`Kout`] as a [`Game`]: the trait's answers read the state (`state`) and build views (`view`);
//! neither of those modules imports the other.

use cards::{Card, CardSet, Suit};
use game::{Actor, ByTeam, Game, GameKind, HandRecord, Phase, Score, Seat, SeatSet, Winner};
use rand_core::RngCore;

use crate::action::{Bid, KoutAction};
use crate::deal::{KoutDeal, deal_hands};
use crate::error::{Illegal, Moment};
use crate::rules::{KoutRules, Variant};
use crate::setup::SetupError;
use crate::state::{Hand, Kout, Stage};
use crate::summary::KoutHandSummary;
use crate::trick::{Trick, display_order};
use crate::view::KoutView;

impl Game for Kout {
    type Action = KoutAction;
    type Rules = KoutRules;
    type Deal = KoutDeal;
    type View = KoutView;
    type HandSummary = KoutHandSummary;
    type Illegal = Illegal;
    type SetupError = SetupError;

    fn new(kind: GameKind, rules: KoutRules, first_dealer: Seat) -> Result<Self, SetupError> {
        if Variant::of(kind) != Some(rules.variant) {
            return Err(SetupError::WrongRules { kind, rules: rules.variant.kind() });
        }
        let seats = rules.variant.seats();
        if first_dealer.index() >= seats {
            return Err(SetupError::DealerOutside { dealer: first_dealer, seats });
        }
        Ok(Kout {
            rules,
            stage: Stage::AwaitingDeal { dealer: first_dealer },
            score: ByTeam::default(),
            hand: Hand::new(first_dealer, [CardSet::EMPTY; 6], seats),
            hands_dealt: 0,
            finished: Vec::new(),
        })
    }

    fn kind(&self) -> GameKind {
        self.rules.variant.kind()
    }

    fn rules(&self) -> &KoutRules {
        &self.rules
    }

    fn phase(&self) -> Phase {
        match self.stage {
            Stage::AwaitingDeal { dealer } => Phase::AwaitingDeal { dealer },
            Stage::Bidding | Stage::Trump { .. } | Stage::Playing { .. } => Phase::InHand,
            Stage::Over { .. } => Phase::Over,
        }
    }

    fn deal(&mut self, deal: KoutDeal) -> Result<(), SetupError> {
        let Stage::AwaitingDeal { dealer } = self.stage else {
            return Err(match self.stage {
                Stage::Over { .. } => SetupError::MatchOver,
                _ => SetupError::HandInProgress,
            });
        };
        let expected = self.rules.variant.cards();
        let seats = self.seats();
        let held = deal_hands(&deal.deck, dealer, seats);
        // With as many cards as the deck, covering the deck means every card exactly once.
        let set = held.iter().fold(CardSet::EMPTY, |acc, &h| acc | h);
        if deal.deck.len() != expected.len() || set != expected {
            return Err(SetupError::WrongDeck {
                kind: self.kind(),
                expected: expected.len(),
                given: deal.deck.len(),
                missing: (expected - set).len(),
                foreign: (set - expected).len(),
            });
        }
        self.hand = Hand::new(dealer, held, seats);
        self.hands_dealt += 1;
        self.stage = Stage::Bidding;
        Ok(())
    }

    fn random_deal<R: RngCore + ?Sized>(&self, rng: &mut R) -> KoutDeal {
        KoutDeal { deck: self.rules.variant.deck().shuffled(rng) }
    }

    fn deal_from_record(&self, hand: &HandRecord) -> Result<KoutDeal, SetupError> {
        if hand.reshuffles.is_some() {
            return Err(SetupError::Reshuffles);
        }
        let deck = hand.checked_deck(self.rules.variant.deck())?;
        Ok(KoutDeal { deck })
    }

    fn deal_to_record(&self, deal: &KoutDeal, hand: &mut HandRecord) {
        hand.deck = deal.deck.to_vec();
    }

    fn to_act(&self) -> SeatSet {
        match self.stage {
            Stage::Bidding | Stage::Trump { .. } | Stage::Playing { .. } => SeatSet::single(self.hand.to_act),
            Stage::AwaitingDeal { .. } | Stage::Over { .. } => SeatSet::EMPTY,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<KoutAction>) {
        out.clear();
        if seat != self.hand.to_act {
            return;
        }
        match self.stage {
            Stage::Bidding => {
                let bidding = &self.hand.bidding;
                if bidding.may_pass(seat, self.hand.dealer) {
                    out.push(KoutAction::Pass);
                }
                if let Some(low) = bidding.lowest() {
                    out.extend(low.and_above().map(KoutAction::Bid));
                }
            }
            Stage::Trump { .. } => out.extend(Suit::ALL.map(KoutAction::Trump)),
            Stage::Playing { .. } => out.extend(self.playable(seat).iter().map(KoutAction::Play)),
            Stage::AwaitingDeal { .. } | Stage::Over { .. } => {}
        }
    }

    fn check(&self, actor: Actor, action: KoutAction) -> Result<(), Illegal> {
        match self.stage {
            Stage::Over { .. } => return Err(Illegal::MatchOver),
            Stage::AwaitingDeal { .. } => return Err(Illegal::NoHand),
            _ => {}
        }
        let Actor::Seat(seat) = actor else { return Err(Illegal::Clock) };
        let hand = &self.hand;
        if seat != hand.to_act {
            return Err(Illegal::NotYourTurn(hand.to_act));
        }
        match (self.stage, action) {
            (Stage::Bidding, KoutAction::Pass) => {
                if hand.bidding.may_pass(seat, hand.dealer) {
                    Ok(())
                } else {
                    Err(Illegal::DealerMustBid)
                }
            }
            (Stage::Bidding, KoutAction::Bid(bid)) => match hand.bidding.high {
                Some((_, high)) if bid <= high => Err(Illegal::BidTooLow { bid, high }),
                _ => Ok(()),
            },
            (Stage::Bidding, _) => Err(Illegal::WrongMoment(Moment::Bidding)),
            (Stage::Trump { .. }, KoutAction::Trump(_)) => Ok(()),
            (Stage::Trump { .. }, _) => Err(Illegal::WrongMoment(Moment::Trump)),
            (Stage::Playing { contract, trump }, KoutAction::Play(card)) => {
                self.check_card(seat, card, contract, trump)
            }
            (Stage::Playing { .. }, _) => Err(Illegal::WrongMoment(Moment::Playing)),
            (Stage::AwaitingDeal { .. } | Stage::Over { .. }, _) => Err(Illegal::NoHand),
        }
    }

    fn play_unchecked(&mut self, _actor: Actor, action: KoutAction) {
        let seat = self.hand.to_act;
        let seats = self.seats();
        match (self.stage, action) {
            (Stage::Bidding, KoutAction::Pass | KoutAction::Bid(_)) => {
                let bid: Option<Bid> = match action {
                    KoutAction::Bid(b) => Some(b),
                    _ => None,
                };
                let hand = &mut self.hand;
                match hand.bidding.call(seat, bid, hand.dealer) {
                    Some(contract) => {
                        hand.contract = Some(contract);
                        hand.to_act = contract.maker;
                        self.stage = Stage::Trump { contract };
                    }
                    None => hand.to_act = seat.next(seats),
                }
            }
            (Stage::Trump { contract }, KoutAction::Trump(trump)) => {
                let hand = &mut self.hand;
                hand.trump = Some(trump);
                hand.to_act = contract.maker;
                hand.trick = Trick::new(contract.maker);
                self.stage = Stage::Playing { contract, trump };
            }
            (Stage::Playing { contract, trump }, KoutAction::Play(card)) => self.play_card(seat, card, contract, trump),
            _ => {}
        }
    }

    fn outcome(&self) -> Option<Winner> {
        match self.stage {
            Stage::Over { winner } => Some(Winner::Team(winner)),
            _ => None,
        }
    }

    fn score(&self) -> Score {
        self.score.0.into_iter().collect()
    }

    fn view(&self, seat: Option<Seat>) -> KoutView {
        KoutView::of(self, seat)
    }

    fn hidden_from(&self, seat: Seat) -> CardSet {
        let Some(hand) = self.hand() else { return CardSet::EMPTY };
        hand.held
            .iter()
            .take(self.seats())
            .enumerate()
            .filter(|&(i, _)| i != seat.index())
            .fold(CardSet::EMPTY, |acc, (_, &h)| acc | h)
    }

    fn display_order(&self, seat: Seat) -> Vec<Card> {
        display_order(self.held(seat), self.hand().and_then(|h| h.trump))
    }

    fn hand_summaries(&self) -> Vec<KoutHandSummary> {
        let mut out = self.finished.clone();
        if matches!(self.stage, Stage::Bidding | Stage::Trump { .. } | Stage::Playing { .. }) {
            out.push(self.hand.summary());
        }
        out
    }
}
