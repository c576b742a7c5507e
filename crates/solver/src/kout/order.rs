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
        let lead = (self.len == 0).then(|| Lead::of(self, k, seat));
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
            } else if let Some(lead) = &lead {
                lead.score(c, all)
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
}

/// What the leader's move ordering asks of the other hands, worked out once per lead, not per card.
struct Lead {
    /// The cards the leader's partners hold.
    partners: u64,
    /// Per field: an opponent is void in it holding a trump.
    opponent_ruffs: [bool; 4],
    /// Per field: a partner is void in it holding a trump.
    partner_ruffs: [bool; 4],
    /// An opponent holds a joker.
    opponent_joker: bool,
}

impl Lead {
    /// The other hands as `seat`, to lead at `st`, sees them.
    fn of(st: &State, k: &Consts, seat: usize) -> Lead {
        let n = usize::from(k.seats);
        let mut lead =
            Lead { partners: 0, opponent_ruffs: [false; 4], partner_ruffs: [false; 4], opponent_joker: false };
        for d in 1..n {
            let o = st.hands[(seat + d) % n];
            let ours = d % 2 == 0;
            if ours {
                lead.partners |= o;
            } else {
                lead.opponent_joker |= o & JOKERS != 0;
            }
            if o & TRUMP_FIELD == 0 {
                continue;
            }
            for (f, &field) in FIELD.iter().enumerate().skip(1) {
                if o & field == 0 {
                    if ours {
                        lead.partner_ruffs[f] = true;
                    } else {
                        lead.opponent_ruffs[f] = true;
                    }
                }
            }
        }
        lead
    }

    /// A guess of how good leading `c` is, for move ordering only.
    fn score(&self, c: u8, all: u64) -> i32 {
        let ci = usize::from(c);
        let f = usize::from(FIELD_OF[ci]);
        let top = high_bit(all & FIELD[f]);
        let rank = i32::from(c) - BASE[f] as i32;
        if f != 0 {
            if !self.opponent_ruffs[f] && self.partner_ruffs[f] {
                // A ruff for the partner: before anything else, low.
                return 90 - rank;
            }
            if self.opponent_ruffs[f] && u32::from(c) != top {
                return 5 - rank;
            }
        }
        if u32::from(c) == top {
            if f == 0 {
                return 80;
            }
            // An opponent void in the suit with a trump, or any joker outside the hand, may take it.
            if self.opponent_ruffs[f] || self.opponent_joker { 10 - rank } else { 60 + rank }
        } else if self.partners & 1 << top != 0 {
            40 - rank
        } else {
            20 - rank
        }
    }
}
