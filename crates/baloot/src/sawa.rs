//! Sawa: a claim to win every remaining trick, settled exactly by searching the remaining cards.
//!
//! The spec asks whether "the claimer has a way to win all remaining tricks against every legal play
//! of the others". We read "the claimer" as the player who said `sawa`, personally: the other three
//! (the partner included) are "the others", so each remaining trick must be taken by the claimer's
//! own card, whatever the three play. The claimer therefore leads every trick, which keeps the
//! search small: at each trick an OR over the claimer's leads, then an AND over every combination
//! of the others' legal answers; a lead that any legal answer beats fails at once.
//!
//! Two reductions keep it exact and fast:
//! - Only where a card stands against the claimer's cards matters (points do not: the claim is
//!   about tricks). Within a suit, the others' cards between two neighbouring cards of the claimer
//!   are interchangeable, so each position is rewritten in a canonical form (each gap's cards
//!   given, lowest first, to the first, second, then third other player) and remembered.
//! - For the same reason, one card per gap is tried for each answer, and one card per run of the
//!   claimer's own neighbouring cards for each lead.

use std::collections::HashMap;

use arrayvec::ArrayVec;
use cards::{Card, CardSet, Suit};
use game::{BySeat, Seat};

use crate::rules::BalootRules;
use crate::trick::{Trick, legal_plays, strength};

/// Whether `claimer`, about to lead with `hands` as they stand (each seat holding the same number
/// of cards), takes every remaining trick with its own card against every legal play of the other
/// three, under `trump` (`None` in Sun), `closed` (no trump lead while holding another suit) and
/// `rules`.
#[must_use]
pub fn claim_holds(
    hands: &BySeat<CardSet>,
    claimer: Seat,
    trump: Option<Suit>,
    closed: bool,
    rules: &BalootRules,
) -> bool {
    let held = |k: usize| hands.get(claimer.offset(k, 4)).copied().unwrap_or_default();
    let mut search = Search::new(claimer, trump, closed, rules);
    search.wins(held(0), [held(1), held(2), held(3)])
}

/// The search's fixed facts and its memory of settled positions.
struct Search<'a> {
    claimer: Seat,
    trump: Option<Suit>,
    closed: bool,
    rules: &'a BalootRules,
    /// Each suit's cards, weakest first, under this hand's trump.
    order: [[Card; 8]; 4],
    memo: HashMap<[u64; 4], bool>,
}

impl<'a> Search<'a> {
    fn new(claimer: Seat, trump: Option<Suit>, closed: bool, rules: &'a BalootRules) -> Self {
        let order = Suit::ALL.map(|suit| {
            let mut cards: ArrayVec<Card, 8> = CardSet::suit(suit).iter().filter(|c| is_baloot(*c)).collect();
            cards.sort_by_key(|&c| strength(c, suit, trump));
            let mut out = [Card::new(cards::Rank::Seven, suit); 8];
            for (slot, c) in out.iter_mut().zip(cards) {
                *slot = c;
            }
            out
        });
        Search { claimer, trump, closed, rules, order, memo: HashMap::new() }
    }

    /// The position with the others' cards rewritten canonically (see the module notes).
    fn canonical(&self, mine: CardSet, others: [CardSet; 3]) -> [CardSet; 3] {
        let mut out = [CardSet::EMPTY; 3];
        for order in &self.order {
            let mut gap: ArrayVec<Card, 8> = ArrayVec::new();
            let mut counts = [0usize; 3];
            let flush = |gap: &mut ArrayVec<Card, 8>, counts: &mut [usize; 3], out: &mut [CardSet; 3]| {
                let mut slots = gap.iter();
                for (who, &n) in counts.iter().enumerate() {
                    for c in slots.by_ref().take(n) {
                        out[who].insert(*c);
                    }
                }
                gap.clear();
                *counts = [0; 3];
            };
            for &c in order {
                if mine.contains(c) {
                    flush(&mut gap, &mut counts, &mut out);
                    continue;
                }
                gap.push(c);
                if let Some(who) = others.iter().position(|o| o.contains(c)) {
                    counts[who] += 1;
                }
            }
            flush(&mut gap, &mut counts, &mut out);
        }
        out
    }

    /// Where `card` stands against `cards` in its suit: how many of them are weaker. Cards of one
    /// suit with the same standing are interchangeable when nothing of `cards` lies between them.
    fn standing(&self, card: Card, cards: CardSet) -> (usize, usize) {
        let suit = card.suit().unwrap_or(Suit::Spades);
        let s = strength(card, suit, self.trump);
        let below = cards.of_suit(suit).iter().filter(|&c| strength(c, suit, self.trump) < s).count();
        (suit.index(), below)
    }

