//! Replay steps: a record, replayed by the engines, as one step per deal and per action, each with
//! what a replay stepper shows (the spectator's view, every seat's cards, the scores).

use game::{Game, GameKind, Match, Record, RecordError, ReplayAt, RuleSet, Seat};
use serde_json::{Value, json};

/// What a replay step shows beyond the spectator's view, per game. Replays are public: every
/// seat's cards are shown.
trait StepFacts: Game {
    /// Every seat's cards: a hand in display order, or (Kabul) a grid of card-or-null.
    fn hands(&self) -> Value {
        let seats = Seat::all(self.seat_count());
        Value::Array(seats.map(|s| json!(self.display_order(s))).collect())
    }

    /// Public table state beyond the view (`null` if none).
    fn open(&self) -> Value {
        Value::Null
    }

    /// The running count of the hand in progress (or just finished): tricks in Kout Bo, card
    /// points in Baloot, grid totals in Kabul; `null` when there is none.
    fn points(&self, view: &Self::View) -> Value;

    /// The score of hand `hand` once it is over (Baloot: its game points), else `null`.
    fn hand_score(&self, hand: usize) -> Value;
}

impl StepFacts for kout::Kout {
    fn points(&self, view: &kout::KoutView) -> Value {
        if view.trump.is_some() { json!(view.tricks_won) } else { Value::Null }
    }

    fn hand_score(&self, hand: usize) -> Value {
        json!(self.hand_summaries().get(hand).and_then(|h| h.score))
    }
}

impl StepFacts for baloot::Baloot {
    fn points(&self, view: &baloot::BalootView) -> Value {
        match &view.hand {
            Some(h) if h.contract.is_some() => json!(h.card_points),
            _ => Value::Null,
        }
    }

    fn hand_score(&self, hand: usize) -> Value {
        json!(self.hand_summaries().get(hand).and_then(|h| h.score))
    }
}

impl StepFacts for kabul::Kabul {
    fn hands(&self) -> Value {
        Value::Array(Seat::all(self.seat_count()).map(|s| json!(self.grid(s))).collect())
    }

    fn open(&self) -> Value {
        json!({ "drawn": self.drawn_card().map(|(seat, card)| json!({ "seat": seat, "card": card })) })
    }

    fn points(&self, _view: &kabul::KabulView) -> Value {
        let total = |s: Seat| self.grid(s).iter().flatten().copied().map(kabul::card_value).sum::<i32>();
        json!(Seat::all(self.seat_count()).map(total).collect::<Vec<_>>())
    }

    fn hand_score(&self, hand: usize) -> Value {
        json!(self.hand_summaries().get(hand).and_then(|r| r.scores.clone()))
    }
}

fn step<G: StepFacts>(game: &G, at: ReplayAt<'_>) -> Value {
    let view = game.view(None);
    json!({
        "hand": at.hand,
        "index": at.action.map_or(-1, |a| i64::try_from(a).unwrap_or(i64::MAX)),
        "seat": at.seat,
        "text": at.text,
        "view": view,
        "hands": game.hands(),
        "open": game.open(),
        "score": game.score(),
        "hand_score": game.hand_score(at.hand),
        "points": game.points(&view),
    })
}

fn steps_of<G: StepFacts>(record: &Record) -> Result<Value, RecordError> {
    let mut steps = Vec::new();
    let m = Match::<G>::replay_observed(record, |g, at| steps.push(step(g, at)))?;
    let seats = m.game().seat_count();
    let players: Vec<Option<&str>> = (0..seats).map(|i| record.players.get(i).map(String::as_str)).collect();
    Ok(json!({
        "game": record.game.id(),
        "rules": m.game().rules().to_options(),
        "players": players,
        "seats": seats,
        "steps": steps,
    }))
}

