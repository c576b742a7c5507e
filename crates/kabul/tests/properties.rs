//! Properties over thousands of seeded random games with 2 to 6 players: the 54 cards are
//! conserved, snap windows always close, views never show an unseen face, replay equals live play,
//! knowledge is right after every switch and snap (against an independent model kept here), and
//! the legal actions are exactly the accepted ones.

use std::collections::BTreeMap;

use cards::{Card, CardSet, random_below, seeded_rng};
use game::testing::{check_replay_equals_live, check_views_hide};
use game::{Actor, Game, GameKind, Match, Options, Phase, Seat};
use kabul::{Kabul, KabulAction, Pos, Power, SlotView, Source, StageView};
use rand_chacha::ChaCha20Rng;

/// What each viewer knows, by place: `(seat, slot) -> card`. Kept by following the actions, by
/// position rather than by card, so it is independent of the engine's bookkeeping.
#[derive(Clone, Debug, Default)]
struct Model {
    known: Vec<BTreeMap<(usize, usize), Card>>,
}

impl Model {
    fn dealt(g: &Kabul) -> Model {
        let n = g.seat_count();
        let mut known = vec![BTreeMap::new(); n];
        for (seat, k) in known.iter_mut().enumerate() {
            for slot in [2, 3] {
                if let Some(card) = g.grid(seat_of(seat))[slot] {
                    k.insert((seat, slot), card);
                }
            }
        }
        Model { known }
    }

    fn everyone_learns(&mut self, at: (usize, usize), card: Card) {
        self.known.iter_mut().for_each(|k| {
            k.insert(at, card);
        });
    }

    fn everyone_forgets(&mut self, at: (usize, usize)) {
        self.known.iter_mut().for_each(|k| {
            k.remove(&at);
        });
    }

    /// Follows one action from `before` to `after`.
    fn follow(&mut self, before: &Kabul, actor: Actor, action: KabulAction, after: &Kabul) {
        let Actor::Seat(seat) = actor else { return };
        let me = seat.index();
        match action {
            KabulAction::Replace(slot) => {
                let at = (me, usize::from(slot));
                let (_, card) = before.drawn_card().expect("a drawn card to replace with");
                let from = before.view(None).drawn.expect("drawn").from;
                self.everyone_forgets(at);
                match from {
                    Source::Discard => self.everyone_learns(at, card),
                    Source::Deck => {
                        self.known[me].insert(at, card);
                    }
                }
            }
            KabulAction::Switch(a, b) => {
                let (ka, kb) = ((a.seat.index(), usize::from(a.slot)), (b.seat.index(), usize::from(b.slot)));
                for k in &mut self.known {
                    let (x, y) = (k.remove(&ka), k.remove(&kb));
                    if let Some(x) = x {
                        k.insert(kb, x);
                    }
                    if let Some(y) = y {
                        k.insert(ka, y);
                    }
                }
                let looked =
                    matches!(before.view(None).step, StageView::PowerTarget { power: Power::SwitchAndLook, .. });
                if looked {
                    for (pos, key) in [(a, ka), (b, kb)] {
                        self.known[me].insert(key, after.card_at(pos).expect("switched card"));
                    }
                }
            }
            KabulAction::PeekOwn(slot) => {
                let card = before.card_at(Pos::new(seat, slot)).expect("peeked card");
                self.known[me].insert((me, usize::from(slot)), card);
            }
            KabulAction::PeekOther(pos) => {
                let card = before.card_at(pos).expect("peeked card");
                self.known[me].insert((pos.seat.index(), usize::from(pos.slot)), card);
            }
            KabulAction::Snap(slot) => {
                let at = (me, usize::from(slot));
                let card = before.card_at(Pos::new(seat, slot)).expect("snapped card");
                let top = *before.discard_pile().last().expect("a discard pile");
                let hit = (card.is_joker() && top.is_joker()) || (card.rank().is_some() && card.rank() == top.rank());
                if hit {
                    self.everyone_forgets(at);
                } else {
                    self.everyone_learns(at, card);
                    let grid = before.grid(seat);
                    let penalty = grid.iter().position(Option::is_none).unwrap_or(grid.len());
                    self.everyone_forgets((me, penalty));
                }
            }
            _ => {}
        }
    }

