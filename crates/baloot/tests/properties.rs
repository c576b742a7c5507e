//! Properties over thousands of seeded random matches under every preset (`saudi_full` with all the
//! Saudi table calls): legal actions are exactly the accepted ones, a legal action exists until the
//! end, cards are conserved, card points total 162 (Hokum) / 130 (Sun) before projects, views never
//! leak, replay equals live play, and finished matches have a fair winner.

use baloot::{Baloot, BalootAction, BalootRules, Multiplier, StageView};
use cards::{CardSet, DeckKind, random_below, seeded_rng};
use game::testing::{check_replay_equals_live, check_views_hide, random_match, random_move};
use game::{Actor, Game, GameKind, Match, Options, Phase, Seat, Winner};
use serde_json::json;

fn options(preset: &str) -> Options {
    json!({ "preset": preset }).as_object().cloned().expect("object")
}

/// Every action of the notation is accepted by `check` exactly when `legal_actions` lists it, for
/// the seat to act and for every other seat (who may do nothing). The one other spelling of a
/// listed bid: round 1's `hokum` may also name the face-up card's suit.
fn check_legal_is_accepted(g: &Baloot, all: &[BalootAction], buf: &mut Vec<BalootAction>) -> Result<(), String> {
    let face = g.view(None).hand.map(|h| h.face_up.suit());
    for seat in Seat::all(4) {
        g.legal_actions(seat, buf);
        for &a in all {
            let accepted = g.check(Actor::Seat(seat), a).is_ok();
            let listed = buf.contains(&a)
                || (matches!(a, BalootAction::Hokum(Some(s)) if Some(Some(s)) == face)
                    && buf.contains(&BalootAction::Hokum(None)));
            if accepted != listed {
                return Err(format!("seat {seat} {a}: accepted {accepted}, listed {}", !accepted));
            }
        }
        if g.to_act().contains(seat) && buf.is_empty() {
            return Err(format!("seat {seat} must act but has no legal action"));
        }
    }
    if g.check(Actor::Clock, BalootAction::Pass).is_ok() {
        return Err("the clock may act".to_owned());
    }
    Ok(())
}

/// The 32 cards are all somewhere exactly once: in the four hands, on the table (tricks), laid down
/// by a Sawa, or, before the second deal (during the bidding and the doubling steps), face up and
/// in the stock.
fn check_conservation(g: &Baloot) -> Result<(), String> {
    let Some(public) = g.view(None).hand else { return Ok(()) };
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    for seat in Seat::all(4) {
        let own = g.view(Some(seat)).hand.and_then(|h| h.cards).unwrap_or_default();
        if !seen.is_disjoint(own) {
            return Err(format!("seat {seat} shares cards: {own}"));
        }
        seen |= own;
        count += own.len();
        if own.len() != usize::from(public.hand_sizes[seat]) {
            return Err(format!("seat {seat}: hand size differs"));
        }
    }
    for play in public.tricks.iter().chain([&public.trick]).flat_map(|t| &t.plays) {
        if !seen.insert(play.card) {
            return Err(format!("{} is played and held", play.card));
        }
        count += 1;
    }
    let sawa = public.sawa.is_some();
    for (seat, laid) in public.laid_down.seats() {
        // A Kawesh shows cards still held; a Sawa's cards left the hands.
        if sawa {
            if !seen.is_disjoint(*laid) {
                return Err(format!("seat {seat} laid down cards it holds or played: {laid}"));
            }
            seen |= *laid;
            count += laid.len();
        } else if !seen.is_superset(*laid) {
            return Err(format!("seat {seat} laid down cards it does not hold: {laid}"));
        }
    }
    let dealt_out = count > 20;
    if !dealt_out {
        // Face-up card and 11 stock cards.
        count += 12;
        seen.insert(public.face_up);
    }
    if count != 32 || (dealt_out && seen != DeckKind::Baloot.cards()) {
        return Err(format!("{count} cards accounted for"));
    }
    Ok(())
}

#[derive(Default)]
struct Stats {
    hands: usize,
    void: usize,
    hokum: usize,
    sun: usize,
    matches_over: usize,
    doubled: usize,
    closed: usize,
    gahwa: usize,
    kawesh: usize,
    ashkal: usize,
    sawa_held: usize,
    sawa_lost: usize,
}

