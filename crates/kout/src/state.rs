//! The match state machine: [`Kout`] and its [`Game`] implementation.

use arrayvec::ArrayVec;
use cards::{Card, CardSet, Suit};
use game::{Actor, ByTeam, Game, GameKind, HandRecord, Phase, Score, Seat, SeatSet, Team, Winner};
use rand_core::RngCore;

use crate::action::{Bid, KoutAction};
use crate::bidding::{Bidding, Contract};
use crate::deal::{KoutDeal, deal_hands};
use crate::illegal::{Illegal, Moment};
use crate::rules::{KoutRules, Variant};
use crate::scoring::{hand_score, is_decided, is_made, match_winner};
use crate::trick::{DoneTrick, Trick, display_order, follow_set, joker_leads, lead_is_dead, lead_set};
use crate::view::{KoutHandSummary, KoutView};

/// Where the match stands; the variants carry what their moment needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// Before the first hand or between hands.
    AwaitingDeal { dealer: Seat },
    /// Bidding is under way.
    Bidding,
    /// The maker names trump.
    Trump { contract: Contract },
    /// Tricks are being played.
    Playing { contract: Contract, trump: Suit },
    /// The match is over.
    Over { winner: Team },
}

/// The hand in progress, or the last one played (kept for views and summaries between hands).
#[derive(Clone, Debug)]
pub(crate) struct Hand {
    pub dealer: Seat,
    pub to_act: Seat,
    /// Each seat's unplayed cards (seats beyond the table stay empty).
    pub held: [CardSet; 6],
    pub bidding: Bidding,
    pub contract: Option<Contract>,
    pub trump: Option<Suit>,
    /// Every card played this hand, the current trick included.
    pub played: CardSet,
    pub trick: Trick,
    /// At most the nine tricks of a hand.
    pub done: ArrayVec<DoneTrick, 9>,
    pub won: ByTeam<u8>,
    /// The hand's score, once it is over.
    pub score: Option<ByTeam<i32>>,
}

impl Hand {
    fn new(dealer: Seat, held: [CardSet; 6], seats: usize) -> Hand {
        let first = dealer.next(seats);
        Hand {
            dealer,
            to_act: first,
            held,
            bidding: Bidding::default(),
            contract: None,
            trump: None,
            played: CardSet::EMPTY,
            trick: Trick::new(first),
            done: ArrayVec::new(),
            won: ByTeam::default(),
            score: None,
        }
    }
}

/// A match of Kout Bo, six or four players (the variant is in [`KoutRules`]).
///
/// Reached only through [`Game::new`], [`Game::deal`] and [`Game::play`], so every value is a
/// position the rules allow. See the crate documentation for an example.
#[derive(Clone, Debug)]
pub struct Kout {
    rules: KoutRules,
    stage: Stage,
    score: ByTeam<i32>,
    /// The current or last hand (an empty placeholder before the first deal).
    hand: Hand,
    hands_dealt: usize,
    /// Summaries of the finished hands.
    finished: Vec<KoutHandSummary>,
}

impl Kout {
    /// How many seats the table has.
    fn seats(&self) -> usize {
        self.rules.variant.seats()
    }

    pub(crate) fn stage(&self) -> Stage {
        self.stage
    }

    pub(crate) fn hand(&self) -> Option<&Hand> {
        (self.hands_dealt > 0).then_some(&self.hand)
    }

    pub(crate) fn hands_dealt(&self) -> usize {
        self.hands_dealt
    }

    pub(crate) fn match_score(&self) -> ByTeam<i32> {
        self.score
    }

    /// The cards `seat` may play now, during play (empty otherwise or if it is not `seat`'s turn).
    pub fn playable(&self, seat: Seat) -> CardSet {
        let Stage::Playing { contract, trump } = self.stage else { return CardSet::EMPTY };
        let hand = &self.hand;
        if seat != hand.to_act {
            return CardSet::EMPTY;
        }
        let held = hand.held.get(seat.index()).copied().unwrap_or_default();
        if hand.trick.is_empty() {
            lead_set(held, joker_leads(contract, trump, seat, hand.played))
        } else {
            follow_set(held, hand.trick.led, trump)
        }
    }

    /// The cards `seat` holds now (empty before the first deal).
    pub fn held(&self, seat: Seat) -> CardSet {
        self.hand().and_then(|h| h.held.get(seat.index()).copied()).unwrap_or_default()
    }

