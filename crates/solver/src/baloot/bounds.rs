//! Baloot's quick bounds: the most the counted team can still take, the points each team is sure
//! of (top trumps, cashing top cards), and the value of the last trick without a search.

use super::node::{Consts, LAST, SUIT, State, high_bit};
use crate::bounds::Sure;

impl State {
    /// The most the counted team can still gain.
    #[inline]
    pub(super) fn cap(&self, k: &Consts) -> i32 {
        let kaboot = if self.sweep { k.kaboot_bonus.unwrap_or(0) } else { 0 };
        i32::from(self.held_pts + self.trick_pts) + LAST + kaboot
    }

    /// Points each team is sure to take from here: in Hokum the top trumps held by one team win
    /// their tricks whenever they are played; the leader can cash the top cards of its plain
    /// suits and keep the lead (in Hokum, as many rounds as every other seat holding a trump can
    /// follow: an opponent could ruff, the partner take the lead).
    #[inline]
    pub(super) fn sure_points(&self, k: &Consts) -> Sure {
        let mut sure = [0i32; 2];
        let live = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3];
        let team_cards = [self.hands[0] | self.hands[2], self.hands[1] | self.hands[3]];
        let l = usize::from(self.leader);
        // The seats that could ruff the leader's top cards: the opponents, and the partner, who
        // would take the lead away.
        let others = [self.hands[(l + 1) & 3], self.hands[(l + 2) & 3], self.hands[(l + 3) & 3]];
        let mut trumps = live & k.trump;
        if trumps != 0 {
            let owner = usize::from(team_cards[1] & (1 << high_bit(trumps)) != 0);
            while trumps != 0 {
                let c = high_bit(trumps);
                if team_cards[owner] & (1 << c) == 0 {
                    break;
                }
                sure[owner] += i32::from(k.pts[usize::from(c)]);
                trumps &= !(1 << c);
            }
        }
        let hand = self.hands[l];
        for &suit in &SUIT {
            if suit == k.trump || hand & suit == 0 {
                continue;
            }
            let mut rounds = 8;
            for &other in &others {
                if other & k.trump != 0 {
                    rounds = rounds.min((other & suit).count_ones());
                }
            }
            let mut cards = live & suit;
            while cards != 0 && rounds > 0 {
                let c = high_bit(cards);
                if hand & (1 << c) == 0 {
                    break;
                }
                sure[l & 1] += i32::from(k.pts[usize::from(c)]);
                cards &= !(1 << c);
                rounds -= 1;
            }
        }
        Sure { ours: sure[k.team], theirs: sure[k.team ^ 1] }
    }

    /// The value of the last trick: every seat has one card left (or none, after it).
    pub(super) fn last_trick(&self, k: &Consts) -> i32 {
        if self.tricks_left == 0 {
            return 0;
        }
        let lead = self.hands[usize::from(self.leader)];
        let led = lead.checked_ilog2().map_or(0, |c| SUIT[(c >> 3) as usize]);
        let mut win_seat = self.leader;
        let mut win_str = 0;
        for i in 0..4u8 {
            let seat = (self.leader + i) & 3;
            let card = self.hands[usize::from(seat)];
            let s = card.checked_ilog2().map_or(0, |c| k.strength(c as u8, led));
            if i == 0 || s > win_str {
                win_str = s;
                win_seat = seat;
            }
        }
        if usize::from(win_seat & 1) != k.team {
            return 0;
        }
        let kaboot = if self.sweep { k.kaboot_bonus.unwrap_or(0) } else { 0 };
        i32::from(self.held_pts) + LAST + kaboot
    }
}
