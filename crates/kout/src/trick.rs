//! Tricks: card order, which cards may be led and followed, dead jokers and the trick winner.
//!
//! Everything here is bit operations on [`CardSet`]s, because a random playout asks for the legal
//! cards at every step.

use arrayvec::ArrayVec;
use cards::{Card, CardSet, Rank, Suit};
use game::Seat;

use crate::bidding::Contract;

/// One card played to a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Play {
    pub seat: Seat,
    pub card: Card,
    /// A joker led when no rule allowed it (or the other joker straight after it): it ranks below
    /// every card and never wins.
    pub dead: bool,
}

/// The trick being played.
#[derive(Clone, Debug)]
pub(crate) struct Trick {
    pub leader: Seat,
    /// At most one card per seat of the largest table.
    pub plays: ArrayVec<Play, 6>,
    /// The led suit; the trump suit for a trump lead (a trump card or a live joker). `None` before
    /// the lead and while a dead joker's trick waits for the card that decides its suit.
    pub led: Option<Suit>,
    /// The strongest live card so far: its power and who played it.
    best: Option<(u8, Seat)>,
}

/// A finished trick.
#[derive(Clone, Debug)]
pub(crate) struct DoneTrick {
    pub leader: Seat,
    pub plays: ArrayVec<Play, 6>,
    pub led: Option<Suit>,
    pub winner: Seat,
}

impl Trick {
    /// An empty trick led by `leader`.
    pub fn new(leader: Seat) -> Trick {
        Trick { leader, plays: ArrayVec::new(), led: None, best: None }
    }

    /// Whether no card has been played yet.
    pub fn is_empty(&self) -> bool {
        self.plays.is_empty()
    }

    /// Whether `card`, played next by a follower, is dead: only the other joker played straight
    /// after a dead joker lead.
    pub fn follower_card_is_dead(&self, card: Card) -> bool {
        card.is_joker() && self.plays.len() == 1 && self.plays.first().is_some_and(|p| p.dead)
    }

    /// Adds a card; `dead` says whether it is a dead joker (see [`lead_is_dead`] and
    /// [`Trick::follower_card_is_dead`]).
    pub fn add(&mut self, seat: Seat, card: Card, dead: bool, trump: Suit) {
        if !dead && self.led.is_none() {
            // The lead (or, after a dead joker, the deciding card) fixes the led suit; a live joker
            // is a trump lead.
            self.led = Some(card.suit().unwrap_or(trump));
        }
        if !dead {
            let p = power(card, trump, self.led);
            if self.best.is_none_or(|(b, _)| p > b) {
                self.best = Some((p, seat));
            }
        }
        // A trick never holds more cards than the table has seats (at most 6).
        let _ = self.plays.try_push(Play { seat, card, dead });
    }

    /// The winner: the seat of the strongest live card (the leader if, impossibly, none is live).
    pub fn winner(&self) -> Seat {
        self.best.map_or(self.leader, |(_, seat)| seat)
    }
}

/// The trump cards of a hand with `trump` as trump: the suit and both jokers.
pub(crate) const fn trumps(trump: Suit) -> CardSet {
    CardSet::from_bits(CardSet::suit(trump).bits() | CardSet::JOKERS.bits())
}

/// The ace, king, queen and jack of `trump`: once all four are played, either joker may lead.
pub(crate) const fn top_four(trump: Suit) -> CardSet {
    // Jack, queen, king and ace are the top four ranks of the suit's 13 bits.
    CardSet::from_bits(CardSet::suit(trump).bits() & (0b1111 << (Rank::Jack.index() + 13 * trump.index())))
}

