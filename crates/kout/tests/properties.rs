//! Properties over thousands of seeded random matches of both variants: the deck is conserved, a
//! legal action exists until the match is over, exactly the legal actions are accepted, replaying
//! the record gives the same result, views never show hidden cards, and hands and matches are
//! scored by the rules' tables (computed here independently of the engine's scoring code).

use cards::{Card, CardSet, Suit, random_below, seeded_rng};
use game::testing::{check_replay_equals_live, check_views_hide};
use game::{Actor, Game, GameKind, Match, Options, Phase, Seat, Team, Winner};
use kout::{Bid, Kout, KoutAction, KoutHandSummary};
use serde_json::Value;

/// Every action of the notation: pass, bid 5–9, trump ×4, play ×54.
fn all_actions() -> Vec<KoutAction> {
    let mut all = vec![KoutAction::Pass];
    all.extend((5..=9).filter_map(Bid::new).map(KoutAction::Bid));
    all.extend(Suit::ALL.map(KoutAction::Trump));
    all.extend((0..Card::COUNT).filter_map(Card::from_index).map(KoutAction::Play));
    assert_eq!(all.len(), 64);
    all
}

/// The cards on the table in a spectator's view: the trick being played and the finished ones.
fn played_cards(game: &Kout) -> (CardSet, usize) {
    let v = game.view(None);
    let mut set = CardSet::EMPTY;
    let mut count = 0;
    for t in v.tricks.iter().chain(v.trick.iter()) {
        for p in &t.cards {
            set.insert(p.card);
            count += 1;
        }
    }
    (set, count)
}

fn check_deck_conserved(game: &Kout) -> Result<(), String> {
    let deck = game.kind().deck().cards();
    let mut held = CardSet::EMPTY;
    let mut count = 0;
    for s in Seat::all(game.seat_count()) {
        let h = game.held(s);
        if !held.is_disjoint(h) {
            return Err(format!("a card is held twice: {}", held & h));
        }
        held |= h;
        count += h.len();
    }
    let (played, played_count) = played_cards(game);
    if !held.is_disjoint(played) || count + played_count != deck.len() || (held | played) != deck {
        return Err(format!("hands {held} and played {played} are not the deck"));
    }
    Ok(())
}

/// Checks that `check` accepts exactly the actions `legal_actions` lists, for every seat.
fn check_legal_equals_accepted(game: &Kout, all: &[KoutAction], buf: &mut Vec<KoutAction>) -> Result<(), String> {
    for s in Seat::all(game.seat_count()) {
        game.legal_actions(s, buf);
        for &a in all {
            let listed = buf.contains(&a);
            let accepted = game.check(Actor::Seat(s), a);
            if listed != accepted.is_ok() {
                return Err(format!("seat {s} {a}: listed {listed}, check says {accepted:?}"));
            }
        }
        if game.check(Actor::Clock, all[0]).is_ok() {
            return Err("the clock may act".to_owned());
        }
    }
    Ok(())
}

/// The score table of `docs/rules/kout.md`: (team that scores, points).
fn table(summary: &KoutHandSummary) -> (Team, i32) {
    let bidder = summary.bidder.expect("a finished hand has a bidder");
    let bid = i32::from(summary.bid.expect("bid"));
    let tricks = summary.tricks.expect("tricks");
    let made = i32::from(tricks[bidder.team()]) >= bid;
    let points = match (summary.malzoom.expect("malzoom"), bid, made) {
        (true, _, _) => 5,
        (false, 9, true) => 36,
        (false, b, true) => b,
        (false, b, false) => 2 * b,
    };
    (if made { bidder.team() } else { bidder.team().other() }, points)
}

