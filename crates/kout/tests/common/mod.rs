//! Helpers shared by the integration tests: exact deals, scripted actions, simple autoplay.

#![allow(dead_code)] // each test file uses a different part

use cards::{Card, CardSet, Rank, Suit};
use game::{Actor, Game, GameKind, Phase, Seat};
use kout::{Illegal, Kout, KoutAction, KoutDeal, KoutRules, Variant};

pub fn seat(i: usize) -> Seat {
    Seat::new(i).expect("seat")
}

pub fn card(text: &str) -> Card {
    text.parse().expect("card")
}

pub fn cards(text: &str) -> CardSet {
    text.split_whitespace().map(card).collect()
}

pub fn kind(variant: Variant) -> GameKind {
    variant.kind()
}

/// A new match waiting for `dealer`'s first deal.
pub fn new_match(variant: Variant, dealer: usize, play_out: bool) -> Kout {
    Kout::new(variant.kind(), KoutRules { variant, play_out }, seat(dealer)).expect("new match")
}

/// Deals the next hand so that seat `s` holds `hands[s]` (space-separated cards).
pub fn deal_hands(game: &mut Kout, hands: &[&str]) {
    let Phase::AwaitingDeal { dealer } = game.phase() else { panic!("not awaiting a deal") };
    let sets: Vec<CardSet> = hands.iter().map(|h| cards(h)).collect();
    let deal = KoutDeal::from_hands(game.rules().variant, dealer, &sets).expect("valid hands");
    game.deal(deal).expect("deal accepted");
}

/// A new match with its first hand dealt.
pub fn dealt(variant: Variant, dealer: usize, play_out: bool, hands: &[&str]) -> Kout {
    let mut game = new_match(variant, dealer, play_out);
    deal_hands(&mut game, hands);
    game
}

/// Kout Bo 6 hands where seats not listed (or given `""`) are filled with the cards nobody was
/// given, in card order, seat after seat.
pub fn fill6(given: &[&str]) -> Vec<String> {
    let mut hands: Vec<CardSet> = (0..6).map(|i| given.get(i).map_or(CardSet::EMPTY, |h| cards(h))).collect();
    let mut rest = Variant::Six.deck().cards();
    for h in &hands {
        rest -= *h;
    }
    let mut rest = rest.iter();
    for h in &mut hands {
        while h.len() < 9 {
            h.insert(rest.next().expect("enough cards"));
        }
    }
    hands.iter().map(ToString::to_string).collect()
}

pub fn act(game: &mut Kout, seat_index: usize, text: &str) -> Result<(), Illegal> {
    let action: KoutAction = text.parse().expect("action notation");
    game.play(Actor::Seat(seat(seat_index)), action)
}

/// Plays each `(seat, text)` in turn; panics naming the first refused action.
pub fn acts(game: &mut Kout, list: &[(usize, &str)]) {
    for &(s, text) in list {
        if let Err(e) = act(game, s, text) {
            panic!("seat {s} {text:?} refused: {e}");
        }
    }
}

/// Plays one card per turn, each by whoever is to act, from a space-separated list.
pub fn trick(game: &mut Kout, played: &str) {
    for c in played.split_whitespace() {
        let s = game.to_act().first().expect("someone to act");
        if let Err(e) = act(game, s.index(), &format!("play {c}")) {
            panic!("seat {s} play {c} refused: {e}");
        }
    }
}

pub fn legal(game: &Kout, seat_index: usize) -> Vec<String> {
    let mut out = Vec::new();
    game.legal_actions(seat(seat_index), &mut out);
    out.iter().map(ToString::to_string).collect()
}

/// The legal cards of the seat to act, as a set.
pub fn legal_cards(game: &Kout) -> CardSet {
    let s = game.to_act().first().expect("someone to act");
    let mut out = Vec::new();
    game.legal_actions(s, &mut out);
    out.iter()
        .filter_map(|a| match a {
            KoutAction::Play(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// Plays the lowest legal card of whoever is to act until the hand is over.
pub fn autoplay(game: &mut Kout) {
    let mut buf = Vec::new();
    while game.phase() == Phase::InHand {
        let s = game.to_act().first().expect("someone to act");
        game.legal_actions(s, &mut buf);
        let action = *buf.first().expect("a legal action");
        game.play(Actor::Seat(s), action).expect("legal action accepted");
    }
}

/// Hands for a Kout Bo 4 deal where `sweeper` holds A K Q J 10 9 8 of spades and both jokers: with
/// spades as trump, that seat's team wins every trick under [`autoplay`] whoever leads.
pub fn sweep4(sweeper: usize) -> Vec<String> {
    sweep(Variant::Four, sweeper)
}

/// As [`sweep4`], for Kout Bo 6.
pub fn sweep6(sweeper: usize) -> Vec<String> {
    sweep(Variant::Six, sweeper)
}

fn sweep(variant: Variant, sweeper: usize) -> Vec<String> {
    let seats = variant.seats();
    let strong: CardSet = [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack, Rank::Ten, Rank::Nine, Rank::Eight]
        .into_iter()
        .map(|r| Card::new(r, Suit::Spades))
        .chain([Card::RED_JOKER, Card::BLACK_JOKER])
        .collect();
    let mut hands = vec![CardSet::EMPTY; seats];
    hands[sweeper] = strong;
    let mut others = (0..seats).filter(|&s| s != sweeper).cycle();
    for c in variant.deck().cards() - strong {
        let s = others.next().expect("cycle");
        hands[s].insert(c);
    }
    hands.iter().map(ToString::to_string).collect()
}

pub fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}