/// How strong a live card is in a trick with `trump` as trump and `led` as the led suit: 0 for a
/// card that cannot win (off-suit), the rank for the led plain suit, above every plain card for
/// trumps in the order red joker, ace, black joker, king, queen … two.
pub fn power(card: Card, trump: Suit, led: Option<Suit>) -> u8 {
    if card == Card::RED_JOKER {
        return 30;
    }
    if card == Card::BLACK_JOKER {
        return 28;
    }
    let (Some(suit), Some(rank)) = (card.suit(), card.rank()) else { return 0 };
    let r = rank.index() as u8;
    if suit == trump {
        // Ace 29 sits between the red (30) and black (28) jokers; king down to two are 27..16.
        if rank == Rank::Ace { 29 } else { 16 + r }
    } else if Some(suit) == led {
        1 + r
    } else {
        0
    }
}

/// `held` in the order a player sorts a hand: the jokers (red first), then the suits in display
/// order (trump first), each strongest first by [`power`] (`trump`: `None` before it is named).
pub(crate) fn display_order(held: CardSet, trump: Option<Suit>) -> Vec<Card> {
    let mut out: Vec<Card> = held.jokers().iter().collect();
    out.sort_by_key(|&j| std::cmp::Reverse(power(j, trump.unwrap_or(Suit::Spades), None)));
    for suit in Suit::display_order(trump) {
        let mut cards: Vec<Card> = held.of_suit(suit).iter().collect();
        // Within one suit the order is the same whether or not it is trump.
        cards.sort_by_key(|&c| std::cmp::Reverse(power(c, trump.unwrap_or(suit), Some(suit))));
        out.extend(cards);
    }
    out
}

/// The jokers that may lead now under rule (a) or (b): the leader's team holds a bid of 9 (either
/// joker) or 8 (the red joker), or the A K Q J of trump have all been played this hand (either).
pub(crate) fn joker_leads(contract: Contract, trump: Suit, leader: Seat, played: CardSet) -> CardSet {
    if played.is_superset(top_four(trump)) {
        return CardSet::JOKERS;
    }
    if contract.maker.team() != leader.team() {
        return CardSet::EMPTY;
    }
    match contract.bid.tricks() {
        9 => CardSet::JOKERS,
        8 => CardSet::single(Card::RED_JOKER),
        _ => CardSet::EMPTY,
    }
}

/// The cards `hand` may lead when `allowed` are the jokers that may lead: any plain card and any
/// allowed joker; a hand of nothing but disallowed jokers must still lead one (it is dead).
pub(crate) fn lead_set(hand: CardSet, allowed: CardSet) -> CardSet {
    let plain = hand - CardSet::JOKERS;
    let live_jokers = hand & allowed;
    if !plain.is_empty() {
        plain | live_jokers
    } else if !live_jokers.is_empty() {
        live_jokers
    } else {
        hand
    }
}

/// Whether `card` led from `hand` is a dead joker.
pub(crate) fn lead_is_dead(card: Card, allowed: CardSet) -> bool {
    card.is_joker() && !allowed.contains(card)
}

