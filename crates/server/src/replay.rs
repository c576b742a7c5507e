//! Replays for the browser's stepper, computed by the engines: `GET /api/games/{id}/replay` (a
//! finished match) and `POST /api/replay` (a record file someone opens). Each answers every step
//! of the match — the deal and each action, with the public view, every seat's cards and the
//! score — so no rule of any game is written again in JavaScript.

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use cards::CardSet;
use game::{Actor, Game, GameKind, Match, Record, RecordError, RecordErrorKind, Seat};
use serde_json::{Value, json};

use crate::hub::Hub;
use crate::limits::MAX_RECORD_BYTES;
use crate::net::AppError;

/// The replay routes.
pub(crate) fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/games/{id}/replay", get(stored))
        .route("/api/replay", post(uploaded).layer(DefaultBodyLimit::max(MAX_RECORD_BYTES)))
}

/// The steps of a finished match (404 while it is in progress: its decks stay secret).
async fn stored(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Json<Value>, AppError> {
    let not_found = || AppError::new(StatusCode::NOT_FOUND, "not_found", "no finished match with that id");
    let row = hub.store.match_row(&id).await.map_err(|e| AppError::internal(&e))?.ok_or_else(not_found)?;
    let (1, Some(text)) = (row.finished, row.record) else { return Err(not_found()) };
    // A stored record that does not replay is our fault, not the asker's.
    let steps = Record::parse(&text).and_then(|record| replay_steps(&record)).map_err(|e| AppError::internal(&e))?;
    Ok(Json(steps))
}

/// The steps of an uploaded record, or 422 with `{"error": {"kind", "reason", ...}}`: the words
/// `majlis replay` prints for the same file.
async fn uploaded(body: Bytes) -> Response {
    let text = match std::str::from_utf8(&body) {
        Ok(text) => text,
        Err(e) => return unprocessable(&RecordError::malformed(format!("not UTF-8 text: {e}"))),
    };
    match Record::parse(text).and_then(|record| replay_steps(&record)) {
        Ok(steps) => Json(steps).into_response(),
        Err(e) => unprocessable(&e),
    }
}

fn unprocessable(e: &RecordError) -> Response {
    (StatusCode::UNPROCESSABLE_ENTITY, Json(e.to_json())).into_response()
}

// C3: swap in games::replay_steps — this stand-in has its exact signature and the documented
// shape, but leaves out what needs the engines' help (`open`, Baloot's `hand_score`/`points`,
// hands in display order, Kabul's grids).
/// Every step of `record` (its deals and actions, in order) with the state after it.
///
/// # Errors
/// The record's first problem, as `majlis replay` reports it.
fn replay_steps(record: &Record) -> Result<Value, RecordError> {
    struct Steps<'a>(&'a Record);
    impl games::Visitor for Steps<'_> {
        type Output = Result<Value, RecordError>;
        fn visit<G: bots::Playable>(self, _kind: GameKind) -> Self::Output {
            steps_of::<G>(self.0)
        }
    }
    games::dispatch(record.game, Steps(record)).map_err(|e| RecordError::malformed(e.to_string()))?
}

fn steps_of<G: Game>(record: &Record) -> Result<Value, RecordError> {
    // Checks the whole record first, with the exact errors of `majlis replay`.
    let replayed = Match::<G>::replay(record)?;
    let seats = replayed.game().seat_count();
    let first_dealer = record.hands.first().map_or(Seat::ZERO, |h| h.dealer);
    let malformed = |e: &dyn std::fmt::Display| RecordError::malformed(e.to_string());
    let mut m = Match::<G>::new(record.game, record.rules.clone(), record.players.clone(), first_dealer)
        .map_err(|e| malformed(&e))?;
    let mut steps = Vec::new();
    for (h, hand) in record.hands.iter().enumerate() {
        let deal = m.game().deal_from_record(hand).map_err(|e| malformed(&e).in_hand(h))?;
        m.deal(deal).map_err(|e| malformed(&e).in_hand(h))?;
        steps.push(step(&m, h, -1, None, "deal"));
        for (j, a) in hand.actions.iter().enumerate() {
            m.play_text(a.seat.map_or(Actor::Clock, Actor::Seat), &a.text).map_err(|reason| {
                RecordError { kind: RecordErrorKind::Illegal, ..RecordError::malformed(reason) }.in_hand(h).at_action(
                    j,
                    a.seat.map(Seat::index),
                    &a.text,
                )
            })?;
            steps.push(step(&m, h, j as i64, a.seat, &a.text));
        }
    }
    let players: Vec<Value> =
        (0..seats).map(|i| record.players.get(i).map_or(Value::Null, |p| Value::String(p.clone()))).collect();
    Ok(json!({
        "game": record.game.id(), "rules": record.rules, "players": players, "seats": seats, "steps": steps,
    }))
}

/// The state after one step, as everyone may see it once the match is over.
fn step<G: Game>(m: &Match<G>, hand: usize, index: i64, seat: Option<Seat>, text: &str) -> Value {
    let g = m.game();
    let all: Vec<Seat> = Seat::all(g.seat_count()).collect();
    // A seat's held cards: hidden from every other seat but not from itself.
    // C3: the engines' replay_steps gives each hand in display order (and Kabul's grids).
    let hands: Vec<Vec<String>> = all
        .iter()
        .map(|&s| {
            let others = all.iter().filter(|&&o| o != s).fold(!CardSet::EMPTY, |acc, &o| acc & g.hidden_from(o));
            (others - g.hidden_from(s)).into_iter().map(|c| c.to_string()).collect()
        })
        .collect();
    json!({
        "hand": hand, "index": index, "seat": seat.map(Seat::index), "text": text,
        "view": g.view(None), "hands": hands, "score": g.score(),
        // C3: Baloot's card points so far and, at the end of a hand, its game points.
        "hand_score": null, "points": null,
    })
}
