//! Play: what the seat has seen of the hand, and the card it chooses from that.

use baloot::{BalootAction, HandView, Mode, ModeName, TrickView, strength};
use cards::{Card, CardSet, DeckKind, Rank, Suit};
use game::Seat;

fn points(card: Card, mode: Mode) -> i32 {
    i32::from(baloot::card_points(card, mode))
}

/// What one seat has seen of the hand so far: its cards, the cards still out, who is void in what,
/// and the trick on the table.
pub(super) struct Seen<'a> {
    seat: Seat,
    mode: Mode,
    trump: Option<Suit>,
    /// Whether this seat's team bid.
    bidders: bool,
    hand: CardSet,
    /// Cards in the other hands, as far as this seat knows.
    unseen: CardSet,
    /// Per seat, the suits it has shown it lacks.
    void: [[bool; 4]; 4],
    trick: &'a TrickView,
}

impl<'a> Seen<'a> {
    pub(super) fn read(seat: Seat, view: &'a HandView) -> Option<Seen<'a>> {
        let contract = view.contract?;
        let hand = view.cards?;
        let trump = contract.trump;
        let mode = match (contract.mode, trump) {
            (ModeName::Hokum, Some(t)) => Mode::Hokum(t),
            _ => Mode::Sun,
        };
        let mut played = CardSet::EMPTY;
        let mut void = [[false; 4]; 4];
        for t in view.tricks.iter().chain(std::iter::once(&view.trick)) {
            note_trick(t, trump, &mut played, &mut void);
        }
        Some(Seen {
            seat,
            mode,
            trump,
            bidders: contract.bidder.team() == seat.team(),
            hand,
            unseen: DeckKind::Baloot.cards() - hand - played,
            void,
            trick: &view.trick,
        })
    }

    fn is_void(&self, seat: Seat, suit: Suit) -> bool {
        self.void.get(seat.index()).and_then(|v| v.get(suit.index())).copied().unwrap_or(false)
    }

    fn opponents(&self) -> [Seat; 2] {
        [self.seat.offset(1, 4), self.seat.offset(3, 4)]
    }

    /// Whether `c` beats every unseen card of its suit.
    fn is_master(&self, c: Card) -> bool {
        let Some(suit) = c.suit() else { return false };
        let s = strength(c, suit, self.trump);
        self.unseen.of_suit(suit).iter().all(|x| strength(x, suit, self.trump) < s)
    }

    /// How much a card is worth keeping for later tricks.
    fn keep_value(&self, c: Card) -> i32 {
        let is_trump = c.suit().is_some() && c.suit() == self.trump;
        let p = points(c, self.mode);
        let master = if self.is_master(c) { 25 } else { 0 };
        let s = c.suit().map_or(0, |s| i32::from(strength(c, s, self.trump)));
        (if is_trump { 40 } else { 0 }) + master + p + s
    }

    pub(super) fn choose(&self, legal: &[BalootAction]) -> Card {
        let cards: CardSet = legal
            .iter()
            .filter_map(|a| match a {
                BalootAction::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
        let fallback = cards.first().unwrap_or(Card::new(Rank::Seven, Suit::Spades));
        if self.trick.plays.is_empty() { self.lead(cards) } else { self.follow(cards) }.unwrap_or(fallback)
    }

    fn lead(&self, cards: CardSet) -> Option<Card> {
        let trumps = self.trump.map_or(CardSet::EMPTY, |t| cards.of_suit(t));
        let trumps_out = self.trump.map_or(0, |t| self.unseen.of_suit(t).len());
        let opp_may_ruff = |suit: Suit| {
            self.trump.is_some_and(|t| {
                trumps_out > 0 && self.opponents().iter().any(|&o| self.is_void(o, suit) && !self.is_void(o, t))
            })
        };
        // The bidders draw trumps with a master trump while the opponents may hold some.
        if self.bidders && trumps_out > 0 {
            if let Some(top) = trumps.iter().filter(|&c| self.is_master(c)).max_by_key(|&c| self.keep_value(c)) {
                return Some(top);
            }
        }
        let side = cards - trumps;
        let masters = side.iter().filter(|&c| self.is_master(c) && c.suit().is_some_and(|s| !opp_may_ruff(s)));
        if let Some(c) = masters.max_by_key(|&c| points(c, self.mode)) {
            return Some(c);
        }
        // Give the partner a ruff in a suit they lack.
        let partner = self.seat.offset(2, 4);
        if let Some(t) = self.trump {
            for suit in Suit::ALL.into_iter().filter(|&s| s != t) {
                if self.is_void(partner, suit) && !self.is_void(partner, t) && !opp_may_ruff(suit) {
                    if let Some(c) = side.of_suit(suit).iter().min_by_key(|&c| self.keep_value(c)) {
                        return Some(c);
                    }
                }
            }
        }
        // Lead low, never a bare ten or king that hands the trick to a higher card.
        let risky = |c: Card| {
            let s = c.suit().unwrap_or(Suit::Spades);
            let exposed = matches!(c.rank(), Some(Rank::Ten | Rank::King)) && !self.is_master(c);
            i32::from(exposed) * 20 + i32::from(self.hand.of_suit(s).len() == 1) * 2
        };
        if let Some(c) = side.iter().min_by_key(|&c| (risky(c), self.keep_value(c))) {
            return Some(c);
        }
        trumps.iter().min_by_key(|&c| self.keep_value(c))
    }

    fn follow(&self, cards: CardSet) -> Option<Card> {
        let led = self.trick.plays.first().and_then(|p| p.card.suit())?;
        let (best, best_seat) = self
            .trick
            .plays
            .iter()
            .map(|p| (strength(p.card, led, self.trump), p.seat))
            .max_by_key(|&(s, _)| s)
            .unwrap_or((0, self.trick.leader));
        let trick_points: i32 = self.trick.plays.iter().map(|p| points(p.card, self.mode)).sum();
        let last = self.trick.plays.len() == 3;
        let partner_winning = best_seat.team() == self.seat.team();
        let winners: CardSet = cards.iter().filter(|&c| strength(c, led, self.trump) > best).collect();
        let safe = |s: u8| last || !self.opponent_can_beat(s, led);
        if partner_winning && safe(best) {
            return self.feed(cards);
        }
        let safe_winners: CardSet = winners.iter().filter(|&c| safe(strength(c, led, self.trump))).collect();
        if partner_winning {
            // The partner's card may fall: secure the trick only if it is worth it.
            if trick_points >= 10 {
                if let Some(c) = safe_winners.iter().min_by_key(|&c| self.keep_value(c)) {
                    return Some(c);
                }
            }
            return self.shed(cards);
        }
        if let Some(c) = safe_winners.iter().min_by_key(|&c| (self.keep_value(c) - 2 * points(c, self.mode), c)) {
            return Some(c);
        }
        // A winner that the last player may still beat: worth trying only cheaply.
        let cheap = winners.iter().filter(|&c| points(c, self.mode) <= 4).min_by_key(|&c| self.keep_value(c));
        if let Some(c) = cheap {
            if trick_points >= 10 || Some(led) != self.trump {
                return Some(c);
            }
        }
        self.shed(cards)
    }

    /// Whether the opponent still to play (the one after this seat) may beat strength `s`.
    fn opponent_can_beat(&self, s: u8, led: Suit) -> bool {
        let next = self.seat.offset(1, 4);
        let played_already = self.trick.plays.iter().any(|p| p.seat == next);
        if played_already {
            return false;
        }
        self.unseen.iter().any(|c| {
            let cs = strength(c, led, self.trump);
            if cs <= s {
                return false;
            }
            if c.suit() == Some(led) {
                !self.is_void(next, led)
            } else {
                // A trump: only from a player out of the led suit.
                self.trump.is_some_and(|t| !self.is_void(next, t))
                    && (self.is_void(next, led) || self.unseen.of_suit(led).len() <= 2)
            }
        })
    }

    /// The partner holds the trick: give it points, but not a card that wins a trick of its own.
    fn feed(&self, cards: CardSet) -> Option<Card> {
        let is_trump = |c: Card| c.suit().is_some() && c.suit() == self.trump;
        let gift = cards.iter().filter(|&c| !is_trump(c) && !self.is_master(c)).max_by_key(|&c| points(c, self.mode));
        match gift {
            Some(c) if points(c, self.mode) > 0 => Some(c),
            _ => self.shed(cards),
        }
    }

    /// The trick is lost (or safe without help): the card least worth keeping.
    fn shed(&self, cards: CardSet) -> Option<Card> {
        cards.iter().min_by_key(|&c| (self.keep_value(c), c))
    }
}

/// Adds a trick's cards to `played` and what they show about voids: a player who did not follow
/// lacks the led suit; one who then did not trump lacks trumps, unless the partner held the trick
/// (some rules excuse trumping then).
fn note_trick(t: &TrickView, trump: Option<Suit>, played: &mut CardSet, void: &mut [[bool; 4]; 4]) {
    let Some(led) = t.plays.first().and_then(|p| p.card.suit()) else { return };
    let mut best: Option<(u8, Seat)> = None;
    for p in &t.plays {
        played.insert(p.card);
        let suit = p.card.suit();
        if best.is_some() && suit != Some(led) {
            let mark = |v: &mut [[bool; 4]; 4], s: Suit| {
                if let Some(x) = v.get_mut(p.seat.index()).and_then(|r| r.get_mut(s.index())) {
                    *x = true;
                }
            };
            mark(void, led);
            let partner_held = best.is_some_and(|(_, s)| s.team() == p.seat.team());
            if let Some(tr) = trump {
                if suit != Some(tr) && !partner_held {
                    mark(void, tr);
                }
            }
        }
        let s = strength(p.card, led, trump);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, p.seat));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strength_orders_trumps_above_the_led_suit() {
        let c = |t: &str| t.parse::<Card>().expect("card");
        let t = Some(Suit::Hearts);
        assert!(strength(c("JH"), Suit::Spades, t) > strength(c("9H"), Suit::Spades, t));
        assert!(strength(c("9H"), Suit::Spades, t) > strength(c("AH"), Suit::Spades, t));
        assert!(strength(c("7H"), Suit::Spades, t) > strength(c("AS"), Suit::Spades, t));
        assert!(strength(c("AS"), Suit::Spades, t) > strength(c("TS"), Suit::Spades, t));
        assert_eq!(strength(c("AD"), Suit::Spades, t), 0);
    }
}
