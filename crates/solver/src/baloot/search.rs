//! The Baloot search: the deal as four 32-bit hands, alpha-beta over single card plays with a
//! transposition table at the start of each trick.
//!
//! Within the solver a card is a bit `8 * suit + order`, where `order` runs from the weakest card
//! of its suit (0) to the strongest (7) in the mode's order (J 9 A 10 K Q 8 7 for the trump, A 10
//! K Q J 9 8 7 otherwise), so "beats", "the highest live card" and "the next card up" are bit
//! operations. The order and the points come from the engine's own [`strength`] and
//! [`card_points`].

use baloot::{BalootRules, Mode, card_points, strength};
use cards::{Card, CardSet, DeckKind, Rank, Suit};

use crate::tt::{NO_MOVE, Table};

/// The cards of each suit.
const SUIT: [u32; 4] = [0xff, 0xff << 8, 0xff << 16, 0xff << 24];

/// For each card, the cards above it (of every suit: callers mask the suit).
const ABOVE: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut c = 0;
    while c < 32 {
        t[c] = !(((2u64 << c) - 1) as u32);
        c += 1;
    }
    t
};

/// The last trick's bonus.
const LAST: i32 = baloot::LAST_TRICK_BONUS as i32;

/// Where each card sits in the solver's bits for one mode, and its points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Layout {
    pub trump: Option<Suit>,
    pub cards: [Card; 32],
    pub pts: [u8; 32],
}

impl Layout {
    pub(super) fn new(mode: Mode) -> Layout {
        let trump = mode.trump();
        let mut cards = [Card::new(Rank::Seven, Suit::Spades); 32];
        let mut pts = [0u8; 32];
        for card in DeckKind::Baloot.cards() {
            if let Some(i) = Layout::index_in(trump, card) {
                cards[i] = card;
                pts[i] = card_points(card, mode) as u8;
            }
        }
        Layout { trump, cards, pts }
    }

    fn index_in(trump: Option<Suit>, card: Card) -> Option<usize> {
        let suit = card.suit()?;
        let s = strength(card, suit, trump);
        let order = if Some(suit) == trump { s.checked_sub(9)? } else { s.checked_sub(1)? };
        Some(suit.index() * 8 + usize::from(order & 7))
    }

    /// The bit of a Baloot card (`None` for any other card).
    pub(super) fn index(&self, card: Card) -> Option<u8> {
        if !DeckKind::Baloot.cards().contains(card) {
            return None;
        }
        Layout::index_in(self.trump, card).map(|i| i as u8)
    }

    /// `set` (Baloot cards only) as solver bits.
    pub(super) fn bits(&self, set: CardSet) -> u32 {
        set.iter().filter_map(|c| self.index(c)).fold(0, |acc, i| acc | 1 << i)
    }

    /// Solver bits as cards.
    pub(super) fn set(&self, bits: u32) -> CardSet {
        let mut out = CardSet::EMPTY;
        let mut b = bits;
        while b != 0 {
            out.insert(self.cards[b.trailing_zeros() as usize]);
            b &= b - 1;
        }
        out
    }
}

/// What stays fixed during a search.
#[derive(Clone, Debug)]
pub(super) struct Consts {
    pub pts: [u8; 32],
    /// The trump suit's cards (0 in Sun).
    pub trump: u32,
    pub trump_when_partner_winning: bool,
    pub must_overtrump: bool,
    /// What a Kaboot adds to the points of all 8 tricks, when the rule is on.
    pub kaboot_bonus: Option<i32>,
    /// The team whose points are counted: 0 or 1 (the seat's parity).
    pub team: usize,
}

impl Consts {
    pub(super) fn new(layout: &Layout, mode: Mode, rules: &BalootRules, team: usize) -> Consts {
        let total: i32 = layout.pts.iter().map(|&p| i32::from(p)).sum::<i32>() + LAST;
        Consts {
            pts: layout.pts,
            trump: layout.trump.map_or(0, |t| SUIT[t.index()]),
            trump_when_partner_winning: rules.trump_when_partner_winning,
            must_overtrump: rules.must_overtrump,
            kaboot_bonus: rules.kaboot.then(|| i32::from(super::kaboot_value(mode)) - total),
            team,
        }
    }