/// The cards `hand` may play to `trick` (already led): follow a plain led suit or play a joker;
/// follow a trump lead with a trump or a joker; otherwise (or while the suit is undecided) anything.
pub(crate) fn follow_set(hand: CardSet, led: Option<Suit>, trump: Suit) -> CardSet {
    let Some(led) = led else { return hand };
    if led == trump {
        let t = hand & trumps(trump);
        if t.is_empty() { hand } else { t }
    } else {
        let s = hand.of_suit(led);
        if s.is_empty() { hand } else { s | hand.jokers() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Bid;

    fn c(text: &str) -> Card {
        text.parse().expect("card")
    }

    fn set(text: &str) -> CardSet {
        text.split_whitespace().map(c).collect()
    }

    fn seat(i: usize) -> Seat {
        Seat::new(i).expect("seat")
    }

    #[test]
    fn display_order_is_jokers_then_trump_then_alternating_colours_strongest_first() {
        let held = set("2S AS BJ RJ 9H TD KC AH 3D");
        let words = |v: Vec<Card>| v.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
        assert_eq!(words(display_order(held, None)), "RJ BJ AS 2S AH 9H KC TD 3D");
        assert_eq!(words(display_order(held, Some(Suit::Diamonds))), "RJ BJ TD 3D AS 2S AH 9H KC");
        assert_eq!(words(display_order(set("KC 2C"), Some(Suit::Clubs))), "KC 2C");
        assert!(display_order(CardSet::EMPTY, None).is_empty());
    }

    fn contract(maker: usize, bid: u8) -> Contract {
        Contract { maker: seat(maker), bid: Bid::new(bid).expect("bid"), malzoom: false }
    }

    #[test]
    fn trump_order_is_red_joker_ace_black_joker_king_down() {
        let order = ["RJ", "AH", "BJ", "KH", "QH", "JH", "TH", "9H", "2H"];
        let powers: Vec<u8> = order.iter().map(|t| power(c(t), Suit::Hearts, Some(Suit::Spades))).collect();
        assert!(powers.windows(2).all(|w| w[0] > w[1]), "{powers:?}");
        // Every trump beats the ace of the led plain suit.
        assert!(power(c("2H"), Suit::Hearts, Some(Suit::Spades)) > power(c("AS"), Suit::Hearts, Some(Suit::Spades)));
    }

    #[test]
    fn plain_order_is_ace_high_and_off_suit_cannot_win() {
        let order = ["AS", "KS", "QS", "JS", "TS", "9S", "2S"];
        let powers: Vec<u8> = order.iter().map(|t| power(c(t), Suit::Hearts, Some(Suit::Spades))).collect();
        assert!(powers.windows(2).all(|w| w[0] > w[1]) && powers.iter().all(|&p| p > 0), "{powers:?}");
        assert_eq!(power(c("AC"), Suit::Hearts, Some(Suit::Spades)), 0);
    }

    #[test]
    fn top_four_is_a_k_q_j_of_trump() {
        for suit in Suit::ALL {
            let expected: CardSet =
                [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack].into_iter().map(|r| Card::new(r, suit)).collect();
            assert_eq!(top_four(suit), expected);
        }
    }

    #[test]
    fn follow_set_bits() {
        let hand = set("AS 2S KH RJ 3C");
        assert_eq!(follow_set(hand, Some(Suit::Spades), Suit::Hearts), set("AS 2S RJ"));
        assert_eq!(follow_set(hand, Some(Suit::Hearts), Suit::Hearts), set("KH RJ"));
        assert_eq!(follow_set(hand, Some(Suit::Diamonds), Suit::Hearts), hand);
        assert_eq!(follow_set(hand, None, Suit::Hearts), hand);
        assert_eq!(follow_set(set("AS 3C"), Some(Suit::Hearts), Suit::Hearts), set("AS 3C"));
    }

    #[test]
    fn joker_leads_per_rule() {
        let none = CardSet::EMPTY;
        assert_eq!(joker_leads(contract(0, 9), Suit::Clubs, seat(2), none), CardSet::JOKERS);
        assert_eq!(joker_leads(contract(0, 8), Suit::Clubs, seat(4), none), set("RJ"));
        assert_eq!(joker_leads(contract(0, 7), Suit::Clubs, seat(0), none), none);
        assert_eq!(joker_leads(contract(0, 9), Suit::Clubs, seat(1), none), none);
        assert_eq!(joker_leads(contract(0, 5), Suit::Clubs, seat(1), set("AC KC QC JC")), CardSet::JOKERS);
        assert_eq!(joker_leads(contract(0, 5), Suit::Clubs, seat(1), set("AC KC QC")), none);
    }

    #[test]
    fn lead_set_bits() {
        assert_eq!(lead_set(set("AS RJ BJ"), none()), set("AS"));
        assert_eq!(lead_set(set("AS RJ BJ"), set("RJ")), set("AS RJ"));
        assert_eq!(lead_set(set("RJ BJ"), set("RJ")), set("RJ"));
        assert_eq!(lead_set(set("RJ BJ"), none()), set("RJ BJ"));
        assert_eq!(lead_set(set("BJ"), set("RJ")), set("BJ"));
    }

    fn none() -> CardSet {
        CardSet::EMPTY
    }
}
