//! Bidding: which contract the bot bids, if any.
//!
//! The bot bids its best contract when the [estimate](super::estimate) clears the bar of its place
//! in the bidding. The bars sit at or below zero: passing is not free, because a hand the bot
//! passes is often bid by an opponent who has the cards for it. Only the dealer in round 2 knows
//! that passing scores exactly 0 (the hand is void), and bids a hand a little below that rather
//! than redeal. The bars were tuned in duplicate matches of the bot against copies of itself with
//! other bars.

use baloot::{BalootAction, HandView};
use cards::{CardSet, Suit};
use game::Seat;

use super::calls::prefers_ashkal;
use super::estimate::{PLAYOUTS, Weights};

/// The bars a contract's expected game points must clear, by place in the bidding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct BidParams {
    /// The model of what contracts score.
    pub(crate) weights: &'static Weights,
    /// Round 1, by place from the first speaker (seat dealer + 1) to the dealer.
    round1: [f64; 4],
    /// Round 2, likewise: passing as the dealer voids the hand.
    round2: [f64; 4],
    /// `sun_in_first_round`: Sun over an opponent's round-1 Hokum.
    over_opponent: f64,
    /// `sun_in_first_round`: Sun over the partner's round-1 Hokum.
    over_partner: f64,
    /// How much more a Sun must be expected to score than the best Hokum to be preferred.
    sun_margin: f64,
}

/// The bars the bot plays with.
pub(crate) const BID_PARAMS: BidParams = BidParams {
    weights: &PLAYOUTS,
    round1: [0.0, 0.0, 0.0, -1.0],
    round2: [-1.0, -1.0, -1.0, -2.0],
    over_opponent: 0.0,
    over_partner: 12.0,
    sun_margin: 0.0,
};

impl BidParams {
    /// These bars on the contract values of `weights`.
    pub(crate) const fn with_weights(self, weights: &'static Weights) -> BidParams {
        BidParams { weights, ..self }
    }
}

/// The bid of `seat` under the bars `p`.
pub(crate) fn bid(seat: Seat, hand: &HandView, legal: &[BalootAction], p: &BidParams) -> BalootAction {
    let Some(mine) = hand.cards else { return BalootAction::Pass };
    // Five cards of 7s to 9s win nothing: cancel the hand.
    if legal.contains(&BalootAction::Kawesh) {
        return BalootAction::Kawesh;
    }
    // Whoever takes the bid also takes the face-up card.
    let cards = mine | CardSet::single(hand.face_up);
    let face = hand.face_up.suit().unwrap_or(Suit::Spades);
    // 0 for the first speaker (seat dealer + 1, whose team leads the first trick) to 3 for the dealer.
    let place = (seat.index() + 3 - hand.dealer.index()) % 4;
    let lead = place % 2 == 0;
    let bar = |bars: &[f64; 4]| bars.get(place).copied().unwrap_or(0.0);
    let sun = if legal.contains(&BalootAction::Sun) { p.weights.sun_value(cards, lead) } else { f64::NEG_INFINITY };
    if legal.contains(&BalootAction::Hokum(None)) {
        // Round 1: Hokum in the face-up suit, or (when allowed) Sun.
        let hokum = p.weights.hokum_value(cards, face, lead);
        let (best, value) =
            if sun >= hokum + p.sun_margin { (BalootAction::Sun, sun) } else { (BalootAction::Hokum(None), hokum) };
        if best == BalootAction::Sun
            && legal.contains(&BalootAction::Ashkal)
            && prefers_ashkal(p.weights, mine, hand.face_up, lead, bar(&p.round1))
        {
            return BalootAction::Ashkal;
        }
        return if value >= bar(&p.round1) { best } else { BalootAction::Pass };
    }
    let mut best = (BalootAction::Pass, f64::NEG_INFINITY);
    for &a in legal {
        if let BalootAction::Hokum(Some(s)) = a {
            let v = p.weights.hokum_value(cards, s, lead);
            if v > best.1 {
                best = (a, v);
            }
        }
    }
    if best.0 == BalootAction::Pass {
        // The window after a round-1 Hokum: Sun or pass.
        let partner = hand.bids.iter().any(|b| matches!(b.bid, BalootAction::Hokum(_)) && b.seat.team() == seat.team());
        let over = if partner { p.over_partner } else { p.over_opponent };
        if legal.contains(&BalootAction::Ashkal) && prefers_ashkal(p.weights, mine, hand.face_up, lead, over) {
            return BalootAction::Ashkal;
        }
        return if sun >= over { BalootAction::Sun } else { BalootAction::Pass };
    }
    // Round 2: another suit as trump, or Sun.
    if sun >= best.1 + p.sun_margin {
        best = (BalootAction::Sun, sun);
    }
    if best.1 >= bar(&p.round2) { best.0 } else { BalootAction::Pass }
}

#[cfg(test)]
mod tests {
    use super::*;
    use baloot::{Baloot, BalootRules, BidView, Bidding, TrickView};
    use cards::Card;

    use super::super::BalootHeuristic;
    use crate::Bot;

    fn set(text: &str) -> CardSet {
        text.split_whitespace().map(|t| t.parse::<Card>().expect("card")).collect()
    }

    fn seat(i: usize) -> Seat {
        Seat::new(i).expect("seat")
    }

