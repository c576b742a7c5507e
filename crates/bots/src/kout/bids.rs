//! How Kout Bo's strong bot bids with `bids=solved`: the tricks a maker's team takes, estimated
//! by a linear model of the maker's cards fitted by least squares on the exact solver's results
//! (see [`crate::fit`] and `crates/bots/examples/fit_bids.rs`). Not the default: it measures
//! weaker than the heuristic's bidding (the README's arena figures).
//!
//! The heuristic reads a hand's strength from hand-set counts. The strong bot plays its cards by
//! solving deals, so this bidding asks what the solver says hands are worth: for many random deals,
//! the maker's cards are turned into features, the deal is solved exactly with every hand open, and
//! the model is fitted to the tricks the maker's team takes. The partners' and opponents' cards,
//! unknown when bidding, are averaged over by the fit.

use cards::{Card, CardSet, Suit};
use game::GameKind;

/// How many Kout features there are.
pub const KOUT_FEATURES: usize = 16;

/// The names of the Kout features, in order (for the fitting tool's output).
pub const KOUT_FEATURE_NAMES: [&str; KOUT_FEATURES] = [
    "constant",
    "red joker",
    "black joker",
    "trump ace",
    "trump king",
    "trump queen",
    "trump jack",
    "trump ten",
    "trumps (jokers included)",
    "each trump beyond 3",
    "each trump beyond 5",
    "each side ace",
    "each side A-K",
    "each side king with a guard, no ace",
    "each side suit void",
    "each side singleton, not an ace",
];

/// The features of a Kout hand for a maker naming `trump`.
#[must_use]
pub fn kout_features(hand: CardSet, trump: Suit) -> [f64; KOUT_FEATURES] {
    let has = |c: Card| f64::from(u8::from(hand.contains(c)));
    let trump_has = |r: cards::Rank| has(Card::new(r, trump));
    let len = hand.of_suit(trump).len() + hand.jokers().len();
    let (mut aces, mut ace_kings, mut kings, mut voids, mut singletons) = (0u8, 0u8, 0u8, 0u8, 0u8);
    for side in Suit::ALL.into_iter().filter(|&s| s != trump) {
        let cards = hand.of_suit(side);
        let a = cards.contains(Card::new(cards::Rank::Ace, side));
        let k = cards.contains(Card::new(cards::Rank::King, side));
        aces += u8::from(a);
        ace_kings += u8::from(a && k);
        kings += u8::from(k && !a && cards.len() >= 2);
        voids += u8::from(cards.is_empty());
        singletons += u8::from(cards.len() == 1 && !a);
    }
    [
        1.0,
        has(Card::RED_JOKER),
        has(Card::BLACK_JOKER),
        trump_has(cards::Rank::Ace),
        trump_has(cards::Rank::King),
        trump_has(cards::Rank::Queen),
        trump_has(cards::Rank::Jack),
        trump_has(cards::Rank::Ten),
        len as f64,
        len.saturating_sub(3) as f64,
        len.saturating_sub(5) as f64,
        f64::from(aces),
        f64::from(ace_kings),
        f64::from(kings),
        f64::from(voids),
        f64::from(singletons),
    ]
}

/// Tricks the maker's team takes in `kout4`, per feature: `fit_bids kout4 20000` (20,000 deals
/// solved, mean 6.41 tricks, R² 0.30, residual sd 1.59 tricks).
#[rustfmt::skip]
const KOUT4_WEIGHTS: [f64; KOUT_FEATURES] = [
    1.699,   // constant
    0.936,   // red joker
    0.621,   // black joker
    0.752,   // trump ace
    0.337,   // trump king
    0.212,   // trump queen
    0.094,   // trump jack
    0.052,   // trump ten
    0.727,   // trumps (jokers included)
    -0.259,  // each trump beyond 3
    -0.223,  // each trump beyond 5
    0.550,   // each side ace
    0.151,   // each side A-K
    0.209,   // each side king with a guard, no ace
    0.198,   // each side suit void
    0.098,   // each side singleton, not an ace
];

/// Tricks the maker's team takes in `kout6`, per feature: `fit_bids kout6 700` (646 deals solved,
/// 54 skipped that took over 60 million positions; mean 6.55 tricks, R² 0.23, residual sd 1.83).
#[rustfmt::skip]
const KOUT6_WEIGHTS: [f64; KOUT_FEATURES] = [
    3.222,   // constant
    0.859,   // red joker
    0.570,   // black joker
    0.704,   // trump ace
    0.174,   // trump king
    0.125,   // trump queen
    0.118,   // trump jack
    0.001,   // trump ten
    0.696,   // trumps (jokers included)
    -0.221,  // each trump beyond 3
    -0.134,  // each trump beyond 5
    0.257,   // each side ace
    0.292,   // each side A-K
    0.009,   // each side king with a guard, no ace
    -0.316,  // each side suit void
    -0.197,  // each side singleton, not an ace
];

/// The weights of the Kout model of `kind`.
pub(crate) fn kout_weights(kind: GameKind) -> &'static [f64; KOUT_FEATURES] {
    if kind == GameKind::Kout6 { &KOUT6_WEIGHTS } else { &KOUT4_WEIGHTS }
}

/// The tricks the maker's team is expected to take when the maker holds `hand` and names `trump`,
/// by the solver-fitted model of `kind` (`kout4` or `kout6`).
#[must_use]
pub fn kout_tricks(hand: CardSet, trump: Suit, kind: GameKind) -> f64 {
    kout_weights(kind).iter().zip(kout_features(hand, trump)).map(|(a, b)| a * b).sum()
}

/// The trump `hand` expects its team to take most tricks with, and that many tricks.
#[must_use]
pub fn kout_best(hand: CardSet, kind: GameKind) -> (Suit, f64) {
    Suit::ALL
        .into_iter()
        .map(|s| (s, kout_tricks(hand, s, kind) + 0.001 * hand.of_suit(s).len() as f64))
        .fold((Suit::Spades, f64::NEG_INFINITY), |best, x| if x.1 > best.1 { x } else { best })
}
