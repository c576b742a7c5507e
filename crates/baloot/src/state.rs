//! The state of a hand and of the match, and the moves that change them. The
//! [`Game`](game::Game) implementation lives in `engine`.

use arrayvec::ArrayVec;
use cards::{Card, CardSet, Suit};
use game::{BySeat, ByTeam, Seat, Team};

use crate::action::{BalootAction, Side};
use crate::bidding::{BidOutcome, BidTable, Bidding, Contract};
use crate::deal::{FirstDeal, second_deal};
use crate::doubling::{Doubling, DoublingOutcome};
use crate::error::Illegal;
use crate::projects::{Project, baloot_cards, baloot_holder, counted_team, detect};
use crate::rules::BalootRules;
use crate::sawa::claim_holds;
use crate::scoring::{HandScore, Tally, match_winner, score_hand};
use crate::summary::{EndedBy, HandSummary, Multiplier};
use crate::trick::{LAST_TRICK_BONUS, Mode, PlayDuty, Trick, card_points, legal_plays_why};

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// Bidding.
    Bidding(Bidding),
    /// The doubling steps, before the stock is dealt.
    Doubling(Doubling),
    /// Playing the contract.
    Playing(Contract),
    /// Played out (or settled by a Sawa) and scored.
    Finished(Contract),
    /// Everyone passed twice.
    Void,
    /// This seat said `kawesh`.
    Kawesh(Seat),
}

/// One hand: the cards, the bids, the raises, the tricks and the projects.
#[derive(Clone, Debug)]
pub(crate) struct HandState {
    pub(crate) number: usize,
    pub(crate) dealer: Seat,
    pub(crate) face_up: Card,
    pub(crate) stock: [Card; 11],
    pub(crate) stock_dealt: bool,
    pub(crate) hands: BySeat<CardSet>,
    /// Every bid in order (at most 8: four passes in each round).
    pub(crate) bids: ArrayVec<(Seat, BalootAction), 8>,
    /// Every call of the doubling steps in order (at most 8: a pass and a call at each of 4 steps).
    pub(crate) calls: ArrayVec<(Seat, BalootAction), 8>,
    /// 1 until a raise; 2, 3 or 4 after `double`, `three`, `four`; 4 after `gahwa`.
    pub(crate) multiplier: u8,
    pub(crate) gahwa: bool,
    /// Whether the last raise was closed.
    pub(crate) closed: bool,
    pub(crate) stage: Stage,
    pub(crate) trick: Trick,
    pub(crate) tricks: ArrayVec<Trick, 8>,
    pub(crate) trick_counts: ByTeam<u8>,
    pub(crate) card_points: ByTeam<u16>,
    /// Every player's projects, Baloot aside (at most two each).
    pub(crate) projects: ArrayVec<Project, 8>,
    pub(crate) counted: Option<Team>,
    pub(crate) baloot: Option<Seat>,
    pub(crate) baloot_shown: bool,
    /// Who said `sawa`, and whether the claim held.
    pub(crate) sawa: Option<(Seat, bool)>,
    /// Cards laid face up for all to see: every remaining card after a Sawa, the caller's five
    /// after a Kawesh.
    pub(crate) laid_down: BySeat<CardSet>,
}

impl HandState {
    pub(crate) fn new(number: usize, dealer: Seat, deal: FirstDeal) -> Self {
        HandState {
            number,
            dealer,
            face_up: deal.face_up,
            stock: deal.stock,
            stock_dealt: false,
            hands: deal.hands,
            bids: ArrayVec::new(),
            calls: ArrayVec::new(),
            multiplier: 1,
            gahwa: false,
            closed: false,
            stage: Stage::Bidding(Bidding::start(dealer)),
            trick: Trick::new(dealer.next(4), None),
            tricks: ArrayVec::new(),
            trick_counts: ByTeam::default(),
            card_points: ByTeam::default(),
            projects: ArrayVec::new(),
            counted: None,
            baloot: None,
            baloot_shown: false,
            sawa: None,
            laid_down: BySeat::filled(4, CardSet::EMPTY),
        }
    }

    /// The contract, once the bidding is over (during the doubling steps too).
    pub(crate) fn contract(&self) -> Option<Contract> {
        match self.stage {
            Stage::Doubling(d) => Some(d.contract),
            Stage::Playing(c) | Stage::Finished(c) => Some(c),
            Stage::Bidding(_) | Stage::Void | Stage::Kawesh(_) => None,
        }
    }

