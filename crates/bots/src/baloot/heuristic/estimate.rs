//! What a contract is expected to score, from the cards the bidder knows.
//!
//! Each contract the bot may bid (Hokum in a suit, Sun) is judged by the game points its team is
//! expected to score minus the other team's, from the six cards the bidder knows it will hold: its
//! five and the face-up card, which the bidder takes. The estimate is a linear model of hand
//! features (trump J and 9 above all, trump length, side aces and tens, Baloot, projects; for Sun
//! aces, tens, long strong suits, projects and the Four hundred) fitted by least squares on 2 million
//! heuristic-vs-heuristic playouts of every contract from every seat, half of each preset. It is
//! calibrated: hands it rates +4.4 score +4.8 on average, hands it rates −1.7 score −1.8.

use baloot::{BalootRules, Mode, ProjectKind, suit_bits};
use cards::{CardSet, Suit};
use game::Seat;

/// Rank bits within a suit (the natural order, 7 = bit 0 up to the ace = bit 7).
const SEVEN: u8 = 1;
const EIGHT: u8 = 1 << 1;
const NINE: u8 = 1 << 2;
const TEN: u8 = 1 << 3;
const JACK: u8 = 1 << 4;
const QUEEN: u8 = 1 << 5;
const KING: u8 = 1 << 6;
const ACE: u8 = 1 << 7;

fn has(bits: u8, rank: u8) -> f64 {
    f64::from(u8::from(bits & rank != 0))
}

fn count(bits: u8) -> f64 {
    f64::from(bits.count_ones())
}

/// Raw project points of the known cards in `mode` (the `seed` preset; Baloot is not among them),
/// with a Four hundred counted apart.
fn known_projects(cards: CardSet, mode: Mode) -> (f64, bool) {
    let rules = BalootRules::seed();
    let mut raw = 0u16;
    let mut four_aces = false;
    for p in baloot::detect(Seat::ZERO, cards, mode, &rules) {
        if p.kind == ProjectKind::FourHundred {
            four_aces = true;
        } else {
            raw += p.kind.raw_points(&rules);
        }
    }
    (f64::from(raw), four_aces)
}

/// How many Hokum features there are.
pub(crate) const HOKUM_FEATURES: usize = 20;

/// The features of a Hokum in `trump` for a bidder that knows `cards` (its five and the face-up
/// card); `lead` says whether its team leads the first trick.
pub(crate) fn hokum_features(cards: CardSet, trump: Suit, lead: bool) -> [f64; HOKUM_FEATURES] {
    let t = suit_bits(cards, trump);
    let n = t.count_ones();
    let (mut aces, mut ace_tens, mut guarded_tens, mut bare_tens, mut ace_kings, mut voids) = (0, 0, 0, 0, 0, 0);
    for side in Suit::ALL {
        if side == trump {
            continue;
        }
        let b = suit_bits(cards, side);
        let (a, ten) = (b & ACE != 0, b & TEN != 0);
        aces += u8::from(a);
        ace_tens += u8::from(a && ten);
        guarded_tens += u8::from(!a && ten && b.count_ones() >= 2);
        bare_tens += u8::from(b == TEN);
        ace_kings += u8::from(a && b & KING != 0);
        voids += u8::from(b == 0);
    }
    let (projects, _) = known_projects(cards, Mode::Hokum(trump));
    [
        1.0,
        has(t, JACK),
        has(t, NINE),
        has(t, ACE),
        has(t, TEN),
        has(t, KING),
        has(t, QUEEN),
        count(t & (SEVEN | EIGHT)),
        has(t, JACK) * has(t, NINE),
        f64::from(n.saturating_sub(2)),
        f64::from(n.saturating_sub(3)),
        f64::from(aces),
        f64::from(ace_tens),
        f64::from(guarded_tens),
        f64::from(bare_tens),
        f64::from(ace_kings),
        f64::from(voids),
        projects / 10.0,
        f64::from(u8::from(lead)),
        has(t, KING) * has(t, QUEEN),
    ]
}

/// How many Sun features there are.
pub(crate) const SUN_FEATURES: usize = 14;

/// The features of a Sun for a bidder that knows `cards`; `lead` as for [`hokum_features`].
pub(crate) fn sun_features(cards: CardSet, lead: bool) -> [f64; SUN_FEATURES] {
    let (mut aces, mut ace_tens, mut guarded_tens, mut bare_tens, mut kings, mut long_aces, mut long_other) =
        (0, 0, 0, 0, 0, 0, 0);
    let mut strong = 0;
    for suit in Suit::ALL {
        let b = suit_bits(cards, suit);
        let len = b.count_ones();
        let (a, ten, k) = (b & ACE != 0, b & TEN != 0, b & KING != 0);
        aces += u8::from(a);
        ace_tens += u8::from(a && ten);
        guarded_tens += u8::from(!a && ten && len >= 2);
        bare_tens += u8::from(b == TEN);
        kings += u8::from(k && (a || ten));
        strong += u8::from(a && ten && k);
        if a {
            long_aces += len.saturating_sub(2);
        } else {
            long_other += len.saturating_sub(3);
        }
    }
    let (projects, four_aces) = known_projects(cards, Mode::Sun);
    [
        1.0,
        f64::from(aces),
        f64::from(ace_tens),
        f64::from(guarded_tens),
        f64::from(bare_tens),
        f64::from(kings),
        f64::from(long_aces),
        f64::from(long_other),
        projects / 10.0,
        f64::from(u8::from(four_aces)),
        f64::from(u8::from(lead)),
        f64::from(strong),
        f64::from(u8::from(aces >= 2)),
        f64::from(u8::from(aces >= 3)),
    ]
}

