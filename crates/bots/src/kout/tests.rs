//! Kout Bo's strong bot: its deals agree with what the seat knows, and the bidding weighs them.

use game::{Game, Seat};
use kout::{Kout, KoutRules, Variant};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::deals as ks;
use crate::KoutHeuristic;
use crate::search::tests::{each_play, truth};

/// A match of `variant` for [`each_play`]: the `g`-th game's dealer is seat `g % 4`.
fn new_match(variant: Variant) -> impl Fn(u64) -> Kout {
    move |g| {
        let rules = KoutRules { variant, play_out: false };
        Kout::new(variant.kind(), rules, Seat::new((g % 4) as usize).expect("seat")).expect("game")
    }
}

#[test]
fn kout_deals_agree_with_the_view_and_the_truth_meets_every_constraint() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (mut checked, mut replayed, mut dealt) = (0, 0, 0);
    for variant in [Variant::Four, Variant::Six] {
        let new = new_match(variant);
        each_play(12, 3, new, &mut KoutHeuristic, |game: &Kout, seat| {
            let view = game.view(Some(seat));
            let Some(c) = ks::constraints(seat, &view) else { return };
            let Some(history) = ks::History::of(&view) else { return };
            let real = truth(variant.seats(), |s| game.held(s));
            assert!(c.admits(&real), "the real hands break a constraint: {c:?}");
            assert!(history.allows(&real), "the real hands do not replay");
            checked += 1;
            for _ in 0..4 {
                let hands = c.deal_fitting(&mut rng, |h| history.allows(h)).expect("a deal");
                assert!(c.admits(&hands), "a sampled deal breaks the view: {hands:?} {c:?}");
                assert_eq!(hands[seat.index()], view.hand.expect("own hand"), "the seat's own hand is its own");
                dealt += 1;
                replayed += usize::from(history.allows(&hands));
            }
        });
    }
    assert!(checked > 300, "only {checked} positions");
    assert!(replayed * 100 >= dealt * 99, "only {replayed} of {dealt} sampled deals replay the hand");
}

#[test]
fn the_bidding_makes_the_real_deal_likelier_than_a_blind_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut real, mut blind, mut n) = (0.0, 0.0, 0);
    for variant in [Variant::Four, Variant::Six] {
        let new = new_match(variant);
        each_play(30, 3, new, &mut KoutHeuristic, |game: &Kout, seat| {
            let view = game.view(Some(seat));
            let (Some(c), Some(history)) = (ks::constraints(seat, &view), ks::History::of(&view)) else { return };
            // Only at the first card: what the bidding says is all the seat knows of the others.
            if !view.tricks.is_empty() || view.trick.as_ref().is_some_and(|t| !t.cards.is_empty()) {
                return;
            }
            let auction = ks::Auction::of(seat, &view);
            let truth = truth(variant.seats(), |s| game.held(s));
            real += auction.weight(&history.starting_hands(&truth)).ln();
            let hands = c.deal_fitting(&mut rng, |h| history.allows(h)).expect("a deal");
            blind += auction.weight(&history.starting_hands(&hands)).ln();
            n += 1;
        });
    }
    assert!(n > 100, "only {n} first leads");
    let (real, blind) = (real / f64::from(n), blind / f64::from(n));
    assert!(real > blind + 0.3, "mean log weight of the real deals {real:.3}, of blind deals {blind:.3}");
}

/// Among heuristic players, the real deal explains every card the others played (weight 1), and
/// a deal sampled blind from what the seat knows explains fewer once a few tricks are played.
#[test]
fn the_others_plays_make_the_real_deal_likelier_than_a_blind_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (mut blind, mut n) = (0.0, 0);
    for variant in [Variant::Four, Variant::Six] {
        let new = new_match(variant);
        each_play(20, 3, new, &mut KoutHeuristic, |game: &Kout, seat| {
            let view = game.view(Some(seat));
            let (Some(c), Some(history)) = (ks::constraints(seat, &view), ks::History::of(&view)) else { return };
            if view.tricks.len() < 3 {
                return;
            }
            let plays = ks::Plays::of(seat, &view).expect("in the trick play");
            let truth = truth(variant.seats(), |s| game.held(s));
            let real = plays.weight(&history.starting_hands(&truth));
            assert!((real - 1.0).abs() < 1e-12, "the real deal weighs {real}: the heuristic's own plays surprised it");
            let hands = c.deal_fitting(&mut rng, |h| history.allows(h)).expect("a deal");
            blind += plays.weight(&history.starting_hands(&hands));
            n += 1;
        });
    }
    assert!(n > 100, "only {n} positions");
    let blind = blind / f64::from(n);
    assert!(blind < 0.5, "a blind deal weighs {blind:.3} on average");
}

