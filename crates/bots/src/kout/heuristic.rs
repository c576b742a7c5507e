//! The Kout Bo heuristic: bids by counting likely tricks, names the suit its hand is strongest in,
//! and plays from what the table has shown — which trumps and jokers are out, who is void in what,
//! whether the partner already holds the trick.
//!
//! Everything is read from the seat's [`KoutView`] (its own cards, the bids, every card played and
//! by whom), so the bot keeps no state between decisions and is as strong when made afresh for
//! every move (as the server does) as when it lives for a whole match.

use cards::{Card, CardSet, Rank, Suit};
use game::{GameKind, Seat, Team};
use kout::{Kout, KoutAction, KoutView, StageView, TrickView, card_power};

use crate::Bot;

/// The Kout Bo heuristic bot. It has no random choices: the same view always gets the same answer.
#[derive(Clone, Debug, Default)]
pub struct KoutHeuristic;

impl Bot<Kout> for KoutHeuristic {
    fn choose(&mut self, seat: Seat, view: &KoutView, legal: &[KoutAction]) -> KoutAction {
        let hand = view.hand.unwrap_or_default();
        let wanted = match view.stage {
            StageView::Bidding => Some(bid(seat, view, hand, legal)),
            StageView::Trump => Some(KoutAction::Trump(best_trump(hand, view.game))),
            StageView::Playing => Seen::read(seat, view).map(|t| KoutAction::Play(t.choose_card(legal))),
            StageView::AwaitingDeal | StageView::Over => None,
        };
        crate::pick(legal, wanted)
    }
}

/// The trump cards under `trump`: its suit and both jokers.
fn trumps(trump: Suit) -> CardSet {
    CardSet::suit(trump) | CardSet::JOKERS
}

// ---- bidding and trump

/// How many tricks `hand` should take by itself with `trump` as trump.
pub(crate) fn own_tricks(hand: CardSet, trump: Suit, six: bool) -> f64 {
    let mut t = 0.0;
    if hand.contains(Card::RED_JOKER) {
        t += 1.0;
    }
    if hand.contains(Card::BLACK_JOKER) {
        t += 0.85;
    }
    let suit = hand.of_suit(trump);
    let len = suit.len() + hand.jokers().len();
    let has = |r: Rank| suit.contains(Card::new(r, trump));
    if has(Rank::Ace) {
        t += 1.0;
    }
    if has(Rank::King) {
        t += if len >= 3 { 0.8 } else { 0.45 };
    }
    if has(Rank::Queen) {
        t += if len >= 4 { 0.55 } else { 0.2 };
    }
    if has(Rank::Jack) && len >= 5 {
        t += 0.3;
    }
    // Long trumps win tricks once the others' trumps are gone, and ruff the side suits.
    t += 0.75 * len.saturating_sub(3) as f64;
    let (ace, king) = if six { (0.7, 0.3) } else { (0.85, 0.45) };
    for side in Suit::ALL.into_iter().filter(|&s| s != trump) {
        let cards = hand.of_suit(side);
        let a = cards.contains(Card::new(Rank::Ace, side));
        let k = cards.contains(Card::new(Rank::King, side));
        if a {
            t += ace;
        }
        if k && (a || cards.len() >= 2) {
            t += king;
        }
        if len >= 4 {
            t += match cards.len() {
                0 => 0.45,
                1 if !a => 0.2,
                _ => 0.0,
            };
        }
    }
    t
}

/// The suit `hand` takes most tricks with.
pub(crate) fn best_trump(hand: CardSet, kind: GameKind) -> Suit {
    let six = kind == GameKind::Kout6;
    let score = |s: Suit| own_tricks(hand, s, six) + 0.01 * hand.of_suit(s).len() as f64;
    Suit::ALL.into_iter().fold(Suit::Spades, |best, s| if score(s) > score(best) { s } else { best })
}

