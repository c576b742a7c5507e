//! Kout Bo's quick bounds: the tricks each team is sure of (top trumps, cashing top cards), a trick
//! already won before its last card, and the last trick played out without a search.

use super::node::{BASE, Consts, FIELD, JOKERS, NO_FIELD, State, TRUMP_FIELD, high_bit};
use crate::bounds::Sure;
use crate::node::Node;

impl State {
    /// The power (see [`power`](super::node::power)) of the strongest card a seat holding `hand`
    /// could put on a trick led in field `led`.
    #[inline]
    pub(super) fn strongest(hand: u64, led: u8) -> u8 {
        let field = FIELD[usize::from(led)];
        let pool = if hand & field != 0 { hand & (field | JOKERS) } else { hand };
        if pool & TRUMP_FIELD != 0 {
            64 + high_bit(pool & TRUMP_FIELD) as u8
        } else if pool & field != 0 {
            32 + (high_bit(pool & field) - BASE[usize::from(led)]) as u8
        } else {
            0
        }
    }

    /// Whether the trick on the table is already won (`Some(true)` by the counted team): no seat
    /// still to play on the other side could beat its best card.
    #[inline]
    fn decided(&self, k: &Consts) -> Option<bool> {
        if self.led == NO_FIELD || self.best == 0 {
            return None;
        }
        let n = usize::from(k.seats);
        let winner = usize::from(self.best_seat & 1);
        let seat = self.mover(k);
        for d in 0..n - usize::from(self.len) {
            let s = (seat + d) % n;
            if s & 1 != winner && State::strongest(self.hands[s], self.led) > self.best {
                return None;
            }
        }
        Some(winner == k.team)
    }

    /// In the middle of a trick: a value that settles a search of window `alpha..beta` because
    /// the trick is already won (by the counted team: it takes at least 1; by the other: at most
    /// the tricks left but that one).
    #[inline]
    pub(super) fn trick_cut(&self, k: &Consts, alpha: i32, beta: i32) -> Option<i32> {
        let ours = self.decided(k)?;
        let cap = i32::from(self.tricks_left);
        if ours && beta <= 1 {
            Some(1)
        } else if !ours && cap - 1 <= alpha {
            Some(cap - 1)
        } else {
            None
        }
    }

    /// Tricks each team is sure to take from here. The trump cards at the top of the trump field
    /// held by one team win their tricks whenever they are played, and one seat plays them in
    /// different tricks: the team takes at least as many tricks as its seat holding most of them
    /// (jokers, which may be made dead, are not counted, but do not break the run). The leader can
    /// also cash the top cards of its plain suits and keep the lead when no opponent holds a joker
    /// and every other seat holding a trump can follow.
    #[inline]
    pub(super) fn sure_tricks(&self, k: &Consts) -> Sure {
        let n = usize::from(k.seats);
        let mut sure = [0i32; 2];
        let team_cards = [self.hands[0] | self.hands[2] | self.hands[4], self.hands[1] | self.hands[3] | self.hands[5]];
        let all = team_cards[0] | team_cards[1];
        let mut trumps = all & TRUMP_FIELD;
        if trumps != 0 {
            let owner = usize::from(team_cards[1] & 1 << high_bit(trumps) != 0);
            let mut count = [0i32; 6];
            while trumps != 0 {
                let c = high_bit(trumps);
                let bit = 1u64 << c;
                if team_cards[owner] & bit == 0 {
                    break;
                }
                if bit & JOKERS == 0 {
                    if let Some(seat) = (0..n).find(|&s| self.hands[s] & bit != 0) {
                        count[seat] += 1;
                    }
                }
                trumps &= !bit;
            }
            sure[owner] = count.iter().copied().max().unwrap_or(0);
        }
        let l = usize::from(self.leader);
        let hand = self.hands[l];
        // An opponent's joker may take any trick; the partner's only by leaving the suit, which
        // the rounds below rule out.
        if team_cards[(l & 1) ^ 1] & JOKERS == 0 {
            let mut cash = 0;
            for &field in &FIELD[1..] {
                if hand & field == 0 {
                    continue;
                }
                let mut rounds = 9;
                for d in 1..n {
                    let other = self.hands[(l + d) % n];
                    if other & TRUMP_FIELD != 0 {
                        rounds = rounds.min((other & field).count_ones());
                    }
                }
                let mut cards = all & field;
                while cards != 0 && rounds > 0 {
                    let c = high_bit(cards);
                    if hand & 1 << c == 0 {
                        break;
                    }
                    cash += 1;
                    cards &= !(1 << c);
                    rounds -= 1;
                }
            }
            sure[l & 1] += cash;
        }
        Sure { ours: sure[k.team], theirs: sure[k.team ^ 1] }
    }

    /// The tricks the counted team takes from the start of the last trick (every seat has one card
    /// left), or 0 after it.
    pub(super) fn last_trick(&self, k: &Consts) -> i32 {
        let mut st = *self;
        let mut gain = 0;
        while st.tricks_left == 1 {
            let card = st.hands[st.mover(k)].trailing_zeros() as u8;
            gain += st.play(k, card);
        }
        gain
    }
}