    /// How strongly card `c` plays in a trick led in `led` (a suit mask): 0 for a discard, 8–15
    /// for the led suit, 16–23 for a trump.
    #[inline]
    fn strength(&self, c: u8, led: u32) -> u8 {
        let bit = 1u32 << c;
        if self.trump & bit != 0 {
            16 + (c & 7)
        } else if led & bit != 0 {
            8 + (c & 7)
        } else {
            0
        }
    }
}

/// A position during the search. Copied to undo a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    pub hands: [u32; 4],
    /// The cards on the table.
    pub table: u32,
    /// The points of the cards still held.
    pub held_pts: u16,
    /// The points of the cards on the table.
    pub trick_pts: u16,
    /// The suit led (a suit mask; 0 before the lead).
    pub led: u32,
    pub leader: u8,
    /// Cards on the table.
    pub len: u8,
    pub win_seat: u8,
    pub win_card: u8,
    pub win_str: u8,
    /// Tricks not yet complete, the one on the table included.
    pub tricks_left: u8,
    /// The counted team has taken every trick so far (a Kaboot is still possible for it).
    pub sweep: bool,
}

impl State {
    /// A position with no card on the table.
    pub(super) fn new(k: &Consts, hands: [u32; 4], leader: usize, tricks_left: u8, sweep: bool) -> State {
        let all = hands[0] | hands[1] | hands[2] | hands[3];
        State {
            hands,
            table: 0,
            held_pts: points(k, all),
            trick_pts: 0,
            led: 0,
            leader: leader as u8 & 3,
            len: 0,
            win_seat: 0,
            win_card: 0,
            win_str: 0,
            tricks_left,
            sweep,
        }
    }

    /// The seat to play.
    #[inline]
    pub(super) fn mover(&self) -> usize {
        usize::from((self.leader + self.len) & 3)
    }

    /// The cards the seat to move may play: the engine's rules (`baloot::trick::legal_plays`).
    #[inline]
    pub(super) fn legal(&self, k: &Consts) -> u32 {
        let seat = self.mover();
        let hand = self.hands[seat];
        if self.len == 0 {
            return hand;
        }
        let follow = hand & self.led;
        if k.trump == 0 {
            return if follow != 0 { follow } else { hand };
        }
        let led_trump = self.led == k.trump;
        if !led_trump && follow != 0 {
            return follow;
        }
        let trumps = hand & k.trump;
        if trumps == 0 {
            return hand;
        }
        let best_is_trump = self.win_str >= 16;
        let above = trumps & ABOVE[usize::from(self.win_card & 31)];
        if !led_trump && !k.trump_when_partner_winning && usize::from(self.win_seat) == (seat + 2) & 3 {
            // No duty to trump; a trump played must still beat the partner's if it can.
            if k.must_overtrump && best_is_trump && above != 0 {
                return (hand & !trumps) | above;
            }
            return hand;
        }
        if k.must_overtrump && best_is_trump && above != 0 {
            return above;
        }
        trumps
    }

    /// Plays card `c` for the seat to move; returns the points the counted team gains if this
    /// completes a trick (its cards, the last trick's 10, a Kaboot's bonus).
    #[inline]
    pub(super) fn play(&mut self, k: &Consts, c: u8) -> i32 {
        let seat = self.mover() as u8;
        let bit = 1u32 << c;
        let p = u16::from(k.pts[usize::from(c)]);
        self.hands[usize::from(seat)] &= !bit;
        self.table |= bit;
        self.held_pts -= p;
        self.trick_pts += p;
        if self.len == 0 {
            self.led = SUIT[usize::from(c >> 3)];
        }
        let s = k.strength(c, self.led);
        if self.len == 0 || s > self.win_str {
            self.win_str = s;
            self.win_seat = seat;
            self.win_card = c;
        }
        self.len += 1;
        if self.len < 4 {
            return 0;
        }
        self.tricks_left -= 1;
        let ours = usize::from(self.win_seat & 1) == k.team;
        let mut gain = 0;
        if ours {
            gain = i32::from(self.trick_pts) + if self.tricks_left == 0 { LAST } else { 0 };
        } else {
            self.sweep = false;
        }
        if self.tricks_left == 0 && self.sweep {
            gain += k.kaboot_bonus.unwrap_or(0);
        }
        self.leader = self.win_seat;
        self.len = 0;
        self.table = 0;
        self.trick_pts = 0;
        self.led = 0;
        gain
    }

