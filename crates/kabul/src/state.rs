//! The layout of a round (grids, piles, the drawn card), the round's stage, and [`Kabul`], the whole
//! match, which implements [`game::Game`].

use arrayvec::ArrayVec;
use cards::{Card, CardSet};
use game::{BySeat, Seat, SeatSet};

use crate::action::{Pos, Slot};
use crate::error::Illegal;
use crate::events::{Event, Source};
use crate::knowledge::Knowledge;
use crate::power::Power;
use crate::rules::KabulRules;
use crate::scoring::{RoundEnd, RoundSummary, card_value, lowest};
use crate::setup::SetupError;

/// The most slots a grid can have: penalty slots are added only when no slot is empty, so a grid
/// never holds more slots than cards, and there are 54 cards.
pub const MAX_SLOTS: usize = 54;

/// How many recent public events a view carries.
pub const RECENT_EVENTS: usize = 16;

/// One player's grid: fixed slots, each empty or holding a face-down card.
pub(crate) type Grid = ArrayVec<Option<Card>, MAX_SLOTS>;

/// The card in the hand of the player whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Drawn {
    pub card: Card,
    pub from: Source,
}

/// Where every card of the round is laid out: the grids, the two piles and the drawn card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub grids: BySeat<Grid>,
    /// Top card last.
    pub draw: ArrayVec<Card, 54>,
    /// Top card last.
    pub discard: ArrayVec<Card, 54>,
    pub drawn: Option<Drawn>,
}

impl Layout {
    pub fn grid(&self, seat: Seat) -> &[Option<Card>] {
        self.grids.get(seat).map_or(&[], |g| g.as_slice())
    }

    pub fn card_at(&self, pos: Pos) -> Option<Card> {
        self.grid(pos.seat).get(usize::from(pos.slot)).copied().flatten()
    }

    /// Puts `card` at `pos`; false if the slot does not exist.
    pub fn set(&mut self, pos: Pos, card: Option<Card>) -> bool {
        let slot = self.grids.iter_mut().nth(pos.seat.index()).and_then(|g| g.get_mut(usize::from(pos.slot)));
        match slot {
            Some(s) => {
                *s = card;
                true
            }
            None => false,
        }
    }

    pub fn card_count(&self, seat: Seat) -> usize {
        self.grid(seat).iter().flatten().count()
    }

    pub fn own_cards(&self, seat: Seat) -> impl Iterator<Item = (Slot, Card)> + '_ {
        self.grid(seat).iter().enumerate().filter_map(|(i, c)| Some((Slot::try_from(i).ok()?, (*c)?)))
    }

    pub fn top(&self) -> Option<Card> {
        self.discard.last().copied()
    }

    pub fn grid_cards(&self) -> CardSet {
        self.grids.iter().flat_map(|g| g.iter().flatten().copied()).collect()
    }

    pub fn discard_set(&self) -> CardSet {
        self.discard.iter().copied().collect()
    }

    /// Puts a penalty card into the lowest empty slot of `seat`, or a new slot after the highest.
    pub fn place_penalty(&mut self, seat: Seat, card: Card) -> Option<Slot> {
        let grid = self.grids.iter_mut().nth(seat.index())?;
        let slot = match grid.iter().position(Option::is_none) {
            Some(i) => {
                let s = grid.get_mut(i)?;
                *s = Some(card);
                i
            }
            None => {
                grid.try_push(Some(card)).ok()?;
                grid.len() - 1
            }
        };
        Slot::try_from(slot).ok()
    }
}

/// What the round waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// The turn's player calls Kabul or draws.
    Draw,
    /// The turn's player holds a drawn card and must discard it or replace a card with it.
    Drawn,
    /// A power card was discarded; its target must be named.
    Power(Power),
    /// A snap window is open; these seats may still snap or pass.
    Window { may_act: SeatSet },
    /// The round is over.
    Ended(RoundEnd),
}

/// A round being played (or the last one played, once it ended).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Round {
    pub players: usize,
    pub dealer: Seat,
    pub layout: Layout,
    pub knowledge: Knowledge,
    pub turn: Seat,
    pub stage: Stage,
    pub caller: Option<Seat>,
    /// The record's draw piles for reshuffles, in order.
    pub reshuffles: Option<Vec<Vec<Card>>>,
    pub reshuffles_done: usize,
    pub events: ArrayVec<Event, RECENT_EVENTS>,
}