/// A record replayed by the engines as steps: one per deal and per recorded action, in record
/// order, each the state just after it.
///
/// ```text
/// {"game": "baloot", "rules": {..}, "players": [name or null, ..], "seats": 4,
///  "steps": [{"hand": 0, "index": -1, "seat": null, "text": "deal",
///             "view": <spectator view>, "hands": [[cards in display order], ..],
///             "open": <public table state beyond the view, or null>,
///             "score": [..match..], "hand_score": [..] or null, "points": [..] or null}, ..]}
/// ```
///
/// `hands` shows every seat's cards (a replay is public): each hand in
/// [`Game::display_order`](game::Game::display_order), or Kabul's grids slot by slot (card or
/// `null`). `score` is the match score; `hand_score` the hand's score once it is over (Baloot: its
/// game points, Kabul: the round's scores); `points` the running count of the hand (Kout Bo: tricks
/// per team once trump is named, Baloot: card points per team once a contract stands, Kabul: each
/// grid's total). Kabul's `open` holds the drawn card (`{"drawn": {"seat", "card"} or null}`).
///
/// # Errors
/// The record is malformed or an action is illegal, in the same words as [`replay`](crate::replay).
///
/// ```
/// let record = games::deal(games::GameKind::Baloot, 3, &Default::default()).unwrap();
/// let steps = games::replay_steps(&record).unwrap();
/// assert_eq!(steps["steps"][0]["text"], "deal");
/// assert_eq!(steps["steps"][0]["hands"][0].as_array().unwrap().len(), 5);
/// ```
pub fn replay_steps(record: &Record) -> Result<Value, RecordError> {
    match record.game {
        GameKind::Kout6 | GameKind::Kout4 => steps_of::<kout::Kout>(record),
        GameKind::Baloot => steps_of::<baloot::Baloot>(record),
        GameKind::Kabul => steps_of::<kabul::Kabul>(record),
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use cards::CardSet;
    use game::testing::cards_named_in;

    use super::*;

    fn records() -> Vec<(PathBuf, String)> {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/records");
        let mut out = Vec::new();
        for game in ["kout", "baloot", "kabul"] {
            let Ok(dir) = std::fs::read_dir(root.join(game)) else { continue };
            for entry in dir.flatten() {
                let path = entry.path();
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
                if name.ends_with(".json") && !name.ends_with(".expect.json") {
                    let text = std::fs::read_to_string(&path).expect("readable");
                    out.push((path, text));
                }
            }
        }
        out.sort();
        assert!(out.len() > 20, "the record vectors are found ({} files)", out.len());
        out
    }

    /// Checks one valid record's steps against the engine and `replay`'s report.
    fn check<G: StepFacts>(name: &str, record: &Record, text: &str) {
        let out = replay_steps(record).unwrap_or_else(|e| panic!("{name}: {e}"));
        let steps = out["steps"].as_array().expect("steps");
        let actions: usize = record.hands.iter().map(|h| h.actions.len()).sum();
        assert_eq!(steps.len(), record.hands.len() + actions, "{name}: one step per deal and per action");
        let report = crate::replay(text, None).expect("replays");
        let last = steps.last().expect("a step");
        assert_eq!(last["score"], report["score"], "{name}: the final score is replay's");
        assert_eq!(out["players"].as_array().map(Vec::len), out["seats"].as_u64().map(|n| n as usize), "{name}");
        // Each hand's last step carries the hand's score as the engine's summary reports it.
        for (h, hand) in report["hands"].as_array().expect("hands").iter().enumerate() {
            let end = steps.iter().rev().find(|s| s["hand"] == json!(h)).expect("a step of the hand");
            let summary_score = if record.game == GameKind::Kabul { &hand["scores"] } else { &hand["score"] };
            assert_eq!(&end["hand_score"], summary_score, "{name}: hand {h}'s score");
        }
        // The spectator's view never names a card hidden from every seat.
        let mut i = 0;
        Match::<G>::replay_observed(record, |g, at| {
            let step = &steps[i];
            i += 1;
            assert_eq!((step["hand"].clone(), step["text"].clone()), (json!(at.hand), json!(at.text)), "{name}");
            let hidden = Seat::all(g.seat_count()).fold(CardSet::ALL, |acc, s| acc & g.hidden_from(s));
            let leaked = cards_named_in(&step["view"]) & hidden;
            assert!(leaked.is_empty(), "{name}, step {}: the view shows {leaked}", i - 1);
        })
        .expect("replays");
    }

    #[test]
    fn steps_follow_the_record_and_agree_with_replay() {
        let mut checked = 0;
        for (path, text) in records() {
            let name = path.display().to_string();
            let record = Record::parse(&text);
            let valid = record.as_ref().is_ok_and(|r| crate::replay(&text, None).is_ok() && replay_steps(r).is_ok());
            let Ok(record) = record else { continue };
            if !valid {
                // A bad record is refused in replay's words.
                let want = crate::replay(&text, None).expect_err("replay refuses it too");
                assert_eq!(replay_steps(&record).expect_err("refused"), want, "{name}");
                continue;
            }
            match record.game {
                GameKind::Kout6 | GameKind::Kout4 => check::<kout::Kout>(&name, &record, &text),
                GameKind::Baloot => check::<baloot::Baloot>(&name, &record, &text),
                GameKind::Kabul => check::<kabul::Kabul>(&name, &record, &text),
            }
            checked += 1;
        }
        assert!(checked > 10, "{checked} valid records checked");
    }

    #[test]
    fn hands_are_each_seats_cards_in_display_order() {
        let record = crate::deal(GameKind::Kout6, 11, &game::Options::new()).expect("deal");
        let out = replay_steps(&record).expect("steps");
        let first = &out["steps"][0];
        assert_eq!(first["index"], -1);
        assert_eq!(first["seat"], Value::Null);
        assert_eq!(first["points"], Value::Null);
        assert_eq!(first["hand_score"], Value::Null);
        let m = Match::<kout::Kout>::replay(&record).expect("replay");
        for s in Seat::all(6) {
            assert_eq!(cards_named_in(&first["hands"][s.index()]).len(), 9);
            assert_eq!(first["hands"][s.index()], json!(m.game().display_order(s)));
        }
        assert_eq!(out["players"], json!([null, null, null, null, null, null]));
    }

    #[test]
    fn baloot_hands_end_with_the_engines_game_points() {
        let mut found = 0;
        for (path, text) in records().into_iter().filter(|(p, _)| p.to_string_lossy().contains("baloot")) {
            let Ok(record) = Record::parse(&text) else { continue };
            let Ok(m) = Match::<baloot::Baloot>::replay(&record) else { continue };
            let out = replay_steps(&record).expect("steps");
            let steps = out["steps"].as_array().expect("steps");
            for (h, summary) in m.game().hand_summaries().iter().enumerate() {
                let Some(score) = summary.score else { continue };
                let end = steps.iter().rev().find(|s| s["hand"] == json!(h)).expect("hand steps");
                assert_eq!(end["hand_score"], json!(score), "{}: hand {h}", path.display());
                assert_eq!(end["points"], json!(summary.card_points), "{}: hand {h}", path.display());
                found += 1;
            }
        }
        assert!(found > 3, "{found} finished Baloot hands checked");
    }
}
