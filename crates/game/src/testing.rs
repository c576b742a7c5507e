//! Helpers for property tests and benchmarks shared by every game: random playouts and the checks
//! that hold for any game (views never leak, replay equals live play, legal means accepted).

use std::fmt::Debug;

use cards::{Card, CardSet, random_below};
use rand_core::RngCore;
use serde_json::Value;

use crate::record::Record;
use crate::{Actor, Game, GameKind, Match, Options, Phase, Refuse, RuleSet, Seat};

/// Every card named in a JSON value: each string, and each space- or colon-separated word of a
/// string, that reads as a card.
#[must_use]
pub fn cards_named_in(value: &Value) -> CardSet {
    let mut set = CardSet::EMPTY;
    collect_cards(value, &mut set);
    set
}

fn collect_cards(value: &Value, set: &mut CardSet) {
    match value {
        Value::String(s) => {
            for word in s.split([' ', ':', ',']) {
                if let Ok(card) = word.parse::<Card>() {
                    set.insert(card);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_cards(v, set)),
        Value::Object(map) => map.values().for_each(|v| collect_cards(v, set)),
        _ => {}
    }
}

/// Checks that no seat's view names a card hidden from it.
///
/// # Errors
/// The seat and the leaked cards.
pub fn check_views_hide<G: Game>(game: &G) -> Result<(), String> {
    for seat in Seat::all(game.seat_count()) {
        let view = serde_json::to_value(game.view(Some(seat))).map_err(|e| e.to_string())?;
        let leaked = cards_named_in(&view) & game.hidden_from(seat);
        if !leaked.is_empty() {
            return Err(format!("seat {seat}'s view shows {leaked}"));
        }
    }
    let public = serde_json::to_value(game.view(None)).map_err(|e| e.to_string())?;
    let all_hidden = Seat::all(game.seat_count()).fold(CardSet::ALL, |acc, s| acc & game.hidden_from(s));
    let leaked = cards_named_in(&public) & all_hidden;
    if !leaked.is_empty() {
        return Err(format!("the spectator view shows {leaked}"));
    }
    Ok(())
}

/// Picks one of the possible moves now uniformly: a seat among those to act, then one of its legal
/// actions; the clock closes an open window with a small probability. `None` if nobody may act.
pub fn random_move<G: Game, R: RngCore + ?Sized>(
    game: &G,
    rng: &mut R,
    buf: &mut Vec<G::Action>,
) -> Option<(Actor, G::Action)> {
    let to_act = game.to_act();
    if to_act.is_empty() {
        return None;
    }
    if game.clock_may_act() && random_below(rng, 8) == 0 {
        // The clock's only action is to close; find it among the notation of this game.
        if let Ok(close) = "close".parse::<G::Action>() {
            return Some((Actor::Clock, close));
        }
    }
    let pick = random_below(rng, to_act.len() as u32) as usize;
    let seat = to_act.iter().nth(pick)?;
    game.legal_actions(seat, buf);
    if buf.is_empty() {
        return None;
    }
    let action = buf[random_below(rng, buf.len() as u32) as usize];
    Some((Actor::Seat(seat), action))
}

/// Plays a whole match (at most `max_hands` hands) with random deals and random legal moves.
///
/// # Errors
/// A rule violation found on the way: no legal action while someone must act, a legal action
/// refused, or a deal refused.
pub fn random_match<G: Game, R: RngCore + ?Sized>(
    kind: GameKind,
    options: Options,
    rng: &mut R,
    max_hands: usize,
) -> Result<Match<G>, String> {
    let seats_hint = G::Rules::from_options(kind, &options).map_err(|e| e.to_string())?;
    let dealer = Seat::new(random_below(rng, seats_hint.seat_count() as u32) as usize).unwrap_or(Seat::ZERO);
    let mut m = Match::<G>::new(kind, options, Vec::new(), dealer).map_err(|e| e.to_string())?;
    let mut buf = Vec::new();
    let mut hands = 0;
    let mut steps = 0usize;
    loop {
        match m.game().phase() {
            Phase::Over => return Ok(m),
            Phase::AwaitingDeal { .. } => {
                if hands == max_hands {
                    return Ok(m);
                }
                hands += 1;
                m.deal_random(rng).map_err(|e| e.to_string())?;
            }
            Phase::InHand => {
                let (actor, action) = random_move(m.game(), rng, &mut buf)
                    .ok_or_else(|| "nobody can act in the middle of a hand".to_owned())?;
                m.play(actor, action).map_err(|e| format!("legal action {action} by {actor} refused: {e}"))?;
                steps += 1;
                if steps > 1_000_000 {
                    return Err("a match that never ends".to_owned());
                }
            }
        }
    }
}

/// Checks that replaying `m`'s record gives the same report as the live match, for every seat too.
///
/// # Errors
/// The first difference, or the replay error.
pub fn check_replay_equals_live<G: Game>(m: &Match<G>) -> Result<(), String> {
    let text = m.record().to_json_pretty();
    let record = Record::parse(&text).map_err(|e| format!("record does not parse: {e}"))?;
    let replayed = Match::<G>::replay(&record).map_err(|e| format!("record does not replay: {e}"))?;
    if replayed.report(None) != m.report(None) {
        return Err("replay reports differently from live play".to_owned());
    }
    for seat in Seat::all(m.game().seat_count()) {
        if replayed.report(Some(seat)) != m.report(Some(seat)) {
            return Err(format!("replay differs from live play for seat {seat}"));
        }
    }
    Ok(())
}

/// The refusal code of a variant, from its derived `Debug` text: the variant's name in snake_case
/// (`NotYourTurn(Seat(3))` → `not_your_turn`).
#[must_use]
pub fn variant_code(debug: &str) -> String {
    let name = &debug[..debug.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(debug.len())];
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Checks a game's refusal codes, given one example of every variant of its illegal-action type
/// and the codes expected in the same order: each code is its variant's name in snake_case, the
/// codes are distinct and as expected (so they stay stable), and the codes all games share carry
/// the shared parameters (`not_your_turn` {seat}, `match_over`, `no_hand`, `not_held` {card},
/// `must_follow` {suit}) in record notation.
///
/// # Errors
/// The first example that breaks a rule, and how.
pub fn check_refusal_codes<E: Refuse + Debug>(examples: &[E], expected: &[&str]) -> Result<(), String> {
    let codes: Vec<String> = examples.iter().map(|e| e.refusal().code).collect();
    if codes != expected {
        return Err(format!("the codes are {codes:?}, expected {expected:?}"));
    }
    let mut seen = std::collections::BTreeSet::new();
    for (e, code) in examples.iter().zip(&codes) {
        let debug = format!("{e:?}");
        if variant_code(&debug) != *code {
            return Err(format!("{debug} has code {code:?}, not its variant's name in snake_case"));
        }
        if !seen.insert(code.clone()) {
            return Err(format!("the code {code:?} is used twice"));
        }
        let params = e.refusal().params;
        let keys: Vec<&str> = params.keys().map(String::as_str).collect();
        let text = |k: &str| params.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
        let ok = match code.as_str() {
            "not_your_turn" => keys == ["seat"] && params["seat"].as_u64().is_some_and(|s| s < 6),
            "match_over" | "no_hand" => keys.is_empty(),
            "not_held" => keys == ["card"] && text("card").parse::<Card>().is_ok_and(|c| c.to_string() == text("card")),
            "must_follow" => keys == ["suit"] && ["S", "H", "D", "C"].contains(&text("suit").as_str()),
            _ => true,
        };
        if !ok {
            return Err(format!("{debug}: the shared code {code:?} has the wrong parameters {params:?}"));
        }
    }
    Ok(())
}