/// Checks a finished hand: scored by the table, stopped when decided (or after nine tricks when
/// played out), and the match end decided by the rules in order.
fn check_finished_hand(game: &Kout, play_out: bool, running: &mut [i32; 2], hand_index: usize) -> Result<(), String> {
    let summaries = game.hand_summaries();
    let s = summaries.get(hand_index).ok_or("no summary for the finished hand")?;
    let (team, points) = table(s);
    let score = s.score.ok_or("a finished hand has a score")?;
    if score[team] != points || score[team.other()] != 0 {
        return Err(format!("hand {hand_index}: score {:?}, table says {points} to team {team}", score.0));
    }
    let tricks = s.tricks.ok_or("tricks")?;
    let bidder = s.bidder.ok_or("bidder")?;
    let bid = s.bid.ok_or("bid")?;
    let (mine, played) = (tricks[bidder.team()], tricks.0[0] + tricks.0[1]);
    let stopped_right = if play_out {
        played == 9
    } else {
        // Made the moment the bid was reached, or failed the moment it went out of reach.
        mine == bid || mine + (9 - played) + 1 == bid
    };
    if !stopped_right {
        return Err(format!("hand {hand_index} stopped at tricks {:?} with bid {bid} (play_out {play_out})", tricks.0));
    }
    running[team.index()] += points;
    if game.score().as_slice() != running.as_slice() {
        return Err(format!("match score {:?}, sum of hands {running:?}", game.score()));
    }
    let expected = if hand_index == 0 && bid == 9 && mine >= 9 {
        Some(bidder.team())
    } else if let Some(t) = Team::BOTH.into_iter().find(|t| running[t.index()] >= 51 && running[t.other().index()] == 0)
    {
        Some(t)
    } else {
        Team::BOTH.into_iter().find(|t| running[t.index()] >= 101)
    };
    let outcome = game.outcome().map(|w| match w {
        Winner::Team(t) => t,
        Winner::Seats(_) => Team::ZERO,
    });
    if outcome != expected {
        return Err(format!("after hand {hand_index} at {running:?}: winner {outcome:?}, rules say {expected:?}"));
    }
    match (game.phase(), expected, s.dealer) {
        (Phase::Over, Some(_), _) => Ok(()),
        (Phase::AwaitingDeal { dealer }, None, last) if dealer == last.next(game.seat_count()) => Ok(()),
        (phase, _, _) => Err(format!("after hand {hand_index}: phase {phase:?}")),
    }
}

/// A random legal action, biased so that random play reaches the rare situations often: passes
/// are likely (so the dealer is often forced), jokers are kept back (so hands of only jokers must
/// lead). Every action still comes from `legal_actions`.
fn pick(legal: &[KoutAction], rng: &mut impl rand_core::RngCore) -> KoutAction {
    let uniform =
        |rng: &mut dyn rand_core::RngCore, from: &[KoutAction]| from[random_below(rng, from.len() as u32) as usize];
    if legal.contains(&KoutAction::Pass) && random_below(rng, 4) != 0 {
        return KoutAction::Pass;
    }
    let plain: Vec<KoutAction> =
        legal.iter().copied().filter(|a| !matches!(a, KoutAction::Play(c) if c.is_joker())).collect();
    if !plain.is_empty() && plain.len() < legal.len() && random_below(rng, 8) != 0 {
        return uniform(rng, &plain);
    }
    uniform(rng, legal)
}

/// Situations random play reached, counted to show the properties cover them.
#[derive(Default, Debug)]
struct Seen {
    tricks: usize,
    dead_leads: usize,
    double_dead: usize,
    malzoom: usize,
    bawan_made: usize,
}

impl Seen {
    fn after_play(&mut self, game: &Kout) {
        let v = game.view(None);
        if v.tricks.len() == self.tricks + 1 {
            if let Some(t) = v.tricks.last() {
                let dead = t.cards.iter().filter(|p| p.dead).count();
                self.dead_leads += usize::from(dead >= 1);
                self.double_dead += usize::from(dead == 2);
            }
        }
        self.tricks = v.tricks.len();
        if v.hand_score.is_some() {
            self.tricks = 0;
            self.malzoom += usize::from(v.malzoom);
            self.bawan_made += usize::from(v.bid == Some(9) && v.maker.is_some_and(|m| v.tricks_won[m.team()] == 9));
        }
    }
}

