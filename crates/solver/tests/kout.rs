//! The Kout Bo solver against the real engine: brute force over every legal line on small endings,
//! equivalent cards, and best play through the engine from the first lead.

use cards::{Card, CardSet, Rank, random_below, seeded_rng};
use game::{Actor, Game, Phase, Seat, Team};
use kout::{Kout, KoutAction, KoutRules, StageView, Variant, card_power};
use rand_chacha::ChaCha20Rng;
use solver::{KoutPosition, KoutSolver};

const VARIANTS: [Variant; 2] = [Variant::Four, Variant::Six];

fn playing(game: &Kout) -> bool {
    game.view(None).stage == StageView::Playing
}

/// A match whose first hand is in trick play, after random bids and a random trump.
fn in_play(variant: Variant, play_out: bool, rng: &mut ChaCha20Rng) -> Kout {
    let dealer = Seat::new(random_below(rng, variant.seats() as u32) as usize).expect("seat");
    let mut game = Kout::new(variant.kind(), KoutRules { variant, play_out }, dealer).expect("new match");
    let deal = game.random_deal(rng);
    game.deal(deal).expect("deal");
    let mut legal = Vec::new();
    while !playing(&game) {
        assert_eq!(game.phase(), Phase::InHand);
        let seat = game.to_act().first().expect("someone to act");
        game.legal_actions(seat, &mut legal);
        // Pass half the time when allowed, so that bids of every size come up.
        let action = if legal[0] == KoutAction::Pass && random_below(rng, 2) == 0 {
            KoutAction::Pass
        } else {
            legal[random_below(rng, legal.len() as u32) as usize]
        };
        game.play(Actor::Seat(seat), action).expect("legal");
    }
    game
}

fn legal_cards(game: &Kout) -> Vec<Card> {
    let seat = game.to_act().first().expect("someone to play");
    let mut legal = Vec::new();
    game.legal_actions(seat, &mut legal);
    legal
        .iter()
        .filter_map(|a| match a {
            KoutAction::Play(c) => Some(*c),
            _ => None,
        })
        .collect()
}

fn step(game: &mut Kout, rng: &mut ChaCha20Rng) -> Card {
    let cards = legal_cards(game);
    let card = cards[random_below(rng, cards.len() as u32) as usize];
    let seat = game.to_act().first().expect("someone to play");
    game.play(Actor::Seat(seat), KoutAction::Play(card)).expect("legal card");
    card
}

/// Plays a card, keeping the jokers and the trump jack to ace as long as possible (so that
/// endings with jokers that must be led dead come up).
fn hoarding_step(game: &mut Kout, rng: &mut ChaCha20Rng) {
    let trump = game.view(None).trump.expect("trump");
    let keep = |c: &Card| c.is_joker() || (c.suit() == Some(trump) && c.rank().is_some_and(|r| r >= Rank::Jack));
    let cards = legal_cards(game);
    let spare: Vec<Card> = cards.iter().copied().filter(|c| !keep(c)).collect();
    let pool = if spare.is_empty() { cards } else { spare };
    let card = pool[random_below(rng, pool.len() as u32) as usize];
    let seat = game.to_act().first().expect("someone to play");
    game.play(Actor::Seat(seat), KoutAction::Play(card)).expect("legal card");
}

fn held(game: &Kout) -> usize {
    Seat::all(game.rules().variant.seats()).map(|s| game.held(s).len()).sum()
}

/// The best result for `team` by trying every legal line of the engine: with `play_out`, its
/// tricks in the hand; without, whether the maker's team makes its bid (1) or not (0).
fn brute_force(game: &Kout, team: Team) -> i32 {
    if !playing(game) {
        let summary = game.hand_summaries().last().cloned().expect("a hand");
        if game.rules().play_out {
            return i32::from(summary.tricks.expect("tricks")[team]);
        }
        let maker = summary.bidder.expect("a maker").team();
        let made = summary.score.expect("a score")[maker] > 0;
        return i32::from(made == (team == maker));
    }
    let seat = game.to_act().first().expect("someone to play");
    let values = legal_cards(game).into_iter().map(|card| {
        let mut next = game.clone();
        next.play(Actor::Seat(seat), KoutAction::Play(card)).expect("legal");
        brute_force(&next, team)
    });
    if team.has(seat) { values.max() } else { values.min() }.expect("a legal card")
}

