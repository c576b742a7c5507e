//! Kout Bo in the search's form: the deal as up to six 64-bit hands, the play rules on them, the
//! table key with ranks normalised, and the glue to the generic search ([`Node`]).
//!
//! Within the solver a card is a bit in one of four *fields*: the trump field (bits 0–14: the
//! trump suit's 2 to king, then the black joker, the trump ace and the red joker, the trump order
//! from the bottom) and the three other suits (13 bits each, 2 to ace). A higher bit of a field is
//! a stronger card, so "beats", "the highest live card" and "the next card up" are bit operations.

use cards::{Card, CardSet, Rank, Suit};
use kout::Contract;

use crate::bounds::Sure;
use crate::node::{Driver, Node};
use crate::order::Moves;
use crate::trans_table::NO_MOVE;

/// The bits of the trump field: 15 cards.
pub(super) const TRUMP_FIELD: u64 = (1 << 15) - 1;
/// The black joker's bit.
const BJ: u32 = 12;
/// The red joker's bit.
const RJ: u32 = 14;
/// Both jokers.
pub(super) const JOKERS: u64 = 1 << BJ | 1 << RJ;
/// The jack, queen, king and ace of trump: once all are played, either joker may lead.
pub(super) const TOP_FOUR: u64 = 0b1111 << 9 & !(1 << BJ) | 1 << 13;
/// No suit led yet.
pub(super) const NO_FIELD: u8 = u8::MAX;

/// The first bit of each field.
pub(super) const BASE: [u32; 4] = [0, 15, 28, 41];

/// The bits of each field.
pub(super) const FIELD: [u64; 4] = [TRUMP_FIELD, 0x1fff << 15, 0x1fff << 28, 0x1fff << 41];

/// Each bit's field.
pub(super) const FIELD_OF: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut b = 0;
    while b < 64 {
        t[b] = if b < 15 {
            0
        } else if b < 28 {
            1
        } else if b < 41 {
            2
        } else {
            3
        };
        b += 1;
    }
    t
};

/// Cards of a run must share a segment: the trump 2 to 10, the trump jack to ace (whose play
/// counts towards letting the jokers lead), each joker alone (their leads follow their own rules),
/// each plain suit.
pub(super) const SEGMENT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut b = 0;
    while b < 64 {
        t[b] = if b <= 8 {
            0
        } else if b == BJ as usize {
            2
        } else if b == RJ as usize {
            3
        } else if b < 15 {
            1
        } else {
            4 + FIELD_OF[b]
        };
        b += 1;
    }
    t
};

/// For each bit, the bits above it.
pub(super) const ABOVE: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut b = 0;
    while b < 64 {
        t[b] = if b == 63 { 0 } else { !((2u64 << b) - 1) };
        b += 1;
    }
    t
};

/// The highest bit of `b` (not 0).
#[inline]
pub(super) fn high_bit(b: u64) -> u32 {
    63 - b.leading_zeros()
}

/// Where each card sits in the solver's bits for one trump suit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub trump: Suit,
    /// The plain suits in field order (fields 1–3).
    pub plain: [Suit; 3],
    pub cards: [Option<Card>; 64],
}

impl Layout {
    pub(super) fn new(trump: Suit) -> Layout {
        let mut plain = [Suit::Spades; 3];
        let mut n = 0;
        for s in Suit::ALL {
            if s != trump && n < 3 {
                plain[n] = s;
                n += 1;
            }
        }
        let mut layout = Layout { trump, plain, cards: [None; 64] };
        for card in CardSet::ALL {
            let i = layout.index(card);
            layout.cards[usize::from(i)] = Some(card);
        }
        layout
    }

    /// The bit of any card.
    pub(super) fn index(&self, card: Card) -> u8 {
        if card == Card::RED_JOKER {
            return RJ as u8;
        }
        if card == Card::BLACK_JOKER {
            return BJ as u8;
        }
        let (Some(suit), Some(rank)) = (card.suit(), card.rank()) else { return 0 };
        let r = rank.index() as u32;
        if suit == self.trump {
            return if rank == Rank::Ace { 13 } else { r as u8 };
        }
        let f = self.plain.iter().position(|&s| s == suit).unwrap_or(0);
        (BASE[f + 1] + r) as u8
    }

