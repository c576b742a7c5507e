//! A turn: call Kabul, or draw (from the deck or the discard pile), then discard or replace.

use crate::action::{KabulAction, Pos};
use crate::error::Illegal;
use crate::events::{Event, Source};
use crate::power::Power;
use crate::state::{Drawn, Round, Stage};

impl Round {
    /// Checks an action of the turn's player while they are to call or draw, or hold a drawn card.
    pub(crate) fn check_turn(&self, action: KabulAction) -> Result<(), Illegal> {
        let me = self.turn;
        match (self.layout.drawn, action) {
            (None, KabulAction::Kabul) => match self.caller {
                Some(c) => Err(Illegal::KabulAlreadyCalled(c)),
                None => Ok(()),
            },
            (None, KabulAction::DrawDeck) => self.reshuffle_problem().map_or(Ok(()), Err),
            (None, KabulAction::DrawDiscard) => {
                if self.layout.card_count(me) == 0 {
                    Err(Illegal::NoCardsLeft)
                } else if self.layout.top().is_none() {
                    Err(Illegal::DiscardPileEmpty)
                } else {
                    Ok(())
                }
            }
            (None, KabulAction::PeekOwn(_) | KabulAction::PeekOther(_) | KabulAction::Switch(..)) => {
                Err(Illegal::NoPowerInPlay)
            }
            (None, _) => Err(Illegal::DrawFirst),
            (Some(_), KabulAction::Kabul | KabulAction::DrawDeck | KabulAction::DrawDiscard) => {
                Err(Illegal::AlreadyDrawn)
            }
            (Some(d), KabulAction::Discard) if d.from == Source::Discard => Err(Illegal::MustReplace),
            (Some(_), KabulAction::Discard) => Ok(()),
            (Some(d), KabulAction::DiscardPower) => {
                if d.from == Source::Discard {
                    return Err(Illegal::MustReplace);
                }
                let power = Power::of(d.card).ok_or(Illegal::NoPower(d.card))?;
                if self.power_has_target(power) { Ok(()) } else { Err(Illegal::NoTarget { power }) }
            }
            (Some(_), KabulAction::Replace(slot)) => match self.layout.card_at(Pos::new(me, slot)) {
                Some(_) => Ok(()),
                None => Err(Illegal::NoCardAt(slot)),
            },
            (Some(_), _) => Err(Illegal::NoPowerInPlay),
        }
    }

    /// Every action `check_turn` accepts.
    pub(crate) fn turn_actions(&self, out: &mut Vec<KabulAction>) {
        let me = self.turn;
        match self.layout.drawn {
            None => {
                if self.caller.is_none() {
                    out.push(KabulAction::Kabul);
                }
                if self.reshuffle_problem().is_none() {
                    out.push(KabulAction::DrawDeck);
                }
                if self.layout.card_count(me) > 0 && self.layout.top().is_some() {
                    out.push(KabulAction::DrawDiscard);
                }
            }
            Some(d) => {
                if d.from == Source::Deck {
                    out.push(KabulAction::Discard);
                    if Power::of(d.card).is_some_and(|p| self.power_has_target(p)) {
                        out.push(KabulAction::DiscardPower);
                    }
                }
                out.extend(self.layout.own_cards(me).map(|(slot, _)| KabulAction::Replace(slot)));
            }
        }
    }

    /// Performs a turn action `check_turn` accepted.
    pub(crate) fn apply_turn(&mut self, action: KabulAction) {
        let seat = self.turn;
        match (self.layout.drawn, action) {
            (None, KabulAction::Kabul) => {
                self.caller = Some(seat);
                self.event(Event::Kabul { seat });
                self.end_turn();
            }
            (None, KabulAction::DrawDeck) => match self.draw_card() {
                Some(card) => {
                    self.knowledge.learn(seat, card);
                    self.layout.drawn = Some(Drawn { card, from: Source::Deck });
                    self.event(Event::Draw { seat, from: Source::Deck, card: None });
                    self.stage = Stage::Drawn;
                }
                None => self.end(crate::scoring::RoundEnd::NoCards),
            },
            (None, KabulAction::DrawDiscard) => {
                if let Some(card) = self.layout.discard.pop() {
                    self.knowledge.learn_all(card);
                    self.layout.drawn = Some(Drawn { card, from: Source::Discard });
                    self.event(Event::Draw { seat, from: Source::Discard, card: Some(card) });
                    self.stage = Stage::Drawn;
                }
            }
            (Some(d), KabulAction::Discard | KabulAction::DiscardPower) => {
                self.layout.drawn = None;
                self.layout.discard.push(d.card);
                let power = if action == KabulAction::DiscardPower { Power::of(d.card) } else { None };
                self.event(Event::Discard { seat, card: d.card, power: power.is_some() });
                match power {
                    Some(p) => self.stage = Stage::Power(p),
                    None => self.open_window(),
                }
            }
            (Some(d), KabulAction::Replace(slot)) => {
                let at = Pos::new(seat, slot);
                let Some(old) = self.layout.card_at(at) else { return };
                self.layout.set(at, Some(d.card));
                self.layout.drawn = None;
                self.layout.discard.push(old);
                self.event(Event::Replace { seat, slot, discarded: old });
                self.open_window();
            }
            _ => {}
        }
    }
}