impl Round {
    pub fn seat_at_table(&self, seat: Seat) -> Result<(), Illegal> {
        if seat.index() < self.players { Ok(()) } else { Err(Illegal::NoSuchSeat { seat, players: self.players }) }
    }

    pub fn event(&mut self, event: Event) {
        if self.events.is_full() {
            self.events.remove(0);
        }
        self.events.push(event);
    }

    /// The turn is over: the next player's starts, or the round ends after the last turn after
    /// a Kabul call.
    pub fn end_turn(&mut self) {
        let next = self.turn.next(self.players);
        if Some(next) == self.caller {
            self.end(RoundEnd::Kabul);
        } else {
            self.turn = next;
            self.stage = Stage::Draw;
        }
    }

    pub fn end(&mut self, how: RoundEnd) {
        self.stage = Stage::Ended(how);
        self.layout.drawn = None;
        for card in self.layout.grid_cards() {
            self.knowledge.learn_all(card);
        }
        self.event(Event::End { end: how });
    }

    /// Why the next card cannot be drawn as the record says (a reshuffle list that does not hold
    /// the discard pile minus its top card), if a reshuffle is due.
    pub fn reshuffle_problem(&self) -> Option<Illegal> {
        if !self.layout.draw.is_empty() {
            return None;
        }
        let k = self.reshuffles_done;
        let list = self.reshuffles.as_ref()?.get(k)?;
        let rest = self.layout.discard.split_last().map_or(&[][..], |(_, rest)| rest);
        let want: CardSet = rest.iter().copied().collect();
        let got: CardSet = list.iter().copied().collect();
        if got == want && list.len() == rest.len() {
            return None;
        }
        let mut msg = format!(
            "reshuffle {k} of the record must hold exactly the discard pile minus its top card ({} cards: {want})",
            rest.len()
        );
        if !(want - got).is_empty() {
            msg.push_str(&format!("; missing from the list: {}", want - got));
        }
        if !(got - want).is_empty() {
            msg.push_str(&format!("; in the list but not on the pile: {}", got - want));
        }
        if got == want {
            msg.push_str(&format!("; it has {} cards", list.len()));
        }
        Some(Illegal::BadReshuffle(msg))
    }

    /// Takes the top card of the draw pile, reshuffling the discard pile (minus its top) into a new
    /// draw pile first if it is empty. `None` if no card can be had.
    pub fn draw_card(&mut self) -> Option<Card> {
        if self.layout.draw.is_empty() {
            self.reshuffle();
        }
        self.layout.draw.pop()
    }

    fn reshuffle(&mut self) {
        // `check` refuses a draw whose reshuffle list is wrong; should one get here unchecked, the
        // default order keeps every card in play exactly once.
        let list_fits = self.reshuffle_problem().is_none();
        let Some(top) = self.layout.discard.pop() else { return };
        let rest = std::mem::take(&mut self.layout.discard);
        self.layout.discard.push(top);
        if rest.is_empty() {
            return;
        }
        let given = self.reshuffles.as_ref().and_then(|r| r.get(self.reshuffles_done)).filter(|_| list_fits);
        // The pile is stored top last, so both orders are pushed reversed.
        match given {
            Some(list) => self.layout.draw.extend(list.iter().rev().copied()),
            None => self.layout.draw.extend(rest.iter().rev().copied()),
        }
        self.reshuffles_done += 1;
        self.knowledge.forget(rest.iter().copied().collect());
        // Older events name faces that are now face down in the draw pile.
        self.events.clear();
        self.event(Event::Reshuffle { cards: rest.len() });
    }

    pub fn summary(&self) -> RoundSummary {
        RoundSummary { dealer: self.dealer, scores: None, winners: None, caller: self.caller, end: None }
    }

    pub fn scores(&self) -> Vec<i32> {
        self.layout.grids.iter().map(|g| g.iter().flatten().copied().map(card_value).sum()).collect()
    }
}

/// Where the match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    AwaitingDeal { dealer: Seat },
    InRound,
    Over(SeatSet),
}

