//! Baloot's strong bot: its deals agree with what the seat knows, and its evaluations repeat.

use baloot::{Baloot, BalootRules};
use game::{Game, GameKind, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::deals as bs;
use crate::BalootHeuristic;
use crate::search::tests::{each_play, truth};

/// A match under `rules` for [`each_play`]: the `g`-th game's dealer is seat `g % 4`.
fn new_match(rules: BalootRules) -> impl Fn(u64) -> Baloot {
    move |g| Baloot::new(GameKind::Baloot, rules, Seat::new((g % 4) as usize).expect("seat")).expect("game")
}

#[test]
fn baloot_deals_agree_with_the_view_and_the_truth_meets_every_constraint() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let (mut checked, mut replayed, mut dealt, mut known) = (0, 0, 0, 0);
    for rules in [BalootRules::seed(), BalootRules::saudi(), BalootRules::saudi_full()] {
        let new = new_match(rules);
        each_play(12, 4, new, &mut BalootHeuristic, |game: &Baloot, seat| {
            let view = game.view(Some(seat));
            let Some(hand) = view.hand.as_ref() else { return };
            let Some(c) = bs::constraints(seat, hand) else { return };
            let Some(history) = bs::History::of(hand, rules) else { return };
            let real = truth(4, |s| game.held(s));
            assert!(c.admits(&real), "the real hands break a constraint: {c:?}");
            assert!(history.allows(&real), "the real hands do not replay");
            checked += 1;
            known += usize::from((0..4).any(|s| s != seat.index() && !c.known[s].is_empty()));
            for _ in 0..4 {
                let hands = c.deal_fitting(&mut rng, |h| history.allows(h)).expect("a deal");
                assert!(c.admits(&hands), "a sampled deal breaks the view: {hands:?} {c:?}");
                assert_eq!(Some(hands[seat.index()]), hand.cards, "the seat's own hand is its own");
                dealt += 1;
                replayed += usize::from(history.allows(&hands));
            }
        });
    }
    assert!(checked > 500, "only {checked} positions");
    assert!(known > 50, "the face-up card or a shown project was placed only {known} times");
    assert!(replayed * 100 >= dealt * 99, "only {replayed} of {dealt} sampled deals replay the hand");
}

#[test]
fn an_evaluation_is_the_same_for_the_same_seed_and_counts_its_deals() {
    use baloot::{BalootAction, StageView};
    let rules = BalootRules::saudi();
    let mut legal = Vec::new();
    let (mut cards, mut calls) = (0, 0);
    let new = new_match(rules);
    each_play(1, 1, new, &mut BalootHeuristic, |game: &Baloot, seat| {
        let view = game.view(Some(seat));
        game.legal_actions(seat, &mut legal);
        let call = matches!(view.phase, StageView::Bidding | StageView::Doubling) && legal.len() >= 2;
        // The calls on fewer deals: each is a hand played out per legal call.
        let ms = if call { 40 } else { 300 };
        let e = |seed| <Baloot as crate::Playable>::evaluate(&rules, seat, &view, &legal, ms, seed);
        let plays = legal.iter().filter(|a| matches!(a, BalootAction::Play(_))).count();
        if !call && (view.phase != StageView::Playing || plays < 2) {
            assert_eq!(e(1), None, "a forced action is not evaluated");
            return;
        }
        let a = e(1).expect("an evaluation");
        assert_eq!(Some(&a), e(1).as_ref(), "deterministic");
        assert_eq!(a.unit, crate::Unit::GamePoints);
        if call {
            assert_eq!(a.actions.len(), legal.len(), "every call is valued");
            assert!(legal.iter().all(|l| a.actions.iter().any(|(x, v)| x == l && v.is_finite())));
            assert!(a.samples >= 2 && a.samples <= 20, "{} deals", a.samples);
            calls += 1;
        } else {
            assert!(a.samples >= 1 && a.samples <= crate::search::MAX_DEALS);
            cards += 1;
        }
    });
    assert!(cards > 5 && calls > 3, "{cards} card plays, {calls} calls");
}

