//! Card order and points by mode, tricks, and which cards a player may play.
//!
//! Within a suit a Baloot card is one bit of a byte: bit 0 is the 7, then 8, 9, 10, J, Q, K and
//! bit 7 the ace (the natural order, which runs use). Tables indexed by that bit give each card's
//! strength and points, so following, trumping and overtrumping are a few mask operations.

use cards::{Card, CardSet, Rank, Suit};
use game::Seat;

use crate::rules::BalootRules;

/// The mode of a hand: Hokum with a trump suit, or Sun without trump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Hokum: this suit is trump.
    Hokum(Suit),
    /// Sun: no trump.
    Sun,
}

impl Mode {
    /// The trump suit, if any.
    #[must_use]
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Mode::Hokum(s) => Some(s),
            Mode::Sun => None,
        }
    }

    /// `"hokum"` or `"sun"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Hokum(_) => "hokum",
            Mode::Sun => "sun",
        }
    }
}

/// Strength within a plain suit, by rank bit (7 8 9 10 J Q K A): A 10 K Q J 9 8 7.
const PLAIN_ORDER: [u8; 8] = [0, 1, 2, 6, 3, 4, 5, 7];
/// Strength within the trump suit: J 9 A 10 K Q 8 7.
const TRUMP_ORDER: [u8; 8] = [0, 1, 6, 4, 7, 2, 3, 5];
/// Points of a plain-suit card: A 11, 10 10, K 4, Q 3, J 2.
const PLAIN_POINTS: [u16; 8] = [0, 0, 0, 10, 2, 3, 4, 11];
/// Points of a trump: J 20, 9 14, A 11, 10 10, K 4, Q 3.
const TRUMP_POINTS: [u16; 8] = [0, 0, 14, 10, 20, 3, 4, 11];
/// The points for taking the last trick.
pub const LAST_TRICK_BONUS: u16 = 10;

/// The rank bit (0 = 7 … 7 = ace) of a Baloot card.
#[must_use]
pub(crate) const fn rank_bit(card: Card) -> usize {
    (card.index() % 13).saturating_sub(5) & 7
}

/// The rank of a rank bit.
#[must_use]
pub(crate) const fn rank_of_bit(bit: usize) -> Rank {
    match Rank::from_index((bit & 7) + 5) {
        Some(r) => r,
        None => Rank::Seven,
    }
}

/// The 8-bit rank mask of `suit` in `set`: bit 0 is the seven, then the natural order up to the
/// ace at bit 7.
#[must_use]
pub const fn suit_bits(set: CardSet, suit: Suit) -> u8 {
    ((set.bits() >> (suit.index() * 13 + 5)) & 0xff) as u8
}

/// The cards of `suit` whose rank bits are set in `bits`.
#[must_use]
pub(crate) const fn from_suit_bits(bits: u8, suit: Suit) -> CardSet {
    CardSet::from_bits((bits as u64) << (suit.index() * 13 + 5))
}

/// The card's points in a hand of `mode`.
#[must_use]
pub fn card_points(card: Card, mode: Mode) -> u16 {
    let bit = rank_bit(card);
    if card.suit() == mode.trump() { TRUMP_POINTS[bit] } else { PLAIN_POINTS[bit] }
}

/// How strongly `card` plays in a trick led in `led` under `trump`: 0 for a discard (it cannot win),
/// 1–8 for the led suit, 9–16 for a trump. The higher card wins.
///
/// ```
/// use baloot::strength;
/// use cards::{Card, Suit};
///
/// let card = |t: &str| t.parse::<Card>().unwrap();
/// let hearts = Some(Suit::Hearts);
/// assert!(strength(card("9H"), Suit::Spades, hearts) > strength(card("AH"), Suit::Spades, hearts));
/// assert!(strength(card("AS"), Suit::Spades, hearts) > strength(card("TS"), Suit::Spades, hearts));
/// assert_eq!(strength(card("AD"), Suit::Spades, hearts), 0);
/// ```
#[must_use]
pub fn strength(card: Card, led: Suit, trump: Option<Suit>) -> u8 {
    let bit = rank_bit(card);
    let suit = card.suit();
    if suit.is_some() && suit == trump {
        9 + TRUMP_ORDER[bit]
    } else if suit == Some(led) {
        1 + PLAIN_ORDER[bit]
    } else {
        0
    }
}

