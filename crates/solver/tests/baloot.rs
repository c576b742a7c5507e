//! The Baloot solver against the real engine: brute force over every legal line on small endings,
//! equivalent cards, and best play through the engine from the first lead.

use baloot::{Baloot, BalootAction, BalootRules, Mode, StageView, card_points, strength};
use cards::{Card, CardSet, random_below, seeded_rng};
use game::{Actor, Game, GameKind, Phase, Seat, Team};
use rand_chacha::ChaCha20Rng;
use solver::{BalootPosition, BalootSolver, kaboot_value};

fn coin(rng: &mut ChaCha20Rng) -> bool {
    random_below(rng, 2) == 1
}

/// Any preset (`saudi_full` with its doubling calls, so that closed hands come up) with each play
/// option (and the Kaboot) drawn at random.
fn random_rules(rng: &mut ChaCha20Rng) -> BalootRules {
    let mut r = match random_below(rng, 3) {
        0 => BalootRules::seed(),
        1 => BalootRules::saudi(),
        _ => BalootRules::saudi_full(),
    };
    r.trump_when_partner_winning = coin(rng);
    r.must_overtrump = coin(rng);
    r.kaboot = coin(rng);
    r
}

fn playing(game: &Baloot) -> bool {
    game.view(None).phase == StageView::Playing
}

/// A match whose first contract is being played, after random bids (void hands dealt again).
fn in_play(rules: BalootRules, rng: &mut ChaCha20Rng) -> Baloot {
    let dealer = Seat::new(random_below(rng, 4) as usize).expect("seat");
    let mut game = Baloot::new(GameKind::Baloot, rules, dealer).expect("new match");
    let mut legal = Vec::new();
    loop {
        if let Phase::AwaitingDeal { .. } = game.phase() {
            let deal = game.random_deal(rng);
            game.deal(deal).expect("deal");
        }
        if playing(&game) {
            return game;
        }
        let seat = game.to_act().first().expect("a bidder");
        game.legal_actions(seat, &mut legal);
        // Bid about a third of the time, so that contracts come quickly but vary.
        let bids: Vec<BalootAction> = legal.iter().copied().filter(|a| *a != BalootAction::Pass).collect();
        let action = if !bids.is_empty() && random_below(rng, 3) == 0 {
            bids[random_below(rng, bids.len() as u32) as usize]
        } else {
            BalootAction::Pass
        };
        game.play(Actor::Seat(seat), action).expect("legal bid");
    }
}

fn mode_of(game: &Baloot) -> Mode {
    BalootPosition::from_game(game).expect("in play").mode()
}

/// A card to play: at random, or (when `sweeper` is given, most of the time) the card that helps
/// that team take every trick: its strongest if the seat is on the team, its weakest if not.
fn pick(game: &Baloot, rng: &mut ChaCha20Rng, sweeper: Option<Team>) -> Card {
    let seat = game.to_act().first().expect("someone to play");
    let mut legal = Vec::new();
    game.legal_actions(seat, &mut legal);
    let cards: Vec<Card> = legal
        .iter()
        .filter_map(|a| match a {
            BalootAction::Play(c) => Some(*c),
            _ => None,
        })
        .collect();
    match sweeper {
        Some(team) if random_below(rng, 5) != 0 => {
            let view = game.view(None);
            let lead = view.hand.as_ref().and_then(|h| h.trick.plays.first()).and_then(|p| p.card.suit());
            let trump = mode_of(game).trump();
            let key = |c: &Card| {
                let s = i32::from(strength(*c, lead.or(c.suit()).unwrap_or(cards::Suit::Spades), trump));
                if team.has(seat) { s } else { -s }
            };
            cards.iter().copied().max_by_key(key).expect("a card")
        }
        _ => cards[random_below(rng, cards.len() as u32) as usize],
    }
}

/// Plays one card chosen by [`pick`].
fn step(game: &mut Baloot, rng: &mut ChaCha20Rng, sweeper: Option<Team>) {
    let seat = game.to_act().first().expect("someone to play");
    let card = pick(game, rng, sweeper);
    game.play(Actor::Seat(seat), BalootAction::Play(card)).expect("legal card");
}

/// What `team` scores from the hand in card points: its card points, or a Kaboot's value.
fn hand_value(game: &Baloot, mode: Mode, team: Team) -> i32 {
    let summary = game.hand_summaries().last().cloned().expect("a hand");
    let points = summary.card_points.expect("a finished hand");
    let tricks = summary.tricks.expect("a finished hand");
    if game.rules().kaboot && tricks[team] == 8 { i32::from(kaboot_value(mode)) } else { i32::from(points[team]) }
}

