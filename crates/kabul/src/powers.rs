//! The powers of cards drawn from the deck and discarded at once: queen/king switch and look,
//! jack/10 blind switch, 9/8 look at your own card, 7/6 look at another player's card.

use std::fmt;

use cards::{Card, Rank};
use game::Seat;
use serde::{Deserialize, Serialize};

use crate::action::{KabulAction, Pos};
use crate::error::Illegal;
use crate::events::Event;
use crate::state::Round;

/// A card's power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Power {
    /// Queen, king: switch any two cards and look at both (compulsory once chosen).
    SwitchAndLook,
    /// Jack, 10: switch any two cards without looking.
    BlindSwitch,
    /// 9, 8: look at one of your own cards.
    PeekOwn,
    /// 7, 6: look at one card of another player.
    PeekOther,
}

impl Power {
    /// The power of `card`, if it has one (6 to king; ace to 5 and the jokers have none).
    #[must_use]
    pub fn of(card: Card) -> Option<Power> {
        match card.rank()? {
            Rank::Queen | Rank::King => Some(Power::SwitchAndLook),
            Rank::Jack | Rank::Ten => Some(Power::BlindSwitch),
            Rank::Nine | Rank::Eight => Some(Power::PeekOwn),
            Rank::Seven | Rank::Six => Some(Power::PeekOther),
            _ => None,
        }
    }

    /// The power's name in records, views and refusals: `switch_and_look`, `blind_switch`,
    /// `peek_own`, `peek_other` (as it serializes).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Power::SwitchAndLook => "switch_and_look",
            Power::BlindSwitch => "blind_switch",
            Power::PeekOwn => "peek_own",
            Power::PeekOther => "peek_other",
        }
    }

    /// What the power does and how its target is written.
    #[must_use]
    pub const fn hint(self) -> &'static str {
        match self {
            Power::SwitchAndLook => "a queen or king switches two cards and looks at both: write switch S:P S:P",
            Power::BlindSwitch => "a jack or 10 switches two cards without looking: write switch S:P S:P",
            Power::PeekOwn => "a 9 or 8 looks at one of your own cards: write peek P",
            Power::PeekOther => "a 7 or 6 looks at one card of another player: write peek S:P",
        }
    }
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Power::SwitchAndLook => "the queen/king switch",
            Power::BlindSwitch => "the jack/10 switch",
            Power::PeekOwn => "the 9/8 look at your own card",
            Power::PeekOther => "the 7/6 look at another player's card",
        })
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_to_king_have_powers_ace_to_five_and_jokers_none() {
        let c = |t: &str| t.parse::<Card>().expect("card");
        assert_eq!(Power::of(c("QH")), Some(Power::SwitchAndLook));
        assert_eq!(Power::of(c("KS")), Some(Power::SwitchAndLook));
        assert_eq!(Power::of(c("JD")), Some(Power::BlindSwitch));
        assert_eq!(Power::of(c("TC")), Some(Power::BlindSwitch));
        assert_eq!(Power::of(c("9S")), Some(Power::PeekOwn));
        assert_eq!(Power::of(c("8H")), Some(Power::PeekOwn));
        assert_eq!(Power::of(c("7D")), Some(Power::PeekOther));
        assert_eq!(Power::of(c("6C")), Some(Power::PeekOther));
        for none in ["AS", "2H", "3D", "4C", "5S", "RJ", "BJ"] {
            assert_eq!(Power::of(c(none)), None, "{none}");
        }
    }
}