    /// `set` as solver bits.
    pub(super) fn bits(&self, set: CardSet) -> u64 {
        set.iter().fold(0, |acc, c| acc | 1 << self.index(c))
    }

    /// Solver bits as cards.
    #[cfg(test)]
    fn set(&self, bits: u64) -> CardSet {
        let mut out = CardSet::EMPTY;
        let mut b = bits;
        while b != 0 {
            if let Some(c) = self.cards[b.trailing_zeros() as usize] {
                out.insert(c);
            }
            b &= b - 1;
        }
        out
    }
}

/// What stays fixed during a search.
#[derive(Clone, Debug)]
pub struct Consts {
    /// Seats at the table: 4 or 6.
    pub seats: u8,
    /// The team whose tricks are counted: 0 or 1 (the seat's parity).
    pub team: usize,
    /// The maker's team.
    pub maker_team: usize,
    /// The bid, 5–9.
    pub bid: u8,
    /// The seat holding each card (the deal's: cards never change hands).
    pub owner: [u8; 64],
    /// Bits per seat number in a key: 2 for four seats, 3 for six.
    pub owner_bits: u32,
}

impl Consts {
    /// The constants of a search of the deal whose seats hold `hands`.
    pub(super) fn new(seats: usize, contract: Contract, team: usize, hands: &[u64; 6]) -> Consts {
        let mut owner = [0u8; 64];
        for (seat, &hand) in hands.iter().enumerate() {
            let mut h = hand;
            while h != 0 {
                owner[h.trailing_zeros() as usize] = seat as u8;
                h &= h - 1;
            }
        }
        Consts {
            seats: seats as u8,
            team,
            maker_team: contract.maker.team().index(),
            bid: contract.bid.tricks(),
            owner,
            owner_bits: if seats > 4 { 3 } else { 2 },
        }
    }

    /// The jokers `seat` may lead when the cards `left` (held or on the table) are not yet
    /// played: either once the trump jack, queen, king and ace are all played; otherwise the
    /// maker's team with a bid of 9 (either) or 8 (the red one).
    #[inline]
    fn joker_leads(&self, seat: usize, left: u64) -> u64 {
        if left & TOP_FOUR == 0 {
            return JOKERS;
        }
        if seat & 1 != self.maker_team {
            return 0;
        }
        match self.bid {
            9 => JOKERS,
            8 => 1 << RJ,
            _ => 0,
        }
    }
}

/// How strongly live card `c` plays in a trick led in field `led`: trumps above the led suit
/// above discards (0).
#[inline]
pub(super) fn power(c: u8, led: u8) -> u8 {
    let f = FIELD_OF[usize::from(c)];
    if f == 0 {
        64 + c
    } else if f == led {
        32 + c - BASE[usize::from(f)] as u8
    } else {
        0
    }
}

/// A position during the search. The search plays a move on a copy, so nothing is undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub hands: [u64; 6],
    /// The cards on the table.
    pub table: u64,
    pub leader: u8,
    /// Cards on the table.
    pub len: u8,
    /// The led field (`NO_FIELD` before the lead and while a dead joker waits for its suit).
    pub led: u8,
    /// The power of the strongest live card so far (0: none) and who played it.
    pub best: u8,
    pub best_seat: u8,
    /// The card led was a dead joker.
    pub dead_lead: bool,
    /// Tricks not yet complete, the one on the table included.
    pub tricks_left: u8,
    /// Per field, the seats holding its cards from the lowest up (`owner_bits` each): the ranks
    /// normalised, kept up to date card by card for the table key.
    pub seq: [u64; 4],
}

impl State {
    /// A position with no card on the table.
    pub(super) fn new(k: &Consts, hands: [u64; 6], leader: usize, tricks_left: u8) -> State {
        let all = hands.iter().fold(0, |acc, h| acc | h);
        let mut seq = [0u64; 4];
        for (f, word) in seq.iter_mut().enumerate() {
            let mut live = all & FIELD[f];
            let mut at = 0;
            while live != 0 {
                *word |= u64::from(k.owner[live.trailing_zeros() as usize]) << at;
                at += k.owner_bits;
                live &= live - 1;
            }
        }
        State {
            seq,
            hands,
            table: 0,
            leader: leader as u8,
            len: 0,
            led: NO_FIELD,
            best: 0,
            best_seat: leader as u8,
            dead_lead: false,
            tricks_left,
        }
    }