    /// Checks every slot of every view against the model.
    fn check(&self, g: &Kabul) -> Result<(), String> {
        let n = g.seat_count();
        for viewer in 0..n {
            let view = g.view(Some(seat_of(viewer)));
            for seat in 0..n {
                let grid = g.grid(seat_of(seat));
                if view.grids[seat].len() != grid.len() {
                    return Err(format!("seat {viewer} sees {} slots at seat {seat}", view.grids[seat].len()));
                }
                for (slot, truth) in grid.iter().enumerate() {
                    let want = match (truth, self.known[viewer].get(&(seat, slot))) {
                        (None, _) => SlotView::Empty,
                        (Some(c), Some(k)) if c == k => SlotView::Face(*c),
                        (Some(c), Some(k)) => return Err(format!("model says {k} at {seat}:{slot}, truth is {c}")),
                        (Some(_), None) => SlotView::Down,
                    };
                    if view.grids[seat][slot] != want {
                        return Err(format!(
                            "seat {viewer} sees {:?} at {seat}:{slot}, the model says {want:?}",
                            view.grids[seat][slot]
                        ));
                    }
                    // `seen` is public: every view names the viewers the model says know the card.
                    let knowers: Vec<usize> = (0..n).filter(|&k| self.known[k].contains_key(&(seat, slot))).collect();
                    let seen: Vec<usize> = view.seen[seat][slot].iter().map(Seat::index).collect();
                    if truth.is_some() && seen != knowers {
                        return Err(format!(
                            "seat {viewer}'s view says {seen:?} know {seat}:{slot}, the model {knowers:?}"
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

fn seat_of(i: usize) -> Seat {
    Seat::new(i).expect("seat")
}

/// Every card is in exactly one place: a grid, the draw pile, the discard pile or the hand.
fn check_conservation(g: &Kabul) -> Result<(), String> {
    let mut all: Vec<Card> = Vec::with_capacity(54);
    for seat in Seat::all(g.seat_count()) {
        all.extend(g.grid(seat).iter().flatten());
    }
    all.extend(g.draw_pile());
    all.extend(g.discard_pile());
    all.extend(g.drawn_card().map(|(_, c)| c));
    let set: CardSet = all.iter().copied().collect();
    if all.len() != 54 || set != CardSet::ALL {
        return Err(format!("{} cards in play, {} distinct", all.len(), set.len()));
    }
    Ok(())
}

/// Every action that could be written for `seat` now (switches only when `switches`).
fn universe(g: &Kabul, switches: bool, rng: &mut ChaCha20Rng) -> Vec<KabulAction> {
    let n = g.seat_count();
    let slots = Seat::all(n).map(|s| g.grid(s).len()).max().unwrap_or(0) + 2;
    let mut out = vec![
        KabulAction::Kabul,
        KabulAction::DrawDeck,
        KabulAction::DrawDiscard,
        KabulAction::Discard,
        KabulAction::DiscardPower,
        KabulAction::Pass,
        KabulAction::Close,
    ];
    let slot = |i: usize| u8::try_from(i).expect("slot");
    for i in 0..slots {
        out.extend([KabulAction::PeekOwn(slot(i)), KabulAction::Replace(slot(i)), KabulAction::Snap(slot(i))]);
        for s in Seat::all(6) {
            out.push(KabulAction::PeekOther(Pos::new(s, slot(i))));
        }
    }
    let positions: Vec<Pos> =
        Seat::all(n.min(5) + 1).flat_map(|s| (0..slots).map(move |i| Pos::new(s, slot(i)))).collect();
    if switches {
        for &a in &positions {
            out.extend(positions.iter().map(|&b| KabulAction::Switch(a, b)));
        }
    } else {
        for _ in 0..8 {
            let a = positions[random_below(rng, positions.len() as u32) as usize];
            let b = positions[random_below(rng, positions.len() as u32) as usize];
            out.push(KabulAction::Switch(a, b));
        }
    }
    out
}

/// `legal_actions` is exactly what `check` accepts, for every seat and the clock.
fn check_legal_is_accepted(g: &Kabul, rng: &mut ChaCha20Rng, exhaustive: bool) -> Result<(), String> {
    let power_step = matches!(g.view(None).step, StageView::PowerTarget { .. });
    let candidates = universe(g, exhaustive && power_step, rng);
    let mut legal = Vec::new();
    for seat in Seat::all(g.seat_count()) {
        g.legal_actions(seat, &mut legal);
        for a in &legal {
            g.check(Actor::Seat(seat), *a).map_err(|e| format!("legal {a} by seat {seat} refused: {e}"))?;
        }
        if legal.is_empty() == g.to_act().contains(seat) {
            return Err(format!("seat {seat} has legal actions {legal:?} but to_act is {:?}", g.to_act()));
        }
        for a in candidates.iter().chain(&legal) {
            let accepted = g.check(Actor::Seat(seat), *a).is_ok();
            if accepted != legal.contains(a) {
                return Err(format!("seat {seat}: {a} accepted {accepted}, listed {}", legal.contains(a)));
            }
        }
    }
    let clock_ok = g.check(Actor::Clock, KabulAction::Close).is_ok();
    if clock_ok != g.clock_may_act() || g.check(Actor::Clock, KabulAction::Pass).is_ok() {
        return Err("the clock may act exactly when it may close a window".to_owned());
    }
    Ok(())
}

/// An open window closes when every seat in it passes, and when the clock closes it.
fn check_window_closes(g: &Kabul) -> Result<(), String> {
    if !g.clock_may_act() {
        return Ok(());
    }
    let mut all_pass = g.clone();
    for seat in g.to_act().iter() {
        all_pass.play(Actor::Seat(seat), KabulAction::Pass).map_err(|e| format!("pass refused: {e}"))?;
    }
    let mut closed = g.clone();
    closed.play(Actor::Clock, KabulAction::Close).map_err(|e| format!("close refused: {e}"))?;
    for (how, after) in [("every seat passed", &all_pass), ("the clock closed it", &closed)] {
        if after.clock_may_act() {
            return Err(format!("the window stayed open after {how}"));
        }
        if after.phase() == Phase::InHand && after.to_act().len() != 1 {
            return Err(format!("after {how}, {:?} are to act, not the next turn's player", after.to_act()));
        }
    }
    // The two differ only in the events they leave (passes or a close).
    let without_events = |g: &Kabul| {
        let mut v = g.view(None);
        v.events.clear();
        (v, g.to_act(), g.phase())
    };
    if without_events(&all_pass) != without_events(&closed) {
        return Err("passing all round and the clock's close differ".to_owned());
    }
    Ok(())
}

/// A random move that passes in windows more often than uniform choice would (so rounds end by
/// Kabul as well as by an empty deck).
fn pick(g: &Kabul, rng: &mut ChaCha20Rng, buf: &mut Vec<KabulAction>) -> Option<(Actor, KabulAction)> {
    if g.clock_may_act() && random_below(rng, 3) == 0 {
        return Some((Actor::Clock, KabulAction::Close));
    }
    let to_act = g.to_act();
    let seat = to_act.iter().nth(random_below(rng, to_act.len().max(1) as u32) as usize)?;
    g.legal_actions(seat, buf);
    if buf.contains(&KabulAction::Pass) && random_below(rng, 2) == 0 {
        return Some((Actor::Seat(seat), KabulAction::Pass));
    }
    if buf.contains(&KabulAction::Kabul) && random_below(rng, 6) != 0 {
        buf.retain(|a| *a != KabulAction::Kabul);
    }
    let action = *buf.get(random_below(rng, buf.len().max(1) as u32) as usize)?;
    Some((Actor::Seat(seat), action))
}

struct Checks {
    views: bool,
    exhaustive: bool,
}

fn play_match(seed: u64, checks: &Checks) -> Result<(Match<Kabul>, usize), String> {
    let mut rng = seeded_rng(seed);
    let players = 2 + random_below(&mut rng, 5) as usize;
    let mut options = Options::new();
    options.insert("players".to_owned(), players.into());
    if seed % 3 == 0 {
        options.insert("target_score".to_owned(), 40.into());
    }
    let dealer = seat_of(random_below(&mut rng, players as u32) as usize);
    let mut m = Match::<Kabul>::new(GameKind::Kabul, options, Vec::new(), dealer).map_err(|e| e.to_string())?;
    let mut model = Model::default();
    let mut buf = Vec::new();
    let mut steps = 0;
    loop {
        match m.game().phase() {
            Phase::Over => return Ok((m, steps)),
            Phase::AwaitingDeal { .. } => {
                m.deal_random(&mut rng).map_err(|e| e.to_string())?;
                model = Model::dealt(m.game());
            }
            Phase::InHand => {
                let g = m.game().clone();
                if g.to_act().is_empty() {
                    return Err("nobody may act in the middle of a round".to_owned());
                }
                if checks.exhaustive || steps % 7 == 0 {
                    check_legal_is_accepted(&g, &mut rng, checks.exhaustive)?;
                }
                check_window_closes(&g)?;
                let (actor, action) = pick(&g, &mut rng, &mut buf).ok_or("no legal action for a seat to act")?;
                m.play(actor, action).map_err(|e| format!("{action} by {actor} refused: {e}"))?;
                steps += 1;
                if steps > 200_000 {
                    return Err("a match that never ends".to_owned());
                }
                let after = m.game();
                check_conservation(after)?;
                if after.phase() == Phase::InHand {
                    model.follow(&g, actor, action, after);
                    model.check(after).map_err(|e| format!("after {action} by {actor}: {e}"))?;
                } else {
                    for seat in Seat::all(after.seat_count()) {
                        let v = after.view(Some(seat));
                        if v.grids.iter().flatten().any(|s| *s == SlotView::Down) {
                            return Err("a card stays face down after the round".to_owned());
                        }
                    }
                }
                if checks.views {
                    check_views_hide(after)?;
                }
            }
        }
    }
}

#[test]
fn thousands_of_random_games_keep_every_rule() {
    let mut total_steps = 0;
    let mut rounds = 0;
    for seed in 0..2_000 {
        let checks = Checks { views: seed % 4 == 0, exhaustive: seed % 50 == 0 };
        let (m, steps) = play_match(seed, &checks).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        total_steps += steps;
        rounds += m.game().hand_summaries().len();
        if seed % 10 == 0 {
            check_replay_equals_live(&m).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
    }
    assert!(rounds >= 2_000 && total_steps > 10_000, "{rounds} rounds, {total_steps} steps");
}

#[test]
fn rounds_end_both_by_kabul_and_by_an_empty_deck() {
    let mut ends = BTreeMap::new();
    let mut players_seen = 0;
    for seed in 0..300 {
        let (m, _) = play_match(seed, &Checks { views: false, exhaustive: false }).expect("plays");
        players_seen = players_seen.max(m.game().seat_count());
        for r in m.game().hand_summaries() {
            *ends.entry(format!("{:?}", r.end)).or_insert(0) += 1;
        }
    }
    assert!(ends.get("Some(Kabul)").copied().unwrap_or(0) > 50, "{ends:?}");
    assert!(ends.get("Some(NoCards)").copied().unwrap_or(0) > 0, "{ends:?}");
    assert_eq!(players_seen, 6);
}

#[test]
fn replay_equals_live_play_mid_round_too() {
    for seed in 5_000..5_100 {
        let mut rng = seeded_rng(seed);
        let players = 2 + (seed % 5) as usize;
        let mut options = Options::new();
        options.insert("players".to_owned(), players.into());
        let mut m = Match::<Kabul>::new(GameKind::Kabul, options, Vec::new(), Seat::ZERO).expect("match");
        m.deal_random(&mut rng).expect("deal");
        let mut buf = Vec::new();
        let stop = 1 + random_below(&mut rng, 120);
        for _ in 0..stop {
            if m.game().phase() != Phase::InHand {
                break;
            }
            let (actor, action) = pick(m.game(), &mut rng, &mut buf).expect("a move");
            m.play(actor, action).expect("legal");
        }
        check_replay_equals_live(&m).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

#[test]
fn replaying_records_with_corrupted_actions_never_panics() {
    use game::{Record, RecordedAction};
    let words = [
        "kabul",
        "draw deck",
        "draw discard",
        "discard",
        "discard power",
        "peek 0",
        "peek 1:3",
        "peek 5:9",
        "switch 0:0 1:1",
        "switch 1:2 1:2",
        "switch 9:0 0:0",
        "replace 2",
        "replace 200",
        "snap 0",
        "snap 7",
        "pass",
        "close",
        "",
        "snap",
        "peek -1",
        "draw",
        "switch 0:0",
    ];
    let mut rejected = 0;
    for seed in 0..200 {
        let (m, _) = play_match(seed, &Checks { views: false, exhaustive: false }).expect("plays");
        let mut rng = seeded_rng(seed + 10_000);
        let mut record: Record = m.into_record();
        for _ in 0..5 {
            let h = random_below(&mut rng, record.hands.len() as u32) as usize;
            let actions = &mut record.hands[h].actions;
            if actions.is_empty() {
                continue;
            }
            let i = random_below(&mut rng, actions.len() as u32) as usize;
            let seat = match random_below(&mut rng, 8) {
                7 => None,
                s => Seat::new(s as usize),
            };
            let text = words[random_below(&mut rng, words.len() as u32) as usize].to_owned();
            actions[i] = RecordedAction { seat, text };
        }
        let text = record.to_json_pretty();
        let parsed = Record::parse(&text).expect("still a record");
        if Match::<Kabul>::replay(&parsed).is_err() {
            rejected += 1;
        }
    }
    assert!(rejected > 100, "most corruptions are caught: {rejected} of 200");
}
