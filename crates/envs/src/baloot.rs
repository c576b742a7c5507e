//! Baloot's action space and observation.
//!
//! **Actions (74):** 0 `pass`; 1 `hokum` (in the face-up card's suit); 2–5 `hokum S`, `hokum H`,
//! `hokum D`, `hokum C`; 6 `sun`; 7 `gahwa`; 8 `ashkal`; 9 `kawesh`; 10 `sawa`; 11–19 the raises
//! `double`, `double open`, `double closed`, `three`, `three open`, `three closed`, `four`,
//! `four open`, `four closed`; 20–73 `play C` for each card by its index.
//!
//! **Observation** (seats counted from the observer, cards as blocks of 54 by card index), in
//! order: own hand (54); the face-up card (54); cards played in the hand's finished tricks (54);
//! the trick being played, a block per seat (4 × 54); cards laid face up per seat after a Sawa or
//! a Kawesh (4 × 54); the phase, one-hot over awaiting deal, bidding, doubling, playing, over (5);
//! the bidding round (2); the doubling step offered (4); per seat, which bids it said this hand
//! (4 × 9: pass, hokum, hokum in each suit, sun, ashkal, kawesh); the bidder (4), Hokum or Sun (2),
//! the trump suit (4), Ashkal (1); per seat, which doubling calls it said (4 × 7: pass, double,
//! three, four, gahwa, open, closed); the stake, one-hot over 1, 2, 3, 4, Gahwa (5); closed (1);
//! the Sawa's claimer (4) and whether it held (1); per seat, its announced projects counted by kind
//! (4 × 5: sira, fifty, hundred, four hundred, baloot); tricks of the observer's team and the
//! other ÷ 8 (2); their card points ÷ 162 (2); the match score of each ÷ 152 (2); the dealer (4);
//! who is to act (4); the trick's leader (4); the hand void (1); the hand over (1). Length 731.

use baloot::{Baloot, BalootAction, BalootRules, BalootView, Multiplier, ProjectKind, Side, StageView, Stake};
use cards::{Card, CardSet, Suit};
use game::{Seat, Team};

use crate::{Encode, Writer, absolute, relative};

const PLAY: usize = 20;
const SEATS: usize = 4;

fn side_index(side: Option<Side>) -> usize {
    match side {
        None => 0,
        Some(Side::Open) => 1,
        Some(Side::Closed) => 2,
    }
}

impl Encode for Baloot {
    fn action_count(_rules: &BalootRules) -> usize {
        PLAY + Card::COUNT
    }

    fn action_parts(rules: &BalootRules, seat: Seat, action: BalootAction) -> Option<crate::Parts> {
        index_of(rules, seat, action).map(crate::one)
    }

    fn action_name(rules: &BalootRules, index: usize) -> String {
        action_at(rules, Seat::ZERO, index).map_or_else(String::new, |a| a.to_string())
    }

