//! Helpers for the Baloot integration tests: decks arranged so each seat gets chosen cards.

#![allow(dead_code)]

use baloot::{Baloot, BalootAction, BalootRules};
use cards::{Card, CardSet, Deck, DeckKind};
use game::{Actor, Game, GameKind, Seat};

pub fn seat(i: usize) -> Seat {
    Seat::new(i).expect("seat")
}

pub fn card(s: &str) -> Card {
    s.parse().expect("card")
}

pub fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(card).collect()
}

pub fn set(s: &str) -> CardSet {
    cards(s).into_iter().collect()
}

/// A deck in dealing order such that, with `dealer` dealing and `bidder` winning the bid, seat `i`
/// ends with `hands[i]` (8 cards each): its first 5 in the first deal, then (bidder) the 6th as the
/// face-up card and 2 more, or (others) 3 from the stock.
pub fn deck_for(dealer: usize, bidder: usize, hands: [&str; 4]) -> Deck {
    let hands = hands.map(cards);
    let mut deck = Vec::with_capacity(32);
    // Cards 1–20 go one at a time from dealer + 1: card i to seat dealer + 1 + i % 4.
    deck.extend((0..20).map(|i| hands[(dealer + 1 + i % 4) % 4][i / 4]));
    deck.push(hands[bidder][5]);
    for k in 1..=4 {
        let s = (dealer + k) % 4;
        if s == bidder {
            deck.extend_from_slice(&hands[s][6..8]);
        } else {
            deck.extend_from_slice(&hands[s][5..8]);
        }
    }
    Deck::new(DeckKind::Baloot, &deck).expect("hands hold the 32 cards once each")
}

/// A new match under `rules`, the first hand dealt from `deck` by `dealer`.
pub fn dealt(rules: BalootRules, dealer: usize, deck: Deck) -> Baloot {
    let mut g = Baloot::new(GameKind::Baloot, rules, seat(dealer)).expect("new");
    g.deal(deck).expect("deal");
    g
}

/// Plays `[seat, text]` actions, each of which must be legal.
pub fn play_all(g: &mut Baloot, actions: &[(usize, &str)]) {
    for &(s, text) in actions {
        let a: BalootAction = text.parse().expect("action");
        g.play(Actor::Seat(seat(s)), a).unwrap_or_else(|e| panic!("seat {s} {text}: {e}"));
    }
}

/// The error message of an action that must be refused.
pub fn refusal(g: &Baloot, s: usize, text: &str) -> String {
    let a: BalootAction = text.parse().expect("action");
    g.check(Actor::Seat(seat(s)), a).expect_err("must be refused").to_string()
}

/// The legal actions of seat `s` as text.
pub fn legal(g: &Baloot, s: usize) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(seat(s), &mut out);
    out.iter().map(ToString::to_string).collect()
}