/// Expected game points (bidder's team minus the other) of a Hokum, per feature.
const HOKUM_WEIGHTS: [f64; HOKUM_FEATURES] = [
    -12.71, // constant
    7.34,   // trump J
    4.53,   // trump 9
    3.30,   // trump A
    2.72,   // trump 10
    2.54,   // trump K
    2.45,   // trump Q
    1.35,   // each trump 8 or 7
    1.62,   // trump J and 9 together
    1.48,   // each trump beyond 2
    -0.04,  // each trump beyond 3
    2.20,   // each side ace
    0.39,   // each side A-10
    0.78,   // each side 10 guarded, no ace
    0.17,   // each bare side 10
    -0.15,  // each side A-K
    0.63,   // each side suit not held (yet)
    1.21,   // projects, per 10 raw points
    0.15,   // the team leads the first trick
    2.56,   // trump K and Q (the Baloot)
];

/// Expected game points of a Sun, per feature.
const SUN_WEIGHTS: [f64; SUN_FEATURES] = [
    -17.87, // constant
    6.30,   // each ace
    5.79,   // each A-10
    4.14,   // each 10 guarded, no ace
    1.91,   // each bare 10
    0.98,   // each K with its A or 10
    0.76,   // each card beyond 2 in a suit with its ace
    0.51,   // each card beyond 3 in a suit without its ace
    2.62,   // projects but the Four hundred, per 10 raw points
    61.17,  // four aces (80 game points in `seed`, 40 in `saudi`; the bot cannot tell which)
    -2.20,  // the team leads the first trick
    0.68,   // each A-10-K
    -0.09,  // 2 aces or more
    4.70,   // 3 aces or more
];

fn dot<const N: usize>(w: &[f64; N], x: &[f64; N]) -> f64 {
    w.iter().zip(x).map(|(a, b)| a * b).sum()
}

/// A model of what contracts score: weights of the Hokum and the Sun features.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Weights {
    /// Expected game points of a Hokum, per Hokum feature.
    pub(crate) hokum: [f64; HOKUM_FEATURES],
    /// Expected game points of a Sun, per Sun feature.
    pub(crate) sun: [f64; SUN_FEATURES],
}

/// The heuristic's model, fitted on heuristic-against-heuristic playouts.
pub(crate) const PLAYOUTS: Weights = Weights { hokum: HOKUM_WEIGHTS, sun: SUN_WEIGHTS };

impl Weights {
    /// The expected game points of a Hokum in `trump` (the bidder's team minus the other).
    pub(crate) fn hokum_value(&self, cards: CardSet, trump: Suit, lead: bool) -> f64 {
        dot(&self.hokum, &hokum_features(cards, trump, lead))
    }

    /// The expected game points of a Sun.
    pub(crate) fn sun_value(&self, cards: CardSet, lead: bool) -> f64 {
        dot(&self.sun, &sun_features(cards, lead))
    }

    /// The Hokum suit `cards` are expected to score most in.
    pub(crate) fn best_hokum(&self, cards: CardSet, lead: bool) -> Suit {
        Suit::ALL.into_iter().fold(Suit::Spades, |best, s| {
            if self.hokum_value(cards, s, lead) > self.hokum_value(cards, best, lead) { s } else { best }
        })
    }
}

/// The expected game points of a Hokum in `trump` (the bidder's team minus the other), by the
/// heuristic's model.
pub(super) fn hokum_value(cards: CardSet, trump: Suit, lead: bool) -> f64 {
    PLAYOUTS.hokum_value(cards, trump, lead)
}

/// The expected game points of a Sun, by the heuristic's model.
pub(super) fn sun_value(cards: CardSet, lead: bool) -> f64 {
    PLAYOUTS.sun_value(cards, lead)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Card;

    fn set(text: &str) -> CardSet {
        text.split_whitespace().map(|t| t.parse::<Card>().expect("card")).collect()
    }

    #[test]
    fn trump_jack_and_nine_make_a_hokum_and_aces_make_a_sun() {
        assert!(hokum_value(set("JH 9H AH AS 7D 8C"), Suit::Hearts, false) > 3.0);
        assert!(hokum_value(set("7H 8S 9S QD 8C 7C"), Suit::Hearts, false) < -5.0);
        assert!(sun_value(set("AS TS AH AD KD 7C"), false) > 3.0);
        assert!(sun_value(set("7S 8S 9H JD QD 7C"), false) < -10.0);
    }

    #[test]
    fn the_trump_jack_is_worth_most_and_king_and_queen_make_a_baloot() {
        let with = |t: &str| hokum_value(set(&format!("{t} AS 7D 8C")), Suit::Hearts, false);
        assert!(with("JH 7H 8H") > with("9H 7H 8H"));
        assert!(with("9H 7H 8H") > with("AH 7H 8H"));
        assert!(with("KH QH 7H") > with("KH 8H 7H") + 2.0, "the Baloot's 20 points");
    }
}