    pub(crate) fn in_progress(&self) -> bool {
        matches!(self.stage, Stage::Bidding(_) | Stage::Doubling(_) | Stage::Playing(_))
    }

    pub(crate) fn to_act(&self) -> Option<Seat> {
        match self.stage {
            Stage::Bidding(b) => Some(b.to_act()),
            Stage::Doubling(d) => Some(d.to_act()),
            Stage::Playing(_) => Some(self.trick.next_seat()),
            Stage::Finished(_) | Stage::Void | Stage::Kawesh(_) => None,
        }
    }

    /// How the hand ended, once it has.
    pub(crate) fn ended_by(&self) -> Option<EndedBy> {
        match self.stage {
            Stage::Finished(_) if self.sawa.is_some() => Some(EndedBy::Sawa),
            Stage::Finished(_) => Some(EndedBy::Play),
            Stage::Void => Some(EndedBy::Void),
            Stage::Kawesh(_) => Some(EndedBy::Kawesh),
            Stage::Bidding(_) | Stage::Doubling(_) | Stage::Playing(_) => None,
        }
    }

    /// The stake as records report it.
    pub(crate) fn stake(&self) -> Multiplier {
        if self.gahwa { Multiplier::Gahwa } else { Multiplier::Times(self.multiplier) }
    }

    /// Whether the projects' cards are shown: after the first trick, or once the hand is over.
    pub(crate) fn projects_shown(&self) -> bool {
        !self.tricks.is_empty() || matches!(self.stage, Stage::Finished(_))
    }

    /// Whether `seat` has played its card of the first trick (its project types are announced),
    /// or the hand is over.
    pub(crate) fn announced(&self, seat: Seat) -> bool {
        self.projects_shown() || (matches!(self.stage, Stage::Playing(_)) && self.trick.plays().any(|(s, _)| s == seat))
    }

    /// Cards every seat has seen: the face-up card, the projects' cards after the first trick, the
    /// Baloot once announced, and cards laid down by a Sawa or a Kawesh.
    pub(crate) fn shown(&self) -> CardSet {
        let mut shown = CardSet::single(self.face_up);
        if self.projects_shown() {
            for p in &self.projects {
                shown |= p.cards;
            }
        }
        if self.baloot_shown {
            if let Some(trump) = self.contract().and_then(|c| c.mode.trump()) {
                shown |= baloot_cards(trump);
            }
        }
        for laid in self.laid_down.iter() {
            shown |= *laid;
        }
        shown
    }

    fn start_play(&mut self, contract: Contract, rules: &BalootRules) {
        second_deal(&mut self.hands, self.dealer, contract.face_up_taker(), self.face_up, &self.stock);
        self.stock_dealt = true;
        for seat in Seat::all(4) {
            for p in detect(seat, self.hands[seat], contract.mode, rules) {
                let _ = self.projects.try_push(p);
            }
        }
        self.counted = counted_team(&self.projects, self.dealer, rules);
        self.baloot = baloot_holder(&self.hands, contract.mode);
        self.trick = Trick::new(self.dealer.next(4), contract.mode.trump());
        self.stage = Stage::Playing(contract);
    }

    /// What the bidding rules need to know for the seat to speak.
    pub(crate) fn bid_table(&self, seat: Seat) -> BidTable {
        BidTable { face_up: self.face_up, dealer: self.dealer, hand: self.hands.get(seat).copied().unwrap_or_default() }
    }
}

/// Whether a Sun contract has its doubling step: the bidder's team above 100 match points and the
/// defenders below 100 (exactly 100 meets neither). Hokum always has it.
#[must_use]
pub(crate) fn doubling_open(mode: Mode, bidder: Team, score: ByTeam<i32>) -> bool {
    match mode {
        Mode::Hokum(_) => true,
        Mode::Sun => score[bidder] > 100 && score[bidder.other()] < 100,
    }
}

/// A Baloot match: hand after hand until a team reaches 152 (or wins a `gahwa`).
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
    pub(crate) rules: BalootRules,
    pub(crate) score: ByTeam<i32>,
    pub(crate) next_dealer: Seat,
    pub(crate) winner: Option<Team>,
    pub(crate) hand: Option<HandState>,
    pub(crate) finished: Vec<HandSummary>,
}

