//! `Match`: a game together with its record, and replay of records.

use std::fmt;

use rand_core::RngCore;
use serde_json::{Map, Value, json};

use crate::record::{HandRecord, Record, RecordError, RecordErrorKind, RecordedAction};
use crate::{Actor, Game, GameKind, Options, Phase, RuleSet, Seat};

/// Where a replay stands when [`Match::replay_observed`] shows a step: just after the deal of
/// hand `hand` (`action: None`, `text: "deal"`) or after its action `action`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayAt<'a> {
    /// The hand (Kabul: the round), from 0.
    pub hand: usize,
    /// The action within the hand, from 0; `None` for the deal.
    pub action: Option<usize>,
    /// The acting seat; `None` for the deal and for the clock.
    pub seat: Option<Seat>,
    /// The action as the record writes it, or `deal`.
    pub text: &'a str,
}

/// Why a [`Match`] cannot start or deal: the game's own reasons, in its words.
pub enum MatchError<G: Game> {
    /// The rule options are refused.
    Rules(<G::Rules as RuleSet>::Error),
    /// The game refuses to start or to deal.
    Setup(G::SetupError),
    /// [`Match::deal`] outside the time between hands.
    NoDealDue,
}

impl<G: Game> fmt::Display for MatchError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Rules(e) => e.fmt(f),
            MatchError::Setup(e) => e.fmt(f),
            MatchError::NoDealDue => f.write_str("no hand is waiting to be dealt"),
        }
    }
}

impl<G: Game> fmt::Debug for MatchError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Rules(e) => f.debug_tuple("Rules").field(e).finish(),
            MatchError::Setup(e) => f.debug_tuple("Setup").field(e).finish(),
            MatchError::NoDealDue => f.write_str("NoDealDue"),
        }
    }
}

impl<G: Game> Clone for MatchError<G> {
    fn clone(&self) -> Self {
        match self {
            MatchError::Rules(e) => MatchError::Rules(e.clone()),
            MatchError::Setup(e) => MatchError::Setup(e.clone()),
            MatchError::NoDealDue => MatchError::NoDealDue,
        }
    }
}

impl<G: Game> PartialEq for MatchError<G> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (MatchError::Rules(a), MatchError::Rules(b)) => a == b,
            (MatchError::Setup(a), MatchError::Setup(b)) => a == b,
            (MatchError::NoDealDue, MatchError::NoDealDue) => true,
            _ => false,
        }
    }
}

impl<G: Game> std::error::Error for MatchError<G> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MatchError::Rules(e) => Some(e),
            MatchError::Setup(e) => Some(e),
            MatchError::NoDealDue => None,
        }
    }
}

/// A match in progress or finished: the game state and the record of how it got there.
///
/// Every deal and every accepted action is written to the record as it happens, so the record can
/// be saved at any moment and replaying it gives the same state ([`Match::replay`]).
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    game: G,
    record: Record,
}

impl<G: Game> Match<G> {
    /// A new match of `kind` with rule `options`, waiting for its first deal by `first_dealer`.
    ///
    /// # Errors
    /// Bad options, or the game refuses to start (another game's kind, a dealer outside the
    /// table).
    pub fn new(
        kind: GameKind,
        options: Options,
        players: Vec<String>,
        first_dealer: Seat,
    ) -> Result<Self, MatchError<G>> {
        let rules = G::Rules::from_options(kind, &options).map_err(MatchError::Rules)?;
        let game = G::new(kind, rules, first_dealer).map_err(MatchError::Setup)?;
        Ok(Match { game, record: Record { game: kind, rules: options, players, hands: Vec::new() } })
    }

    /// Replays a record: deals every hand from its deck and checks every action against the rules.
    ///
    /// # Errors
    /// The first problem, naming the hand, the action, the seat, the text and the reason.
    pub fn replay(record: &Record) -> Result<Self, RecordError> {
        Match::replay_observed(record, |_, _| {})
    }