/// What partners add on average to the maker's own tricks.
pub(crate) fn partners_tricks(kind: GameKind) -> f64 {
    if kind == GameKind::Kout6 { 2.1 } else { 1.6 }
}

fn bid(seat: Seat, view: &KoutView, hand: CardSet, legal: &[KoutAction]) -> KoutAction {
    let six = view.game == GameKind::Kout6;
    let strength = Suit::ALL.into_iter().map(|s| own_tricks(hand, s, six)).fold(0.0, f64::max);
    bid_expecting(seat, view, legal, strength + partners_tricks(view.game))
}

/// The bid of `seat` when its team expects to take `expected` tricks with the trump it would name.
pub(crate) fn bid_expecting(seat: Seat, view: &KoutView, legal: &[KoutAction], expected: f64) -> KoutAction {
    let lowest = legal.iter().filter_map(|a| bid_of(*a)).min();
    let may_pass = legal.contains(&KoutAction::Pass);
    let high = view.calls.iter().filter_map(|c| c.bid.map(|b| (c.seat, b))).max_by_key(|&(_, b)| b);
    let Some(lowest) = lowest else { return KoutAction::Pass };
    if !may_pass {
        // The dealer forced to bid: a forced 5 (Malzoom) costs only 5 when it fails.
        return bid_action(bid_for(expected - MARGIN).unwrap_or(5).max(lowest));
    }
    // Failing costs twice what making earns: bid only with a margin.
    let Some(mut target) = bid_for(expected - MARGIN) else { return KoutAction::Pass };
    if let Some((holder, high_bid)) = high {
        // The partner already bid: take over only with a much stronger hand than theirs.
        if holder.team() == seat.team() && expected - MARGIN < f64::from(high_bid) + 1.5 {
            return KoutAction::Pass;
        }
    }
    // A Bawan (9) is worth 36 made: bid it only when the hand is close to certain.
    if target == 9 && expected < 9.0 + 2.0 * MARGIN {
        target = 8;
    }
    if target < lowest { KoutAction::Pass } else { bid_action(target) }
}

/// How many tricks above the bid the hand should expect: failing costs twice what making earns.
pub(crate) const MARGIN: f64 = 0.6;

fn bid_for(tricks: f64) -> Option<u8> {
    let t = tricks.floor();
    if t < 5.0 { None } else { Some(t.min(9.0) as u8) }
}

fn bid_of(action: KoutAction) -> Option<u8> {
    match action {
        KoutAction::Bid(b) => Some(b.tricks()),
        _ => None,
    }
}

fn bid_action(n: u8) -> KoutAction {
    kout::Bid::new(n).map_or(KoutAction::Pass, KoutAction::Bid)
}

// ---- play

/// What every seat sees of a hand in its trick play: the game, the contract's maker and trump, the
/// tricks played and the trick on the table.
pub(crate) struct Table<'a> {
    /// `kout4` or `kout6`.
    pub game: GameKind,
    /// Seats at the table.
    pub seats: usize,
    /// The trump suit.
    pub trump: Suit,
    /// The contract's maker.
    pub maker: Seat,
    /// The finished tricks.
    pub tricks: &'a [TrickView],
    /// The trick on the table (its cards so far), if any.
    pub trick: Option<&'a TrickView>,
}

/// The card the heuristic plays for `seat` holding `hand` at `table`, among `legal` (not empty).
pub(crate) fn heuristic_card(seat: Seat, hand: CardSet, table: &Table<'_>, legal: CardSet) -> Card {
    Seen::at(seat, hand, table).choose_from(legal)
}

/// What one seat has seen of the hand so far: its cards, the cards still out, who is void in what,
/// and the trick on the table.
struct Seen<'a> {
    seat: Seat,
    seats: usize,
    trump: Suit,
    hand: CardSet,
    /// Cards whose place is unknown to this seat: in the other hands.
    unseen: CardSet,
    /// Per seat, the suits it has shown it lacks (a plain suit it did not follow; for the trump
    /// suit: no trump and no joker).
    void: [[bool; 4]; 6],
    /// The maker's team.
    makers: Team,
    trick: Option<&'a TrickView>,
}