#[test]
fn the_solver_matches_brute_force_on_small_endings() {
    let mut rng = seeded_rng(16);
    let mut solver = KoutSolver::new();
    for i in 0..2000 {
        let game = small_ending(VARIANTS[i % 2], &mut rng);
        check_against_brute_force(&mut solver, &game);
    }
}

/// A hand in play, played at random down to an ending small enough for brute force: kout4's last
/// three tricks; kout6's last two, and a card or two of the one before.
fn small_ending(variant: Variant, rng: &mut ChaCha20Rng) -> Kout {
    let mut game = in_play(variant, true, rng);
    let stop = match variant {
        Variant::Four => 5 + random_below(rng, 8) as usize,
        Variant::Six => 7 + random_below(rng, 8) as usize,
    };
    while held(&game) > stop {
        step(&mut game, rng);
    }
    game
}

fn check_against_brute_force(solver: &mut KoutSolver, game: &Kout) {
    let pos = KoutPosition::from_game(game).expect("in play");
    for team in Team::BOTH {
        let exact = brute_force(game, team);
        let value = i32::from(solver.value_for(&pos, team)) + i32::from(pos.tricks_won()[team]);
        assert_eq!(value, exact, "{pos:?} for {team:?}");
    }
}

#[test]
fn move_values_match_brute_force_on_small_endings() {
    let mut rng = seeded_rng(29);
    let mut solver = KoutSolver::new();
    let mut moves = 0;
    for i in 0..600 {
        let game = small_ending(VARIANTS[i % 2], &mut rng);
        let pos = KoutPosition::from_game(&game).expect("in play");
        let seat = pos.to_move();
        let team = seat.team();
        for (card, value) in solver.move_values(&pos) {
            let mut next = game.clone();
            next.play(Actor::Seat(seat), KoutAction::Play(card)).expect("a legal card");
            let exact = brute_force(&next, team);
            assert_eq!(i32::from(value) + i32::from(pos.tricks_won()[team]), exact, "{card} in {pos:?}");
            moves += 1;
        }
    }
    assert!(moves > 1000, "only {moves} moves checked");
}

/// Whether a joker led now by the seat to move would be dead, or one is on the table.
fn dead_joker_around(game: &Kout) -> bool {
    let pos = KoutPosition::from_game(game).expect("in play");
    if pos.trick().iter().any(|p| p.dead) {
        return true;
    }
    let seat = pos.to_move();
    pos.trick().is_empty()
        && pos
            .hand(seat)
            .jokers()
            .iter()
            .any(|j| !pos.legal_moves().contains(j) || pos.hand(seat).len() == pos.hand(seat).jokers().len())
}

#[test]
fn the_solver_matches_brute_force_around_dead_jokers() {
    let mut rng = seeded_rng(53);
    let mut solver = KoutSolver::new();
    let mut found = 0;
    for i in 0..20_000 {
        if found == 150 {
            break;
        }
        let variant = VARIANTS[i % 2];
        let mut game = in_play(variant, true, &mut rng);
        let last = match variant {
            Variant::Four => 12,
            Variant::Six => 14,
        };
        while playing(&game) {
            if held(&game) <= last && dead_joker_around(&game) {
                check_against_brute_force(&mut solver, &game);
                found += 1;
                break;
            }
            hoarding_step(&mut game, &mut rng);
        }
    }
    assert_eq!(found, 150, "positions with a dead joker are rare: only {found} found");
}