impl Baloot {
    /// A match standing at `score` whose next hand `dealer` deals, with no earlier hands kept:
    /// where a bot plays out deals of its own from the hand in play (the score decides the Sun's
    /// double and where a Gahwa leaves the match).
    ///
    /// # Errors
    /// A dealer outside the four seats.
    pub fn at_score(rules: BalootRules, dealer: Seat, score: ByTeam<i32>) -> Result<Self, crate::SetupError> {
        let mut game = <Baloot as game::Game>::new(game::GameKind::Baloot, rules, dealer)?;
        game.score = score;
        Ok(game)
    }

    /// The cards `seat` holds now (empty before the first deal and for a seat outside the table).
    /// Only for code that may see every hand (tests, solvers run by the engine's owner): a bot
    /// sees its seat's view.
    #[must_use]
    pub fn held(&self, seat: Seat) -> CardSet {
        self.hand.as_ref().and_then(|h| h.hands.get(seat).copied()).unwrap_or_default()
    }

    pub(crate) fn hand_state(&self) -> Option<&HandState> {
        self.hand.as_ref()
    }

    pub(crate) fn match_score(&self) -> ByTeam<i32> {
        self.score
    }

    /// Scores the hand (`lost_claim`: the team whose Sawa failed) and ends it.
    fn finish_hand(&mut self, lost_claim: Option<Team>) {
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
            multiplier: h.multiplier,
            lost_claim,
        };
        let result = score_hand(&tally, &self.rules);
        h.stage = Stage::Finished(contract);
        for team in Team::BOTH {
            self.score[team] += result.score[team];
        }
        self.finished.push(h.finished_summary(&result));
        self.winner = if h.gahwa { Some(result.won_by) } else { match_winner(self.score) };
        self.next_dealer = h.dealer.next(4);
    }

    pub(crate) fn bid(&mut self, seat: Seat, action: BalootAction) {
        let rules = self.rules;
        let score = self.score;
        let Some(h) = self.hand.as_mut() else { return };
        let Stage::Bidding(b) = h.stage else { return };
        let face = h.face_up.suit().unwrap_or(Suit::Spades);
        let _ = h.bids.try_push((seat, action));
        match b.apply(action, face, h.dealer, &rules) {
            BidOutcome::Continue(next) => h.stage = Stage::Bidding(next),
            BidOutcome::Contract(c) if rules.doubling && doubling_open(c.mode, c.bidder.team(), score) => {
                h.stage = Stage::Doubling(Doubling::start(c));
            }
            BidOutcome::Contract(c) => h.start_play(c, &rules),
            BidOutcome::Void => {
                h.stage = Stage::Void;
                self.finished.push(h.summary());
                self.next_dealer = h.dealer.next(4);
            }
            BidOutcome::Kawesh(caller) => {
                h.stage = Stage::Kawesh(caller);
                if let Some(laid) = h.laid_down.get_mut(caller) {
                    *laid = h.hands.get(caller).copied().unwrap_or_default();
                }
                self.finished.push(h.summary());
                // The one exception to "next dealer = dealer + 1".
                self.next_dealer = h.dealer;
            }
        }
    }

    /// A call of the doubling steps (`pass`, a raise, `gahwa`).
    pub(crate) fn raise(&mut self, seat: Seat, action: BalootAction) {
        let rules = self.rules;
        let Some(h) = self.hand.as_mut() else { return };
        let Stage::Doubling(d) = h.stage else { return };
        let _ = h.calls.try_push((seat, action));
        match action {
            BalootAction::Raise(stake, side) => {
                h.multiplier = stake.multiplier();
                h.closed = side == Some(Side::Closed);
            }
            BalootAction::Gahwa => {
                h.multiplier = 4;
                h.gahwa = true;
                // `gahwa` is neither open nor closed: the last call is no longer a closed one.
                h.closed = false;
            }
            _ => {}
        }
        match d.apply(action) {
            DoublingOutcome::Continue(next) => h.stage = Stage::Doubling(next),
            DoublingOutcome::Done => h.start_play(d.contract, &rules),
        }
    }

    /// `sawa` by the seat about to lead: settled at once over the remaining cards.
    pub(crate) fn claim(&mut self, seat: Seat) {
        let rules = self.rules;
        let Some(h) = self.hand.as_mut() else { return };
        let Stage::Playing(contract) = h.stage else { return };
        let holds = claim_holds(&h.hands, seat, contract.mode.trump(), h.closed, &rules);
        let team = seat.team();
        let takers = if holds { team } else { team.other() };
        let remaining = h.hands.iter().fold(CardSet::EMPTY, |all, &held| all | held);
        let points: u16 = remaining.iter().map(|c| card_points(c, contract.mode)).sum::<u16>() + LAST_TRICK_BONUS;
        let tricks = h.hands.get(seat).map_or(0, |held| held.len());
        h.card_points[takers] += points;
        h.trick_counts[takers] += u8::try_from(tricks).unwrap_or(0);
        h.laid_down = h.hands.clone();
        for held in h.hands.iter_mut() {
            *held = CardSet::EMPTY;
        }
        h.trick = Trick::new(seat, contract.mode.trump());
        h.sawa = Some((seat, holds));
        // Every card is on the table now: a Baloot still in hand is announced for its holder.
        h.baloot_shown |= h.baloot.is_some();
        self.finish_hand(if holds { None } else { Some(team) });
    }

    pub(crate) fn play_card(&mut self, seat: Seat, card: Card) {
        let Some(h) = self.hand.as_mut() else { return };
        let Stage::Playing(contract) = h.stage else { return };
        let Some(hand) = h.hands.get_mut(seat) else { return };
        hand.remove(card);
        h.trick.push(card);
        if h.baloot == Some(seat) && contract.mode.trump().is_some_and(|t| baloot_cards(t).contains(card)) {
            h.baloot_shown = true;
        }
        if !h.trick.is_full() {
            return;
        }
        let winner = h.trick.winner().unwrap_or(seat);
        let team = winner.team();
        let mut points = h.trick.points();
        if h.tricks.len() == 7 {
            points += LAST_TRICK_BONUS;
        }
        h.card_points[team] += points;
        h.trick_counts[team] += 1;
        let _ = h.tricks.try_push(h.trick);
        h.trick = Trick::new(winner, contract.mode.trump());
        if h.tricks.is_full() {
            self.finish_hand(None);
        }
    }

    pub(crate) fn check_play(h: &HandState, seat: Seat, card: Card, rules: &BalootRules) -> Result<(), Illegal> {
        let hand = h.hands.get(seat).copied().unwrap_or_default();
        if !hand.contains(card) {
            return Err(Illegal::NotHeld(card));
        }
        let (legal, duty) = legal_plays_why(hand, &h.trick, seat, rules, h.closed);
        if legal.contains(card) {
            return Ok(());
        }
        let trump = h.trick_trump();
        Err(match duty {
            Some(PlayDuty::Closed) => Illegal::ClosedTrumpLead,
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
    pub(crate) fn trick_trump(&self) -> Option<Suit> {
        self.contract().and_then(|c| c.mode.trump())
    }

    /// The hand's facts so far, as `majlis replay` reports them (a void hand's are all there is).
    pub(crate) fn summary(&self) -> HandSummary {
        let contract = self.contract();
        HandSummary {
            dealer: self.dealer,
            bidder: contract.map(|c| c.bidder),
            mode: contract.map(|c| c.mode.name()),
            trump: contract.and_then(|c| c.mode.trump()),
            tricks: None,
            card_points: None,
            projects: None,
            score: None,
            void: match self.stage {
                Stage::Bidding(_) => None,
                Stage::Void => Some(true),
                Stage::Doubling(_) | Stage::Playing(_) | Stage::Finished(_) | Stage::Kawesh(_) => Some(false),
            },
            multiplier: contract.map(|_| self.stake()),
            closed: contract.map(|_| self.closed),
            ended_by: self.ended_by(),
        }
    }

    /// The facts of the hand just scored.
    fn finished_summary(&self, result: &HandScore) -> HandSummary {
        HandSummary {
            tricks: Some(self.trick_counts),
            card_points: Some(self.card_points),
            projects: Some(result.projects.clone()),
            score: Some(result.score),
            void: Some(false),
            ..self.summary()
        }
    }
}