/// Plays `matches` random matches from `seed`, checking invariants after every action; views and
/// replays are checked on the first `deep` matches.
fn run(preset: &str, seed: u64, matches: usize, deep: usize) -> Stats {
    let all = BalootAction::all();
    let mut rng = seeded_rng(seed);
    let mut buf = Vec::new();
    let mut stats = Stats::default();
    for i in 0..matches {
        let deep = i < deep;
        let mut m = Match::<Baloot>::new(GameKind::Baloot, options(preset), Vec::new(), Seat::ZERO).expect("match");
        let mut steps = 0;
        loop {
            match m.game().phase() {
                Phase::Over => break,
                Phase::AwaitingDeal { .. } => m.deal_random(&mut rng).expect("deal"),
                Phase::InHand => {
                    let (actor, mut action) = random_move(m.game(), &mut rng, &mut buf).expect("someone acts");
                    // Pass more often than uniformly, so round 2 (and Sun under seed) and void
                    // hands come up often, and the doubling steps do not always climb.
                    let phase = m.game().view(None).phase;
                    if phase != StageView::Playing && random_below(&mut rng, 2) == 0 {
                        action = BalootAction::Pass;
                    }
                    // A claim at every lead would end most hands at once: claim now and then.
                    if action == BalootAction::Sawa && random_below(&mut rng, 4) != 0 {
                        m.game().legal_actions(actor.seat().expect("a seat"), &mut buf);
                        action = buf[0];
                    }
                    m.play(actor, action).unwrap_or_else(|e| panic!("match {i}: legal {action} refused: {e}"));
                    steps += 1;
                    assert!(steps < 20_000, "match {i} never ends");
                    let g = m.game();
                    check_legal_is_accepted(g, &all, &mut buf).unwrap_or_else(|e| panic!("match {i}: {e}"));
                    check_conservation(g).unwrap_or_else(|e| panic!("match {i}: {e}"));
                    if deep {
                        check_views_hide(g).unwrap_or_else(|e| panic!("match {i}: {e}"));
                    }
                    if g.phase() != Phase::InHand {
                        // The hand just ended (played out or void).
                        let summaries = g.hand_summaries();
                        let last = serde_json::to_value(summaries.last()).expect("json");
                        stats.hands += 1;
                        if last["void"] == true {
                            assert_eq!(last["ended_by"], "void");
                            stats.void += 1;
                            continue;
                        }
                        if last["ended_by"] == "kawesh" {
                            assert_eq!(last["score"], serde_json::Value::Null);
                            assert_eq!(
                                g.phase(),
                                Phase::AwaitingDeal { dealer: summaries[summaries.len() - 1].dealer }
                            );
                            stats.kawesh += 1;
                            continue;
                        }
                        let public = g.view(None).hand.expect("hand");
                        match last["multiplier"].as_u64() {
                            Some(1) => {}
                            Some(2..=4) => stats.doubled += 1,
                            _ => {
                                assert_eq!(last["multiplier"], "gahwa");
                                assert_eq!(g.phase(), Phase::Over, "gahwa ends the match");
                                stats.gahwa += 1;
                            }
                        }
                        stats.closed += usize::from(last["closed"] == true);
                        stats.ashkal += usize::from(public.contract.is_some_and(|c| c.ashkal));
                        match public.sawa {
                            Some(c) if c.held => stats.sawa_held += 1,
                            Some(_) => stats.sawa_lost += 1,
                            None => assert_eq!(last["ended_by"], "play"),
                        }
                        let points = &last["card_points"];
                        let total = points[0].as_u64().expect("points") + points[1].as_u64().expect("points");
                        let tricks = &last["tricks"];
                        assert_eq!(tricks[0].as_u64().expect("n") + tricks[1].as_u64().expect("n"), 8);
                        match last["mode"].as_str() {
                            Some("hokum") => {
                                stats.hokum += 1;
                                assert_eq!(total, 162, "match {i}: {last}");
                            }
                            Some("sun") => {
                                stats.sun += 1;
                                assert_eq!(total, 130, "match {i}: {last}");
                            }
                            other => panic!("mode {other:?}"),
                        }
                    }
                }
            }
        }
        let g = m.game();
        let score = g.score();
        let Some(Winner::Team(w)) = g.outcome() else { panic!("match {i} over without a winner") };
        let last = g.hand_summaries().pop().expect("a hand");
        if last.multiplier == Some(Multiplier::Gahwa) {
            // The hand's winner takes the match whatever the totals.
            let hand = last.score.expect("scored");
            assert!(hand[w] > hand[w.other()], "gahwa hand {hand:?} won by {w}");
        } else {
            assert!(score[w.index()] >= 152 && score[w.index()] > score[w.other().index()], "{score:?} won by {w}");
        }
        stats.matches_over += 1;
        if deep {
            check_replay_equals_live(&m).unwrap_or_else(|e| panic!("match {i}: {e}"));
        }
    }
    stats
}

