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
    /// The hand is closed (its last raise was `closed`): no trump may be led while the leader
    /// holds another suit.
    pub closed: bool,
    /// What a Kaboot adds to the points of all 8 tricks, when the rule is on.
    pub kaboot_bonus: Option<i32>,
    /// The team whose points are counted: 0 or 1 (the seat's parity).
    pub team: usize,
}

impl Consts {
    pub(super) fn new(layout: &Layout, mode: Mode, rules: &BalootRules, closed: bool, team: usize) -> Consts {
        let total: i32 = layout.pts.iter().map(|&p| i32::from(p)).sum::<i32>() + LAST;
        Consts {
            pts: layout.pts,
            trump: layout.trump.map_or(0, |t| SUIT[t.index()]),
            trump_when_partner_winning: rules.trump_when_partner_winning,
            must_overtrump: rules.must_overtrump,
            closed: closed && layout.trump.is_some(),
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
            let others = hand & !k.trump;
            return if k.closed && others != 0 { others } else { hand };
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

    /// The table key of a position at the start of a trick: the cards left, the leader, and
    /// whether a Kaboot is still possible for the counted team.
    #[inline]
    pub(super) fn key(&self) -> u64 {
        let all = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3];
        u64::from(all) | u64::from(self.leader) << 32 | u64::from(self.sweep) << 34
    }

    /// The cards still in play: held, or on the table (which separate the cards around them).
    #[inline]
    fn live(&self) -> u32 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3] | self.table
    }

    /// The highest card equivalent to `c` (same hand and suit, no live card between, the same
    /// points): the card solved for `c`.
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
    /// The most nodes this search may visit; past it, it unwinds at once, storing nothing, and
    /// its answer is meaningless.
    pub limit: u64,
    /// Whether the search went past `limit`.
    pub aborted: bool,
}

/// The moves of a node in the order to try them.
pub(super) struct Moves {
    pub cards: [u8; 8],
    /// Each card's run (see [`Search::ordered`]).
    pub runs: [u8; 8],
    pub len: usize,
}

impl Moves {
    pub(super) fn cards(&self) -> &[u8] {
        &self.cards[..self.len]
    }
}

/// What the move ordering of one node needs to know, computed once per node.
struct Context {
    seat: usize,
    live: u32,
    /// The strongest card the next seat (an opponent) could play to this trick.
    threat: u8,
    /// The seat's team is winning the trick so far.
    ours: bool,
}

