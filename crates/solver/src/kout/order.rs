//! Kout Bo's move ordering: trick-taking heuristics, and of each run of equivalent cards only the
//! highest.

use super::node::{
    ABOVE, BASE, Consts, FIELD, FIELD_OF, JOKERS, NO_FIELD, SEGMENT, State, TRUMP_FIELD, high_bit, power,
};
use crate::node::Node;
use crate::order::{Moves, Ordering, TABLE_MOVE};

impl State {
    /// The moves to try, best first; of cards equivalent to each other (one run: same hand and
    /// segment, no card of another seat between), with `equivalence` only the highest.
    pub(super) fn ordered(&self, k: &Consts, equivalence: bool, table_move: u8) -> Moves {
        let legal = self.legal(k);
        if legal & legal.wrapping_sub(1) == 0 {
            // One card (or none): nothing to order.
            return Moves::at_most_one(legal);
        }
        let seat = self.mover(k);
        let hand = self.hands[seat];
        let all = self.all();
        let blockers = (all | self.table) & !hand;
        let ours = usize::from(self.best_seat & 1) == seat & 1 && self.best > 0;
        let last = self.len + 1 == k.seats;
        // The strongest card an opponent still to play could put on this trick.
        let n = usize::from(k.seats);
        let threat = match self.led {
            _ if self.len == 0 || last => 0,
            NO_FIELD => 0,
            led => (1..n - usize::from(self.len))
                .step_by(2)
                .fold(0, |best, d| best.max(State::strongest(self.hands[(seat + d) % n], led))),
        };
        let mut out = Ordering::<false>::new();
        let mut m = legal;
        while m != 0 && !out.is_full() {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            let ci = usize::from(c);
            if equivalence {
                // Skip `c` if the next card up of its run is in the hand too.
                let up = hand & FIELD[usize::from(FIELD_OF[ci])] & ABOVE[ci];
                if up != 0 {
                    let y = up.trailing_zeros() as usize;
                    let between = ABOVE[ci] & ((1u64 << y) - 1);
                    if SEGMENT[ci] == SEGMENT[y] && blockers & between == 0 {
                        continue;
                    }
                }
            }
            let s = if c == table_move {
                TABLE_MOVE
            } else if self.len == 0 {
                self.lead_score(k, seat, c, all)
            } else {
                let p = if self.led == NO_FIELD { power(c, FIELD_OF[ci]) } else { power(c, self.led) };
                let rank = i32::from(c) - BASE[usize::from(FIELD_OF[ci])] as i32;
                let joker = i32::from(JOKERS & 1 << c != 0) * 30;
                if p > self.best && (last || p > threat) {
                    // Takes the trick for sure: as cheaply as possible.
                    200 - i32::from(p)
                } else if ours && (last || self.best > threat) {
                    // The partner has it: discard.
                    100 - rank - joker
                } else if p > self.best {
                    50 + i32::from(p)
                } else {
                    -rank - joker
                }
            };
            out.insert(c, 0, s);
        }
        out.finish()
    }

    /// A guess of how good leading `c` is, for move ordering only.
    fn lead_score(&self, k: &Consts, seat: usize, c: u8, all: u64) -> i32 {
        let ci = usize::from(c);
        let f = usize::from(FIELD_OF[ci]);
        let field = FIELD[f];
        let top = high_bit(all & field);
        let rank = i32::from(c) - BASE[f] as i32;
        let n = usize::from(k.seats);
        let partner_has = |bit: u32| (2..n).step_by(2).any(|d| self.hands[(seat + d) % n] & 1 << bit != 0);
        if f != 0 {
            // Who could ruff the suit: a seat void in it holding a trump.
            let ruffs = |d: usize| {
                let o = self.hands[(seat + d) % n];
                o & field == 0 && o & TRUMP_FIELD != 0
            };
            let opponent_ruffs = (1..n).step_by(2).any(ruffs);
            if !opponent_ruffs && (2..n).step_by(2).any(ruffs) {
                // A ruff for the partner: before anything else, low.
                return 90 - rank;
            }
            if opponent_ruffs && u32::from(c) != top {
                return 5 - rank;
            }
        }
        if u32::from(c) == top {
            if f == 0 {
                return 80;
            }
            // An opponent void in the suit with a trump, or any joker outside the hand, may take it.
            let ruffable = (1..n).step_by(2).any(|d| {
                let o = self.hands[(seat + d) % n];
                o & JOKERS != 0 || (o & field == 0 && o & TRUMP_FIELD != 0)
            });
            if ruffable { 10 - rank } else { 60 + rank }
        } else if partner_has(top) {
            40 - rank
        } else {
            20 - rank
        }
    }
}