#[test]
fn random_matches_seed_preset_keep_every_invariant() {
    let s = run("seed", 1, 1500, 60);
    assert_eq!(s.matches_over, 1500);
    assert!(s.hokum > 1000 && s.sun > 500, "both modes are exercised: {} hokum, {} sun", s.hokum, s.sun);
    assert!(s.void > 100, "void hands are exercised: {}", s.void);
    assert!(s.hands > 15_000);
}

#[test]
fn random_matches_saudi_preset_keep_every_invariant() {
    let s = run("saudi", 2, 1500, 60);
    assert_eq!(s.matches_over, 1500);
    assert!(s.hokum > 1000 && s.sun > 500, "both modes are exercised: {} hokum, {} sun", s.hokum, s.sun);
}

#[test]
fn random_matches_saudi_full_preset_keep_every_invariant() {
    let s = run("saudi_full", 4, 1200, 60);
    assert_eq!(s.matches_over, 1200);
    assert!(s.hokum > 500 && s.sun > 300, "both modes are exercised: {} hokum, {} sun", s.hokum, s.sun);
    assert!(s.doubled > 300 && s.closed > 100, "doubled {}, closed {}", s.doubled, s.closed);
    assert!(s.gahwa > 50, "gahwa {}", s.gahwa);
    assert!(s.kawesh > 3 && s.ashkal > 100, "kawesh {}, ashkal {}", s.kawesh, s.ashkal);
    assert!(s.sawa_held > 10 && s.sawa_lost > 500, "sawa held {}, lost {}", s.sawa_held, s.sawa_lost);
}

#[test]
fn random_matches_with_each_call_alone_keep_every_invariant() {
    let mut rng = seeded_rng(5);
    for call in ["doubling", "ashkal", "kawesh", "sawa"] {
        for preset in ["seed", "saudi"] {
            let mut o = options(preset);
            o.insert(call.to_owned(), json!(true));
            for _ in 0..40 {
                let m = random_match::<Baloot, _>(GameKind::Baloot, o.clone(), &mut rng, 100).expect("plays");
                assert!(matches!(m.game().outcome(), Some(Winner::Team(_))), "{preset} + {call}");
            }
            let m = random_match::<Baloot, _>(GameKind::Baloot, o, &mut rng, 4).expect("plays");
            check_replay_equals_live(&m).expect("replay");
            check_views_hide(m.game()).expect("views");
        }
    }
}

#[test]
fn random_matches_with_house_rules_keep_every_invariant() {
    let mut o = options("saudi");
    o.insert("must_overtrump".to_owned(), json!(false));
    o.insert("trump_when_partner_winning".to_owned(), json!(true));
    o.insert("project_tie".to_owned(), json!("cancel"));
    let mut rng = seeded_rng(3);
    for _ in 0..300 {
        let m = random_match::<Baloot, _>(GameKind::Baloot, o.clone(), &mut rng, 100).expect("plays");
        assert!(matches!(m.game().outcome(), Some(Winner::Team(_))));
        assert_eq!(
            m.game().rules(),
            &BalootRules {
                must_overtrump: false,
                trump_when_partner_winning: true,
                project_tie: baloot::ProjectTie::Cancel,
                ..BalootRules::saudi()
            }
        );
    }
    let m = random_match::<Baloot, _>(GameKind::Baloot, o, &mut rng, 3).expect("plays");
    check_replay_equals_live(&m).expect("replay");
}
