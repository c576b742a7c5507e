//! Baloot's move ordering: trick-taking heuristics weighed by the cards' points, and the runs of
//! cards whose values bound each other.

use super::node::{ABOVE, Consts, SUIT, State, high_bit};
use crate::order::{Moves, Ordering, TABLE_MOVE};

/// What the move ordering of one node needs to know, computed once per node.
struct Facts {
    seat: usize,
    live: u32,
    /// The strongest card the next seat (an opponent) could play to this trick.
    threat: u8,
    /// The seat's team is winning the trick so far.
    ours: bool,
}

impl State {
    /// The moves to try, best first, each with its run: moves of one run are cards of the same
    /// suit with no card of another seat, held or on the table, between them. Swapping two cards
    /// of a run changes no trick's winner (the seat's own cards never meet in a trick), only where
    /// their points go: their values differ by at most the difference of their points.
    pub(super) fn ordered(&self, k: &Consts, equivalence: bool, table_move: u8) -> Moves {
        let moves = self.legal(k);
        if moves & moves.wrapping_sub(1) == 0 {
            // One card (or none): nothing to order.
            return Moves::at_most_one(u64::from(moves));
        }
        let seat = self.mover();
        let next = self.hands[(seat + 1) & 3];
        let follow = next & self.led;
        let threat = if self.len == 0 || self.len == 3 {
            0
        } else if follow != 0 {
            k.strength(high_bit(follow), self.led)
        } else if next & k.trump != 0 {
            k.strength(high_bit(next & k.trump), self.led)
        } else {
            0
        };
        let live = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3];
        let facts = Facts { seat, live, threat, ours: usize::from(self.win_seat & 1) == seat & 1 };
        let blockers = (live | self.table) & !self.hands[seat];
        let mut out = Ordering::<true>::new();
        let mut m = moves;
        let mut prev: Option<u8> = None;
        let mut run = 0u8;
        while m != 0 && !out.is_full() {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            if let Some(p) = prev {
                let between = ABOVE[usize::from(p)] & ((1u32 << c) - 1);
                let joined = equivalence && p >> 3 == c >> 3 && blockers & between == 0;
                if !joined {
                    run += 1;
                }
            }
            prev = Some(c);
            let s = if c == table_move { TABLE_MOVE } else { self.score(k, &facts, c) };
            out.insert(c, run, s);
        }
        out.finish()
    }

    /// A guess of how good playing `c` is for the seat to move, for move ordering only.
    #[inline]
    fn score(&self, k: &Consts, facts: &Facts, c: u8) -> i32 {
        let pts = i32::from(k.pts[usize::from(c)]);
        if self.len == 0 {
            let seat = facts.seat;
            let suit = SUIT[usize::from(c >> 3)];
            let top = high_bit(facts.live & suit);
            return if c == top {
                let ruffs = |o: u32| o & suit == 0 && o & k.trump != 0;
                let ruffable =
                    suit != k.trump && (ruffs(self.hands[(seat + 1) & 3]) || ruffs(self.hands[(seat + 3) & 3]));
                if ruffable { 5 - pts } else { 60 + pts }
            } else if self.hands[(seat + 2) & 3] & (1 << top) != 0 {
                40 - pts
            } else {
                20 - pts - i32::from(c & 7)
            };
        }
        let s = k.strength(c, self.led);
        if self.len == 3 {
            return if s > self.win_str {
                100 + pts
            } else if facts.ours {
                50 + pts
            } else {
                -pts
            };
        }
        if facts.ours && self.win_str > facts.threat {
            50 + pts
        } else if s > self.win_str && s > facts.threat {
            80 + pts
        } else if s > self.win_str {
            20 - pts
        } else {
            -pts
        }
    }
}