impl<'a> Seen<'a> {
    fn read(seat: Seat, view: &'a KoutView) -> Option<Seen<'a>> {
        let table = Table {
            game: view.game,
            seats: view.cards_held.len(),
            trump: view.trump?,
            maker: view.maker?,
            tricks: &view.tricks,
            trick: view.trick.as_ref(),
        };
        Some(Seen::at(seat, view.hand?, &table))
    }

    /// What `seat` holding `hand` has seen at `table`.
    fn at(seat: Seat, hand: CardSet, table: &Table<'a>) -> Seen<'a> {
        let deck = match table.game {
            GameKind::Kout4 => cards::DeckKind::Kout4.cards(),
            _ => cards::DeckKind::Kout6.cards(),
        };
        let mut played = CardSet::EMPTY;
        let mut void = [[false; 4]; 6];
        for t in table.tricks.iter().chain(table.trick) {
            note_trick(t, table.trump, &mut played, &mut void);
        }
        Seen {
            seat,
            seats: table.seats,
            trump: table.trump,
            hand,
            unseen: deck - hand - played,
            void,
            makers: table.maker.team(),
            trick: table.trick,
        }
    }

    fn is_void(&self, seat: Seat, suit: Suit) -> bool {
        self.void.get(seat.index()).and_then(|v| v.get(suit.index())).copied().unwrap_or(false)
    }

    fn trumps(&self) -> CardSet {
        trumps(self.trump)
    }

    /// The seats still to play to the current trick after this one.
    fn after(&self, played: usize) -> impl Iterator<Item = Seat> + '_ {
        let left = self.seats.saturating_sub(played + 1);
        (1..=left).map(|k| self.seat.offset(k, self.seats))
    }

    /// Whether a card of power `p` in a trick led `led` can be beaten by an opponent among `after`.
    fn beatable(&self, p: u8, led: Suit, after: &[Seat]) -> bool {
        let opponents: Vec<Seat> = after.iter().copied().filter(|s| s.team() != self.seat.team()).collect();
        if opponents.is_empty() {
            return false;
        }
        let higher = self.unseen.iter().filter(|&c| card_power(c, self.trump, Some(led)) > p);
        for c in higher {
            let can_hold = |s: Seat| {
                if c.is_joker() {
                    // A joker may be played to any trick at any time.
                    !self.is_void(s, self.trump)
                } else if c.suit() == Some(led) {
                    !self.is_void(s, led)
                } else {
                    // A trump on a plain lead: only from a seat out of the led suit.
                    !self.is_void(s, self.trump) && (self.is_void(s, led) || self.likely_void(led))
                }
            };
            if opponents.iter().any(|&s| can_hold(s)) {
                return true;
            }
        }
        false
    }

    /// Whether a seat is likely out of `suit` though it has not shown it: few of the suit are left.
    fn likely_void(&self, suit: Suit) -> bool {
        let left = self.unseen.of_suit(suit).len();
        let others = self.seats.saturating_sub(1);
        left * 2 < others
    }

    fn choose_card(&self, legal: &[KoutAction]) -> Card {
        let cards: CardSet = legal
            .iter()
            .filter_map(|a| match a {
                KoutAction::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
        self.choose_from(cards)
    }

    fn choose_from(&self, cards: CardSet) -> Card {
        let trick = self.trick.filter(|t| !t.cards.is_empty());
        let fallback = cards.first().unwrap_or(Card::RED_JOKER);
        match trick {
            None => self.lead(cards).unwrap_or(fallback),
            Some(t) => self.follow(t, cards).unwrap_or(fallback),
        }
    }

    /// How much a card is worth keeping: jokers and trumps most, then masters, then high ranks.
    fn keep_value(&self, c: Card) -> i32 {
        let trumps = self.trumps();
        if trumps.contains(c) {
            return 100 + i32::from(card_power(c, self.trump, None));
        }
        let Some(suit) = c.suit() else { return 0 };
        let rank = c.rank().map_or(0, |r| r.index() as i32);
        let master = self.is_master(c);
        let short = self.hand.of_suit(suit).len() as i32;
        // Keeping a short suit short lets a trump holder ruff it later.
        let ruff_bonus = if (self.hand & trumps).is_empty() { 0 } else { short };
        rank * 2 + if master { 30 } else { 0 } + ruff_bonus
    }

    /// Whether `c` beats every unseen card of its own kind (its suit; every trump for a trump).
    fn is_master(&self, c: Card) -> bool {
        if self.trumps().contains(c) {
            let p = card_power(c, self.trump, None);
            return (self.unseen & self.trumps()).iter().all(|x| card_power(x, self.trump, None) < p);
        }
        let Some(suit) = c.suit() else { return false };
        let p = card_power(c, self.trump, Some(suit));
        self.unseen.of_suit(suit).iter().all(|x| card_power(x, self.trump, Some(suit)) < p)
    }

    fn cheapest(&self, cards: impl Iterator<Item = Card>) -> Option<Card> {
        cards.min_by_key(|&c| self.keep_value(c))
    }

    fn lead(&self, cards: CardSet) -> Option<Card> {
        let trumps = self.trumps();
        let mine = cards & trumps;
        let opp_trumps_out = (self.unseen & trumps).len();
        let opponents: Vec<Seat> = Seat::all(self.seats).filter(|s| s.team() != self.seat.team()).collect();
        let opps_may_ruff =
            |suit: Suit| opponents.iter().any(|&s| !self.is_void(s, self.trump) && self.is_void(s, suit));
        let attacking = self.seat.team() == self.makers;
        // Draw the others' trumps with a master trump (a legal joker lead included).
        if attacking && opp_trumps_out > 0 {
            if let Some(top) = mine.iter().max_by_key(|&c| card_power(c, self.trump, None)) {
                if self.is_master(top) {
                    return Some(top);
                }
            }
        }
        // Cash side-suit masters nobody is known to ruff.
        let side = cards - trumps;
        let masters = side.iter().filter(|&c| self.is_master(c) && c.suit().is_some_and(|s| !opps_may_ruff(s)));
        if let Some(c) = masters.max_by_key(|&c| c.rank()) {
            return Some(c);
        }
        // Give the partner a ruff: a suit they lack while they may still hold trumps.
        let partners: Vec<Seat> =
            Seat::all(self.seats).filter(|&s| s != self.seat && s.team() == self.seat.team()).collect();
        for suit in Suit::ALL.into_iter().filter(|&s| s != self.trump) {
            let partner_ruffs = partners.iter().any(|&p| self.is_void(p, suit) && !self.is_void(p, self.trump));
            if partner_ruffs && !opps_may_ruff(suit) {
                if let Some(c) = self.cheapest(side.of_suit(suit).iter()) {
                    return Some(c);
                }
            }
        }
        if !side.is_empty() {
            // Lead low: from a short suit when holding trumps (to ruff it later), else from length.
            let holding_trumps = !(self.hand & trumps).is_empty();
            let suit_len = |c: Card| c.suit().map_or(0, |s| self.hand.of_suit(s).len() as i32);
            let key = |c: Card| {
                let len = suit_len(c);
                let shape = if holding_trumps && attacking { len } else { -len };
                (shape, self.keep_value(c))
            };
            return side.iter().min_by_key(|&c| key(c));
        }
        // Only trumps (or jokers) left: the best if it is master, else the smallest.
        let top = cards.iter().max_by_key(|&c| card_power(c, self.trump, None));
        match top {
            Some(c) if self.is_master(c) => Some(c),
            _ => cards.iter().min_by_key(|&c| card_power(c, self.trump, None)),
        }
    }

    fn follow(&self, trick: &TrickView, cards: CardSet) -> Option<Card> {
        let live: Vec<_> = trick.cards.iter().filter(|p| !p.dead).collect();
        let Some(led) = trick.led else {
            // A dead joker was led: this card decides the suit. A plain card; a master if any.
            let plain = cards - CardSet::JOKERS;
            let pool = if plain.is_empty() { cards } else { plain };
            let best = pool.iter().filter(|&c| self.is_master(c)).max_by_key(|&c| self.keep_value(c));
            return best.or_else(|| self.cheapest(pool.iter()));
        };
        let (best_power, best_seat) = live
            .iter()
            .map(|p| (card_power(p.card, self.trump, Some(led)), p.seat))
            .max_by_key(|&(p, _)| p)
            .unwrap_or((0, trick.leader));
        let after: Vec<Seat> = self.after(trick.cards.len()).collect();
        let partner_winning = best_seat.team() == self.seat.team() && !live.is_empty();
        let winners: Vec<Card> = cards.iter().filter(|&c| card_power(c, self.trump, Some(led)) > best_power).collect();
        let safe: Vec<Card> = winners
            .iter()
            .copied()
            .filter(|&c| !self.beatable(card_power(c, self.trump, Some(led)), led, &after))
            .collect();
        if partner_winning {
            if !self.beatable(best_power, led, &after) || safe.is_empty() {
                return self.cheapest(cards.iter());
            }
            return self.cheapest(safe.into_iter());
        }
        if let Some(c) = self.cheapest(safe.into_iter()) {
            return Some(c);
        }
        let partner_after = after.iter().any(|s| s.team() == self.seat.team());
        if !winners.is_empty() && !partner_after {
            // Make the opponents still to play spend their high cards.
            return self.cheapest(winners.into_iter());
        }
        self.cheapest(cards.iter())
    }
}

/// Adds a trick's cards to `played` and what they show about voids.
fn note_trick(t: &TrickView, trump: Suit, played: &mut CardSet, void: &mut [[bool; 4]; 6]) {
    let mut led: Option<Suit> = None;
    for p in &t.cards {
        played.insert(p.card);
        if p.dead {
            continue;
        }
        let Some(l) = led else {
            // The lead (or, after a dead joker, the deciding card) shows nothing.
            led = Some(p.card.suit().unwrap_or(trump));
            continue;
        };
        let follows = p.card.is_joker() || p.card.suit() == Some(l) || (l == trump && p.card.suit() == Some(trump));
        if !follows {
            if let Some(v) = void.get_mut(p.seat.index()) {
                if let Some(x) = v.get_mut(l.index()) {
                    *x = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> CardSet {
        text.split_whitespace().map(|t| t.parse::<Card>().expect("card")).collect()
    }

    #[test]
    fn jokers_long_trumps_and_aces_count_as_tricks() {
        let strong = set("RJ BJ AS KS QS JS AH AD 2C");
        let weak = set("2S 3H 4H 5D 6D 7C 8C 9C TC");
        assert!(own_tricks(strong, Suit::Spades, true) >= 7.0);
        assert!(own_tricks(weak, Suit::Clubs, true) < 3.0);
        assert_eq!(best_trump(strong, GameKind::Kout6), Suit::Spades);
        assert_eq!(best_trump(set("2S AH KH QH 9H 3D 4C 5C 6C"), GameKind::Kout6), Suit::Hearts);
    }

    #[test]
    fn trump_power_order_matches_the_rules() {
        let order = set("RJ AH BJ KH 2H");
        let p: Vec<u8> = ["RJ", "AH", "BJ", "KH", "2H"]
            .iter()
            .map(|t| card_power(t.parse().expect("card"), Suit::Hearts, Some(Suit::Spades)))
            .collect();
        assert!(p.windows(2).all(|w| w[0] > w[1]), "{p:?}");
        assert_eq!(order.len(), 5);
    }
}
