//! Dealing the unseen cards of a trick game: random hands for the other seats that agree with what
//! one seat knows (the counts, the cards known to sit in a hand, the voids shown), and, among them, one
//! that fits the history of the hand.

use arrayvec::ArrayVec;
use cards::{Card, CardSet, random_below};
use game::MAX_SEATS;
use rand_chacha::ChaCha8Rng;

/// Tries at a deal that fits the history before settling for one that meets the constraints alone.
const DEAL_TRIES: usize = 64;

/// What a seat knows of where the cards are, as constraints on a deal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Constraints {
    /// Seats at the table.
    pub seats: usize,
    /// How many cards each seat holds now.
    pub held: [u8; MAX_SEATS],
    /// Cards known to be in each hand (the viewer's own hand, a shown card).
    pub known: [CardSet; MAX_SEATS],
    /// The cards nobody is known to hold that are still in someone's hand: the cards to deal.
    pub pool: CardSet,
    /// The pool's cards each seat may hold (a void rules a suit out).
    pub allowed: [CardSet; MAX_SEATS],
}

impl Constraints {
    /// Starts the constraints of `seats` seats holding `held`, `pool` to deal, nothing else known.
    pub(crate) fn new(seats: usize, held: [u8; MAX_SEATS], pool: CardSet) -> Self {
        let mut allowed = [CardSet::EMPTY; MAX_SEATS];
        for a in allowed.iter_mut().take(seats) {
            *a = pool;
        }
        Constraints { seats, held, known: [CardSet::EMPTY; MAX_SEATS], pool, allowed }
    }

    /// Places `cards` in `seat`'s hand: they leave the pool.
    pub(crate) fn place(&mut self, seat: usize, cards: CardSet) {
        let cards = cards & (self.pool | self.known[seat]);
        self.known[seat] |= cards;
        self.pool -= cards;
        for a in &mut self.allowed {
            *a -= cards;
        }
    }

    /// Rules `cards` out of `seat`'s hand.
    pub(crate) fn exclude(&mut self, seat: usize, cards: CardSet) {
        self.allowed[seat] -= cards;
    }

    /// How many more cards `seat` takes from the pool.
    fn missing(&self, seat: usize) -> usize {
        usize::from(self.held[seat]).saturating_sub(self.known[seat].len())
    }

    /// Whether the counts add up: the pool fills exactly the hands' missing cards.
    pub(crate) fn balanced(&self) -> bool {
        (0..self.seats).map(|s| self.missing(s)).sum::<usize>() == self.pool.len()
            && (0..self.seats).all(|s| self.known[s].len() <= usize::from(self.held[s]))
    }

    /// One random deal: every seat's hand, its known cards and `held` cards in all, each pool card
    /// in exactly one hand that allows it. At each step the card with the fewest seats still able
    /// to take it is placed (ties at random), in a seat drawn with weight its missing count; a
    /// dead end starts again, up to `tries` times. `None` if the counts do not add up or no try
    /// succeeded (the voids may be impossible to meet together with the counts).
    pub(crate) fn deal(&self, rng: &mut ChaCha8Rng, tries: usize) -> Option<[CardSet; MAX_SEATS]> {
        if !self.balanced() {
            return None;
        }
        'tries: for _ in 0..tries {
            let mut hands = self.known;
            let mut missing: [usize; MAX_SEATS] =
                std::array::from_fn(|s| if s < self.seats { self.missing(s) } else { 0 });
            let mut left: ArrayVec<(u32, Card), 54> =
                self.pool.iter().map(|c| (random_below(rng, 1 << 20), c)).collect();
            while !left.is_empty() {
                // The seats that still take cards, and the remaining cards each may take.
                let open: CardSet = left.iter().map(|&(_, c)| c).collect();
                if (0..self.seats).any(|s| missing[s] > (self.allowed[s] & open).len()) {
                    continue 'tries;
                }
                let choices =
                    |c: Card| (0..self.seats).filter(|&s| missing[s] > 0 && self.allowed[s].contains(c)).count();
                let (at, _) = left
                    .iter()
                    .enumerate()
                    .min_by_key(|&(_, &(r, c))| (choices(c), r))
                    .map(|(i, &(r, c))| (i, (r, c)))?;
                let (_, card) = left.swap_remove(at);
                let weight = |s: usize| if self.allowed[s].contains(card) { missing[s] } else { 0 };
                let total: usize = (0..self.seats).map(weight).sum();
                if total == 0 {
                    continue 'tries;
                }
                let mut pick = random_below(rng, total as u32) as usize;
                let seat = (0..self.seats)
                    .find(|&s| {
                        let w = weight(s);
                        pick < w || {
                            pick -= w;
                            false
                        }
                    })
                    .unwrap_or(0);
                hands[seat].insert(card);
                missing[seat] -= 1;
            }
            return Some(hands);
        }
        None
    }

    /// A deal that meets these constraints and, if one is found in a few tries, `fits` (every
    /// earlier play legal from the hands dealt); else the last deal tried.
    pub(crate) fn deal_fitting(
        &self,
        rng: &mut ChaCha8Rng,
        fits: impl Fn(&[CardSet; MAX_SEATS]) -> bool,
    ) -> Option<[CardSet; MAX_SEATS]> {
        let mut last = None;
        for _ in 0..DEAL_TRIES {
            let hands = self.deal(rng, 16)?;
            if fits(&hands) {
                return Some(hands);
            }
            last = Some(hands);
        }
        last
    }

    /// Whether `hands` meets these constraints: each seat holds its known cards, its count, only
    /// cards it may hold, and every pool card is in one hand.
    #[cfg(test)]
    pub(crate) fn admits(&self, hands: &[CardSet; MAX_SEATS]) -> bool {
        let mut all = CardSet::EMPTY;
        for (s, &hand) in hands.iter().enumerate().take(self.seats) {
            let extra = hand - self.known[s];
            if hand.len() != usize::from(self.held[s])
                || !hand.is_superset(self.known[s])
                || !self.allowed[s].is_superset(extra)
                || !all.is_disjoint(hand)
            {
                return false;
            }
            all |= hand;
        }
        all - self.known.iter().fold(CardSet::EMPTY, |a, &k| a | k) == self.pool
    }
}