/// The hand's value for `team` with best play on both sides, by trying every legal line of the
/// engine.
fn brute_force(game: &Baloot, mode: Mode, team: Team) -> i32 {
    if !playing(game) {
        return hand_value(game, mode, team);
    }
    let seat = game.to_act().first().expect("someone to play");
    let mut legal = Vec::new();
    game.legal_actions(seat, &mut legal);
    legal.retain(|a| matches!(a, BalootAction::Play(_)));
    let values = legal.iter().map(|&a| {
        let mut next = game.clone();
        next.play(Actor::Seat(seat), a).expect("legal");
        brute_force(&next, mode, team)
    });
    if team.has(seat) { values.max() } else { values.min() }.expect("a legal card")
}

/// A hand in play under `rules`, played at random (now and then steered towards a sweep) down to
/// an ending small enough for brute force: 12 to 5 cards left, the last three tricks, often in the
/// middle of one.
fn small_ending(rules: BalootRules, rng: &mut ChaCha20Rng) -> Baloot {
    let mut game = in_play(rules, rng);
    let sweeper = coin(rng).then(|| Team::new(random_below(rng, 2) as usize).expect("team"));
    let stop = 5 + random_below(rng, 8) as usize;
    while (0..4).map(|s| game.held(Seat::new(s).expect("seat")).len()).sum::<usize>() > stop {
        step(&mut game, rng, sweeper);
    }
    game
}

#[test]
fn the_solver_matches_brute_force_on_small_endings() {
    let mut rng = seeded_rng(16);
    let mut solver = BalootSolver::new();
    let mut kaboots = 0;
    for _ in 0..1500 {
        let rules = random_rules(&mut rng);
        let game = small_ending(rules, &mut rng);
        let pos = BalootPosition::from_game(&game).expect("in play");
        for team in Team::BOTH {
            let exact = brute_force(&game, pos.mode(), team);
            let value = i32::from(solver.value_for(&pos, team)) + i32::from(pos.points_taken()[team]);
            assert_eq!(value, exact, "{pos:?} for {team:?}");
            if exact == i32::from(kaboot_value(pos.mode())) && rules.kaboot {
                kaboots += 1;
            }
        }
    }
    assert!(kaboots > 20, "only {kaboots} endings where a Kaboot was the best result");
}

#[test]
fn move_values_match_brute_force_on_small_endings() {
    let mut rng = seeded_rng(29);
    let mut solver = BalootSolver::new();
    let mut moves = 0;
    for _ in 0..300 {
        let game = small_ending(random_rules(&mut rng), &mut rng);
        let pos = BalootPosition::from_game(&game).expect("in play");
        let seat = pos.to_move();
        let team = seat.team();
        for (card, value) in solver.move_values(&pos) {
            let mut next = game.clone();
            next.play(Actor::Seat(seat), BalootAction::Play(card)).expect("a legal card");
            let exact = brute_force(&next, pos.mode(), team);
            assert_eq!(i32::from(value) + i32::from(pos.points_taken()[team]), exact, "{card} in {pos:?}");
            moves += 1;
        }
    }
    assert!(moves > 600, "only {moves} moves checked");
}

#[test]
fn zero_window_tests_agree_with_the_value() {
    let mut rng = seeded_rng(61);
    let mut solver = BalootSolver::new();
    for _ in 0..200 {
        let mut game = in_play(random_rules(&mut rng), &mut rng);
        for _ in 0..random_below(&mut rng, 20) {
            step(&mut game, &mut rng, None);
        }
        let pos = BalootPosition::from_game(&game).expect("in play");
        let team = Team::new(random_below(&mut rng, 2) as usize).expect("team");
        let v = solver.value_for(&pos, team);
        assert!(solver.at_least(&pos, team, v));
        assert!(!solver.at_least(&pos, team, v + 1));
        assert!(solver.at_least(&pos, team, v.saturating_sub(7)));
    }
}

/// Whether the seat to move's cards `a` and `b` are equivalent by the definition: one suit, no
/// card still in play ranking between them, the same points.
fn equivalent(pos: &BalootPosition, a: Card, b: Card) -> bool {
    let (Some(suit), trump) = (a.suit(), pos.mode().trump()) else { return false };
    if b.suit() != Some(suit) || card_points(a, pos.mode()) != card_points(b, pos.mode()) {
        return false;
    }
    let live = pos.hands().iter().fold(pos.trick().card_set(), |acc, &h| acc | h);
    let (lo, hi) = {
        let (x, y) = (strength(a, suit, trump), strength(b, suit, trump));
        (x.min(y), x.max(y))
    };
    live.of_suit(suit).iter().all(|c| {
        let s = strength(c, suit, trump);
        s <= lo || s >= hi
    })
}