    fn encode(_rules: &BalootRules, view: &BalootView, _pending: &[usize], w: &mut Writer<'_>) {
        let n = SEATS;
        let me = view.seat.unwrap_or(Seat::ZERO);
        let hand = view.hand.as_ref();
        w.cards(hand.and_then(|h| h.cards).unwrap_or_default());
        w.cards(hand.map(|h| CardSet::from_iter([h.face_up])).unwrap_or_default());
        w.cards(
            hand.map(|h| h.tricks.iter().flat_map(|t| t.plays.iter().map(|p| p.card)).collect()).unwrap_or_default(),
        );
        // The trick being played: a block of 54 per seat, filled in one pass over its cards.
        for p in hand.iter().flat_map(|h| h.trick.plays.iter()) {
            w.mark(relative(n, me, p.seat) * Card::COUNT + p.card.index(), 1.0);
        }
        w.skip(n * Card::COUNT);
        for rel in 0..n {
            let laid = hand.zip(absolute(n, me, rel)).and_then(|(h, s)| h.laid_down.get(s).copied());
            w.cards(laid.unwrap_or_default());
        }
        let phase = match view.phase {
            StageView::AwaitingDeal => 0,
            StageView::Bidding => 1,
            StageView::Doubling => 2,
            StageView::Playing => 3,
            StageView::Over => 4,
        };
        w.one_hot(5, Some(phase));
        w.one_hot(2, view.bid_round.map(|r| usize::from(r).saturating_sub(1)));
        w.one_hot(4, view.doubling_step.map(|r| usize::from(r).saturating_sub(1)));
        // Per seat, which bids it said this hand (9 each).
        for b in hand.iter().flat_map(|h| h.bids.iter()) {
            let i = match b.bid {
                BalootAction::Pass => Some(0),
                BalootAction::Hokum(None) => Some(1),
                BalootAction::Hokum(Some(s)) => Some(2 + s.index()),
                BalootAction::Sun => Some(6),
                BalootAction::Ashkal => Some(7),
                BalootAction::Kawesh => Some(8),
                _ => None,
            };
            if let Some(i) = i {
                w.mark(relative(n, me, b.seat) * 9 + i, 1.0);
            }
        }
        w.skip(n * 9);
        let contract = hand.and_then(|h| h.contract.as_ref());
        w.seat(n, me, contract.map(|c| c.bidder));
        w.one_hot(2, contract.map(|c| usize::from(c.trump.is_none())));
        w.suit(contract.and_then(|c| c.trump));
        w.flag(contract.is_some_and(|c| c.ashkal));
        // Per seat, which doubling calls it said (7 each).
        for c in hand.iter().flat_map(|h| h.calls.iter()) {
            let (i, side) = match c.bid {
                BalootAction::Pass => (Some(0), None),
                BalootAction::Raise(stake, side) => (Stake::ALL.iter().position(|&x| x == stake).map(|s| s + 1), side),
                BalootAction::Gahwa => (Some(4), None),
                _ => (None, None),
            };
            let base = relative(n, me, c.seat) * 7;
            for j in i.into_iter().chain(side.map(|s| 4 + side_index(Some(s)))) {
                w.mark(base + j, 1.0);
            }
        }
        w.skip(n * 7);
        let stake = hand.map(|h| match h.multiplier {
            Multiplier::Times(m) => usize::from(m).clamp(1, 4) - 1,
            Multiplier::Gahwa => 4,
        });
        w.one_hot(5, stake);
        w.flag(hand.is_some_and(|h| h.closed));
        let sawa = hand.and_then(|h| h.sawa);
        w.seat(n, me, sawa.map(|s| s.seat));
        w.flag(sawa.is_some_and(|s| s.held));
        // Per seat, its announced projects counted by kind (5 each).
        let mut count = [0.0f32; SEATS * 5];
        for p in hand.iter().flat_map(|h| h.projects.iter()) {
            let i = match p.kind {
                ProjectKind::Sira => 0,
                ProjectKind::Fifty => 1,
                ProjectKind::Hundred => 2,
                ProjectKind::FourHundred => 3,
                ProjectKind::Baloot => 4,
            };
            if let Some(x) = count.get_mut(relative(n, me, p.seat) * 5 + i) {
                *x += 1.0;
            }
        }
        count.into_iter().for_each(|c| w.value(c));
        let my_team = me.team();
        let other = Team::new(1 - my_team.index()).unwrap_or(Team::ZERO);
        for t in [my_team, other] {
            w.value(f32::from(hand.map(|h| h.trick_counts[t]).unwrap_or(0)) / 8.0);
        }
        for t in [my_team, other] {
            w.value(f32::from(hand.map(|h| h.card_points[t]).unwrap_or(0)) / 162.0);
        }
        for t in [my_team, other] {
            w.value(view.score[t] as f32 / 152.0);
        }
        w.seat(n, me, hand.map(|h| h.dealer).or(view.next_dealer));
        w.seat(n, me, view.to_act);
        w.seat(n, me, hand.filter(|h| !h.trick.plays.is_empty()).map(|h| h.trick.leader));
        w.flag(hand.is_some_and(|h| h.void));
        w.flag(hand.is_some_and(|h| h.ended_by.is_some()));
    }
}

/// The observation's length (see the module's table).
#[cfg(test)]
const OBSERVATION_LEN: usize = 731;

