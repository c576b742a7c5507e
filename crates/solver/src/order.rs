//! Move ordering, the part both games share: the list of a node's moves, kept sorted by the
//! game's score as the game generates them, each with its *run*.
//!
//! What makes a move look good is the game's (`baloot/order.rs`, `kout/order.rs`); the search
//! only tries the list from the front. A run is a group of moves that the game knows bound each
//! other's values (cards of one hand adjacent in rank once the cards played are removed; see
//! [`Node::BOUNDED_RUNS`](crate::node::Node::BOUNDED_RUNS)).

/// The most moves a node has: a hand's cards (Kout Bo deals 9, Baloot 8).
pub(crate) const MAX_MOVES: usize = 9;

/// The score of the transposition table's best move: above any game's own score, so it is tried
/// first.
pub(crate) const TABLE_MOVE: i32 = 1000;

/// The moves of a node (solver card bits) in the order to try them, with their runs.
#[derive(Clone, Copy, Debug)]
pub struct Moves {
    cards: [u8; MAX_MOVES],
    runs: [u8; MAX_MOVES],
    len: usize,
}

impl Moves {
    /// The moves of a node with at most one: the lowest bit of `legal`, none if it is empty.
    #[inline]
    pub(crate) fn at_most_one(legal: u64) -> Moves {
        let mut cards = [0; MAX_MOVES];
        cards[0] = legal.trailing_zeros() as u8;
        Moves { cards, runs: [0; MAX_MOVES], len: usize::from(legal != 0) }
    }

    /// The cards, best first.
    #[inline]
    pub(crate) fn cards(&self) -> &[u8] {
        &self.cards[..self.len]
    }

    /// The first card (the card bit 0's of an empty list).
    #[inline]
    pub(crate) fn first(&self) -> u8 {
        self.cards[0]
    }

    /// The run of the `i`-th card.
    #[inline]
    pub(crate) fn run(&self, i: usize) -> u8 {
        self.runs[i]
    }
}

/// A [`Moves`] being built: each move goes in after those that scored at least as much, so that
/// moves of equal score keep the order they came in. With `RUNS` false (a game that lists one card
/// of each run) the runs are left at 0.
pub(crate) struct Ordering<const RUNS: bool> {
    moves: Moves,
    score: [i32; MAX_MOVES],
}

impl<const RUNS: bool> Ordering<RUNS> {
    /// No move yet.
    #[inline]
    pub(crate) fn new() -> Self {
        Ordering { moves: Moves { cards: [0; MAX_MOVES], runs: [0; MAX_MOVES], len: 0 }, score: [0; MAX_MOVES] }
    }

    /// Whether no more moves fit.
    #[inline]
    pub(crate) fn is_full(&self) -> bool {
        self.moves.len == MAX_MOVES
    }

    /// Adds `card` of run `run` with score `score` (higher is tried earlier).
    #[inline]
    pub(crate) fn insert(&mut self, card: u8, run: u8, score: i32) {
        let m = &mut self.moves;
        let mut i = m.len;
        while i > 0 && self.score[i - 1] < score {
            self.score[i] = self.score[i - 1];
            m.cards[i] = m.cards[i - 1];
            if RUNS {
                m.runs[i] = m.runs[i - 1];
            }
            i -= 1;
        }
        self.score[i] = score;
        m.cards[i] = card;
        if RUNS {
            m.runs[i] = run;
        }
        m.len += 1;
    }

    /// The moves in order.
    #[inline]
    pub(crate) fn finish(self) -> Moves {
        self.moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_come_out_best_first_and_ties_in_arrival_order() {
        let mut o = Ordering::<true>::new();
        for (card, score) in [(3, 5), (7, 9), (1, 5), (2, -1), (4, 9)] {
            o.insert(card, card, score);
        }
        let moves = o.finish();
        assert_eq!(moves.cards(), &[7, 4, 3, 1, 2]);
        assert_eq!(moves.run(1), 4);
        assert_eq!(Moves::at_most_one(0b100).cards(), &[2]);
        assert!(Moves::at_most_one(0).cards().is_empty());
    }
}
