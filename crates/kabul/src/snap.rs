//! Snap windows: after every card that lands on the discard pile, every player whose cards are not
//! locked may snap one of their own cards or pass, all at once; the clock may close the window.

use game::{Actor, Seat, SeatSet};

use crate::action::{KabulAction, Pos, Slot};
use crate::error::Illegal;
use crate::events::Event;
use crate::scoring::{RoundEnd, same_rank};
use crate::state::{Round, Stage};

impl Round {
    /// The seats that may act in a new window: not the caller, and holding at least one card.
    fn eligible(&self) -> SeatSet {
        Seat::all(self.players).filter(|&s| Some(s) != self.caller && self.layout.card_count(s) > 0).collect()
    }

    /// Opens a snap window on the card that just landed on the discard pile; with nobody eligible
    /// it closes at once.
    pub(crate) fn open_window(&mut self) {
        let may_act = self.eligible();
        if may_act.is_empty() {
            self.end_turn();
        } else {
            self.stage = Stage::Window { may_act };
        }
    }

    fn close_window(&mut self) {
        self.end_turn();
    }

    /// Whether a snap of `slot` by `seat` would miss (and so need a penalty card).
    fn would_miss(&self, seat: Seat, slot: Slot) -> bool {
        match (self.layout.card_at(Pos::new(seat, slot)), self.layout.top()) {
            (Some(card), Some(top)) => !same_rank(card, top),
            _ => true,
        }
    }

    /// Checks a seat's action while a window is open.
    pub(crate) fn check_window(&self, seat: Seat, may_act: SeatSet, action: KabulAction) -> Result<(), Illegal> {
        if !matches!(action, KabulAction::Snap(_) | KabulAction::Pass) {
            return Err(Illegal::WindowOpen);
        }
        if Some(seat) == self.caller {
            return Err(Illegal::CallerLocked);
        }
        if self.layout.card_count(seat) == 0 {
            return Err(Illegal::NoCardsLeft);
        }
        if !may_act.contains(seat) {
            return Err(Illegal::AlreadyPassed);
        }
        match action {
            KabulAction::Snap(slot) => {
                if self.layout.card_at(Pos::new(seat, slot)).is_none() {
                    return Err(Illegal::NoCardAt(slot));
                }
                if self.would_miss(seat, slot) {
                    if let Some(problem) = self.reshuffle_problem() {
                        return Err(problem);
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Every action `check_window` accepts from `seat`.
    pub(crate) fn window_actions(&self, seat: Seat, out: &mut Vec<KabulAction>) {
        let Stage::Window { may_act } = self.stage else { return };
        if !may_act.contains(seat) {
            return;
        }
        let penalty_ok = self.reshuffle_problem().is_none();
        out.extend(
            self.layout
                .own_cards(seat)
                .filter(|&(slot, _)| penalty_ok || !self.would_miss(seat, slot))
                .map(|(slot, _)| KabulAction::Snap(slot)),
        );
        out.push(KabulAction::Pass);
    }

    /// Performs a window action `check` accepted (a seat's snap or pass, or the clock's close).
    pub(crate) fn apply_window(&mut self, actor: Actor, action: KabulAction) {
        let Stage::Window { mut may_act } = self.stage else { return };
        match (actor, action) {
            (Actor::Clock, KabulAction::Close) => {
                self.event(Event::Close);
                self.close_window();
            }
            (Actor::Seat(seat), KabulAction::Pass) => {
                may_act.remove(seat);
                self.event(Event::Pass { seat });
                if may_act.is_empty() {
                    self.close_window();
                } else {
                    self.stage = Stage::Window { may_act };
                }
            }
            (Actor::Seat(seat), KabulAction::Snap(slot)) => self.snap(seat, slot),
            _ => {}
        }
    }

    fn snap(&mut self, seat: Seat, slot: Slot) {
        let at = Pos::new(seat, slot);
        let Some(card) = self.layout.card_at(at) else { return };
        if !self.would_miss(seat, slot) {
            self.layout.set(at, None);
            self.layout.discard.push(card);
            self.event(Event::Snap { seat, slot, card, hit: true, penalty: None });
            // A hit is a new card on the discard pile: a new window in which everyone may act again.
            self.open_window();
            return;
        }
        // The card goes back face down, but everyone saw it.
        self.knowledge.learn_all(card);
        match self.draw_card() {
            Some(penalty) => {
                let placed = self.layout.place_penalty(seat, penalty);
                self.event(Event::Snap { seat, slot, card, hit: false, penalty: placed });
            }
            None => {
                self.event(Event::Snap { seat, slot, card, hit: false, penalty: None });
                self.end(RoundEnd::NoCards);
            }
        }
    }
}