#[test]
fn equivalent_cards_have_the_same_value_and_the_reduction_changes_nothing() {
    let mut rng = seeded_rng(7);
    let mut with = BalootSolver::new();
    let mut without = BalootSolver::new();
    without.set_equivalence(false);
    let mut classes = 0;
    for _ in 0..600 {
        let mut game = in_play(random_rules(&mut rng), &mut rng);
        for _ in 0..8 + random_below(&mut rng, 10) {
            step(&mut game, &mut rng, None);
        }
        let pos = BalootPosition::from_game(&game).expect("in play");
        let all = without.move_values(&pos);
        assert_eq!(with.move_values(&pos), all, "{pos:?}");
        for &(a, va) in &all {
            for &(b, vb) in &all {
                if a < b && equivalent(&pos, a, b) {
                    classes += 1;
                    assert_eq!(va, vb, "{a} and {b} are equivalent in {pos:?}");
                }
            }
        }
        let legal: CardSet = all.iter().map(|&(c, _)| c).collect();
        assert_eq!(legal, pos.legal_moves());
    }
    assert!(classes > 40, "only {classes} pairs of equivalent cards met");
}

#[test]
fn positions_follow_the_engine_card_by_card() {
    let mut rng = seeded_rng(3);
    let mut closed = 0;
    for _ in 0..300 {
        let mut game = in_play(random_rules(&mut rng), &mut rng);
        let mut pos = BalootPosition::from_game(&game).expect("in play");
        closed += usize::from(pos.closed());
        while playing(&game) {
            let seat = game.to_act().first().expect("someone to play");
            let mut legal = Vec::new();
            game.legal_actions(seat, &mut legal);
            let engine: CardSet = legal
                .iter()
                .filter_map(|a| match a {
                    BalootAction::Play(c) => Some(*c),
                    _ => None,
                })
                .collect();
            assert_eq!(pos.to_move(), seat);
            assert_eq!(pos.legal_moves(), engine, "{pos:?}");
            let card = pick(&game, &mut rng, None);
            game.play(Actor::Seat(seat), BalootAction::Play(card)).expect("legal card");
            pos.play(card).expect("the position accepts the engine's card");
            if playing(&game) {
                assert_eq!(pos, BalootPosition::from_game(&game).expect("in play"));
            }
        }
        assert!(pos.is_over());
        let summary = game.hand_summaries().last().cloned().expect("hand");
        assert_eq!(Some(pos.points_taken()), summary.card_points);
        assert_eq!(Some(pos.tricks_taken()), summary.tricks);
    }
    assert!(closed > 5, "only {closed} closed hands: the closed lead went untested");
}

#[test]
fn best_moves_played_through_the_engine_reach_the_value_of_the_first_lead() {
    let mut rng = seeded_rng(1616);
    let mut solver = BalootSolver::new();
    for deal in 0..40 {
        let rules = random_rules(&mut rng);
        let mut game = in_play(rules, &mut rng);
        let pos = BalootPosition::from_game(&game).expect("in play");
        let mode = pos.mode();
        let team = Team::new(deal % 2).expect("team");
        let value = solver.value_for(&pos, team);
        // Without a Kaboot the game is constant-sum: each side may as well maximise its own points.
        let own_goals = !rules.kaboot && coin(&mut rng);
        while playing(&game) {
            let pos = BalootPosition::from_game(&game).expect("in play");
            let counted = if own_goals { pos.to_move().team() } else { team };
            let (card, v) = solver.best_move_for(&pos, counted);
            let total = if matches!(mode, Mode::Sun) { 130 } else { 162 };
            let expected = if counted == team { value } else { total - value };
            assert_eq!(i32::from(v) + i32::from(pos.points_taken()[counted]), i32::from(expected), "{pos:?}");
            game.play(Actor::Seat(pos.to_move()), BalootAction::Play(card)).expect("the engine accepts the move");
        }
        assert_eq!(hand_value(&game, mode, team), i32::from(value), "deal {deal}");
    }
}

#[test]
fn a_capped_search_says_it_stopped_and_leaves_the_table_sound() {
    let mut rng = seeded_rng(62);
    let mut capped = BalootSolver::new();
    let mut fresh = BalootSolver::new();
    let mut stopped = 0;
    for _ in 0..40 {
        let game = in_play(random_rules(&mut rng), &mut rng);
        let pos = BalootPosition::from_game(&game).expect("in play");
        capped.set_node_limit(Some(50));
        let _ = capped.value_for(&pos, Team::ZERO);
        stopped += usize::from(capped.aborted());
        capped.set_node_limit(None);
        let exact = capped.value_for(&pos, Team::ZERO);
        assert!(!capped.aborted());
        fresh.forget();
        assert_eq!(exact, fresh.value_for(&pos, Team::ZERO), "what a stopped search left in the table misled the next");
    }
    assert!(stopped > 30, "only {stopped} of 40 whole-hand searches reached a cap of 50 nodes");
}