#[test]
fn the_oracles_cards_keep_the_real_deals_solved_tricks() {
    use crate::Bot;
    use kout::KoutAction;
    use solver::{KoutPosition, KoutSolver};

    let mut oracle = super::KoutOracle::new();
    let mut solver = KoutSolver::new();
    let mut checked = 0;
    let new = new_match(Variant::Four);
    each_play(6, 2, new, &mut KoutHeuristic, |game: &Kout, seat| {
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        let Ok(pos) = KoutPosition::from_game(game) else { return };
        if legal.len() < 2 {
            return;
        }
        let fallbacks = oracle.fallbacks();
        let Some(KoutAction::Play(card)) = oracle.choose_seeing(seat, game, &legal) else {
            panic!("the oracle plays a card in the trick play")
        };
        if oracle.fallbacks() > fallbacks {
            return; // a solve outgrew the cap: the heuristic decided
        }
        let team = seat.team();
        let before = pos.tricks_won()[team] + solver.value_for(&pos, team);
        let mut next = pos.clone();
        next.play(card).expect("a legal card");
        let after = next.tricks_won()[team] + solver.value_for(&next, team);
        assert_eq!(after, before, "{card} gave away a trick with every hand known");
        checked += 1;
    });
    assert!(checked > 40, "only {checked} card choices");
}

#[test]
fn the_oracle_bids_only_what_its_team_makes_with_every_hand_known() {
    use crate::Bot;
    use kout::{Bid, Contract, KoutAction};
    use solver::{KoutPosition, KoutSolver};

    let mut oracle = super::KoutOracle::new();
    let mut solver = KoutSolver::new();
    let (mut bids, mut passes) = (0, 0);
    let new = new_match(Variant::Four);
    each_play(12, 2, new, &mut KoutHeuristic, |game: &Kout, seat| {
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        if !legal.iter().any(|a| matches!(a, KoutAction::Bid(_))) {
            return;
        }
        let hands: Vec<_> = Seat::all(4).map(|s| game.held(s)).collect();
        let mut best = |bid: Bid| {
            cards::Suit::ALL
                .into_iter()
                .map(|trump| {
                    let contract = Contract { maker: seat, bid, malzoom: false };
                    let pos = KoutPosition::new(Variant::Four, contract, trump, &hands).expect("a position");
                    solver.value_for(&pos, seat.team())
                })
                .max()
                .expect("four suits")
        };
        let fallbacks = oracle.fallbacks();
        let chosen = oracle.choose_seeing(seat, game, &legal);
        if oracle.fallbacks() > fallbacks {
            return; // a solve outgrew the cap: the heuristic decided
        }
        match chosen {
            Some(KoutAction::Bid(bid)) if legal.contains(&KoutAction::Pass) => {
                assert!(best(bid) >= bid.tricks(), "bid {bid} its team cannot make");
                bids += 1;
            }
            Some(KoutAction::Pass) => {
                let lowest =
                    legal.iter().filter_map(|a| if let KoutAction::Bid(b) = a { Some(*b) } else { None }).min();
                let lowest = lowest.expect("a bid is legal");
                assert!(best(lowest) < lowest.tricks(), "passed on {lowest}, which its team makes");
                passes += 1;
            }
            Some(KoutAction::Bid(_)) => {} // forced: the dealer must bid
            other => panic!("the oracle answered {other:?} in the bidding"),
        }
    });
    assert!(bids > 3 && passes > 3, "only {bids} bids and {passes} passes");
    assert!(oracle.fallbacks() * 10 <= bids + passes, "{} fallbacks", oracle.fallbacks());
}

#[test]
fn a_hopeless_bawan_is_valued_far_below_a_pass() {
    use cards::{CardSet, Rank};
    use kout::{Bid, KoutAction, StageView};
    let mut legal = Vec::new();
    let mut checked = 0;
    let new = new_match(Variant::Four);
    each_play(30, 2, new, &mut KoutHeuristic, |game: &Kout, seat| {
        let view = game.view(Some(seat));
        game.legal_actions(seat, &mut legal);
        let bawan = KoutAction::Bid(Bid::new(9).expect("bawan"));
        let hand = view.hand.unwrap_or(CardSet::EMPTY);
        let hopeless = (hand & CardSet::JOKERS).is_empty() && hand.iter().all(|c| c.rank() != Some(Rank::Ace));
        if view.stage != StageView::Bidding
            || !legal.contains(&bawan)
            || !legal.contains(&KoutAction::Pass)
            || !hopeless
        {
            return;
        }
        let e = <Kout as crate::Playable>::evaluate(game.rules(), seat, &view, &legal, 40, 3).expect("an evaluation");
        assert_eq!(e.unit, crate::Unit::GamePoints);
        assert_eq!(e.actions.len(), legal.len(), "every bid and the pass are valued");
        let value = |a: KoutAction| e.actions.iter().find(|(x, _)| *x == a).map(|(_, v)| *v).expect("valued");
        // Bawan needs all nine tricks: with no joker and no ace it fails, and the other team scores 18.
        assert!(value(KoutAction::Pass) - value(bawan) >= 5.0, "{hand}: {:?}", e.actions);
        checked += 1;
    });
    assert!(checked >= 3, "only {checked} hopeless hands");
}
