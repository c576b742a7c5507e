//! Properties over thousands of seeded random matches under both presets: legal actions are
//! exactly the accepted ones, cards are conserved, card points total 162 (Hokum) / 130 (Sun) before
//! projects, views never leak, replay equals live play, and finished matches have a fair winner.

use baloot::{Baloot, BalootAction, BalootRules};
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

/// The 32 cards are all somewhere exactly once: in the four hands, on the table (tricks), or, before
/// the second deal, face up and in the stock.
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
    let dealt_out = public.contract.is_some();
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

struct Stats {
    hands: usize,
    void: usize,
    hokum: usize,
    sun: usize,
    matches_over: usize,
}

/// Plays `matches` random matches from `seed`, checking invariants after every action; views and
/// replays are checked on the first `deep` matches.
fn run(preset: &str, seed: u64, matches: usize, deep: usize) -> Stats {
    let all = BalootAction::all();
    let mut rng = seeded_rng(seed);
    let mut buf = Vec::new();
    let mut stats = Stats { hands: 0, void: 0, hokum: 0, sun: 0, matches_over: 0 };
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
                    // hands come up often.
                    if !matches!(action, BalootAction::Play(_)) && random_below(&mut rng, 2) == 0 {
                        action = BalootAction::Pass;
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
                            stats.void += 1;
                            continue;
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
        assert!(score[w.index()] >= 152 && score[w.index()] > score[w.other().index()], "{score:?} won by {w}");
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
