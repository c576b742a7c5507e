//! The Kout Bo search: the deal as up to six 64-bit hands, alpha-beta over single card plays with a
//! transposition table at the start of each trick.
//!
//! Within the solver a card is a bit in one of four *fields*: the trump field (bits 0–14: the
//! trump suit's 2 to king, then the black joker, the trump ace and the red joker, the trump order
//! from the bottom) and the three other suits (13 bits each, 2 to ace). A higher bit of a field is
//! a stronger card, so "beats", "the highest live card" and "the next card up" are bit operations.

use cards::{Card, CardSet, Rank, Suit};
use kout::Contract;

use crate::tt::{NO_MOVE, Table};

/// The bits of the trump field: 15 cards.
const TRUMP_FIELD: u64 = (1 << 15) - 1;
/// The black joker's bit.
const BJ: u32 = 12;
/// The red joker's bit.
const RJ: u32 = 14;
/// Both jokers.
const JOKERS: u64 = 1 << BJ | 1 << RJ;
/// The jack, queen, king and ace of trump: once all are played, either joker may lead.
const TOP_FOUR: u64 = 0b1111 << 9 & !(1 << BJ) | 1 << 13;
/// No suit led yet.
const NO_FIELD: u8 = u8::MAX;

/// The first bit of each field.
const BASE: [u32; 4] = [0, 15, 28, 41];

/// The bits of each field.
const FIELD: [u64; 4] = [TRUMP_FIELD, 0x1fff << 15, 0x1fff << 28, 0x1fff << 41];