impl Search<'_> {
    /// The moves to try, best first, each with its run: moves of one run are cards of the same
    /// suit with no card of another seat, held or on the table, between them. Swapping two cards
    /// of a run changes no trick's winner (the seat's own cards never meet in a trick), only where
    /// their points go: their values differ by at most the difference of their points.
    pub(super) fn ordered(&self, tt_move: u8) -> Moves {
        let st = &self.st;
        let k = &self.k;
        let moves = st.legal(k);
        let mut out = Moves { cards: [0; 8], runs: [0; 8], len: 0 };
        let mut score = [0i32; 8];
        let seat = st.mover();
        let next = st.hands[(seat + 1) & 3];
        let follow = next & st.led;
        let threat = if st.len == 0 || st.len == 3 {
            0
        } else if follow != 0 {
            k.strength(high_bit(follow), st.led)
        } else if next & k.trump != 0 {
            k.strength(high_bit(next & k.trump), st.led)
        } else {
            0
        };
        let live = st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3];
        let cx = Context { seat, live, threat, ours: usize::from(st.win_seat & 1) == seat & 1 };
        let blockers = (live | st.table) & !st.hands[seat];
        if moves & moves.wrapping_sub(1) == 0 {
            // One card (or none): nothing to order.
            out.cards[0] = moves.trailing_zeros() as u8;
            out.len = usize::from(moves != 0);
            return out;
        }
        let mut m = moves;
        let mut prev: Option<u8> = None;
        let mut run = 0u8;
        while m != 0 && out.len < 8 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            if let Some(p) = prev {
                let between = ABOVE[usize::from(p)] & ((1u32 << c) - 1);
                let joined = self.equivalence && p >> 3 == c >> 3 && blockers & between == 0;
                if !joined {
                    run += 1;
                }
            }
            prev = Some(c);
            let s = if c == tt_move { 1000 } else { self.score(&cx, c) };
            // Insertion by score, highest first.
            let mut i = out.len;
            while i > 0 && score[i - 1] < s {
                score[i] = score[i - 1];
                out.cards[i] = out.cards[i - 1];
                out.runs[i] = out.runs[i - 1];
                i -= 1;
            }
            score[i] = s;
            out.cards[i] = c;
            out.runs[i] = run;
            out.len += 1;
        }
        out
    }

    /// A guess of how good playing `c` is for the seat to move, for move ordering only.
    #[inline]
    fn score(&self, cx: &Context, c: u8) -> i32 {
        let st = &self.st;
        let k = &self.k;
        let pts = i32::from(k.pts[usize::from(c)]);
        if st.len == 0 {
            let seat = cx.seat;
            let suit = SUIT[usize::from(c >> 3)];
            let top = high_bit(cx.live & suit);
            return if c == top {
                let ruffs = |o: u32| o & suit == 0 && o & k.trump != 0;
                let ruffable = suit != k.trump && (ruffs(st.hands[(seat + 1) & 3]) || ruffs(st.hands[(seat + 3) & 3]));
                if ruffable { 5 - pts } else { 60 + pts }
            } else if st.hands[(seat + 2) & 3] & (1 << top) != 0 {
                40 - pts
            } else {
                20 - pts - i32::from(c & 7)
            };
        }
        let s = k.strength(c, st.led);
        if st.len == 3 {
            return if s > st.win_str {
                100 + pts
            } else if cx.ours {
                50 + pts
            } else {
                -pts
            };
        }
        if cx.ours && st.win_str > cx.threat {
            50 + pts
        } else if s > st.win_str && s > cx.threat {
            80 + pts
        } else if s > st.win_str {
            20 - pts
        } else {
            -pts
        }
    }

    /// The points the counted team takes from here, fail-soft: the exact value if it lies strictly
    /// between `alpha` and `beta`, otherwise a bound on the same side of the window.
    pub(super) fn search(&mut self, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return alpha;
        }
        let saved = self.st;
        if saved.len == 0 && saved.tricks_left <= 1 {
            return self.last_trick();
        }
        if saved.len != 0 {
            return self.expand(alpha, beta, NO_MOVE).0;
        }
        let cap = saved.cap(&self.k);
        if cap <= alpha {
            return cap;
        }
        if beta <= 0 {
            return 0;
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
            tt_move = b.best;
        }
        // Cheaper than a search, dearer than a table hit: after the probe.
        let (ours, theirs) = self.sure_points();
        if ours >= beta {
            return ours;
        }
        if cap - theirs <= alpha {
            return cap - theirs;
        }
        let (best, best_move) = self.expand(alpha, beta, tt_move);
        let clamp = |v: i32| v.clamp(0, 255) as u8;
        let (lo, hi) = if best <= alpha {
            (ours, best)
        } else if best >= beta {
            (best, cap - theirs)
        } else {
            (best, best)
        };
        if !self.aborted {
            self.table.store(key, saved.tricks_left, clamp(lo), clamp(hi), best_move);
        }
        best
    }

    /// Tries the moves of the seat to move in order; returns the fail-soft value and the move that
    /// gave it.
    fn expand(&mut self, mut alpha: i32, mut beta: i32, tt_move: u8) -> (i32, u8) {
        let saved = self.st;
        let maximizing = saved.mover() & 1 == self.k.team;
        let moves = self.ordered(tt_move);
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        let mut best_move = NO_MOVE;
        // The cards searched so far: (run, points, value).
        let mut done = [(0u8, 0i32, 0i32); 8];
        let mut n_done = 0;
        'moves: for (i, &c) in moves.cards().iter().enumerate() {
            let run = moves.runs[i];
            let pts = i32::from(self.k.pts[usize::from(c)]);
            // A card of a run already searched is bounded by that card's value: skip it if the
            // bound cannot change this node's result.
            for &(r, p, v) in &done[..n_done] {
                if r != run {
                    continue;
                }
                let d = (p - pts).abs();
                if maximizing && v + d <= alpha {
                    best = best.max(v + d);
                    continue 'moves;
                }
                if !maximizing && v - d >= beta {
                    best = best.min(v - d);
                    continue 'moves;
                }
            }
            let gain = self.st.play(&self.k, c);
            let v = gain + self.search(alpha - gain, beta - gain);
            self.st = saved;
            done[n_done] = (run, pts, v);
            n_done += 1;
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

    /// Points each team is sure to take from here, the counted team's first: in Hokum the top
    /// trumps held by one team win their tricks whenever they are played; the leader can cash the
    /// top cards of its plain suits and keep the lead (in Hokum, as many rounds as every other
    /// seat holding a trump can follow: an opponent could ruff, the partner take the lead).
    fn sure_points(&self) -> (i32, i32) {
        let st = &self.st;
        let k = &self.k;
        let mut sure = [0i32; 2];
        let live = st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3];
        let team_cards = [st.hands[0] | st.hands[2], st.hands[1] | st.hands[3]];
        let l = usize::from(st.leader);
        // The seats that could ruff the leader's top cards: the opponents, and the partner, who
        // would take the lead away.
        let others = [st.hands[(l + 1) & 3], st.hands[(l + 2) & 3], st.hands[(l + 3) & 3]];
        let mut trumps = live & k.trump;
        if trumps != 0 {
            let owner = usize::from(team_cards[1] & (1 << high_bit(trumps)) != 0);
            while trumps != 0 {
                let c = high_bit(trumps);
                if team_cards[owner] & (1 << c) == 0 {
                    break;
                }
                sure[owner] += i32::from(k.pts[usize::from(c)]);
                trumps &= !(1 << c);
            }
        }
        let hand = st.hands[l];
        for &suit in &SUIT {
            if suit == k.trump || hand & suit == 0 {
                continue;
            }
            let mut rounds = 8;
            for &other in &others {
                if other & k.trump != 0 {
                    rounds = rounds.min((other & suit).count_ones());
                }
            }
            let mut cards = live & suit;
            while cards != 0 && rounds > 0 {
                let c = high_bit(cards);
                if hand & (1 << c) == 0 {
                    break;
                }
                sure[l & 1] += i32::from(k.pts[usize::from(c)]);
                cards &= !(1 << c);
                rounds -= 1;
            }
        }
        (sure[k.team], sure[k.team ^ 1])
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

    /// The exact value, by zero-window searches: each halves the interval the value is known to
    /// lie in (or better, as a fail-soft result may land beyond the test).
    pub(super) fn solve(&mut self) -> i32 {
        let (mut lo, mut hi) = (0, self.st.cap(&self.k));
        while lo < hi {
            let beta = (lo + hi + 1) / 2;
            let g = self.search(beta - 1, beta);
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