    /// The most the counted team can still gain.
    #[inline]
    pub(super) fn cap(&self, k: &Consts) -> i32 {
        let kaboot = if self.sweep { k.kaboot_bonus.unwrap_or(0) } else { 0 };
        i32::from(self.held_pts + self.trick_pts) + LAST + kaboot
    }

    /// The cards still in play: held, or on the table (which separate the cards around them).
    #[inline]
    fn live(&self) -> u32 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3] | self.table
    }

    /// `moves` less the cards equivalent to a higher one of them: same hand and suit, no live
    /// card between, the same points.
    #[inline]
    pub(super) fn representatives(&self, k: &Consts, moves: u32) -> u32 {
        let hand = self.hands[self.mover()];
        let live = self.live();
        let mut out = moves;
        let mut m = moves;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            let up = live & SUIT[c >> 3] & ABOVE[c];
            if up != 0 {
                let y = up.trailing_zeros() as usize;
                if hand & (1 << y) != 0 && k.pts[c] == k.pts[y] {
                    out &= !(1 << c);
                }
            }
        }
        out
    }

    /// The highest card of `moves`'s class: the card the search plays for `c`.
    pub(super) fn representative(&self, k: &Consts, c: u8) -> u8 {
        let hand = self.hands[self.mover()];
        let live = self.live();
        let mut c = usize::from(c);
        loop {
            let up = live & SUIT[c >> 3] & ABOVE[c];
            if up == 0 {
                return c as u8;
            }
            let y = up.trailing_zeros() as usize;
            if hand & (1 << y) == 0 || k.pts[c] != k.pts[y] {
                return c as u8;
            }
            c = y;
        }
    }
}

fn points(k: &Consts, bits: u32) -> u16 {
    let mut sum = 0;
    let mut b = bits;
    while b != 0 {
        sum += u16::from(k.pts[b.trailing_zeros() as usize]);
        b &= b - 1;
    }
    sum
}

#[inline]
fn high_bit(b: u32) -> u8 {
    31 - b.leading_zeros() as u8
}

/// One search: the constants, the position (changed and restored as moves are tried), the table.
pub(super) struct Search<'t> {
    pub k: Consts,
    pub st: State,
    pub table: &'t mut Table,
    pub equivalence: bool,
    pub nodes: u64,
}

