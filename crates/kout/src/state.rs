//! The match state: [`Kout`], its stage and the hand in progress, and the moves that change them.
//! The [`Game`](game::Game) implementation lives in `engine`.

use arrayvec::ArrayVec;
use cards::{Card, CardSet, Suit};
use game::{ByTeam, Seat, Team};

use crate::bidding::{Bidding, Contract};
use crate::error::Illegal;
use crate::rules::KoutRules;
use crate::scoring::{hand_score, is_decided, is_made, match_winner};
use crate::summary::KoutHandSummary;
use crate::trick::{DoneTrick, Trick, follow_set, joker_leads, lead_is_dead, lead_set};

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
    pub(crate) fn new(dealer: Seat, held: [CardSet; 6], seats: usize) -> Hand {
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

    /// The hand's facts so far, as `majlis replay` reports them.
    pub(crate) fn summary(&self) -> KoutHandSummary {
        let contract = self.contract;
        KoutHandSummary {
            dealer: self.dealer,
            bidder: contract.map(|c| c.maker),
            bid: contract.map(|c| c.bid.tricks()),
            malzoom: contract.map(|c| c.malzoom),
            trump: self.trump,
            tricks: self.trump.map(|_| self.won),
            score: self.score,
        }
    }
}

/// A match of Kout Bo, six or four players (the variant is in [`KoutRules`]).
///
/// Reached only through [`Game::new`], [`Game::deal`] and [`Game::play`], so every value is a
/// position the rules allow. See the crate documentation for an example.
#[derive(Clone, Debug)]
pub struct Kout {
    pub(crate) rules: KoutRules,
    pub(crate) stage: Stage,
    pub(crate) score: ByTeam<i32>,
    /// The current or last hand (an empty placeholder before the first deal).
    pub(crate) hand: Hand,
    pub(crate) hands_dealt: usize,
    /// Summaries of the finished hands.
    pub(crate) finished: Vec<KoutHandSummary>,
}

impl Kout {
    /// A match standing at `score` after `hands_dealt` hands, whose next hand `dealer` deals, with
    /// no earlier hands kept: where a bot plays out deals of its own from the hand in play (the
    /// score and the hand's number decide where the match ends).
    ///
    /// # Errors
    /// The rules' variant is not a Kout Bo game's, or the dealer is outside the table.
    pub fn at_score(
        rules: KoutRules,
        dealer: Seat,
        score: ByTeam<i32>,
        hands_dealt: usize,
    ) -> Result<Self, crate::SetupError> {
        let mut game = <Kout as game::Game>::new(rules.variant.kind(), rules, dealer)?;
        game.score = score;
        game.hands_dealt = hands_dealt;
        Ok(game)
    }

    /// How many seats the table has.
    pub(crate) fn seats(&self) -> usize {
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

    pub(crate) fn check_card(&self, seat: Seat, card: Card, contract: Contract, trump: Suit) -> Result<(), Illegal> {
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

    pub(crate) fn play_card(&mut self, seat: Seat, card: Card, contract: Contract, trump: Suit) {
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
        self.finished.push(self.hand.summary());
        self.stage = match match_winner(self.score, self.hands_dealt == 1, contract, made) {
            Some(winner) => Stage::Over { winner },
            None => Stage::AwaitingDeal { dealer: self.hand.dealer.next(self.seats()) },
        };
    }
}
