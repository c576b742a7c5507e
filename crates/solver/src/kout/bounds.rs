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

    /// The tricks each team is sure to take with its trumps from the start of a trick (see
    /// [`State::sure_tricks`]).
    #[inline]
    fn trump_tricks(&self, k: &Consts) -> [i32; 2] {
        let mut sure = [0i32; 2];
        // From the top trump down: `held` per seat (jokers aside), `against` per team (the other
        // side's, jokers included).
        let mut trumps = self.all() & TRUMP_FIELD;
        let mut held = [0i32; 6];
        let mut against = [0i32; 2];
        while trumps != 0 {
            let c = high_bit(trumps);
            let bit = 1u64 << c;
            trumps &= !bit;
            let seat = usize::from(k.owner[c as usize]);
            let team = seat & 1;
            against[team ^ 1] += 1;
            if bit & JOKERS != 0 {
                continue;
            }
            held[seat] += 1;
            sure[team] = sure[team].max(held[seat] - against[team]);
        }
        sure
    }

    /// Tricks each team is sure to take from here. A trump wins its trick whenever it is played
    /// unless an opponent plays a higher live trump on it, one seat plays its trumps in different
    /// tricks, and each opponent's card can beat only one of them: among the top trumps down to
    /// any card, a seat holding `h` of them against `o` held by the other side makes its team at
    /// least `h - o` tricks (jokers, which may be made dead, count against a seat but not for it).
    /// The leader can also cash the top cards of its plain suits and keep the lead when no
    /// opponent holds a joker and every other seat holding a trump can follow; no trump falls on
    /// those tricks, so they add to its team's trump tricks.
    #[inline]
    pub(super) fn sure_tricks(&self, k: &Consts) -> Sure {
        let n = usize::from(k.seats);
        let team_cards = [self.hands[0] | self.hands[2] | self.hands[4], self.hands[1] | self.hands[3] | self.hands[5]];
        let all = team_cards[0] | team_cards[1];
        let mut sure = self.trump_tricks(k);
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use cards::{CardSet, Suit, random_below, seeded_rng};
    use game::{Seat, Team};
    use kout::{Bid, Contract, Variant};

    use super::super::node::{TRUMP_FIELD, high_bit};
    use crate::kout::{KoutPosition, KoutSolver};
    use crate::position::Solvable;

    /// The tricks each team is sure of never exceed what it takes with best play on both sides,
    /// and a seat's trumps count even where the other team holds higher ones (a king and queen
    /// against the ace make one trick).
    #[test]
    fn the_sure_tricks_bound_the_exact_value() {
        let mut rng = seeded_rng(5);
        let mut solver = KoutSolver::new();
        let mut under_a_higher_trump = 0;
        for i in 0..400 {
            let variant = if i % 2 == 0 { Variant::Four } else { Variant::Six };
            let n = variant.seats();
            let deck = variant.deck().shuffled_from_seed(1000 + i);
            let per = deck.len() / n;
            let hands: Vec<CardSet> = (0..n).map(|s| deck[s * per..(s + 1) * per].iter().copied().collect()).collect();
            let maker = Seat::new(random_below(&mut rng, n as u32) as usize).unwrap();
            let bid = Bid::new(5 + random_below(&mut rng, 5) as u8).unwrap();
            let trump = Suit::ALL[random_below(&mut rng, 4) as usize];
            let contract = Contract { maker, bid, malzoom: false };
            let mut pos = KoutPosition::new(variant, contract, trump, &hands).unwrap();
            // Play at random to the start of a trick with a few tricks left.
            let left = if n == 4 { 3 + random_below(&mut rng, 4) } else { 2 + random_below(&mut rng, 3) } as usize;
            while !(pos.trick().is_empty() && pos.tricks_left() <= left) {
                let legal: Vec<_> = pos.legal_moves().iter().collect();
                pos.play(legal[random_below(&mut rng, legal.len() as u32) as usize]).unwrap();
            }
            let team = Team::new(random_below(&mut rng, 2) as usize).unwrap();
            let (_, k, st) = pos.start(team);
            let sure = st.sure_tricks(&k);
            let exact = i32::from(solver.value_for(&pos, team));
            let cap = pos.tricks_left() as i32;
            assert!(sure.ours <= exact && exact <= cap - sure.theirs, "{sure:?} exact {exact} of {cap}: {pos:?}");
            let trumps = st.all() & TRUMP_FIELD;
            if trumps == 0 {
                continue;
            }
            // The team without the top trump, if it is sure of tricks it cannot cash (it does
            // not lead): its trumps under the top one.
            let top = 1u64 << high_bit(trumps);
            let other = usize::from((0..n).filter(|s| s % 2 == 0).any(|s| st.hands[s] & top != 0));
            let others_sure = if other == k.team { sure.ours } else { sure.theirs };
            if others_sure > 0 && usize::from(st.leader) % 2 != other {
                under_a_higher_trump += 1;
            }
        }
        assert!(under_a_higher_trump > 0, "no position had trump tricks under the other team's top trump");
    }
}