/// Plays one random match, checking the properties at every step; `thorough` adds the costly
/// checks (every action of every seat, views).
fn checked_match(kind: GameKind, seed: u64, thorough: bool, seen: &mut Seen) -> Result<Match<Kout>, String> {
    let mut rng = seeded_rng(seed);
    let play_out = random_below(&mut rng, 4) == 0;
    let mut options = Options::new();
    if play_out {
        options.insert("play_out".to_owned(), Value::Bool(true));
    }
    let seats = if kind == GameKind::Kout6 { 6 } else { 4 };
    let dealer = Seat::new(random_below(&mut rng, seats) as usize).ok_or("seat")?;
    let mut m = Match::<Kout>::new(kind, options, Vec::new(), dealer).map_err(|e| e.to_string())?;
    let all = all_actions();
    let mut buf = Vec::new();
    let mut running = [0, 0];
    let mut hands = 0;
    loop {
        match m.game().phase() {
            Phase::Over => return Ok(m),
            Phase::AwaitingDeal { .. } => {
                if hands == 60 {
                    return Err("a match of more than 60 hands".to_owned());
                }
                if m.game().check(Actor::Seat(Seat::ZERO), KoutAction::Pass).is_ok() {
                    return Err("an action is accepted between hands".to_owned());
                }
                m.deal_random(&mut rng).map_err(|e| e.to_string())?;
                hands += 1;
            }
            Phase::InHand => {
                let g = m.game();
                let to_act = g.to_act();
                let seat = to_act.first().ok_or("nobody may act in a hand")?;
                if to_act.len() != 1 {
                    return Err(format!("several seats may act: {to_act:?}"));
                }
                check_deck_conserved(g)?;
                if thorough {
                    check_legal_equals_accepted(g, &all, &mut buf)?;
                    check_views_hide(g)?;
                }
                g.legal_actions(seat, &mut buf);
                if buf.is_empty() {
                    return Err(format!("seat {seat} must act but has no legal action"));
                }
                let action = pick(&buf, &mut rng);
                m.play(Actor::Seat(seat), action).map_err(|e| format!("legal {action} refused: {e}"))?;
                seen.after_play(m.game());
                if m.game().phase() != Phase::InHand {
                    check_finished_hand(m.game(), play_out, &mut running, hands - 1)?;
                    check_deck_conserved_after_hand(m.game())?;
                }
            }
        }
    }
}

fn check_deck_conserved_after_hand(game: &Kout) -> Result<(), String> {
    // The last hand stays visible between hands; its cards must still add up.
    check_deck_conserved(game)?;
    check_views_hide(game)
}

fn run(kind: GameKind, seeds: std::ops::Range<u64>, thorough: bool) -> Seen {
    let mut hands = 0;
    let mut seen = Seen::default();
    for seed in seeds {
        match checked_match(kind, seed, thorough, &mut seen) {
            Ok(m) => {
                hands += m.record().hands.len();
                if thorough {
                    check_replay_equals_live(&m).unwrap_or_else(|e| panic!("{kind} seed {seed}: {e}"));
                }
            }
            Err(e) => panic!("{kind} seed {seed}: {e}"),
        }
    }
    assert!(hands > 0);
    eprintln!("{kind}: {hands} hands, {seen:?}");
    seen
}

#[test]
fn random_kout6_matches_follow_the_rules() {
    let seen = run(GameKind::Kout6, 0..1_200, false);
    // The properties are only as good as the situations random play reaches.
    assert!(seen.dead_leads > 0 && seen.double_dead > 0 && seen.malzoom > 0 && seen.bawan_made > 0, "{seen:?}");
}

#[test]
fn random_kout4_matches_follow_the_rules() {
    let seen = run(GameKind::Kout4, 0..1_200, false);
    assert!(seen.dead_leads > 0 && seen.double_dead > 0 && seen.malzoom > 0 && seen.bawan_made > 0, "{seen:?}");
}

#[test]
fn random_kout6_matches_accept_exactly_the_legal_actions_hide_cards_and_replay() {
    run(GameKind::Kout6, 10_000..10_100, true);
}

#[test]
fn random_kout4_matches_accept_exactly_the_legal_actions_hide_cards_and_replay() {
    run(GameKind::Kout4, 10_000..10_150, true);
}