/// Each bit's field.
const FIELD_OF: [u8; 64] = {
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
const SEGMENT: [u8; 64] = {
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
const ABOVE: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut b = 0;
    while b < 64 {
        t[b] = if b == 63 { 0 } else { !((2u64 << b) - 1) };
        b += 1;
    }
    t
};

#[inline]
fn high_bit(b: u64) -> u32 {
    63 - b.leading_zeros()
}

/// Where each card sits in the solver's bits for one trump suit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Layout {
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
    pub(super) fn set(&self, bits: u64) -> CardSet {
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
pub(super) struct Consts {
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
fn power(c: u8, led: u8) -> u8 {
    let f = FIELD_OF[usize::from(c)];
    if f == 0 {
        64 + c
    } else if f == led {
        32 + c - BASE[usize::from(f)] as u8
    } else {
        0
    }
}

/// A position during the search. Copied to undo a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
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

    #[inline]
    fn all(&self) -> u64 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3] | self.hands[4] | self.hands[5]
    }

    /// The seat to play.
    #[inline]
    pub(super) fn mover(&self, k: &Consts) -> usize {
        let s = self.leader + self.len;
        usize::from(if s >= k.seats { s - k.seats } else { s })
    }

    /// The cards the seat to move may play: the engine's rules (`kout::trick::lead_set` and
    /// `follow_set`).
    #[inline]
    pub(super) fn legal(&self, k: &Consts) -> u64 {
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

    /// Plays card `c` for the seat to move; returns 1 if this completes a trick the counted team
    /// takes, else 0.
    #[inline]
    pub(super) fn play(&mut self, k: &Consts, c: u8) -> i32 {
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

    /// The table key of a position at the start of a trick, ranks normalised: the leader, and per
    /// field which seat holds each card left from the lowest up, the cards played in between
    /// removed. Positions with the same key differ only in cards that nobody holds any more, so
    /// they have the same value. The trump jack, queen, king, ace and the jokers keep their places
    /// (they decide when jokers may lead); only the trump 2–10 are renumbered.
    #[inline]
    pub(super) fn key(&self) -> [u64; 4] {
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
    pub(super) fn move_code(&self, c: u8) -> u8 {
        let f = FIELD_OF[usize::from(c)];
        let below = self.all() & FIELD[usize::from(f)] & ((1u64 << c) - 1);
        f * 16 + below.count_ones() as u8
    }

    /// The card of a stored move code in this position.
    pub(super) fn move_of(&self, code: u8) -> u8 {
        if code == NO_MOVE {
            return NO_MOVE;
        }
        let mut live = self.all() & FIELD[usize::from(code / 16) & 3];
        for _ in 0..code % 16 {
            live &= live.wrapping_sub(1);
        }
        if live == 0 { NO_MOVE } else { live.trailing_zeros() as u8 }
    }

    /// The highest card equivalent to `c`: same hand and segment, no card of another seat (held
    /// or on the table) between them.
    pub(super) fn representative(&self, k: &Consts, c: u8) -> u8 {
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
}

/// The moves of a node in the order to try them.
pub(super) struct Moves {
    pub cards: [u8; 9],
    pub len: usize,
}

impl Moves {
    pub(super) fn cards(&self) -> &[u8] {
        &self.cards[..self.len]
    }
}

/// One search: the constants, the position (changed and restored as moves are tried), the table.
pub(super) struct Search<'t> {
    pub k: Consts,
    pub st: State,
    pub table: &'t mut Table<[u64; 4]>,
    pub equivalence: bool,
    pub nodes: u64,
    /// The most nodes this search may visit; past it, it unwinds at once, storing nothing, and
    /// its answer is meaningless.
    pub limit: u64,
    /// Whether the search went past `limit`.
    pub aborted: bool,
}

impl Search<'_> {
    /// The moves to try, best first; of cards equivalent to each other (one run: same hand and
    /// segment, no card of another seat between), only the highest.
    pub(super) fn ordered(&self, tt_move: u8) -> Moves {
        let st = &self.st;
        let k = &self.k;
        let seat = st.mover(k);
        let hand = st.hands[seat];
        let legal = st.legal(k);
        let all = st.all();
        let blockers = (all | st.table) & !hand;
        let mut out = Moves { cards: [0; 9], len: 0 };
        let mut score = [0i32; 9];
        let ours = usize::from(st.best_seat & 1) == seat & 1 && st.best > 0;
        let last = st.len + 1 == k.seats;
        // The strongest card an opponent still to play could put on this trick.
        let n = usize::from(k.seats);
        let threat = match st.led {
            _ if st.len == 0 || last => 0,
            NO_FIELD => 0,
            led => {
                let field = FIELD[usize::from(led)];
                let mut best = 0;
                for d in (1..n - usize::from(st.len)).step_by(2) {
                    let o = st.hands[(seat + d) % n];
                    let pool = if o & field != 0 { o & (field | JOKERS) } else { o };
                    let p = if pool & TRUMP_FIELD != 0 {
                        64 + high_bit(pool & TRUMP_FIELD) as u8
                    } else if pool & field != 0 {
                        32 + (high_bit(pool & field) - BASE[usize::from(led)]) as u8
                    } else {
                        0
                    };
                    best = best.max(p);
                }
                best
            }
        };
        if legal & legal.wrapping_sub(1) == 0 {
            // One card (or none): nothing to order.
            out.cards[0] = legal.trailing_zeros() as u8;
            out.len = usize::from(legal != 0);
            return out;
        }
        let mut m = legal;
        while m != 0 && out.len < 9 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            let ci = usize::from(c);
            if self.equivalence {
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
            let s = if c == tt_move {
                1000
            } else if st.len == 0 {
                self.lead_score(seat, c, all)
            } else {
                let p = if st.led == NO_FIELD { power(c, FIELD_OF[ci]) } else { power(c, st.led) };
                let rank = i32::from(c) - BASE[usize::from(FIELD_OF[ci])] as i32;
                let joker = i32::from(JOKERS & 1 << c != 0) * 30;
                if p > st.best && (last || p > threat) {
                    // Takes the trick for sure: as cheaply as possible.
                    200 - i32::from(p)
                } else if ours && (last || st.best > threat) {
                    // The partner has it: discard.
                    100 - rank - joker
                } else if p > st.best {
                    50 + i32::from(p)
                } else {
                    -rank - joker
                }
            };
            let mut i = out.len;
            while i > 0 && score[i - 1] < s {
                score[i] = score[i - 1];
                out.cards[i] = out.cards[i - 1];
                i -= 1;
            }
            score[i] = s;
            out.cards[i] = c;
            out.len += 1;
        }
        out
    }

    /// A guess of how good leading `c` is, for move ordering only.
    fn lead_score(&self, seat: usize, c: u8, all: u64) -> i32 {
        let st = &self.st;
        let ci = usize::from(c);
        let f = usize::from(FIELD_OF[ci]);
        let field = FIELD[f];
        let top = high_bit(all & field);
        let rank = i32::from(c) - BASE[f] as i32;
        let n = usize::from(self.k.seats);
        let partner_has = |bit: u32| (2..n).step_by(2).any(|d| st.hands[(seat + d) % n] & 1 << bit != 0);
        if u32::from(c) == top {
            if f == 0 {
                return 80;
            }
            // An opponent void in the suit with a trump, or any joker outside the hand, may take it.
            let ruffable = (1..n).step_by(2).any(|d| {
                let o = st.hands[(seat + d) % n];
                o & JOKERS != 0 || (o & field == 0 && o & TRUMP_FIELD != 0)
            });
            if ruffable { 10 - rank } else { 60 + rank }
        } else if partner_has(top) {
            40 - rank
        } else {
            20 - rank
        }
    }

    /// The tricks the counted team takes from here, fail-soft: the exact value if it lies
    /// strictly between `alpha` and `beta`, otherwise a bound on the same side of the window.
    pub(super) fn search(&mut self, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return alpha;
        }
        let saved = self.st;
        if saved.len != 0 {
            if let Some(ours) = self.decided() {
                let cap = i32::from(saved.tricks_left);
                if ours && beta <= 1 {
                    return 1;
                }
                if !ours && cap - 1 <= alpha {
                    return cap - 1;
                }
            }
            return self.expand(alpha, beta, NO_MOVE).0;
        }
        if saved.tricks_left == 1 {
            // The last trick: every seat has one card left.
            let mut gain = 0;
            while self.st.tricks_left == 1 {
                let card = self.st.hands[self.st.mover(&self.k)].trailing_zeros() as u8;
                gain += self.st.play(&self.k, card);
            }
            self.st = saved;
            return gain;
        }
        let cap = i32::from(saved.tricks_left);
        if cap <= alpha {
            return cap;
        }
        if beta <= 0 {
            return 0;
        }
        let (ours, theirs) = self.sure_tricks();
        if ours >= beta {
            return ours;
        }
        if cap - theirs <= alpha {
            return cap - theirs;
        }
        let key = saved.key();
        let mut tt_move = NO_MOVE;
        if let Some(b) = self.table.probe(key) {
            let (lo, hi) = (i32::from(b.lower), i32::from(b.upper));
            if lo >= beta || lo == hi {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            tt_move = saved.move_of(b.best);
        }
        let (best, best_move) = self.expand(alpha, beta, tt_move);
        let (lo, hi) = if best <= alpha {
            (ours, best)
        } else if best >= beta {
            (best, cap - theirs)
        } else {
            (best, best)
        };
        let code = if best_move == NO_MOVE { NO_MOVE } else { saved.move_code(best_move) };
        if !self.aborted {
            self.table.store(key, saved.tricks_left, lo.clamp(0, 255) as u8, hi.clamp(0, 255) as u8, code);
        }
        best
    }

    /// Whether the trick on the table is already won (`Some(true)` by the counted team): no seat
    /// still to play on the other side could beat its best card.
    fn decided(&self) -> Option<bool> {
        let st = &self.st;
        let k = &self.k;
        if st.led == NO_FIELD || st.best == 0 {
            return None;
        }
        let n = usize::from(k.seats);
        let field = FIELD[usize::from(st.led)];
        let winner = usize::from(st.best_seat & 1);
        let seat = st.mover(k);
        for d in 0..n - usize::from(st.len) {
            let s = (seat + d) % n;
            if s & 1 == winner {
                continue;
            }
            let o = st.hands[s];
            let pool = if o & field != 0 { o & (field | JOKERS) } else { o };
            let p = if pool & TRUMP_FIELD != 0 {
                64 + high_bit(pool & TRUMP_FIELD) as u8
            } else if pool & field != 0 {
                32 + (high_bit(pool & field) - BASE[usize::from(st.led)]) as u8
            } else {
                0
            };
            if p > st.best {
                return None;
            }
        }
        Some(winner == k.team)
    }

    /// Tricks each team is sure to take from here, the counted team's first. The trump cards at
    /// the top of the trump field held by one team win their tricks whenever they are played, and
    /// one seat plays them in different tricks: the team takes at least as many tricks as its seat
    /// holding most of them (jokers, which may be made dead, are not counted, but do not break the
    /// run). The leader can also cash the top cards of its plain suits and keep the lead when no
    /// opponent holds a joker and every other seat holding a trump can follow.
    fn sure_tricks(&self) -> (i32, i32) {
        let st = &self.st;
        let k = &self.k;
        let n = usize::from(k.seats);
        let mut sure = [0i32; 2];
        let team_cards = [st.hands[0] | st.hands[2] | st.hands[4], st.hands[1] | st.hands[3] | st.hands[5]];
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
                    if let Some(seat) = (0..n).find(|&s| st.hands[s] & bit != 0) {
                        count[seat] += 1;
                    }
                }
                trumps &= !bit;
            }
            sure[owner] = count.iter().copied().max().unwrap_or(0);
        }
        let l = usize::from(st.leader);
        let hand = st.hands[l];
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
                    let other = st.hands[(l + d) % n];
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
        (sure[k.team], sure[k.team ^ 1])
    }

    /// Tries the moves of the seat to move in order; returns the fail-soft value and the move that
    /// gave it.
    fn expand(&mut self, mut alpha: i32, mut beta: i32, tt_move: u8) -> (i32, u8) {
        let saved = self.st;
        let maximizing = saved.mover(&self.k) & 1 == self.k.team;
        let moves = self.ordered(tt_move);
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        let mut best_move = NO_MOVE;
        for &c in moves.cards() {
            let gain = self.st.play(&self.k, c);
            let v = gain + self.search(alpha - gain, beta - gain);
            self.st = saved;
            if maximizing {
                if v > best {
                    best = v;
                    best_move = c;
                    alpha = alpha.max(v);
                }
            } else if v < best {
                best = v;
                best_move = c;
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        (best, best_move)
    }

    /// The exact value, by zero-window searches.
    pub(super) fn solve(&mut self) -> i32 {
        let (mut lo, mut hi) = (0, i32::from(self.st.tricks_left));
        // MTD(f): each test next to the last result, from a greedy play-out's guess (tricks are
        // few, so the value is rarely more than a test or two away).
        let mut g = self.greedy();
        while lo < hi {
            let beta = g.clamp(lo + 1, hi);
            g = self.search(beta - 1, beta);
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        lo
    }

    /// A guess of the value: the tricks of a play-out where every seat plays its first move in the
    /// search's order.
    fn greedy(&mut self) -> i32 {
        let saved = self.st;
        let mut total = 0;
        while !(self.st.len == 0 && self.st.tricks_left == 0) {
            let moves = self.ordered(NO_MOVE);
            total += self.st.play(&self.k, moves.cards[0]);
        }
        self.st = saved;
        total
    }

    /// Whether the counted team takes at least `target` tricks from here.
    pub(super) fn at_least(&mut self, target: i32) -> bool {
        self.search(target - 1, target) >= target
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