/// `held` in the order a player sorts a hand: the suits in display order (the trump first in
/// Hokum), each strongest first by [`strength`] (`trump`: `None` in Sun and during the bidding).
pub(crate) fn display_order(held: CardSet, trump: Option<Suit>) -> Vec<Card> {
    let mut out = Vec::with_capacity(held.len());
    for suit in Suit::display_order(trump) {
        let mut cards: Vec<Card> = held.of_suit(suit).iter().collect();
        cards.sort_by_key(|&c| std::cmp::Reverse(strength(c, suit, trump)));
        out.extend(cards);
    }
    out
}

/// For each best trump strength (0–16), the trump rank bits that beat it.
const TRUMP_ABOVE: [u8; 17] = {
    let mut table = [0u8; 17];
    let mut best = 0;
    while best < 17 {
        let mut bit = 0;
        while bit < 8 {
            if 9 + TRUMP_ORDER[bit] > best as u8 {
                table[best] |= 1 << bit;
            }
            bit += 1;
        }
        best += 1;
    }
    table
};

/// The trumps among `trumps` (of suit `trump`) that beat a trump of strength `best` (9–16; lower
/// values mean no trump is in the trick, and every trump beats it).
fn trumps_above(trumps: CardSet, trump: Suit, best: u8) -> CardSet {
    trumps & from_suit_bits(TRUMP_ABOVE[usize::from(best).min(16)], trump)
}

/// A trick in progress or taken: who led, the cards in the order played, who wins it so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trick {
    leader: Seat,
    /// The cards in the order played; only the first `len` mean anything.
    cards: [Card; 4],
    len: u8,
    winner_pos: u8,
    best: u8,
    points: u16,
    trump: Option<Suit>,
}

/// Filler for the unplayed places of a trick.
const NO_CARD: Card = Card::new(Rank::Seven, Suit::Spades);

impl Trick {
    /// An empty trick led by `leader` under `trump`.
    #[must_use]
    pub const fn new(leader: Seat, trump: Option<Suit>) -> Self {
        Trick { leader, cards: [NO_CARD; 4], len: 0, winner_pos: 0, best: 0, points: 0, trump }
    }

    /// Who leads (or led) the trick.
    #[must_use]
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// How many cards are down.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no card is down yet.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether all four cards are down.
    #[must_use]
    pub const fn is_full(&self) -> bool {
        self.len == 4
    }

    /// The seat to play next (the leader again once the trick is full).
    #[must_use]
    pub const fn next_seat(&self) -> Seat {
        self.leader.offset(self.len as usize, 4)
    }

    /// The suit led, once a card is down.
    #[must_use]
    pub fn led(&self) -> Option<Suit> {
        if self.len == 0 { None } else { self.cards[0].suit() }
    }

    /// `(seat, card)` in the order played.
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.cards.iter().take(self.len()).enumerate().map(|(i, &c)| (self.leader.offset(i, 4), c))
    }

    /// The seat winning the trick so far (the winner once full), if any card is down.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        (self.len > 0).then(|| self.leader.offset(self.winner_pos as usize, 4))
    }

    /// The best trump in the trick, if one was played.
    #[must_use]
    pub fn best_trump(&self) -> Option<Card> {
        if self.best >= 9 { Some(self.cards[self.winner_pos as usize & 3]) } else { None }
    }

    /// Puts down the next card (ignored once the trick is full).
    pub fn push(&mut self, card: Card) {
        let pos = self.len as usize;
        if pos >= 4 {
            return;
        }
        self.cards[pos] = card;
        self.len += 1;
        let bit = rank_bit(card);
        let is_trump = card.suit().is_some() && card.suit() == self.trump;
        self.points += if is_trump { TRUMP_POINTS[bit] } else { PLAIN_POINTS[bit] };
        let s = match self.cards[0].suit() {
            Some(led) => strength(card, led, self.trump),
            None => 0,
        };
        if pos == 0 || s > self.best {
            self.best = s;
            self.winner_pos = pos as u8;
        }
    }

    /// The card points in the trick (its mode is the one it was created with).
    #[must_use]
    pub const fn points(&self) -> u16 {
        self.points
    }

    /// The cards down.
    #[must_use]
    pub fn card_set(&self) -> CardSet {
        self.cards.iter().take(self.len()).copied().collect()
    }
}

/// The cards a leader may lead from `hand`: all of them, unless the hand is `closed` (its last raise
/// was closed), when a trump may not be led while the hand holds another suit.
#[must_use]
#[inline]
pub(crate) fn leads(hand: CardSet, trump: Option<Suit>, closed: bool) -> CardSet {
    match trump {
        Some(t) if closed => {
            let others = hand - hand.of_suit(t);
            if others.is_empty() { hand } else { others }
        }
        _ => hand,
    }
}