    /// The cards held.
    #[inline]
    pub(super) fn all(&self) -> u64 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3] | self.hands[4] | self.hands[5]
    }

    /// The seat to play.
    #[inline]
    pub(super) fn mover(&self, k: &Consts) -> usize {
        let s = self.leader + self.len;
        usize::from(if s >= k.seats { s - k.seats } else { s })
    }
}

impl Node for State {
    type Consts = Consts;
    type Key = [u64; 4];

    // Tricks are few: the value is rarely more than a test or two from a greedy play-out's.
    const DRIVER: Driver = Driver::Mtdf;
    // The quick bounds cost less than a table probe of a 40-byte entry.
    const SURE_BEFORE_PROBE: bool = true;
    // Cards of a run are exactly equivalent: only the highest is ordered.
    const BOUNDED_RUNS: bool = false;

    #[inline]
    fn maximizing(&self, k: &Consts) -> bool {
        self.mover(k) & 1 == k.team
    }

    #[inline]
    fn in_trick(&self) -> bool {
        self.len != 0
    }

    #[inline]
    fn tricks_left(&self) -> u8 {
        self.tricks_left
    }

    /// The cards the seat to move may play: the engine's rules (`kout::trick::lead_set` and
    /// `follow_set`).
    #[inline]
    fn legal(&self, k: &Consts) -> u64 {
        let seat = self.mover(k);
        let hand = self.hands[seat];
        if self.len == 0 {
            let allowed = k.joker_leads(seat, self.all());
            let plain = hand & !JOKERS;
            let live_jokers = hand & allowed;
            return if plain != 0 {
                plain | live_jokers
            } else if live_jokers != 0 {
                live_jokers
            } else {
                hand
            };
        }
        match self.led {
            NO_FIELD => hand,
            0 => {
                let t = hand & TRUMP_FIELD;
                if t != 0 { t } else { hand }
            }
            f => {
                let s = hand & FIELD[usize::from(f)];
                if s != 0 { s | (hand & JOKERS) } else { hand }
            }
        }
    }

    #[inline]
    fn ordered(&self, k: &Consts, equivalence: bool, table_move: u8) -> Moves {
        State::ordered(self, k, equivalence, table_move)
    }

    /// The highest card equivalent to `c`: same hand and segment, no card of another seat (held
    /// or on the table) between them.
    fn representative(&self, k: &Consts, c: u8) -> u8 {
        let hand = self.hands[self.mover(k)];
        let blockers = (self.all() | self.table) & !hand;
        let mut c = usize::from(c);
        loop {
            let field = FIELD[usize::from(FIELD_OF[c])];
            let up = hand & field & ABOVE[c];
            if up == 0 {
                return c as u8;
            }
            let y = up.trailing_zeros() as usize;
            let between = ABOVE[c] & ((1u64 << y) - 1);
            if SEGMENT[c] != SEGMENT[y] || blockers & between != 0 {
                return c as u8;
            }
            c = y;
        }
    }

    /// Plays card `c` for the seat to move; returns 1 if this completes a trick the counted team
    /// takes, else 0.
    #[inline]
    fn play(&mut self, k: &Consts, c: u8) -> i32 {
        let seat = self.mover(k);
        let bit = 1u64 << c;
        let joker = JOKERS & bit != 0;
        let dead = if self.len == 0 {
            let dead = joker && k.joker_leads(seat, self.all()) & bit == 0;
            self.dead_lead = dead;
            self.led = NO_FIELD;
            self.best = 0;
            dead
        } else {
            joker && self.len == 1 && self.dead_lead
        };
        let f = usize::from(FIELD_OF[usize::from(c)]);
        let below = (self.all() & FIELD[f] & (bit - 1)).count_ones() * k.owner_bits;
        let low = (1u64 << below) - 1;
        self.seq[f] = (self.seq[f] & low) | (self.seq[f] >> k.owner_bits & !low);
        self.hands[seat] &= !bit;
        self.table |= bit;
        if !dead {
            if self.led == NO_FIELD {
                self.led = FIELD_OF[usize::from(c)];
            }
            let p = power(c, self.led);
            if p > self.best {
                self.best = p;
                self.best_seat = seat as u8;
            }
        }
        self.len += 1;
        if self.len < k.seats {
            return 0;
        }
        let winner = if self.best > 0 { self.best_seat } else { self.leader };
        self.tricks_left -= 1;
        self.leader = winner;
        self.len = 0;
        self.table = 0;
        self.led = NO_FIELD;
        self.best = 0;
        self.dead_lead = false;
        i32::from(usize::from(winner & 1) == k.team)
    }

