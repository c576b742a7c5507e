//! Kout Bo's action space and observation.
//!
//! **Actions (64):** 0 `pass`; 1–5 `bid 5` … `bid 9`; 6–9 `trump S`, `trump H`, `trump D`,
//! `trump C`; 10–63 `play C` for each card by its index (see [`cards::Card::index`]).
//!
//! **Observation** (`n` = 6 or 4 seats; seats are counted from the observer: 0 is itself, 1 the
//! next to play after it; cards are blocks of 54 by card index), in order:
//! own hand (54); cards played in the hand's finished tricks (54); the trick being played, one
//! block of 54 per seat (n × 54); whether each seat's card in it is a dead joker (n); cards held
//! per seat ÷ 9 (n); the stage, one-hot over awaiting deal, bidding, trump, playing, over (5);
//! the dealer (n); who is to act (n); each seat's last call (n × 7: called at all, pass, bid 5–9);
//! the maker (n), the winning bid 5–9 (5), Malzoom (1); the trump suit (4); the led suit (4); the
//! trick's leader (n); tricks won by the observer's team and the other ÷ 9 (2); the match score of
//! each ÷ 100 (2). Length 131 + 67n: 533 for six seats, 399 for four.

use game::{Seat, Team};
use kout::{Bid, Kout, KoutAction, KoutRules, KoutView, StageView};

use crate::{Encode, Writer, relative};

const PLAY: usize = 10;

impl Encode for Kout {
    fn action_count(_rules: &KoutRules) -> usize {
        PLAY + cards::Card::COUNT
    }

    fn action_parts(rules: &KoutRules, seat: Seat, action: KoutAction) -> Option<crate::Parts> {
        index_of(rules, seat, action).map(crate::one)
    }

    fn action_name(rules: &KoutRules, index: usize) -> String {
        action_at(rules, Seat::ZERO, index).map_or_else(String::new, |a| a.to_string())
    }

    fn encode(rules: &KoutRules, view: &KoutView, _pending: &[usize], w: &mut Writer<'_>) {
        let n = game::RuleSet::seat_count(rules);
        let me = view.seat.unwrap_or(Seat::ZERO);
        let my_team = me.team();
        w.cards(view.hand.unwrap_or_default());
        w.cards(view.tricks.iter().flat_map(|t| t.cards.iter().map(|p| p.card)).collect());
        let trick = view.trick.as_ref();
        // The trick being played: a block of 54 per seat, then its dead jokers (one per seat).
        for p in trick.iter().flat_map(|t| t.cards.iter()) {
            w.mark(relative(n, me, p.seat) * cards::Card::COUNT + p.card.index(), 1.0);
        }
        w.skip(n * cards::Card::COUNT);
        for p in trick.iter().flat_map(|t| t.cards.iter()).filter(|p| p.dead) {
            w.mark(relative(n, me, p.seat), 1.0);
        }
        w.skip(n);
        for rel in 0..n {
            let held = crate::absolute(n, me, rel).and_then(|s| view.cards_held.get(s).copied()).unwrap_or(0);
            w.value(f32::from(held) / 9.0);
        }
        let stage = match view.stage {
            StageView::AwaitingDeal => 0,
            StageView::Bidding => 1,
            StageView::Trump => 2,
            StageView::Playing => 3,
            StageView::Over => 4,
        };
        w.one_hot(5, Some(stage));
        w.seat(n, me, Some(view.dealer));
        w.seat(n, me, view.to_act);
        // Each seat's last call: called at all, then pass or bid 5–9 (7 each).
        for c in &view.calls {
            let base = relative(n, me, c.seat) * 7;
            for j in 0..7 {
                w.mark(base + j, 0.0);
            }
            w.mark(base, 1.0);
            w.mark(base + 1 + c.bid.map_or(0, |b| usize::from(b).saturating_sub(4)), 1.0);
        }
        w.skip(n * 7);
        w.seat(n, me, view.maker);
        w.one_hot(5, view.bid.map(|b| usize::from(b).saturating_sub(5)));
        w.flag(view.malzoom);
        w.suit(view.trump);
        w.suit(trick.and_then(|t| t.led));
        w.seat(n, me, trick.map(|t| t.leader));
        let other = Team::new(1 - my_team.index()).unwrap_or(Team::ZERO);
        let tricks = |t: Team| view.tricks_won[t];
        w.value(f32::from(tricks(my_team)) / 9.0);
        w.value(f32::from(tricks(other)) / 9.0);
        let score = |t: Team| view.score[t];
        w.value(score(my_team) as f32 / 100.0);
        w.value(score(other) as f32 / 100.0);
    }
}

/// The observation's length for `rules` (see the module's table).
#[cfg(test)]
fn observation_len(rules: &KoutRules) -> usize {
    131 + 67 * game::RuleSet::seat_count(rules)
}

/// The index of `action`.
pub fn index_of(_rules: &KoutRules, _seat: Seat, action: KoutAction) -> Option<usize> {
    Some(match action {
        KoutAction::Pass => 0,
        KoutAction::Bid(b) => usize::from(b.tricks()) - 4,
        KoutAction::Trump(s) => 6 + s.index(),
        KoutAction::Play(c) => PLAY + c.index(),
    })
}

/// The action numbered `index`.
pub fn action_at(_rules: &KoutRules, _seat: Seat, index: usize) -> Option<KoutAction> {
    match index {
        0 => Some(KoutAction::Pass),
        1..=5 => Bid::new(index as u8 + 4).map(KoutAction::Bid),
        6..=9 => cards::Suit::from_index(index - 6).map(KoutAction::Trump),
        _ => cards::Card::from_index(index - PLAY).map(KoutAction::Play),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{Game, GameKind, RuleSet};

    #[test]
    fn every_action_has_one_index_and_back() {
        let rules = KoutRules::from_options(GameKind::Kout6, &Default::default()).expect("rules");
        for i in 0..Kout::action_count(&rules) {
            let a = action_at(&rules, Seat::ZERO, i).expect("an action");
            assert_eq!(Kout::action_parts(&rules, Seat::ZERO, a), Some(crate::one(i)));
            assert_eq!(Kout::action_name(&rules, i), a.to_string());
        }
        assert_eq!(action_at(&rules, Seat::ZERO, Kout::action_count(&rules)), None);
    }

    #[test]
    fn the_documented_lengths_are_what_is_written() {
        for kind in [GameKind::Kout6, GameKind::Kout4] {
            let rules = KoutRules::from_options(kind, &Default::default()).expect("rules");
            let game = Kout::new(kind, rules, Seat::ZERO).expect("game");
            let view = game.view(Some(Seat::ZERO));
            assert_eq!(crate::observation_len::<Kout>(&rules, &view), observation_len(&rules));
        }
    }
}
