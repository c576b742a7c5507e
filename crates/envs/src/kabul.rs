//! Kabul's action space and observation, for `n` players (2–6). Places on the table are
//! written relative to the acting seat: `+k:P` is slot `P` of the seat `k` places after it (`+0`
//! is itself). Slots 0–3 are the grid, 4 and up penalty slots (up to [`kabul::MAX_SLOTS`]).
//!
//! **Actions** (`M` = [`kabul::MAX_SLOTS`] = 54): 0 `kabul`; 1 `draw deck`; 2 `draw discard`;
//! 3 `discard`; 4 `discard power`; 5 `pass`; then `peek P` (M), `replace P` (M), `snap P` (M); then
//! one action per place `+k:P` (n × M, by seat then slot): the target of a peek at another
//! player's card, or one card of a switch. A switch (`switch A B`) takes two decisions in a row by
//! the same seat: the place of its first card, then of its second; between them the observation
//! shows the first. Six players: 492 actions; four: 384; two: 276.
//!
//! **Observation**, in order: for each seat (from the observer) and each of its first
//! [`KABUL_SLOTS`] slots: the slot exists, is empty, holds a face-down card the observer does not
//! know, holds a card it knows (4), that card (54), and which seats know the card there (n, from
//! the observer) — n × 8 × (58 + n); for each seat, its cards in slots past the eighth ÷ 8 (1) and
//! those of them the observer knows (54) — n × 55; the discard pile's top card (54) and every
//! card in the discard pile (54); the draw pile's size ÷ 54 (1); a drawn card: held (1), from the
//! deck or the discard pile (2), its face when the observer sees it (54), its power (4: switch and
//! look, blind switch, peek own, peek other), its holder (n); the step, one-hot over awaiting
//! deal, awaiting draw, drawn card, power target, snap window, match over (6); the power awaiting
//! a target (4); who may still act in a snap window (n); whose discard opened it (n); whose turn
//! it is (n); who called Kabul (n); the locked seats (n); every seat's match total ÷ 100 (n); the
//! target ÷ 100 (1); the first card of a switch being chosen: its seat (n) and slot (54).
//! Length n × 8 × (58 + n) + 63n + 235.

use cards::{Card, CardSet};
use game::{Seat, SeatSet};
use kabul::{Kabul, KabulAction, KabulRules, KabulView, Pos, Power, SlotView, Source, StageView};

use crate::{Encode, Parts, Writer, absolute, relative};

/// How many slots of each seat the observation details one by one (the grid's four and four
/// penalty slots); the cards past them are summed up per seat.
pub const KABUL_SLOTS: usize = 8;

const S: usize = KABUL_SLOTS;
const M: usize = kabul::MAX_SLOTS;
const FIXED: usize = 6;
const PLACES: usize = FIXED + 3 * M;

fn seats(rules: &KabulRules) -> usize {
    game::RuleSet::seat_count(rules)
}

fn power_index(p: Power) -> usize {
    match p {
        Power::SwitchAndLook => 0,
        Power::BlindSwitch => 1,
        Power::PeekOwn => 2,
        Power::PeekOther => 3,
    }
}

/// The action of a place (seat from `me`, slot).
fn place_index(n: usize, me: Seat, pos: Pos) -> Option<usize> {
    let slot = usize::from(pos.slot);
    (slot < M && pos.seat.index() < n).then(|| PLACES + relative(n, me, pos.seat) * M + slot)
}

impl Encode for Kabul {
    fn action_count(rules: &KabulRules) -> usize {
        PLACES + seats(rules) * M
    }