/// The index of `action`.
pub fn index_of(_rules: &BalootRules, _seat: Seat, action: BalootAction) -> Option<usize> {
    Some(match action {
        BalootAction::Pass => 0,
        BalootAction::Hokum(None) => 1,
        BalootAction::Hokum(Some(s)) => 2 + s.index(),
        BalootAction::Sun => 6,
        BalootAction::Gahwa => 7,
        BalootAction::Ashkal => 8,
        BalootAction::Kawesh => 9,
        BalootAction::Sawa => 10,
        BalootAction::Raise(stake, side) => {
            let s = Stake::ALL.iter().position(|&x| x == stake)?;
            11 + 3 * s + side_index(side)
        }
        BalootAction::Play(c) => PLAY + c.index(),
    })
}

/// The action numbered `index`.
pub fn action_at(_rules: &BalootRules, _seat: Seat, index: usize) -> Option<BalootAction> {
    Some(match index {
        0 => BalootAction::Pass,
        1 => BalootAction::Hokum(None),
        2..=5 => BalootAction::Hokum(Some(Suit::from_index(index - 2)?)),
        6 => BalootAction::Sun,
        7 => BalootAction::Gahwa,
        8 => BalootAction::Ashkal,
        9 => BalootAction::Kawesh,
        10 => BalootAction::Sawa,
        11..=19 => {
            let stake = *Stake::ALL.get((index - 11) / 3)?;
            let side = [None, Some(Side::Open), Some(Side::Closed)][(index - 11) % 3];
            BalootAction::Raise(stake, side)
        }
        _ => BalootAction::Play(Card::from_index(index - PLAY)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{Game, GameKind, RuleSet};

    #[test]
    fn every_action_has_one_index_and_back() {
        let rules = <BalootRules as RuleSet>::from_options(GameKind::Baloot, &Default::default()).expect("rules");
        for i in 0..Baloot::action_count(&rules) {
            let a = action_at(&rules, Seat::ZERO, i).expect("an action");
            assert_eq!(Baloot::action_parts(&rules, Seat::ZERO, a), Some(crate::one(i)));
            assert_eq!(Baloot::action_name(&rules, i), a.to_string());
        }
        assert_eq!(action_at(&rules, Seat::ZERO, Baloot::action_count(&rules)), None);
    }

    #[test]
    fn the_trick_and_the_hand_are_where_the_layout_says() {
        let config = crate::EnvConfig::new(GameKind::Baloot);
        let mut env = crate::Env::<Baloot>::new(&config, 3).expect("env");
        let mut bots: Vec<_> =
            (0..4).map(|s| <Baloot as bots::Playable>::bot(bots::BotSpec::HEURISTIC, s, env.rules())).collect();
        let mut obs = vec![0f32; OBSERVATION_LEN];
        let mut checked = 0;
        while let Some(seat) = env.agent() {
            let view = env.view(Some(seat));
            if let Some(h) = view.hand.as_ref() {
                env.observe(seat, &mut obs);
                for c in h.cards.unwrap_or_default() {
                    assert_eq!(obs[c.index()], 1.0, "own card {c}");
                }
                for p in &h.trick.plays {
                    let rel = relative(4, seat, p.seat);
                    assert_eq!(obs[3 * 54 + rel * 54 + p.card.index()], 1.0, "{} played {}", p.seat, p.card);
                    checked += 1;
                }
                let in_trick: usize = obs[3 * 54..7 * 54].iter().filter(|&&x| x == 1.0).count();
                assert_eq!(in_trick, h.trick.plays.len());
            }
            let choice = env.bot_choice(bots[seat.index()].as_mut()).expect("a choice");
            env.step(choice as i64).expect("step");
            if env.hands() > 3 {
                break;
            }
        }
        assert!(checked > 20);
    }

    #[test]
    fn the_documented_length_is_what_is_written() {
        let rules = <BalootRules as RuleSet>::from_options(GameKind::Baloot, &Default::default()).expect("rules");
        let game = Baloot::new(GameKind::Baloot, rules, Seat::ZERO).expect("game");
        assert_eq!(crate::observation_len::<Baloot>(&rules, &game.view(Some(Seat::ZERO))), OBSERVATION_LEN);
    }
}