/// Why a card is refused by the play rules (after the turn and holding checks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PlayDuty {
    /// Follow the led suit.
    Follow(Suit),
    /// Play a trump.
    Trump,
    /// Beat this trump.
    Beat(Card),
    /// Closed: lead another suit than trump.
    Closed,
}

/// The cards `seat` may play from `hand` into `trick`, `closed` when the hand's last raise was
/// closed (the fast path of [`legal_plays_why`], which must agree with it).
#[must_use]
#[inline]
pub(crate) fn legal_plays(hand: CardSet, trick: &Trick, seat: Seat, rules: &BalootRules, closed: bool) -> CardSet {
    let Some(led) = trick.led() else {
        return leads(hand, trick.trump, closed);
    };
    let follow = hand.of_suit(led);
    let Some(trump) = trick.trump else {
        return if follow.is_empty() { hand } else { follow };
    };
    if led != trump && !follow.is_empty() {
        return follow;
    }
    let trumps = hand.of_suit(trump);
    if trumps.is_empty() {
        return hand;
    }
    if led != trump && !rules.trump_when_partner_winning && trick.winner() == Some(seat.offset(2, 4)) {
        // No duty to trump; but a player who trumps all the same must beat the partner's trump
        // when they can (`must_overtrump`: "when trumping").
        if rules.must_overtrump && trick.best >= 9 {
            let above = trumps_above(trumps, trump, trick.best);
            if !above.is_empty() {
                return (hand - trumps) | above;
            }
        }
        return hand;
    }
    if rules.must_overtrump && trick.best >= 9 {
        let above = trumps_above(trumps, trump, trick.best);
        if !above.is_empty() {
            return above;
        }
    }
    trumps
}

