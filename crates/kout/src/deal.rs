//! Dealing: a deck in dealing order, handed out one card at a time from the dealer's left.

use cards::{Card, CardSet, Deck};
use game::Seat;

use crate::rules::Variant;
use crate::setup::SetupError;

/// Cards each player holds after the deal, in both variants.
pub const HAND_SIZE: usize = 9;

/// What a hand needs to start: the deck, top card first, in dealing order. The deck may be any
/// game's deck here; [`game::Game::deal`] checks that it is exactly the variant's deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KoutDeal {
    /// The deck, top card first.
    pub deck: Deck,
}

impl KoutDeal {
    /// The deal that gives `hands[s]` to seat `s` when `dealer` deals: the inverse of dealing, for
    /// tests, puzzles and bots that need an exact situation.
    ///
    /// # Errors
    /// A hand does not hold exactly 9 cards, a seat is missing, or the hands together are not the
    /// variant's deck.
    pub fn from_hands(variant: Variant, dealer: Seat, hands: &[CardSet]) -> Result<KoutDeal, SetupError> {
        let seats = variant.seats();
        if hands.len() != seats {
            return Err(SetupError::HandCount { given: hands.len(), seats });
        }
        let mut order: Vec<Vec<Card>> = Vec::with_capacity(seats);
        for (i, hand) in hands.iter().enumerate() {
            if hand.len() != HAND_SIZE {
                return Err(SetupError::HandSize { seat: i, cards: hand.len(), expected: HAND_SIZE });
            }
            order.push(hand.iter().collect());
        }
        let mut cards = Vec::with_capacity(seats * HAND_SIZE);
        for round in 0..HAND_SIZE {
            for k in 1..=seats {
                let seat = dealer.offset(k, seats).index();
                if let Some(&card) = order.get(seat).and_then(|h| h.get(round)) {
                    cards.push(card);
                }
            }
        }
        let deck = Deck::new(variant.deck(), &cards)?;
        Ok(KoutDeal { deck })
    }
}

/// Deals `deck` by `dealer` to a table of `seats`: card `i` goes to seat dealer + 1 + i.
pub(crate) fn deal_hands(deck: &[Card], dealer: Seat, seats: usize) -> [CardSet; 6] {
    let mut hands = [CardSet::EMPTY; 6];
    let mut seat = dealer.next(seats).index();
    for &card in deck {
        if let Some(hand) = hands.get_mut(seat) {
            hand.insert(card);
        }
        seat += 1;
        if seat == seats {
            seat = 0;
        }
    }
    hands
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::DeckKind;

    #[test]
    fn deal_goes_one_card_at_a_time_from_the_dealers_left() {
        let deck = DeckKind::Kout6.shuffled_from_seed(3);
        let dealer = Seat::new(4).expect("seat");
        let hands = deal_hands(&deck, dealer, 6);
        // Seat 5 gets the first card, seat 0 the second, seat 4 (the dealer) the sixth.
        assert!(hands[5].contains(deck[0]) && hands[0].contains(deck[1]) && hands[4].contains(deck[5]));
        assert!(hands[5].contains(deck[6]));
        assert!(hands.iter().all(|h| h.len() == 9));
        let back = KoutDeal::from_hands(Variant::Six, dealer, &hands).expect("valid hands");
        assert_eq!(deal_hands(&back.deck, dealer, 6), hands);
    }

    #[test]
    fn from_hands_rejects_wrong_hands() {
        let deck = DeckKind::Kout4.shuffled_from_seed(1);
        let hands = deal_hands(&deck, Seat::ZERO, 4);
        assert!(KoutDeal::from_hands(Variant::Four, Seat::ZERO, &hands[..4]).is_ok());
        assert!(KoutDeal::from_hands(Variant::Four, Seat::ZERO, &hands[..3]).is_err());
        assert!(KoutDeal::from_hands(Variant::Six, Seat::ZERO, &hands).is_err());
        let mut short = hands;
        let first = short[0].first().expect("a card");
        short[0].remove(first);
        short[1].insert(first);
        assert!(KoutDeal::from_hands(Variant::Four, Seat::ZERO, &short[..4]).is_err());
    }
}