/// A match of Kabul: round after round (one round unless `target_score` is set).
///
/// Reached only through [`Game::new`], [`Game::deal`] and [`Game::play`], so it is always valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kabul {
    pub(crate) rules: KabulRules,
    pub(crate) status: Status,
    pub(crate) round: Option<Round>,
    pub(crate) finished: Vec<RoundSummary>,
    pub(crate) totals: BySeat<i32>,
}

impl Kabul {
    /// A new match under `rules`, waiting for the first deal by `dealer`.
    ///
    /// # Errors
    /// The dealer has no seat at the table.
    pub fn with_rules(rules: KabulRules, dealer: Seat) -> Result<Kabul, SetupError> {
        if dealer.index() >= rules.players() {
            return Err(SetupError::DealerOutside { dealer, seats: rules.players() });
        }
        Ok(Kabul {
            rules,
            status: Status::AwaitingDeal { dealer },
            round: None,
            finished: Vec::new(),
            totals: BySeat::filled(rules.players(), 0),
        })
    }

    /// What every seat knows in the current (or last) round.
    #[must_use]
    pub fn knowledge(&self) -> Option<&Knowledge> {
        self.round.as_ref().map(|r| &r.knowledge)
    }

    /// The card at a grid position now, whoever may see it (for tests, tools and the end reveal).
    #[must_use]
    pub fn card_at(&self, pos: Pos) -> Option<Card> {
        self.round.as_ref().and_then(|r| r.layout.card_at(pos))
    }

    /// The slots of `seat`'s grid, face values included: the whole truth, not a view.
    #[must_use]
    pub fn grid(&self, seat: Seat) -> &[Option<Card>] {
        self.round.as_ref().map_or(&[], |r| r.layout.grid(seat))
    }

    /// The draw pile, top card first.
    #[must_use]
    pub fn draw_pile(&self) -> Vec<Card> {
        self.round.as_ref().map_or_else(Vec::new, |r| r.layout.draw.iter().rev().copied().collect())
    }

    /// The discard pile, bottom card first (the top is last).
    #[must_use]
    pub fn discard_pile(&self) -> &[Card] {
        self.round.as_ref().map_or(&[], |r| r.layout.discard.as_slice())
    }

    /// The card the turn's player holds, if they have drawn one.
    #[must_use]
    pub fn drawn_card(&self) -> Option<(Seat, Card)> {
        let r = self.round.as_ref()?;
        r.layout.drawn.map(|d| (r.turn, d.card))
    }

    /// Whose turn it is in the round being played.
    #[must_use]
    pub fn turn(&self) -> Option<Seat> {
        self.round.as_ref().filter(|_| self.status == Status::InRound).map(|r| r.turn)
    }

    /// Who called Kabul this round.
    #[must_use]
    pub fn caller(&self) -> Option<Seat> {
        self.round.as_ref().and_then(|r| r.caller)
    }

    pub(crate) fn round(&self) -> Option<&Round> {
        self.round.as_ref()
    }

    pub(crate) fn totals(&self) -> &BySeat<i32> {
        &self.totals
    }

    pub(crate) fn next_dealer(&self) -> Option<Seat> {
        match self.status {
            Status::AwaitingDeal { dealer } => Some(dealer),
            _ => None,
        }
    }

    pub(crate) fn finish_round(&mut self) {
        let Some(round) = &self.round else { return };
        let Stage::Ended(end) = round.stage else { return };
        let scores = round.scores();
        for (total, s) in self.totals.iter_mut().zip(&scores) {
            *total += s;
        }
        let winners = lowest(&scores);
        self.finished.push(RoundSummary {
            scores: Some(scores),
            winners: Some(winners),
            end: Some(end),
            ..round.summary()
        });
        let dealer = round.dealer;
        self.status = match self.rules.target_score() {
            None => Status::Over(winners),
            Some(target) if self.totals.iter().any(|&t| t >= target) => Status::Over(lowest(self.totals.as_slice())),
            Some(_) => Status::AwaitingDeal { dealer: dealer.next(self.rules.players()) },
        };
    }

    pub(crate) fn live_round(&self) -> Result<&Round, Illegal> {
        match (self.status, &self.round) {
            (Status::InRound, Some(r)) => Ok(r),
            (Status::Over(_), _) => Err(Illegal::MatchOver),
            _ => Err(Illegal::NoHand),
        }
    }
}