    /// One card of `options` per standing against `against`.
    fn representatives(&self, options: CardSet, against: CardSet) -> ArrayVec<Card, 8> {
        let mut seen: ArrayVec<(usize, usize), 8> = ArrayVec::new();
        let mut out = ArrayVec::new();
        for c in options.iter() {
            let key = self.standing(c, against);
            if !seen.contains(&key) {
                seen.push(key);
                out.push(c);
            }
        }
        out
    }

    fn wins(&mut self, mine: CardSet, others: [CardSet; 3]) -> bool {
        if mine.is_empty() {
            return true;
        }
        let others = self.canonical(mine, others);
        let key = [mine.bits(), others[0].bits(), others[1].bits(), others[2].bits()];
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let all_others = others[0] | others[1] | others[2];
        let empty = Trick::new(self.claimer, self.trump);
        let leads = legal_plays(mine, &empty, self.claimer, self.rules, self.closed);
        let mut holds = false;
        'lead: for lead in self.representatives(leads, all_others) {
            let Some(led) = lead.suit() else { continue };
            let mut trick = empty;
            trick.push(lead);
            let best = strength(lead, led, self.trump);
            let rest = mine - CardSet::single(lead);
            let mut answers: [ArrayVec<Card, 8>; 3] = Default::default();
            for (k, answer) in answers.iter_mut().enumerate() {
                let seat = self.claimer.offset(k + 1, 4);
                // The claimer wins the trick so far whatever the earlier answers were (a card that
                // beats the lead ends the search), so each answer's legal cards depend on the lead
                // alone.
                let legal = legal_plays(others[k], &trick, seat, self.rules, false);
                if legal.iter().any(|c| strength(c, led, self.trump) > best) {
                    continue 'lead;
                }
                *answer = self.representatives(legal, rest);
            }
            for &a in &answers[0] {
                for &b in &answers[1] {
                    for &c in &answers[2] {
                        let next = [
                            others[0] - CardSet::single(a),
                            others[1] - CardSet::single(b),
                            others[2] - CardSet::single(c),
                        ];
                        if !self.wins(rest, next) {
                            continue 'lead;
                        }
                    }
                }
            }
            holds = true;
            break;
        }
        self.memo.insert(key, holds);
        holds
    }
}