impl Search<'_> {
    /// The moves to try, best first.
    pub(super) fn ordered(&self, tt_move: u8) -> ([u8; 8], usize) {
        let st = &self.st;
        let k = &self.k;
        let mut moves = st.legal(k);
        if self.equivalence {
            moves = st.representatives(k, moves);
        }
        let mut list = [0u8; 8];
        let mut score = [0i32; 8];
        let mut n = 0;
        let seat = st.mover();
        let mut m = moves;
        while m != 0 && n < 8 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            let s = if c == tt_move { 1000 } else { self.score(seat, c) };
            // Insertion by score, highest first.
            let mut i = n;
            while i > 0 && score[i - 1] < s {
                score[i] = score[i - 1];
                list[i] = list[i - 1];
                i -= 1;
            }
            score[i] = s;
            list[i] = c;
            n += 1;
        }
        (list, n)
    }

    /// A guess of how good playing `c` is for the seat to move, for move ordering only.
    #[inline]
    fn score(&self, seat: usize, c: u8) -> i32 {
        let st = &self.st;
        let k = &self.k;
        let pts = i32::from(k.pts[usize::from(c)]);
        if st.len == 0 {
            let live = st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3];
            let suit = SUIT[usize::from(c >> 3)];
            let top = high_bit(live & suit);
            if c == top {
                let ruffs = |o: u32| o & suit == 0 && o & k.trump != 0;
                let ruffable = suit != k.trump && (ruffs(st.hands[(seat + 1) & 3]) || ruffs(st.hands[(seat + 3) & 3]));
                if ruffable { 5 - pts } else { 60 + pts }
            } else if st.hands[(seat + 2) & 3] & (1 << top) != 0 {
                40 - pts
            } else {
                20 - pts - i32::from(c & 7)
            }
        } else {
            let s = k.strength(c, st.led);
            let ours = usize::from(st.win_seat & 1) == seat & 1;
            if st.len == 3 {
                return if s > st.win_str {
                    100 + pts
                } else if ours {
                    50 + pts
                } else {
                    -pts
                };
            }
            // The next seat is an opponent: the strongest card it could play.
            let o = st.hands[(seat + 1) & 3];
            let follow = o & st.led;
            let threat = if follow != 0 {
                k.strength(high_bit(follow), st.led)
            } else if o & k.trump != 0 {
                k.strength(high_bit(o & k.trump), st.led)
            } else {
                0
            };
            if ours && st.win_str > threat {
                50 + pts
            } else if s > st.win_str && s > threat {
                80 + pts
            } else if s > st.win_str {
                20 - pts
            } else {
                -pts
            }
        }
    }

    /// The points the counted team takes from here, fail-soft: the exact value if it lies strictly
    /// between `alpha` and `beta`, otherwise a bound on the same side of the window.
    pub(super) fn search(&mut self, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let saved = self.st;
        let start = saved.len == 0;
        let mut key = 0;
        let mut tt_move = NO_MOVE;
        let cap = saved.cap(&self.k);
        if start {
            if saved.tricks_left <= 1 {
                return self.last_trick();
            }
            if cap <= alpha {
                return cap;
            }
            if beta <= 0 {
                return 0;
            }
            let all = saved.hands[0] | saved.hands[1] | saved.hands[2] | saved.hands[3];
            key = u64::from(all) | u64::from(saved.leader) << 32 | u64::from(saved.sweep) << 34;
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
                tt_move = b.best;
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximizing = saved.mover() & 1 == self.k.team;
        let (moves, n) = self.ordered(tt_move);
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        let mut best_move = NO_MOVE;
        for &c in &moves[..n] {
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
        if start {
            let clamp = |v: i32| v.clamp(0, 255) as u8;
            let (lo, hi) = if best <= alpha0 {
                (0, best)
            } else if best >= beta0 {
                (best, cap)
            } else {
                (best, best)
            };
            self.table.store(key, saved.tricks_left, clamp(lo), clamp(hi.min(cap)), best_move);
        }
        best
    }

    /// The value of the last trick: every seat has one card left.
    fn last_trick(&self) -> i32 {
        let st = &self.st;
        if st.tricks_left == 0 {
            return 0;
        }
        let k = &self.k;
        let lead = st.hands[usize::from(st.leader)];
        let led = lead.checked_ilog2().map_or(0, |c| SUIT[(c >> 3) as usize]);
        let mut win_seat = st.leader;
        let mut win_str = 0;
        for i in 0..4u8 {
            let seat = (st.leader + i) & 3;
            let card = st.hands[usize::from(seat)];
            let s = card.checked_ilog2().map_or(0, |c| k.strength(c as u8, led));
            if i == 0 || s > win_str {
                win_str = s;
                win_seat = seat;
            }
        }
        if usize::from(win_seat & 1) != k.team {
            return 0;
        }
        let kaboot = if st.sweep { k.kaboot_bonus.unwrap_or(0) } else { 0 };
        i32::from(st.held_pts) + LAST + kaboot
    }

    /// The exact value, by zero-window searches (MTD(f)) from `guess`.
    pub(super) fn solve(&mut self, guess: i32) -> i32 {
        let (mut lo, mut hi) = (0, self.st.cap(&self.k));
        let mut g = guess.clamp(lo, hi);
        while lo < hi {
            let beta = if g <= lo { lo + 1 } else { g };
            g = self.search(beta - 1, beta);
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        lo
    }

    /// Whether the counted team takes at least `target` points from here.
    pub(super) fn at_least(&mut self, target: i32) -> bool {
        self.search(target - 1, target) >= target
    }
}