    #[inline]
    fn cap(&self, _k: &Consts) -> i32 {
        i32::from(self.tricks_left)
    }

    #[inline]
    fn sure(&self, k: &Consts) -> Sure {
        self.sure_tricks(k)
    }

    #[inline]
    fn in_trick_cut(&self, k: &Consts, alpha: i32, beta: i32) -> Option<i32> {
        self.trick_cut(k, alpha, beta)
    }

    #[inline]
    fn last_trick(&self, k: &Consts) -> i32 {
        State::last_trick(self, k)
    }

    /// The table key of a position at the start of a trick, ranks normalised: the leader, and per
    /// field which seat holds each card left from the lowest up, the cards played in between
    /// removed. Positions with the same key differ only in cards that nobody holds any more, so
    /// they have the same value. The trump jack, queen, king, ace and the jokers keep their places
    /// (they decide when jokers may lead); only the trump 2–10 are renumbered.
    #[inline]
    fn key(&self) -> [u64; 4] {
        let all = self.all();
        let count = |f: usize| u64::from((all & FIELD[f]).count_ones()) << 48;
        [
            self.seq[0]
                | (all >> 9 & 0b11_1111) << 48
                | u64::from((all & 0x1ff).count_ones()) << 54
                | u64::from(self.leader) << 58,
            self.seq[1] | count(1),
            self.seq[2] | count(2),
            self.seq[3] | count(3),
        ]
    }

    /// The move `c` (a lead) as the table stores it: its field and its place among the cards of
    /// the field still held, which name the same card in every position of the same key.
    fn move_code(&self, c: u8) -> u8 {
        let f = FIELD_OF[usize::from(c)];
        let below = self.all() & FIELD[usize::from(f)] & ((1u64 << c) - 1);
        f * 16 + below.count_ones() as u8
    }

    /// The card of a stored move code in this position.
    fn move_of(&self, code: u8) -> u8 {
        if code == NO_MOVE {
            return NO_MOVE;
        }
        let mut live = self.all() & FIELD[usize::from(code / 16) & 3];
        for _ in 0..code % 16 {
            live &= live.wrapping_sub(1);
        }
        if live == 0 { NO_MOVE } else { live.trailing_zeros() as u8 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_keeps_the_engine_order_within_each_field() {
        for trump in Suit::ALL {
            let layout = Layout::new(trump);
            for led in Suit::ALL {
                let f = layout.index(Card::new(Rank::Two, led));
                let field = FIELD_OF[usize::from(f)];
                for a in CardSet::ALL {
                    for b in CardSet::ALL {
                        let (x, y) = (layout.index(a), layout.index(b));
                        let engine = (kout::card_power(a, trump, Some(led)), kout::card_power(b, trump, Some(led)));
                        let ours = (power(x, field), power(y, field));
                        assert_eq!(engine.0.cmp(&engine.1), ours.0.cmp(&ours.1), "{a} {b} trump {trump} led {led}");
                    }
                }
            }
            assert_eq!(layout.set(layout.bits(CardSet::ALL)), CardSet::ALL);
        }
    }

    #[test]
    fn top_four_is_the_jack_queen_king_and_ace_of_trump() {
        let layout = Layout::new(Suit::Hearts);
        let expected: CardSet =
            [Rank::Jack, Rank::Queen, Rank::King, Rank::Ace].into_iter().map(|r| Card::new(r, Suit::Hearts)).collect();
        assert_eq!(layout.set(TOP_FOUR), expected);
        assert_eq!(layout.set(JOKERS), CardSet::JOKERS);
    }
}
