//! Using a power in a round: who may be targeted, which targets are legal, and what the switch or
//! the look does (the powers themselves are in `power`).

use game::Seat;

use crate::action::{KabulAction, Pos};
use crate::error::Illegal;
use crate::events::Event;
use crate::power::Power;
use crate::state::Round;

impl Round {
    /// Whether a power may target `seat`'s cards: it has some, and they are not the caller's.
    pub(crate) fn targetable(&self, seat: Seat) -> bool {
        Some(seat) != self.caller && self.layout.card_count(seat) > 0
    }

    fn other_targets(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.players).filter(|&s| s != self.turn && self.targetable(s))
    }

    /// Whether `power`, used by the turn's player, has a possible target.
    pub(crate) fn power_has_target(&self, power: Power) -> bool {
        match power {
            Power::SwitchAndLook | Power::BlindSwitch => {
                let cards: usize =
                    Seat::all(self.players).filter(|&s| self.targetable(s)).map(|s| self.layout.card_count(s)).sum();
                cards >= 2
            }
            Power::PeekOwn => self.layout.card_count(self.turn) > 0,
            Power::PeekOther => self.other_targets().next().is_some(),
        }
    }

    fn check_target(&self, pos: Pos) -> Result<(), Illegal> {
        self.seat_at_table(pos.seat)?;
        if Some(pos.seat) == self.caller {
            return Err(Illegal::TargetLocked(pos.seat));
        }
        match self.layout.card_at(pos) {
            Some(_) => Ok(()),
            None => Err(Illegal::NoCardAtPos(pos)),
        }
    }

    /// Checks the target named for `power`.
    pub(crate) fn check_power(&self, power: Power, action: KabulAction) -> Result<(), Illegal> {
        match (power, action) {
            (Power::SwitchAndLook | Power::BlindSwitch, KabulAction::Switch(a, b)) => {
                self.check_target(a)?;
                self.check_target(b)?;
                if a == b { Err(Illegal::SameCardTwice) } else { Ok(()) }
            }
            (Power::PeekOwn, KabulAction::PeekOwn(slot)) => {
                self.layout.card_at(Pos::new(self.turn, slot)).map(|_| ()).ok_or(Illegal::NoCardAt(slot))
            }
            (Power::PeekOther, KabulAction::PeekOther(pos)) => {
                if pos.seat == self.turn {
                    return Err(Illegal::WrongTarget(power));
                }
                self.check_target(pos)
            }
            (Power::PeekOwn, KabulAction::PeekOther(pos)) if pos.seat == self.turn => Err(Illegal::OwnCardAsOther),
            (_, KabulAction::PeekOwn(_) | KabulAction::PeekOther(_) | KabulAction::Switch(..)) => {
                Err(Illegal::WrongTarget(power))
            }
            _ => Err(Illegal::PowerPending(power)),
        }
    }

    /// Every target `check_power` accepts.
    pub(crate) fn power_targets(&self, power: Power, out: &mut Vec<KabulAction>) {
        match power {
            Power::SwitchAndLook | Power::BlindSwitch => {
                let positions = || {
                    Seat::all(self.players)
                        .filter(|&s| self.targetable(s))
                        .flat_map(move |s| self.layout.own_cards(s).map(move |(slot, _)| Pos::new(s, slot)))
                };
                for a in positions() {
                    out.extend(positions().filter(|&b| b != a).map(|b| KabulAction::Switch(a, b)));
                }
            }
            Power::PeekOwn => out.extend(self.layout.own_cards(self.turn).map(|(slot, _)| KabulAction::PeekOwn(slot))),
            Power::PeekOther => {
                for s in self.other_targets() {
                    out.extend(self.layout.own_cards(s).map(|(slot, _)| KabulAction::PeekOther(Pos::new(s, slot))));
                }
            }
        }
    }

    /// Resolves the power's target, then opens the snap window of the discard.
    pub(crate) fn apply_power(&mut self, power: Power, action: KabulAction) {
        let seat = self.turn;
        match action {
            KabulAction::Switch(a, b) => {
                let (ca, cb) = (self.layout.card_at(a), self.layout.card_at(b));
                self.layout.set(a, cb);
                self.layout.set(b, ca);
                let looked = power == Power::SwitchAndLook;
                if looked {
                    for card in [ca, cb].into_iter().flatten() {
                        self.knowledge.learn(seat, card);
                    }
                }
                self.event(Event::Switch { seat, a, b, looked });
            }
            KabulAction::PeekOwn(slot) => self.peek(Pos::new(seat, slot)),
            KabulAction::PeekOther(pos) => self.peek(pos),
            _ => return,
        }
        self.open_window();
    }

    fn peek(&mut self, at: Pos) {
        if let Some(card) = self.layout.card_at(at) {
            self.knowledge.learn(self.turn, card);
        }
        self.event(Event::Peek { seat: self.turn, at });
    }
}