    /// Seat `viewer`'s view of a hand dealt by seat 0, with its five cards `mine`, the face-up card
    /// `face` and the bids so far.
    fn bidding(mine: &str, face: &str, bids: &[(usize, &str)]) -> HandView {
        HandView {
            number: 0,
            dealer: seat(0),
            cards: Some(set(mine)),
            hand_sizes: game::BySeat::filled(4, 5),
            face_up: face.parse().expect("card"),
            bids: bids.iter().map(|&(s, b)| BidView { seat: seat(s), bid: b.parse().expect("bid") }).collect(),
            contract: None,
            calls: Vec::new(),
            multiplier: baloot::Multiplier::Times(1),
            closed: false,
            sawa: None,
            laid_down: game::BySeat::filled(4, CardSet::EMPTY),
            ended_by: None,
            void: false,
            trick: TrickView { leader: seat(1), plays: Vec::new(), winner: None },
            tricks: Vec::new(),
            trick_counts: game::ByTeam::default(),
            card_points: game::ByTeam::default(),
            projects: Vec::new(),
        }
    }

    /// What `viewer` bids in `stage`, under `rules`.
    fn bid_of(viewer: usize, hand: &HandView, stage: Bidding, rules: &BalootRules) -> BalootAction {
        let mut legal = Vec::new();
        let table =
            baloot::BidTable { face_up: hand.face_up, dealer: hand.dealer, hand: hand.cards.unwrap_or_default() };
        stage.legal(&table, rules, &mut legal);
        bid(seat(viewer), hand, &legal, &BID_PARAMS)
    }

    #[test]
    fn four_aces_make_a_sun() {
        assert!(PLAYOUTS.sun_value(set("AS AH AD AC 7S 8D"), false) > 30.0);
        let hand = bidding("AS AH AD AC 7S", "8D", &[]);
        assert_eq!(bid_of(1, &hand, Bidding::RoundOne { next: seat(1) }, &BalootRules::saudi()), BalootAction::Sun);
    }

    #[test]
    fn the_dealer_bids_a_playable_hand_in_round_two_that_an_earlier_seat_passes() {
        // Hokum in spades is slightly below even: not worth taking from the seats still to speak,
        // but better than voiding the deal.
        let hand = bidding("JS 7S AD 8C 9H", "8D", &[]);
        let v = PLAYOUTS.hokum_value(hand.cards.expect("cards") | CardSet::single(hand.face_up), Suit::Spades, false);
        assert!((BID_PARAMS.round2[3]..BID_PARAMS.round2[0] - 0.2).contains(&v), "{v}");
        let seed = BalootRules::seed();
        assert_eq!(bid_of(1, &hand, Bidding::RoundOne { next: seat(1) }, &seed), BalootAction::Pass);
        assert_eq!(bid_of(1, &hand, Bidding::RoundTwo { next: seat(1) }, &seed), BalootAction::Pass);
        assert_eq!(
            bid_of(0, &hand, Bidding::RoundTwo { next: seat(0) }, &seed),
            BalootAction::Hokum(Some(Suit::Spades))
        );
    }

    #[test]
    fn a_sun_hand_bids_sun_in_round_one_only_when_the_rules_allow_it() {
        let hand = bidding("AS TS KS AH TH", "7C", &[]);
        let round_one = Bidding::RoundOne { next: seat(1) };
        assert_eq!(bid_of(1, &hand, round_one, &BalootRules::saudi()), BalootAction::Sun);
        assert_eq!(bid_of(1, &hand, round_one, &BalootRules::seed()), BalootAction::Pass);
        assert_eq!(bid_of(1, &hand, Bidding::RoundTwo { next: seat(1) }, &BalootRules::seed()), BalootAction::Sun);
    }

    #[test]
    fn sun_takes_an_opponents_round_one_hokum_but_not_the_partners() {
        let saudi = BalootRules::saudi();
        let hand = bidding("AS TS KS AH TH", "7C", &[(1, "pass"), (2, "hokum")]);
        assert_eq!(bid_of(3, &hand, Bidding::SunWindow { hokum: seat(2), next: seat(3) }, &saudi), BalootAction::Sun);
        assert_eq!(bid_of(0, &hand, Bidding::SunWindow { hokum: seat(2), next: seat(0) }, &saudi), BalootAction::Pass);
    }

    /// The share of `deals` seeded hands that all four heuristic bots pass twice, with seat 0 always
    /// passing if `silent` (a person who never bids).
    fn void_share(rules: &BalootRules, deals: u64, silent: bool) -> f64 {
        use game::{Actor, Game, GameKind, Phase};
        let mut voids = 0;
        let mut legal = Vec::new();
        for d in 0..deals {
            let mut game = Baloot::new(GameKind::Baloot, *rules, seat((d % 4) as usize)).expect("game");
            let deal = game.random_deal(&mut cards::seeded_rng(d));
            game.deal(deal).expect("deal");
            while game.phase() == Phase::InHand {
                let view = game.view(None);
                let hand = view.hand.as_ref().expect("hand");
                if hand.void {
                    voids += 1;
                }
                if hand.void || hand.contract.is_some() {
                    break;
                }
                let s = game.to_act().first().expect("a seat speaks");
                game.legal_actions(s, &mut legal);
                let action = if silent && s == Seat::ZERO {
                    BalootAction::Pass
                } else {
                    BalootHeuristic.choose(s, &game.view(Some(s)), &legal)
                };
                game.play(Actor::Seat(s), action).expect("legal");
            }
        }
        f64::from(voids) / deals as f64
    }

    #[test]
    fn a_table_of_bots_rarely_passes_a_hand_out() {
        for rules in [BalootRules::seed(), BalootRules::saudi()] {
            let all = void_share(&rules, 2000, false);
            assert!(all < 0.07, "{all}");
            let with_a_silent_player = void_share(&rules, 2000, true);
            assert!(with_a_silent_player < 0.13, "{with_a_silent_player}");
        }
    }
}