/// The cards `seat` may play, and the duty that restricts them (if any).
pub(crate) fn legal_plays_why(
    hand: CardSet,
    trick: &Trick,
    seat: Seat,
    rules: &BalootRules,
    closed: bool,
) -> (CardSet, Option<PlayDuty>) {
    let Some(led) = trick.led() else {
        let allowed = leads(hand, trick.trump, closed);
        return (allowed, (allowed != hand).then_some(PlayDuty::Closed));
    };
    let follow = hand.of_suit(led);
    let Some(trump) = trick.trump else {
        return if follow.is_empty() { (hand, None) } else { (follow, Some(PlayDuty::Follow(led))) };
    };
    let trumps = hand.of_suit(trump);
    let overtrump = |trumps: CardSet| -> Option<(CardSet, Option<PlayDuty>)> {
        if !rules.must_overtrump {
            return None;
        }
        let best = trick.best_trump()?;
        let above = trumps_above(trumps, trump, trick.best);
        (!above.is_empty()).then_some((above, Some(PlayDuty::Beat(best))))
    };
    if led == trump {
        if trumps.is_empty() {
            return (hand, None);
        }
        return overtrump(trumps).unwrap_or((trumps, Some(PlayDuty::Follow(led))));
    }
    if !follow.is_empty() {
        return (follow, Some(PlayDuty::Follow(led)));
    }
    if trumps.is_empty() {
        return (hand, None);
    }
    let partner = seat.offset(2, 4);
    if !rules.trump_when_partner_winning && trick.winner() == Some(partner) {
        // Free to discard; a trump, if played, must beat the partner's when it can.
        return match overtrump(trumps) {
            Some((above, duty)) => ((hand - trumps) | above, duty),
            None => (hand, None),
        };
    }
    overtrump(trumps).unwrap_or((trumps, Some(PlayDuty::Trump)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().expect("card")
    }

    fn set(s: &str) -> CardSet {
        s.split_whitespace().map(c).collect()
    }

    fn seat(i: usize) -> Seat {
        Seat::new(i).expect("seat")
    }

    fn trick(leader: usize, trump: Option<Suit>, cards: &str) -> Trick {
        let mut t = Trick::new(seat(leader), trump);
        for x in cards.split_whitespace() {
            t.push(c(x));
        }
        t
    }

    #[test]
    fn card_points_are_k4_q3_and_total_162_in_hokum_130_in_sun() {
        let deck = cards::DeckKind::Baloot.cards();
        let hokum = Mode::Hokum(Suit::Hearts);
        assert_eq!(deck.iter().map(|x| card_points(x, hokum)).sum::<u16>() + LAST_TRICK_BONUS, 162);
        assert_eq!(deck.iter().map(|x| card_points(x, Mode::Sun)).sum::<u16>() + LAST_TRICK_BONUS, 130);
        assert_eq!(card_points(c("KS"), Mode::Sun), 4);
        assert_eq!(card_points(c("QS"), Mode::Sun), 3);
        assert_eq!(card_points(c("JH"), hokum), 20);
        assert_eq!(card_points(c("9H"), hokum), 14);
        assert_eq!(card_points(c("JS"), hokum), 2);
        assert_eq!(card_points(c("9S"), hokum), 0);
    }

    #[test]
    fn trump_order_is_j_9_a_10_k_q_8_7() {
        let order = ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"];
        for w in order.windows(2) {
            assert!(
                strength(c(w[0]), Suit::Hearts, Some(Suit::Hearts))
                    > strength(c(w[1]), Suit::Hearts, Some(Suit::Hearts))
            );
        }
    }

    #[test]
    fn plain_order_is_a_10_k_q_j_9_8_7() {
        let order = ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"];
        for w in order.windows(2) {
            assert!(strength(c(w[0]), Suit::Spades, None) > strength(c(w[1]), Suit::Spades, Some(Suit::Hearts)));
        }
    }

    #[test]
    fn display_order_is_trump_first_then_alternating_colours_strongest_first() {
        let held = set("7H AS JH 9H TD QD KS 8C");
        let words = |v: Vec<Card>| v.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
        assert_eq!(words(display_order(held, None)), "AS KS JH 9H 7H 8C TD QD");
        assert_eq!(words(display_order(held, Some(Suit::Hearts))), "JH 9H 7H AS KS TD QD 8C");
        assert_eq!(words(display_order(held, Some(Suit::Diamonds))), "TD QD AS KS JH 9H 7H 8C");
    }

    #[test]
    fn highest_trump_wins_else_highest_of_led_suit() {
        let t = trick(1, Some(Suit::Hearts), "AS 7H TS JS");
        assert_eq!(t.winner(), Some(seat(2)));
        let t = trick(1, None, "KS AD TS 7S");
        assert_eq!(t.winner(), Some(seat(3)), "the ace of another suit is a discard");
        let t = trick(3, Some(Suit::Clubs), "9C JC 7C AC");
        assert_eq!(t.winner(), Some(seat(0)));
        assert_eq!(t.points(), 14 + 20 + 11);
    }

    #[test]
    fn must_follow_the_led_suit() {
        let r = BalootRules::seed();
        let t = trick(0, Some(Suit::Hearts), "AS");
        assert_eq!(legal_plays(set("7S KS JH 8D"), &t, seat(1), &r, false), set("7S KS"));
        let t = trick(0, None, "AD");
        assert_eq!(legal_plays(set("7S KS JH"), &t, seat(1), &r, false), set("7S KS JH"), "void in Sun: anything");
    }

    #[test]
    fn hokum_void_must_trump() {
        let r = BalootRules::seed();
        let t = trick(0, Some(Suit::Hearts), "AS");
        assert_eq!(legal_plays(set("7H JH 8D"), &t, seat(1), &r, false), set("7H JH"));
        assert_eq!(legal_plays(set("8D 9C"), &t, seat(1), &r, false), set("8D 9C"), "no trump: anything");
    }

    #[test]
    fn trump_when_partner_winning_true_still_must_trump() {
        let r = BalootRules::seed();
        let t = trick(0, Some(Suit::Hearts), "AS 7S");
        assert_eq!(legal_plays(set("7H 8D"), &t, seat(2), &r, false), set("7H"));
    }

    #[test]
    fn trump_when_partner_winning_false_frees_the_player() {
        let r = BalootRules { trump_when_partner_winning: false, ..BalootRules::seed() };
        let t = trick(0, Some(Suit::Hearts), "AS 7S");
        assert_eq!(legal_plays(set("7H 8D"), &t, seat(2), &r, false), set("7H 8D"));
        let t = trick(0, Some(Suit::Hearts), "7S AS");
        assert_eq!(legal_plays(set("7H 8D"), &t, seat(2), &r, false), set("7H"), "the opponent wins: trump");
    }

    #[test]
    fn must_overtrump_false_allows_any_trump() {
        let r = BalootRules::seed();
        let t = trick(0, Some(Suit::Hearts), "AS 9H");
        assert_eq!(legal_plays(set("7H JH 8D"), &t, seat(2), &r, false), set("7H JH"));
        let t = trick(0, Some(Suit::Hearts), "9H");
        assert_eq!(legal_plays(set("7H JH 8D"), &t, seat(1), &r, false), set("7H JH"));
    }

    #[test]
    fn must_overtrump_beats_the_best_trump_even_the_partners() {
        let r = BalootRules { must_overtrump: true, ..BalootRules::seed() };
        let t = trick(0, Some(Suit::Hearts), "AS 9H");
        assert_eq!(legal_plays(set("7H JH 8D"), &t, seat(2), &r, false), set("JH"));
        let t = trick(0, Some(Suit::Hearts), "AH 9H");
        assert_eq!(legal_plays(set("7H JH 8D"), &t, seat(2), &r, false), set("JH"), "trump led");
        let t = trick(0, Some(Suit::Hearts), "9H");
        assert_eq!(legal_plays(set("7H JH 8D"), &t, seat(1), &r, false), set("JH"), "partner's trump too");
        let (_, why) = legal_plays_why(set("7H JH 8D"), &t, seat(1), &r, false);
        assert_eq!(why, Some(PlayDuty::Beat(c("9H"))));
    }

    #[test]
    fn must_overtrump_applies_to_a_trump_played_freely_while_the_partner_wins() {
        // saudi: no duty to trump while the partner wins, but a trump played must beat the
        // partner's when it can; discards stay free.
        let r = BalootRules::saudi();
        let t = trick(1, Some(Suit::Hearts), "AS 9H 7S");
        assert_eq!(legal_plays(set("7H JH AD 8C"), &t, seat(0), &r, false), set("JH AD 8C"));
        let (legal, why) = legal_plays_why(set("7H JH AD 8C"), &t, seat(0), &r, false);
        assert_eq!((legal, why), (set("JH AD 8C"), Some(PlayDuty::Beat(c("9H")))));
        // Nothing beats the partner's jack: any card, any trump.
        let t = trick(1, Some(Suit::Hearts), "AS JH 7S");
        assert_eq!(legal_plays(set("7H 9H AD"), &t, seat(0), &r, false), set("7H 9H AD"));
        // The partner wins with a plain card: any trump may be played.
        let t = trick(1, Some(Suit::Hearts), "KS AS 7S");
        assert_eq!(legal_plays(set("7H 9H AD"), &t, seat(0), &r, false), set("7H 9H AD"));
    }

    #[test]
    fn must_overtrump_who_cannot_beat_still_plays_a_trump() {
        let r = BalootRules { must_overtrump: true, ..BalootRules::seed() };
        let t = trick(0, Some(Suit::Hearts), "AS JH");
        assert_eq!(legal_plays(set("7H 9H 8D"), &t, seat(2), &r, false), set("7H 9H"));
        let t = trick(0, Some(Suit::Hearts), "AS");
        assert_eq!(legal_plays(set("7H 9H 8D"), &t, seat(1), &r, false), set("7H 9H"), "no trump down yet: any");
    }

    #[test]
    fn leading_allows_any_card() {
        let t = Trick::new(seat(0), Some(Suit::Hearts));
        assert_eq!(legal_plays(set("7H 9S 8D"), &t, seat(0), &BalootRules::saudi(), false), set("7H 9S 8D"));
    }

    #[test]
    fn closed_no_trump_lead_while_holding_another_suit() {
        let r = BalootRules::saudi();
        let t = trick(0, Some(Suit::Hearts), "");
        assert_eq!(legal_plays(set("JH 9H AS 7D"), &t, seat(0), &r, true), set("AS 7D"));
        let (legal, why) = legal_plays_why(set("JH 9H AS 7D"), &t, seat(0), &r, true);
        assert_eq!((legal, why), (set("AS 7D"), Some(PlayDuty::Closed)));
        assert_eq!(legal_plays(set("JH 9H"), &t, seat(0), &r, true), set("JH 9H"), "only trumps left: lead one");
        assert_eq!(legal_plays(set("JH 9H AS 7D"), &t, seat(0), &r, false), set("JH 9H AS 7D"), "open");
        // Closed binds the lead only: following and trumping are as usual.
        let t = trick(0, Some(Suit::Hearts), "AD");
        assert_eq!(legal_plays(set("JH 9H AS"), &t, seat(1), &r, true), set("JH 9H"));
        // Sun has no trump: closed means nothing.
        let t = trick(0, None, "");
        assert_eq!(legal_plays(set("JH AS"), &t, seat(0), &r, true), set("JH AS"));
    }
}