    /// Replays a record like [`Match::replay`], calling `observe` with the game after each deal and
    /// after each action, in record order (a replay stepper's steps).
    ///
    /// # Errors
    /// See [`Match::replay`]; `observe` has seen every step before the failing one.
    pub fn replay_observed(record: &Record, mut observe: impl FnMut(&G, ReplayAt<'_>)) -> Result<Self, RecordError> {
        let rules = G::Rules::from_options(record.game, &record.rules)
            .map_err(|e| RecordError::malformed(format!("rules: {e}")))?;
        let seats = rules.seat_count();
        let first_dealer = record.hands.first().map_or(Seat::ZERO, |h| h.dealer);
        if first_dealer.index() >= seats {
            return Err(
                RecordError::malformed(format!("dealer {first_dealer} has no seat at a table of {seats}")).in_hand(0)
            );
        }
        let mut m = Match::new(record.game, record.rules.clone(), record.players.clone(), first_dealer)
            .map_err(|e| RecordError::malformed(e.to_string()))?;
        for (i, hand) in record.hands.iter().enumerate() {
            m.replay_hand(i, hand, seats, &mut observe).map_err(|e| e.in_hand(i))?;
        }
        Ok(m)
    }

    fn replay_hand(
        &mut self,
        number: usize,
        hand: &HandRecord,
        seats: usize,
        observe: &mut impl FnMut(&G, ReplayAt<'_>),
    ) -> Result<(), RecordError> {
        match self.game.phase() {
            Phase::AwaitingDeal { dealer } if dealer == hand.dealer => {}
            Phase::AwaitingDeal { dealer } => {
                // The deal passes on after every hand, except that a hand ended by a Baloot
                // `kawesh` is dealt again by the same dealer.
                let previous = self.record.hands.last().map(|h| h.dealer);
                let why = if previous == Some(dealer) { "the same dealer again" } else { "the previous dealer + 1" };
                return Err(RecordError::malformed(format!(
                    "the dealer is {}, but this hand must be dealt by seat {dealer} ({why})",
                    hand.dealer
                )));
            }
            Phase::InHand => {
                return Err(RecordError::malformed("the previous hand is not finished, yet another hand follows"));
            }
            Phase::Over => {
                return Err(RecordError::malformed("the match was already over before this hand"));
            }
        }
        let deal = self.game.deal_from_record(hand).map_err(|e| RecordError::malformed(e.to_string()))?;
        let mut header = hand.clone();
        header.actions.clear();
        self.deal_as(deal, header).map_err(|e| RecordError::malformed(e.to_string()))?;
        observe(&self.game, ReplayAt { hand: number, action: None, seat: None, text: "deal" });
        for (j, a) in hand.actions.iter().enumerate() {
            let seat = a.seat.map(Seat::index);
            let located = |e: RecordError| e.at_action(j, seat, &a.text);
            if let Some(s) = a.seat {
                if s.index() >= seats {
                    return Err(located(RecordError::malformed(format!(
                        "seat {s} has no place at a table of {seats}"
                    ))));
                }
            }
            let actor = a.seat.map_or(Actor::Clock, Actor::Seat);
            self.play_text(actor, &a.text).map_err(|reason| {
                located(RecordError { kind: RecordErrorKind::Illegal, ..RecordError::malformed(reason) })
            })?;
            observe(&self.game, ReplayAt { hand: number, action: Some(j), seat: a.seat, text: &a.text });
        }
        Ok(())
    }

    /// The game state.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The record so far.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The record, consuming the match.
    pub fn into_record(self) -> Record {
        self.record
    }

    /// The record's entry of the hand in progress (or the last one), for fields a server adds such
    /// as the fair-deal salt.
    pub fn current_hand_record_mut(&mut self) -> Option<&mut HandRecord> {
        self.record.hands.last_mut()
    }

    /// Gives the order of the next reshuffle (see [`Game::give_reshuffle`]) and writes it into the
    /// current hand's `reshuffles`, so the record replays to the same draw pile.
    pub fn give_reshuffle(&mut self, order: Vec<cards::Card>) {
        if let Some(hand) = self.record.hands.last_mut() {
            hand.reshuffles.get_or_insert_with(Vec::new).push(order.clone());
        }
        self.game.give_reshuffle(order);
    }

    /// Deals the next hand and records it.
    ///
    /// # Errors
    /// No hand is waiting to be dealt, or see [`Game::deal`].
    pub fn deal(&mut self, deal: G::Deal) -> Result<(), MatchError<G>> {
        let dealer = match self.game.phase() {
            Phase::AwaitingDeal { dealer } => dealer,
            _ => return Err(MatchError::NoDealDue),
        };
        self.deal_as(deal, HandRecord::new(dealer, &[])).map_err(MatchError::Setup)
    }

    fn deal_as(&mut self, deal: G::Deal, mut header: HandRecord) -> Result<(), G::SetupError> {
        self.game.deal_to_record(&deal, &mut header);
        self.game.deal(deal)?;
        self.record.hands.push(header);
        Ok(())
    }

    /// Deals the next hand from `rng` and records it.
    ///
    /// # Errors
    /// No hand is waiting to be dealt.
    pub fn deal_random<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> Result<(), MatchError<G>> {
        let deal = self.game.random_deal(rng);
        self.deal(deal)
    }

    /// Performs an action if it is legal and records it; otherwise changes nothing.
    ///
    /// # Errors
    /// Why the action is illegal.
    pub fn play(&mut self, actor: Actor, action: G::Action) -> Result<(), G::Illegal> {
        self.game.play(actor, action)?;
        if let Some(hand) = self.record.hands.last_mut() {
            hand.actions.push(RecordedAction { seat: actor.seat(), text: action.to_string() });
        }
        Ok(())
    }

    /// Reads an action in the game's notation and plays it (see [`Match::play`]).
    ///
    /// # Errors
    /// The text is not an action of this game, or the action is illegal; in words.
    pub fn play_text(&mut self, actor: Actor, text: &str) -> Result<(), String> {
        let action: G::Action = text.parse().map_err(|e: crate::ParseActionError| e.to_string())?;
        self.play(actor, action).map_err(|e| e.to_string())
    }

    /// The legal actions of `seat` now, in notation.
    pub fn legal_texts(&self, seat: Seat) -> Vec<String> {
        let mut out = Vec::new();
        self.game.legal_actions(seat, &mut out);
        out.iter().map(ToString::to_string).collect()
    }

    /// What `majlis replay` prints: per-hand facts, the match score, whether it is finished and who
    /// won, who may act and what they may do. With `seat`, only what that seat may see: its view,
    /// and legal actions only if it is to act.
    pub fn report(&self, seat: Option<Seat>) -> Value {
        let g = &self.game;
        let to_act = g.to_act();
        // Between hands and after the end nobody may act: `legal` is `[]` for every game
        // (records.md), although Kabul's is otherwise an object from seat to actions.
        let legal = if to_act.is_empty() {
            json!([])
        } else if g.kind().has_teams() {
            let mut list = Vec::new();
            for s in to_act.iter().filter(|s| seat.is_none_or(|v| v == *s)) {
                list.extend(self.legal_texts(s));
            }
            json!(list)
        } else {
            let mut map = Map::new();
            for s in to_act.iter().filter(|s| seat.is_none_or(|v| v == *s)) {
                map.insert(s.to_string(), json!(self.legal_texts(s)));
            }
            Value::Object(map)
        };
        let mut out = json!({
            "game": g.kind().id(),
            "hands": g.hand_summaries(),
            "score": g.score(),
            "finished": g.phase() == Phase::Over,
            "winner": g.outcome(),
            "to_act": to_act,
            "legal": legal,
        });
        if let (Some(s), Some(obj)) = (seat, out.as_object_mut()) {
            obj.insert("seat".to_owned(), json!(s));
            obj.insert("view".to_owned(), view_json::<G>(&g.view(Some(s))));
        }
        out
    }
}

/// A seat's view as JSON: the `view` object `majlis replay --seat N` prints, and the `view` an
/// external bot receives in each `act` message of the bot protocol. Both call this one function, so
/// what a bot is told and what a replay shows cannot drift apart.
pub fn view_json<G: Game>(view: &G::View) -> Value {
    // A view is plain data (cards, numbers, strings): serializing it cannot fail.
    serde_json::to_value(view).unwrap_or(Value::Null)
}
