//! Baloot in the search's form: the deal as four 32-bit hands, the play rules on them, the table
//! key, and the glue to the generic search ([`Node`]).
//!
//! Within the solver a card is a bit `8 * suit + order`, where `order` runs from the weakest card
//! of its suit (0) to the strongest (7) in the mode's order (J 9 A 10 K Q 8 7 for the trump, A 10
//! K Q J 9 8 7 otherwise), so "beats", "the highest live card" and "the next card up" are bit
//! operations. The order and the points come from the engine's own [`strength`] and
//! [`card_points`].

use baloot::{BalootRules, Mode, card_points, strength};
use cards::{Card, CardSet, DeckKind, Rank, Suit};

use crate::bounds::Sure;
use crate::node::{Driver, Node};
use crate::order::Moves;

/// The cards of each suit.
pub(super) const SUIT: [u32; 4] = [0xff, 0xff << 8, 0xff << 16, 0xff << 24];

/// For each card, the cards above it (of every suit: callers mask the suit).
pub(super) const ABOVE: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut c = 0;
    while c < 32 {
        t[c] = !(((2u64 << c) - 1) as u32);
        c += 1;
    }
    t
};

/// The last trick's bonus.
pub(super) const LAST: i32 = baloot::LAST_TRICK_BONUS as i32;

/// Where each card sits in the solver's bits for one mode, and its points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
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
}

/// What stays fixed during a search.
#[derive(Clone, Debug)]
pub struct Consts {
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
    /// The constants of a search under `rules` (a Kaboot worth `kaboot` points when the rule is
    /// on), with `team`'s points counted.
    pub(super) fn new(layout: &Layout, rules: &BalootRules, kaboot: u16, closed: bool, team: usize) -> Consts {
        let total: i32 = layout.pts.iter().map(|&p| i32::from(p)).sum::<i32>() + LAST;
        Consts {
            pts: layout.pts,
            trump: layout.trump.map_or(0, |t| SUIT[t.index()]),
            trump_when_partner_winning: rules.trump_when_partner_winning,
            must_overtrump: rules.must_overtrump,
            closed: closed && layout.trump.is_some(),
            kaboot_bonus: rules.kaboot.then(|| i32::from(kaboot) - total),
            team,
        }
    }

    /// How strongly card `c` plays in a trick led in `led` (a suit mask): 0 for a discard, 8–15
    /// for the led suit, 16–23 for a trump.
    #[inline]
    pub(super) fn strength(&self, c: u8, led: u32) -> u8 {
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

/// A position during the search. The search plays a move on a copy, so nothing is undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
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

    /// The cards still in play: held, or on the table (which separate the cards around them).
    #[inline]
    fn live(&self) -> u32 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3] | self.table
    }
}

/// The points of the cards `bits`.
fn points(k: &Consts, bits: u32) -> u16 {
    let mut sum = 0;
    let mut b = bits;
    while b != 0 {
        sum += u16::from(k.pts[b.trailing_zeros() as usize]);
        b &= b - 1;
    }
    sum
}

/// The highest bit of `b` (not 0).
#[inline]
pub(super) fn high_bit(b: u32) -> u8 {
    31 - b.leading_zeros() as u8
}

impl Node for State {
    type Consts = Consts;
    type Key = u64;

    // Card points are many steps: bisection needs about eight tests where MTD(f) would step.
    const DRIVER: Driver = Driver::Bisection;
    // The quick bounds cost more than a table hit.
    const SURE_BEFORE_PROBE: bool = false;
    // Cards of a run may differ in points.
    const BOUNDED_RUNS: bool = true;

    #[inline]
    fn maximizing(&self, k: &Consts) -> bool {
        self.mover() & 1 == k.team
    }

    #[inline]
    fn in_trick(&self) -> bool {
        self.len != 0
    }

    #[inline]
    fn tricks_left(&self) -> u8 {
        self.tricks_left
    }

    #[inline]
    fn legal(&self, k: &Consts) -> u64 {
        u64::from(State::legal(self, k))
    }

    #[inline]
    fn ordered(&self, k: &Consts, equivalence: bool, table_move: u8) -> Moves {
        State::ordered(self, k, equivalence, table_move)
    }

    /// The highest card equivalent to `c` (same hand and suit, no live card between, the same
    /// points): the card solved for `c`.
    fn representative(&self, k: &Consts, c: u8) -> u8 {
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

    /// Plays card `c` for the seat to move; returns the points the counted team gains if this
    /// completes a trick (its cards, the last trick's 10, a Kaboot's bonus).
    #[inline]
    fn play(&mut self, k: &Consts, c: u8) -> i32 {
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

    #[inline]
    fn cap(&self, k: &Consts) -> i32 {
        State::cap(self, k)
    }

    #[inline]
    fn sure(&self, k: &Consts) -> Sure {
        self.sure_points(k)
    }

    #[inline]
    fn last_trick(&self, k: &Consts) -> i32 {
        State::last_trick(self, k)
    }

    /// The table key of a position at the start of a trick: the cards left, the leader, and
    /// whether a Kaboot is still possible for the counted team.
    #[inline]
    fn key(&self) -> u64 {
        let all = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3];
        u64::from(all) | u64::from(self.leader) << 32 | u64::from(self.sweep) << 34
    }

    #[inline]
    fn run_weight(k: &Consts, c: u8) -> i32 {
        i32::from(k.pts[usize::from(c)])
    }
}