    fn action_parts(rules: &KabulRules, seat: Seat, action: KabulAction) -> Option<Parts> {
        let n = seats(rules);
        let own = |s: kabul::Slot| Some(usize::from(s)).filter(|&s| s < M);
        let single = match action {
            KabulAction::Kabul => 0,
            KabulAction::DrawDeck => 1,
            KabulAction::DrawDiscard => 2,
            KabulAction::Discard => 3,
            KabulAction::DiscardPower => 4,
            KabulAction::Pass => 5,
            KabulAction::PeekOwn(s) => FIXED + own(s)?,
            KabulAction::Replace(s) => FIXED + M + own(s)?,
            KabulAction::Snap(s) => FIXED + 2 * M + own(s)?,
            KabulAction::PeekOther(pos) => place_index(n, seat, pos)?,
            KabulAction::Switch(a, b) => {
                let mut p = Parts::new();
                p.push(place_index(n, seat, a)?);
                p.push(place_index(n, seat, b)?);
                return Some(p);
            }
            KabulAction::Close => return None,
        };
        Some(crate::one(single))
    }

    fn action_name(rules: &KabulRules, index: usize) -> String {
        let fixed = ["kabul", "draw deck", "draw discard", "discard", "discard power", "pass"];
        if let Some(name) = fixed.get(index) {
            return (*name).to_string();
        }
        match index - FIXED {
            i if i < M => format!("peek {i}"),
            i if i < 2 * M => format!("replace {}", i - M),
            i if i < 3 * M => format!("snap {}", i - 2 * M),
            _ if index < Self::action_count(rules) => format!("+{}:{}", (index - PLACES) / M, (index - PLACES) % M),
            _ => String::new(),
        }
    }

    fn encode(rules: &KabulRules, view: &KabulView, pending: &[usize], w: &mut Writer<'_>) {
        let n = seats(rules);
        let me = view.seat.unwrap_or(Seat::ZERO);
        for rel in 0..n {
            let seat = absolute(n, me, rel);
            let grid = seat.and_then(|s| view.grids.get(s.index()));
            let seen = seat.and_then(|s| view.seen.get(s.index()));
            for k in 0..S {
                let slot = grid.and_then(|g| g.get(k));
                w.flag(slot.is_some());
                w.flag(matches!(slot, Some(SlotView::Empty)));
                w.flag(matches!(slot, Some(SlotView::Down)));
                w.flag(matches!(slot, Some(SlotView::Face(_))));
                let face = match slot {
                    Some(SlotView::Face(c)) => Some(*c),
                    _ => None,
                };
                w.cards(face.into_iter().collect());
                let knowers = seen.and_then(|s| s.get(k)).copied().unwrap_or(SeatSet::EMPTY);
                w.seat_set(n, me, knowers);
            }
        }
        for rel in 0..n {
            let grid = absolute(n, me, rel).and_then(|s| view.grids.get(s.index()));
            let beyond = grid.map(|g| g.iter().skip(S)).into_iter().flatten();
            let held = beyond.clone().filter(|v| !matches!(v, SlotView::Empty)).count();
            w.value(held as f32 / S as f32);
            w.cards(
                beyond
                    .filter_map(|v| match v {
                        SlotView::Face(c) => Some(*c),
                        _ => None,
                    })
                    .collect(),
            );
        }
        w.cards(view.discard.last().copied().into_iter().collect());
        w.cards(view.discard.iter().copied().collect::<CardSet>());
        w.value(view.draw_pile as f32 / Card::COUNT as f32);
        let drawn = view.drawn.as_ref();
        w.flag(drawn.is_some());
        w.one_hot(
            2,
            drawn.map(|d| match d.from {
                Source::Deck => 0,
                Source::Discard => 1,
            }),
        );
        w.cards(drawn.and_then(|d| d.card).into_iter().collect());
        w.one_hot(4, drawn.and_then(|d| d.power).map(power_index));
        w.seat(n, me, drawn.map(|d| d.seat));
        let (step, power, may_act, opener) = match view.step {
            StageView::AwaitingDeal { .. } => (0, None, SeatSet::EMPTY, None),
            StageView::AwaitingDraw { .. } => (1, None, SeatSet::EMPTY, None),
            StageView::DrawnCard { .. } => (2, None, SeatSet::EMPTY, None),
            StageView::PowerTarget { power, .. } => (3, Some(power), SeatSet::EMPTY, None),
            StageView::SnapWindow { turn, may_act } => (4, None, may_act, Some(turn)),
            StageView::MatchOver => (5, None, SeatSet::EMPTY, None),
        };
        w.one_hot(6, Some(step));
        w.one_hot(4, power.map(power_index));
        w.seat_set(n, me, may_act);
        w.seat(n, me, opener);
        w.seat(n, me, view.turn);
        w.seat(n, me, view.caller);
        w.seat_set(n, me, view.locked);
        for rel in 0..n {
            let total = absolute(n, me, rel).and_then(|s| view.scores.get(s.index())).copied().unwrap_or(0);
            w.value(total as f32 / 100.0);
        }
        w.value(view.target_score.unwrap_or(0) as f32 / 100.0);
        let first = pending.first().and_then(|&i| i.checked_sub(PLACES));
        w.one_hot(n, first.map(|i| i / M));
        w.one_hot(M, first.map(|i| i % M));
    }