#[test]
fn the_bid_test_matches_brute_force_with_early_ends() {
    let mut rng = seeded_rng(8);
    let mut solver = KoutSolver::new();
    let (mut made, mut failed) = (0, 0);
    for i in 0..600 {
        let variant = VARIANTS[i % 2];
        let mut game = in_play(variant, false, &mut rng);
        let stop = match variant {
            Variant::Four => 5 + random_below(&mut rng, 8) as usize,
            Variant::Six => 7 + random_below(&mut rng, 8) as usize,
        };
        while playing(&game) && held(&game) > stop {
            step(&mut game, &mut rng);
        }
        if !playing(&game) {
            continue;
        }
        let pos = KoutPosition::from_game(&game).expect("in play");
        let maker = pos.contract().maker.team();
        let exact = brute_force(&game, maker) == 1;
        assert_eq!(solver.makes_bid(&pos), exact, "{pos:?}");
        if exact { made += 1 } else { failed += 1 }
    }
    assert!(made > 20 && failed > 20, "made {made}, failed {failed}");
}

#[test]
fn zero_window_tests_agree_with_the_value() {
    let mut rng = seeded_rng(61);
    let mut solver = KoutSolver::new();
    for i in 0..300 {
        let variant = VARIANTS[i % 2];
        let mut game = in_play(variant, true, &mut rng);
        // From the fifth trick on (kout4) or the sixth (kout6): whole hands are the benchmark's.
        let skip = match variant {
            Variant::Four => 16 + random_below(&mut rng, 16),
            Variant::Six => 30 + random_below(&mut rng, 18),
        };
        for _ in 0..skip {
            step(&mut game, &mut rng);
        }
        let pos = KoutPosition::from_game(&game).expect("in play");
        let team = Team::new(random_below(&mut rng, 2) as usize).expect("team");
        let v = solver.value_for(&pos, team);
        assert!(solver.at_least(&pos, team, v));
        assert!(!solver.at_least(&pos, team, v + 1));
        let other = solver.value_for(&pos, team.other());
        assert_eq!(usize::from(v + other), pos.tricks_left(), "the teams share the tricks left");
    }
}

/// Whether the seat to move's cards `a` and `b` are equivalent by the definition: not jokers, one
/// suit, no card of another seat (held or on the table) ranking between them, and in trump not
/// one from the jack up and one from the ten down (the jack to the ace let the jokers lead).
fn equivalent(pos: &KoutPosition, a: Card, b: Card) -> bool {
    let (Some(suit), trump) = (a.suit(), pos.trump()) else { return false };
    if b.suit() != Some(suit) {
        return false;
    }
    let honour = |c: Card| c.rank().is_some_and(|r| r >= Rank::Jack);
    if suit == trump && honour(a) != honour(b) {
        return false;
    }
    let seat = pos.to_move();
    let on_table: CardSet = pos.trick().iter().map(|p| p.card).collect();
    let others = Seat::all(pos.hands().len()).filter(|&s| s != seat).fold(on_table, |acc, s| acc | pos.hand(s));
    let power = |c: Card| card_power(c, trump, Some(suit));
    let (lo, hi) = (power(a).min(power(b)), power(a).max(power(b)));
    others.iter().all(|c| power(c) <= lo || power(c) >= hi || (c.suit() != Some(suit) && !c.is_joker()))
}

#[test]
fn equivalent_cards_have_the_same_value_and_the_reduction_changes_nothing() {
    let mut rng = seeded_rng(7);
    let mut with = KoutSolver::new();
    let mut without = KoutSolver::new();
    without.set_equivalence(false);
    let mut pairs = 0;
    for i in 0..300 {
        let variant = VARIANTS[i % 2];
        let mut game = in_play(variant, true, &mut rng);
        let skip = match variant {
            Variant::Four => 14 + random_below(&mut rng, 8),
            Variant::Six => 30 + random_below(&mut rng, 12),
        };
        for _ in 0..skip {
            step(&mut game, &mut rng);
        }
        let pos = KoutPosition::from_game(&game).expect("in play");
        let all = without.move_values(&pos);
        assert_eq!(with.move_values(&pos), all, "{pos:?}");
        for &(a, va) in &all {
            for &(b, vb) in &all {
                if a < b && equivalent(&pos, a, b) {
                    pairs += 1;
                    assert_eq!(va, vb, "{a} and {b} are equivalent in {pos:?}");
                }
            }
        }
        let legal: CardSet = all.iter().map(|&(c, _)| c).collect();
        assert_eq!(legal, pos.legal_moves());
    }
    assert!(pairs > 100, "only {pairs} pairs of equivalent cards met");
}