/// Whether `card` is one of the 32 Baloot cards (7 to ace).
fn is_baloot(card: Card) -> bool {
    cards::DeckKind::Baloot.cards().contains(card)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{DeckKind, seeded_rng};

    fn set(text: &str) -> CardSet {
        text.split_whitespace().map(|c| c.parse::<Card>().expect("card")).collect()
    }

    fn seat(i: usize) -> Seat {
        Seat::new(i).expect("seat")
    }

    fn hands(texts: [&str; 4]) -> BySeat<CardSet> {
        BySeat::from_fn(4, |s| set(texts[s.index()]))
    }

    /// The same question answered by brute force: every lead, every answer, no reduction, no memory.
    fn naive(
        mine: CardSet,
        others: [CardSet; 3],
        claimer: Seat,
        trump: Option<Suit>,
        closed: bool,
        r: &BalootRules,
    ) -> bool {
        if mine.is_empty() {
            return true;
        }
        let empty = Trick::new(claimer, trump);
        legal_plays(mine, &empty, claimer, r, closed).iter().any(|lead| {
            let mut trick = empty;
            trick.push(lead);
            let rest = mine - CardSet::single(lead);
            let mut stack: Vec<(Trick, [Card; 3], usize)> = vec![(trick, [lead; 3], 0)];
            while let Some((t, p, d)) = stack.pop() {
                if d == 3 {
                    let next = [0, 1, 2].map(|k| others[k] - CardSet::single(p[k]));
                    if t.winner() != Some(claimer) || !naive(rest, next, claimer, trump, closed, r) {
                        return false;
                    }
                    continue;
                }
                let seat = claimer.offset(d + 1, 4);
                for c in legal_plays(others[d], &t, seat, r, false).iter() {
                    let mut t2 = t;
                    t2.push(c);
                    let mut p2 = p;
                    p2[d] = c;
                    stack.push((t2, p2, d + 1));
                }
            }
            true
        })
    }

    #[test]
    fn top_cards_in_sun_hold() {
        let h = hands(["AS TS AH", "KS 7H 8H", "QS 9H 7D", "JS 8D 9D"]);
        assert!(claim_holds(&h, seat(0), None, false, &BalootRules::saudi()));
    }

    #[test]
    fn a_higher_card_behind_breaks_the_claim() {
        let h = hands(["AS QS AH", "KS TS 8H", "7S 9H 7D", "JS 8D 9D"]);
        assert!(!claim_holds(&h, seat(0), None, false, &BalootRules::saudi()));
    }

    #[test]
    fn a_higher_card_that_must_fall_first_does_not_break_it() {
        // Seat 1's lone king of spades must fall under the ace; the queen then wins.
        let h = hands(["AS QS", "KS 7H", "7S 8H", "8S 9H"]);
        assert!(claim_holds(&h, seat(0), None, false, &BalootRules::saudi()));
    }

    #[test]
    fn in_hokum_a_void_opponent_with_a_trump_breaks_a_plain_lead() {
        let hokum = Some(Suit::Hearts);
        // Seat 1 has no spades but a trump: the ace of spades is ruffed.
        let h = hands(["AS JH", "7H 7D", "7S 8D", "8S 9D"]);
        // Lead the jack of trump first: everyone follows or discards, then the ace holds? Seat 1
        // must follow trumps with its 7, and then has no trump left.
        assert!(claim_holds(&h, seat(0), hokum, false, &BalootRules::saudi()));
        // Closed: the jack may not be led while the ace of spades is held, so the ace is ruffed.
        assert!(!claim_holds(&h, seat(0), hokum, true, &BalootRules::saudi()));
    }

    #[test]
    fn the_partner_is_one_of_the_others() {
        let hokum = Some(Suit::Hearts);
        // Seat 2 (the partner) holds no spades and a trump: under saudi it may trump the claimer's
        // ace, which breaks a claim that the claimer takes every trick himself.
        let h = hands(["AS KS", "7S 8D", "7H 9D", "8S TD"]);
        assert!(!claim_holds(&h, seat(0), hokum, false, &BalootRules::saudi()));
    }

    #[test]
    fn the_search_agrees_with_brute_force_on_random_positions() {
        let mut rng = seeded_rng(19);
        let rules = [BalootRules::saudi(), BalootRules::seed()];
        let mut held = 0;
        for i in 0..400 {
            let deck = DeckKind::Baloot.shuffled(&mut rng);
            let n = 1 + i % 4;
            let h: BySeat<CardSet> =
                BySeat::from_fn(4, |s| deck[s.index() * n..(s.index() + 1) * n].iter().copied().collect());
            let trump = [None, Some(Suit::Hearts), Some(Suit::Clubs)][i % 3];
            let closed = i % 5 == 0;
            let r = &rules[i % 2];
            let claimer = seat(i % 4);
            let others = [1, 2, 3].map(|k| h[claimer.offset(k, 4)]);
            let want = naive(h[claimer], others, claimer, trump, closed, r);
            held += usize::from(want);
            assert_eq!(claim_holds(&h, claimer, trump, closed, r), want, "position {i}: {h:?} trump {trump:?}");
        }
        assert!(held > 20, "both answers are exercised: {held} held");
    }

    #[test]
    fn full_hands_settle_at_once_even_when_the_claim_holds() {
        let hokum = Some(Suit::Hearts);
        // Eight trumps: every lead wins whatever the others discard.
        let h = hands([
            "7H 8H 9H TH JH QH KH AH",
            "AS KS QS JS TS 9S 8S 7S",
            "AD KD QD JD TD 9D 8D 7D",
            "AC KC QC JC TC 9C 8C 7C",
        ]);
        for closed in [false, true] {
            assert!(claim_holds(&h, seat(0), hokum, closed, &BalootRules::saudi()));
        }
        // Aces and tens in Sun, the others holding everything below in a mix of suits.
        let h = hands([
            "AS TS AH TH AD TD AC TC",
            "KS QS KH QH KD QD KC QC",
            "JS 9S JH 9H JD 9D JC 9C",
            "8S 7S 8H 7H 8D 7D 8C 7C",
        ]);
        assert!(claim_holds(&h, seat(0), None, false, &BalootRules::saudi()));
        // Random deals at the first lead, every seat claiming: each is settled.
        let mut rng = seeded_rng(7);
        for _ in 0..300 {
            let deck = DeckKind::Baloot.shuffled(&mut rng);
            let h: BySeat<CardSet> =
                BySeat::from_fn(4, |s| deck[s.index() * 8..(s.index() + 1) * 8].iter().copied().collect());
            for claimer in Seat::all(4) {
                let _ = claim_holds(&h, claimer, Some(Suit::Spades), false, &BalootRules::saudi());
                let _ = claim_holds(&h, claimer, None, false, &BalootRules::seed());
            }
        }
    }
}