    fn clock_action() -> Option<KabulAction> {
        Some(KabulAction::Close)
    }

    fn hand_reward(seats: usize, before: &[i32], after: &[i32], out: &mut [f32]) {
        let delta = |i: usize| (after.get(i).copied().unwrap_or(0) - before.get(i).copied().unwrap_or(0)) as f32;
        let total: f32 = (0..seats).map(delta).sum();
        let others = (seats.max(2) - 1) as f32;
        for (s, r) in out.iter_mut().enumerate().take(seats) {
            let own = delta(s);
            *r = (total - own) / others - own;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{GameKind, Options, RuleSet};

    fn rules(players: usize) -> KabulRules {
        let mut o = Options::new();
        o.insert("players".into(), players.into());
        KabulRules::from_options(GameKind::Kabul, &o).expect("rules")
    }

    #[test]
    fn the_documented_length_is_what_is_written() {
        use game::Game;
        for n in 2..=6 {
            let rules = rules(n);
            let game = Kabul::new(GameKind::Kabul, rules, Seat::ZERO).expect("game");
            let len = crate::observation_len::<Kabul>(&rules, &game.view(Some(Seat::ZERO)));
            assert_eq!(len, n * S * (58 + n) + 63 * n + 235, "{n} players");
        }
    }

    #[test]
    fn every_action_has_its_decisions_and_names_from_every_seat() {
        for players in 2..=6 {
            let rules = rules(players);
            let count = Kabul::action_count(&rules);
            assert_eq!(count, 168 + 54 * players);
            for seat in Seat::all(players) {
                for other in Seat::all(players) {
                    for slot in [0u8, 3, 53] {
                        let pos = Pos::new(other, slot);
                        let parts = Kabul::action_parts(&rules, seat, KabulAction::PeekOther(pos)).expect("held");
                        let rel = (other.index() + players - seat.index()) % players;
                        assert_eq!(Kabul::action_name(&rules, parts[0]), format!("+{rel}:{slot}"));
                        let switch = KabulAction::Switch(pos, Pos::new(seat, 1));
                        let two = Kabul::action_parts(&rules, seat, switch).expect("held");
                        assert_eq!(two.len(), 2);
                        assert_eq!(Kabul::action_name(&rules, two[1]), "+0:1");
                        assert!(two.iter().all(|&i| i < count));
                    }
                }
                for (a, name) in [(KabulAction::Snap(9), "snap 9"), (KabulAction::DrawDiscard, "draw discard")] {
                    let parts = Kabul::action_parts(&rules, seat, a).expect("held");
                    assert_eq!(Kabul::action_name(&rules, parts[0]), name);
                }
            }
            assert_eq!(Kabul::action_name(&rules, count), "");
        }
    }
}