#[test]
fn positions_follow_the_engine_card_by_card() {
    let mut rng = seeded_rng(3);
    for i in 0..400 {
        let mut game = in_play(VARIANTS[i % 2], true, &mut rng);
        let mut pos = KoutPosition::from_game(&game).expect("in play");
        while playing(&game) {
            let engine: CardSet = legal_cards(&game).into_iter().collect();
            assert_eq!(Some(pos.to_move()), game.to_act().first());
            assert_eq!(pos.legal_moves(), engine, "{pos:?}");
            let card = step(&mut game, &mut rng);
            pos.play(card).expect("the position accepts the engine's card");
            if playing(&game) {
                assert_eq!(pos, KoutPosition::from_game(&game).expect("in play"));
            }
        }
        assert!(pos.is_over());
        let summary = game.hand_summaries().last().cloned().expect("hand");
        assert_eq!(Some(pos.tricks_won()), summary.tricks);
    }
}

#[test]
fn best_moves_played_through_the_engine_reach_the_value_of_the_first_lead() {
    let mut rng = seeded_rng(1616);
    let mut solver = KoutSolver::new();
    for deal in 0..30 {
        let variant = VARIANTS[deal % 2];
        let play_out = deal % 4 < 2;
        let mut game = in_play(variant, play_out, &mut rng);
        if variant == Variant::Six {
            // kout6 from the fourth trick: a whole kout6 hand is too slow for the test profile.
            while held(&game) > 36 && playing(&game) {
                step(&mut game, &mut rng);
            }
        }
        if !playing(&game) {
            continue;
        }
        let first = KoutPosition::from_game(&game).expect("in play");
        let team = Team::new(random_below(&mut rng, 2) as usize).expect("team");
        let value = solver.value_for(&first, team);
        let makes = solver.makes_bid(&first);
        // Each side maximises its own tricks (the game is constant-sum).
        while playing(&game) {
            let pos = KoutPosition::from_game(&game).expect("in play");
            let mover = pos.to_move().team();
            let (card, v) = solver.best_move(&pos);
            let total = value + first.tricks_won()[team];
            let expected = if mover == team { total } else { 9 - total };
            assert_eq!(v + pos.tricks_won()[mover], expected, "{pos:?}");
            game.play(Actor::Seat(pos.to_move()), KoutAction::Play(card)).expect("the engine accepts the move");
        }
        let summary = game.hand_summaries().last().cloned().expect("hand");
        let maker = first.contract().maker.team();
        assert_eq!(summary.score.expect("score")[maker] > 0, makes, "deal {deal}");
        if play_out {
            assert_eq!(summary.tricks.expect("tricks")[team], value + first.tricks_won()[team], "deal {deal}");
        }
    }
}

#[test]
fn a_capped_search_says_it_stopped_and_leaves_the_table_sound() {
    let mut rng = seeded_rng(61);
    let mut capped = KoutSolver::new();
    let mut fresh = KoutSolver::new();
    let mut stopped = 0;
    for _ in 0..40 {
        let game = in_play(Variant::Four, false, &mut rng);
        let pos = KoutPosition::from_game(&game).expect("in play");
        let team = pos.contract().maker.team();
        capped.set_node_limit(Some(50));
        let _ = capped.value_for(&pos, team);
        stopped += usize::from(capped.aborted());
        capped.set_node_limit(None);
        let exact = capped.value_for(&pos, team);
        assert!(!capped.aborted());
        fresh.forget();
        assert_eq!(exact, fresh.value_for(&pos, team), "what a stopped search left in the table misled the next");
    }
    assert!(stopped > 30, "only {stopped} of 40 whole-hand searches reached a cap of 50 nodes");
}