/// Late in a hand, where a deal costs the solver little, the default budget stops at its cap of
/// deals; four times the time (the `expert` level's) solves four times as many.
#[test]
fn four_times_the_time_values_a_card_on_four_times_the_deals() {
    use crate::search::{MAX_DEALS, Search};
    use crate::{BalootStrong, EXPERT_BUDGET, Playable};
    use baloot::StageView;

    let rules = BalootRules::saudi();
    let mut legal = Vec::new();
    let mut checked = 0;
    let new = new_match(rules);
    each_play(2, 1, new, &mut BalootHeuristic, |game: &Baloot, seat| {
        let view = game.view(Some(seat));
        game.legal_actions(seat, &mut legal);
        let cards_left = view.hand.as_ref().and_then(|h| h.cards).map_or(8, |c| c.len());
        if view.phase != StageView::Playing || legal.len() < 2 || cards_left > 3 {
            return;
        }
        let samples = |ms| <Baloot as Playable>::evaluate(&rules, seat, &view, &legal, ms, 7).expect("valued").samples;
        let default_ms = BalootStrong::DEFAULT_MS;
        assert_eq!(samples(default_ms), MAX_DEALS);
        assert_eq!(BalootStrong::max_deals(EXPERT_BUDGET * default_ms), 4 * MAX_DEALS);
        assert_eq!(samples(EXPERT_BUDGET * default_ms), 4 * MAX_DEALS);
        checked += 1;
    });
    assert!(checked >= 2, "{checked} positions");
}

#[test]
fn the_oracle_plays_in_the_arena_marked_a_cheat_and_nowhere_else() {
    use crate::arena::{self, Config};
    use crate::{AnyBot, BotSpec};
    use game::GameKind;

    let mut config = Config::new(GameKind::Baloot, [AnyBot::Oracle, BotSpec::HEURISTIC.into()], 3);
    config.max_hands = 4;
    let outcomes: Vec<_> = (0..2).map(|i| arena::play_duplicate::<Baloot>(&config, i).expect("plays")).collect();
    let summary = arena::summarize(&config, &outcomes);
    assert_eq!(summary.cheats, [true, false]);
    assert_eq!(summary.to_json()["cheats"], serde_json::json!([true, false]));
    assert!(summary.to_text().contains("CHEAT: oracle sees every hand"), "{}", summary.to_text());
    assert!(summary.mean_diff > 0.0, "the oracle lost to the heuristic: {}", summary.to_text());

    let refused = AnyBot::Oracle.start::<Baloot>(
        GameKind::Baloot,
        &BalootRules::seed(),
        Seat::new(1).expect("seat"),
        1,
        &crate::ExecConfig::default(),
    );
    assert!(refused.is_err_and(|e| e.to_string().contains("sees every hand")));
    assert_eq!("oracle".parse::<BotSpec>(), Err(crate::UnknownBot::Oracle));
    assert_eq!("bot:oracle".parse::<AnyBot>(), Ok(AnyBot::Oracle));
}

#[test]
fn the_calls_model_weighs_the_real_deal_above_the_deals_the_view_allows() {
    // Every seat bids as the heuristic does, so the real hands fit the calls whenever the five
    // cards drawn for each seat are the ones it held: on average they weigh more than the deals
    // the card play samples without the auction, which fit only by chance.
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let rules = BalootRules::saudi_full();
    let (mut positions, mut real, mut sampled, mut misfits) = (0u32, 0.0, 0.0, 0u32);
    let new = new_match(rules);
    each_play(12, 4, new, &mut BalootHeuristic, |game: &Baloot, seat| {
        let view = game.view(Some(seat));
        let Some(hand) = view.hand.as_ref() else { return };
        let Some(model) = bs::CallsModel::of(seat, &view, rules) else { return };
        let (Some(c), Some(history)) = (bs::constraints(seat, hand), bs::History::of(hand, rules)) else { return };
        positions += 1;
        let truth = truth(4, |s| game.held(s));
        for _ in 0..4 {
            real += model.weight(&truth, &mut rng);
            let hands = c.deal_fitting(&mut rng, |h| history.allows(h)).expect("a deal");
            let w = model.weight(&hands, &mut rng);
            assert!((bs::MISFIT_WEIGHT.powi(3)..=1.0).contains(&w), "a weight within its bounds: {w}");
            misfits += u32::from(w < 1.0);
            sampled += w;
        }
    });
    assert!(positions > 300, "only {positions} positions in play after a call");
    let n = f64::from(positions * 4);
    let (real, sampled) = (real / n, sampled / n);
    assert!(misfits > positions / 2, "the calls ruled out only {misfits} sampled deals: they say little");
    assert!(real > sampled + 0.05, "the real deal weighs {real:.3} on average, a sampled one {sampled:.3}");
}
