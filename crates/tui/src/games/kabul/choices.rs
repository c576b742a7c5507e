//! What the person may choose: buttons, own slots, power targets, the two cards of a switch.

use game::{Actor, Game, Seat};
use kabul::{Kabul, KabulAction, KabulView, Pos, Power, SlotView, StageView};

use super::{KabulUi, slots_of};
use crate::choice::{Choice, Intent, Place};

/// A slot as the token of an [`Intent::Mark`]: seat × 64 + slot.
const fn token(pos: Pos) -> u16 {
    (pos.seat.index() as u16) * 64 + pos.slot as u16
}

/// The slot a mark token names, if any.
pub(super) fn from_token(token: u16) -> Option<Pos> {
    let seat = Seat::new(usize::from(token / 64))?;
    Some(Pos::new(seat, u8::try_from(token % 64).ok()?))
}

/// The person's choices at this moment.
pub(super) fn choices(game: &Kabul, me: Seat, ui: &KabulUi, out: &mut Vec<Choice<KabulAction>>) {
    let view = game.view(Some(me));
    let legal = |a: KabulAction| game.is_legal(Actor::Seat(me), a);
    let digit = |slot: u8| if slot < 10 { vec![char::from(b'0' + slot)] } else { Vec::new() };
    let mine = |make: &dyn Fn(u8) -> KabulAction, verb: &str, out: &mut Vec<Choice<KabulAction>>| {
        for (slot, s) in slots_of(&view, me) {
            if *s != SlotView::Empty {
                let a = make(slot);
                let place = Place::Slot { seat: me, slot };
                let mut c = Choice::act(a, format!("{verb} {slot}"), place, legal(a)).in_group(me.index() as u8 + 1);
                c.keys = digit(slot);
                out.push(c);
            }
        }
    };
    let button =
        |a: KabulAction, label: String, key: char| Choice::act(a, label, Place::Button, legal(a)).with_keys(&[key]);
    let top = view.discard.last().map_or_else(|| "the discard".to_owned(), |c| c.pretty());
    match view.step {
        StageView::AwaitingDraw { seat } if seat == me => {
            out.push(button(KabulAction::DrawDeck, "draw from the deck".to_owned(), 'd'));
            out.push(button(KabulAction::DrawDiscard, format!("take {top}"), 't'));
            out.push(button(KabulAction::Kabul, "call Kabul!".to_owned(), 'k'));
        }
        StageView::DrawnCard { seat, .. } if seat == me => {
            out.push(button(KabulAction::Discard, "discard it".to_owned(), 'x'));
            out.push(button(KabulAction::DiscardPower, "discard + power".to_owned(), 'p'));
            mine(&KabulAction::Replace, "replace", out);
        }
        StageView::PowerTarget { seat, power } if seat == me => match power {
            Power::PeekOwn => mine(&KabulAction::PeekOwn, "look at", out),
            Power::PeekOther => {
                for s in Seat::all(view.players).filter(|&s| s != me) {
                    for (slot, sv) in slots_of(&view, s) {
                        if *sv != SlotView::Empty {
                            let a = KabulAction::PeekOther(Pos::new(s, slot));
                            let place = Place::Slot { seat: s, slot };
                            out.push(
                                Choice::act(a, format!("look at {s}:{slot}"), place, legal(a))
                                    .in_group(s.index() as u8 + 1),
                            );
                        }
                    }
                }
            }
            Power::SwitchAndLook | Power::BlindSwitch => switch_choices(game, me, &view, ui, out),
        },
        StageView::SnapWindow { .. } => {
            mine(&KabulAction::Snap, "snap", out);
            out.push(button(KabulAction::Pass, "pass".to_owned(), 'p'));
        }
        _ => {}
    }
}

/// The switch targets: first any card that can be switched, then a second one.
fn switch_choices(game: &Kabul, me: Seat, view: &KabulView, ui: &KabulUi, out: &mut Vec<Choice<KabulAction>>) {
    let mut legal = Vec::new();
    game.legal_actions(me, &mut legal);
    for s in Seat::all(view.players) {
        for (slot, sv) in slots_of(view, s) {
            if *sv == SlotView::Empty {
                continue;
            }
            let pos = Pos::new(s, slot);
            let place = Place::Slot { seat: s, slot };
            let group = s.index() as u8 + 1;
            let choice = match ui.first {
                Some(a) if a == pos => continue,
                Some(a) => {
                    let act = KabulAction::Switch(a, pos);
                    Choice::act(act, format!("switch with {s}:{slot}"), place, legal.contains(&act))
                }
                None => {
                    let ok = legal.iter().any(|x| matches!(x, KabulAction::Switch(p, _) if *p == pos));
                    // Why not, in the engine's words: switch it with a card that could be.
                    let refusal = (!ok)
                        .then(|| {
                            let other = legal.iter().find_map(|x| match x {
                                KabulAction::Switch(p, _) if *p != pos => Some(*p),
                                _ => None,
                            })?;
                            game.check(Actor::Seat(me), KabulAction::Switch(pos, other)).err().map(|e| e.to_string())
                        })
                        .flatten();
                    Choice {
                        intent: Intent::Mark(token(pos)),
                        label: format!("switch {s}:{slot}"),
                        keys: Vec::new(),
                        place,
                        group,
                        legal: ok,
                        refusal: refusal.or_else(|| (!ok).then(|| "that card cannot be switched now".to_owned())),
                    }
                }
            };
            out.push(choice.in_group(group));
        }
    }
}
