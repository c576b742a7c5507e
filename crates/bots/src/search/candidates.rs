//! The candidates of a trick game's search: the legal cards, and whether they are all alike (then
//! the bot does not search).

use arrayvec::ArrayVec;
use cards::{Card, CardSet, Suit};

/// The most cards a trick game's hand holds (Kout Bo: nine; Baloot: eight).
pub(crate) const MAX_CARDS: usize = 9;

/// A trick game's action: a card played, or a call (a bid, trump, a Saudi call).
pub(crate) trait CardAction: Copy + PartialEq {
    /// Playing `card`.
    fn play(card: Card) -> Self;
    /// The card played, if the action plays one.
    fn card(self) -> Option<Card>;
}

/// The cards among `legal` (at most [`MAX_CARDS`]).
pub(crate) fn legal_cards<A: CardAction>(legal: &[A]) -> ArrayVec<Card, MAX_CARDS> {
    legal.iter().filter_map(|a| a.card()).take(MAX_CARDS).collect()
}

/// The card `search` picks among `cards` — told which of them is the `heuristic`'s action, to
/// prefer among equals — as an action; the heuristic's action when the search decides nothing.
pub(crate) fn play_searched<A: CardAction>(
    heuristic: A,
    cards: &[Card],
    search: impl FnOnce(Option<usize>) -> Option<usize>,
) -> A {
    let prefer = cards.iter().position(|&c| heuristic == A::play(c));
    match search(prefer) {
        Some(i) => A::play(cards[i]),
        None => heuristic,
    }
}

/// Whether the cards are all alike for the play: of one suit, the same `value` each, and every card
/// of `suit_cards` ranked (by `order`) between the lowest and the highest of them held by the
/// player too or already gone (`mine_or_gone`). Then which one is played changes nothing, and the
/// bot does not search.
pub(crate) fn alike(
    cards: &[Card],
    suit_cards: impl Fn(Suit) -> CardSet,
    mine_or_gone: CardSet,
    order: impl Fn(Card) -> u8,
    value: impl Fn(Card) -> u16,
) -> bool {
    let Some(suit) = cards.first().and_then(|c| c.suit()) else { return false };
    if cards.iter().any(|c| c.suit() != Some(suit) || value(*c) != value(cards[0])) {
        return false;
    }
    let lo = cards.iter().map(|&c| order(c)).min().unwrap_or(0);
    let hi = cards.iter().map(|&c| order(c)).max().unwrap_or(0);
    suit_cards(suit).iter().all(|c| {
        let o = order(c);
        o <= lo || o >= hi || mine_or_gone.contains(c)
    })
}

#[cfg(test)]
mod tests {
    use cards::{Card, CardSet, Rank, Suit};
    use kout::Variant;

    #[test]
    fn touching_cards_are_alike_and_a_gap_or_a_joker_between_them_is_not() {
        let c = |r: Rank, s: Suit| Card::new(r, s);
        let trump = Suit::Hearts;
        let deck = Variant::Four.cards();
        let suit_cards =
            |s: Suit| (deck & CardSet::suit(s)) | if s == trump { CardSet::JOKERS } else { CardSet::EMPTY };
        let order = |x: Card| kout::card_power(x, trump, Some(x.suit().unwrap_or(trump)));
        let alike = |cards: &[Card], mine_or_gone: CardSet| super::alike(cards, suit_cards, mine_or_gone, order, |_| 1);
        let (ks, qs, js) = (c(Rank::King, Suit::Spades), c(Rank::Queen, Suit::Spades), c(Rank::Jack, Suit::Spades));
        assert!(alike(&[ks, qs], [ks, qs].into_iter().collect()));
        assert!(!alike(&[ks, js], [ks, js].into_iter().collect()), "the queen is out there");
        assert!(alike(&[ks, js], [ks, js, qs].into_iter().collect()), "the queen is gone");
        let (ah, kh) = (c(Rank::Ace, trump), c(Rank::King, trump));
        assert!(!alike(&[ah, kh], [ah, kh].into_iter().collect()), "the black joker ranks between them");
        assert!(alike(&[ah, kh], [ah, kh, Card::BLACK_JOKER].into_iter().collect()));
        assert!(!alike(&[ks, kh], [ks, kh].into_iter().collect()), "two suits");
        // Baloot: touching cards of different points are not alike.
        let mode = baloot::Mode::Sun;
        let bsuit = |s: Suit| cards::DeckKind::Baloot.cards() & CardSet::suit(s);
        let border = |x: Card| baloot::strength(x, x.suit().unwrap_or(Suit::Spades), None);
        let ts = c(Rank::Ten, Suit::Spades);
        assert!(!super::alike(&[ts, ks], bsuit, [ts, ks].into_iter().collect(), border, |x| baloot::card_points(
            x, mode
        )));
        assert!(super::alike(&[ks, qs], bsuit, CardSet::EMPTY, border, |_| 0), "equal points, touching");
    }
}