    fn check_card(&self, seat: Seat, card: Card, contract: Contract, trump: Suit) -> Result<(), Illegal> {
        let hand = &self.hand;
        let held = hand.held.get(seat.index()).copied().unwrap_or_default();
        if !held.contains(card) {
            return Err(Illegal::NotHeld(card));
        }
        if hand.trick.is_empty() {
            if !lead_set(held, joker_leads(contract, trump, seat, hand.played)).contains(card) {
                let team_bid = (contract.maker.team() == seat.team()).then_some(contract.bid);
                return Err(Illegal::JokerLead { joker: card, team_bid });
            }
        } else if !follow_set(held, hand.trick.led, trump).contains(card) {
            // follow_set restricts nothing while the led suit is undecided, so `led` is known here.
            let led = hand.trick.led.unwrap_or(trump);
            return Err(if led == trump { Illegal::MustFollowTrump(trump) } else { Illegal::MustFollow(led) });
        }
        Ok(())
    }

    fn play_card(&mut self, seat: Seat, card: Card, contract: Contract, trump: Suit) {
        let seats = self.seats();
        let hand = &mut self.hand;
        let dead = if hand.trick.is_empty() {
            lead_is_dead(card, joker_leads(contract, trump, seat, hand.played))
        } else {
            hand.trick.follower_card_is_dead(card)
        };
        if let Some(held) = hand.held.get_mut(seat.index()) {
            held.remove(card);
        }
        hand.played.insert(card);
        hand.trick.add(seat, card, dead, trump);
        if hand.trick.plays.len() < seats {
            hand.to_act = seat.next(seats);
            return;
        }
        let winner = hand.trick.winner();
        let trick = std::mem::replace(&mut hand.trick, Trick::new(winner));
        // Nine tricks at most: the hand ends at the ninth.
        let _ = hand.done.try_push(DoneTrick { leader: trick.leader, plays: trick.plays, led: trick.led, winner });
        hand.won[winner.team()] += 1;
        hand.to_act = winner;
        let played = hand.done.len();
        if played >= 9 || (!self.rules.play_out && is_decided(contract, hand.won, played)) {
            self.end_hand(contract);
        }
    }

    fn end_hand(&mut self, contract: Contract) {
        let made = is_made(contract, self.hand.won);
        let score = hand_score(contract, made);
        for team in Team::BOTH {
            self.score[team] += score[team];
        }
        self.hand.score = Some(score);
        self.finished.push(KoutHandSummary::of(&self.hand));
        self.stage = match match_winner(self.score, self.hands_dealt == 1, contract, made) {
            Some(winner) => Stage::Over { winner },
            None => Stage::AwaitingDeal { dealer: self.hand.dealer.next(self.seats()) },
        };
    }
}

impl Game for Kout {
    type Action = KoutAction;
    type Rules = KoutRules;
    type Deal = KoutDeal;
    type View = KoutView;
    type HandSummary = KoutHandSummary;
    type Illegal = Illegal;

    fn new(kind: GameKind, rules: KoutRules, first_dealer: Seat) -> Result<Self, String> {
        if Variant::of(kind) != Some(rules.variant) {
            return Err(format!(
                "{} cannot be played with the rules of {}",
                kind.title(),
                rules.variant.kind().title()
            ));
        }
        let seats = rules.variant.seats();
        if first_dealer.index() >= seats {
            return Err(format!("dealer {first_dealer} has no seat at a table of {seats}"));
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

    fn deal(&mut self, deal: KoutDeal) -> Result<(), String> {
        let Stage::AwaitingDeal { dealer } = self.stage else {
            return Err(match self.stage {
                Stage::Over { .. } => "the match is over".to_owned(),
                _ => "a hand is being played; the next deal waits for its end".to_owned(),
            });
        };
        let expected = self.rules.variant.cards();
        let seats = self.seats();
        let held = deal_hands(&deal.deck, dealer, seats);
        // With as many cards as the deck, covering the deck means every card exactly once.
        let set = held.iter().fold(CardSet::EMPTY, |acc, &h| acc | h);
        if deal.deck.len() != expected.len() || set != expected {
            return Err(format!(
                "the deck must be exactly the {} deck of {} cards (given {} cards, {} missing, {} foreign)",
                self.kind(),
                expected.len(),
                deal.deck.len(),
                (expected - set).len(),
                (set - expected).len()
            ));
        }
        self.hand = Hand::new(dealer, held, seats);
        self.hands_dealt += 1;
        self.stage = Stage::Bidding;
        Ok(())
    }

    fn random_deal<R: RngCore + ?Sized>(&self, rng: &mut R) -> KoutDeal {
        KoutDeal { deck: self.rules.variant.deck().shuffled(rng) }
    }

    fn deal_from_record(&self, hand: &HandRecord) -> Result<KoutDeal, String> {
        if hand.reshuffles.is_some() {
            return Err("a Kout Bo hand has no \"reshuffles\" (they belong to Kabul)".to_owned());
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
            out.push(KoutHandSummary::of(&self.hand));
        }
        out
    }
}
