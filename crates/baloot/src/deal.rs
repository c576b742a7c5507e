//! The deal: 5 cards each, the face-up card, the stock, and the second deal after the bidding.

use cards::{Card, CardSet, Deck, DeckKind, Rank};
use game::{BySeat, Seat};

use crate::setup::SetupError;

/// A hand's cards after the first deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstDeal {
    /// Each seat's 5 cards.
    pub hands: BySeat<CardSet>,
    /// Card 21, face up.
    pub face_up: Card,
    /// Cards 22–32, top first.
    pub stock: [Card; 11],
}

/// The 32 Baloot cards.
const BALOOT_CARDS: CardSet = CardSet::from_bits(
    CardSet::rank(Rank::Seven).bits()
        | CardSet::rank(Rank::Eight).bits()
        | CardSet::rank(Rank::Nine).bits()
        | CardSet::rank(Rank::Ten).bits()
        | CardSet::rank(Rank::Jack).bits()
        | CardSet::rank(Rank::Queen).bits()
        | CardSet::rank(Rank::King).bits()
        | CardSet::rank(Rank::Ace).bits(),
);

/// Checks `deck` and deals cards 1–20 one at a time from seat `dealer + 1`; card 21 is face up and
/// cards 22–32 are the stock.
///
/// # Errors
/// The deck is not exactly the 32 Baloot cards.
pub fn first_deal(dealer: Seat, deck: &[Card]) -> Result<FirstDeal, SetupError> {
    // 32 cards that make up the 32 Baloot cards are each there once; anything else gets the deck
    // checker's precise complaint.
    let cards: Option<&[Card; 32]> =
        deck.try_into().ok().filter(|c: &&[Card; 32]| c.iter().copied().collect::<CardSet>() == BALOOT_CARDS);
    let Some(cards) = cards else {
        return Err(match Deck::new(DeckKind::Baloot, deck) {
            Err(e) => SetupError::Deck(e),
            Ok(_) => SetupError::DeckSize,
        });
    };
    let mut hands = BySeat::filled(4, CardSet::EMPTY);
    for (i, &card) in cards[..20].iter().enumerate() {
        hands[dealer.offset(1 + i % 4, 4)].insert(card);
    }
    let mut stock = [cards[21]; 11];
    stock.copy_from_slice(&cards[21..]);
    Ok(FirstDeal { hands, face_up: cards[20], stock })
}

/// The second deal: from seat `dealer + 1` in seat order each player takes 3 cards from the top of
/// the stock, the bidder the face-up card and 2.
pub fn second_deal(hands: &mut BySeat<CardSet>, dealer: Seat, bidder: Seat, face_up: Card, stock: &[Card; 11]) {
    let mut next = stock.iter().copied();
    for k in 1..=4 {
        let seat = dealer.offset(k, 4);
        let hand = &mut hands[seat];
        let take = if seat == bidder {
            hand.insert(face_up);
            2
        } else {
            3
        };
        hand.extend(next.by_ref().take(take));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(i: usize) -> Seat {
        Seat::new(i).expect("seat")
    }

    #[test]
    fn cards_one_to_twenty_go_one_at_a_time_from_dealer_plus_one() {
        let deck = DeckKind::Baloot.shuffled_from_seed(5);
        let d = first_deal(seat(2), &deck).expect("deal");
        // Dealer 2: card 1 to seat 3, card 2 to seat 0, …
        assert!(
            d.hands[seat(3)].contains(deck[0])
                && d.hands[seat(3)].contains(deck[4])
                && d.hands[seat(3)].contains(deck[16])
        );
        assert!(d.hands[seat(0)].contains(deck[1]));
        assert!(d.hands[seat(2)].contains(deck[3]));
        assert!(d.hands.iter().all(|h| h.len() == 5));
        assert_eq!(d.face_up, deck[20]);
        assert_eq!(d.stock[0], deck[21]);
        assert_eq!(d.stock[10], deck[31]);
    }

    #[test]
    fn second_deal_gives_the_bidder_the_face_up_card_and_two() {
        let deck = DeckKind::Baloot.shuffled_from_seed(9);
        let mut d = first_deal(seat(0), &deck).expect("deal");
        second_deal(&mut d.hands, seat(0), seat(2), d.face_up, &d.stock);
        // Seat 1 takes 22–24, seat 2 (bidder) the face-up card and 25–26, seat 3 27–29, seat 0 30–32.
        assert!(d.hands[seat(1)].is_superset(deck[21..24].iter().copied().collect()));
        assert!(
            d.hands[seat(2)].contains(deck[20])
                && d.hands[seat(2)].contains(deck[24])
                && d.hands[seat(2)].contains(deck[25])
        );
        assert!(d.hands[seat(3)].is_superset(deck[26..29].iter().copied().collect()));
        assert!(d.hands[seat(0)].is_superset(deck[29..32].iter().copied().collect()));
        assert!(d.hands.iter().all(|h| h.len() == 8));
        let all = d.hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        assert_eq!(all, DeckKind::Baloot.cards());
    }

    #[test]
    fn the_constant_deck_is_the_baloot_deck() {
        assert_eq!(BALOOT_CARDS, DeckKind::Baloot.cards());
    }

    #[test]
    fn a_deck_that_is_not_the_baloot_deck_is_refused() {
        let deck = DeckKind::Kout4.shuffled_from_seed(1);
        assert!(first_deal(seat(0), &deck).is_err());
        let deck = DeckKind::Baloot.shuffled_from_seed(1);
        assert!(first_deal(seat(0), &deck[..31]).is_err());
        let mut doubled = deck.to_vec();
        doubled[3] = doubled[4];
        assert_eq!(
            first_deal(seat(0), &doubled).expect_err("doubled").to_string(),
            format!("the deck holds {} twice", doubled[4])
        );
    }
}
