//! Players' pages: a player's profile (`GET /api/players/{id}`), a game's leaderboard
//! (`GET /api/leaderboard/{game}`) and the export of one's own finished matches
//! (`GET /api/me/export`, JSON lines). Everything is read from the store, never from memory:
//! the leaderboard through the `ratings_board` index, ranks counted by the database.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::Value;

use super::AppError;
use super::auth::authenticate;
use crate::hub::Hub;
use crate::protocol::PlayerInfo;
use crate::protocol::http::{
    BoardEntry, BoardPlace, ExportedGame, Leaderboard, MyGame, PlayedGame, Player, Profile, Rating, RatingMove,
    SeatedPerson,
};
use crate::ratings;
use crate::store::{FinishedRow, RankedRating, SeatedRow, Store};

/// How many players a leaderboard lists.
pub const LEADERBOARD_SIZE: i64 = 100;
/// How many finished matches a profile lists (the newest).
pub const PROFILE_GAMES: i64 = 100;
/// Matches read from the store at a time while exporting.
const EXPORT_PAGE: i64 = 50;

/// The players' routes.
pub(super) fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/players/{id}", get(profile))
        .route("/api/leaderboard/{game}", get(leaderboard))
        .route("/api/me/export", get(export))
        .route("/api/me/games", get(my_games))
}

fn rating_of(r: &RankedRating) -> Rating {
    Rating {
        game: r.rating.game.clone(),
        rating: r.rating.rating,
        uncertainty: r.rating.uncertainty,
        games: r.rating.games,
        wins: r.rating.wins,
        leaves: r.leaves,
        provisional: ratings::is_provisional(r.rating.games),
        rank: r.rank,
    }
}

/// Whether `seat` won, from a stored result (`{"winner": team | [seats], ...}`).
fn seat_won(result: Option<&Value>, seat: i64) -> bool {
    match result.and_then(|r| r.get("winner")) {
        Some(Value::Number(team)) => team.as_i64() == Some(seat % 2),
        Some(Value::Array(seats)) => seats.iter().any(|s| s.as_i64() == Some(seat)),
        _ => false,
    }
}

/// Stored JSON text as a value; null when there is none or it does not read.
fn stored_json(text: Option<&str>) -> Option<Value> {
    text.and_then(|t| serde_json::from_str(t).ok())
}

/// A finished match from one player's side: who partnered and opposed them, whether they won,
/// what it did to their rating.
fn played_game(row: &FinishedRow, seated: &[&SeatedRow]) -> PlayedGame {
    let result = stored_json(row.result.as_deref());
    let names: Vec<String> = serde_json::from_str(&row.players).unwrap_or_default();
    let teams = row.game.parse::<game::GameKind>().is_ok_and(game::GameKind::has_teams);
    let (mut partners, mut opponents) = (Vec::new(), Vec::new());
    for (seat, name) in names.iter().enumerate() {
        let seat = seat as i64;
        if seat == row.seat {
            continue;
        }
        let person = seated.iter().find(|s| s.seat == seat);
        let entry = SeatedPerson {
            id: person.map(|p| p.player_id.clone()),
            name: person.map_or(name.as_str(), |p| p.name.as_str()).to_owned(),
            seat,
        };
        if teams && seat % 2 == row.seat % 2 { partners.push(entry) } else { opponents.push(entry) }
    }
    let rating_change = match (row.rating_before, row.rating_after) {
        (Some(before), Some(after)) => Some(RatingMove { before, after, outcome: row.outcome.clone() }),
        _ => None,
    };
    PlayedGame {
        game_id: row.game_id.clone(),
        game: row.game.clone(),
        started_at: row.started_at,
        ended_at: row.ended_at,
        seat: row.seat,
        won: seat_won(result.as_ref(), row.seat),
        result,
        partners,
        opponents,
        rated: row.rated != 0,
        rating_change,
    }
}

/// The people in each of `rows`' matches, by match id.
async fn seated_by_match(store: &Store, rows: &[FinishedRow]) -> Result<Vec<SeatedRow>, AppError> {
    let ids: Vec<String> = rows.iter().map(|r| r.game_id.clone()).collect();
    store.seated(&ids).await.map_err(AppError::from)
}

fn played_games(rows: &[FinishedRow], seated: &[SeatedRow]) -> Vec<PlayedGame> {
    let mut by_match: HashMap<&str, Vec<&SeatedRow>> = HashMap::new();
    for s in seated {
        by_match.entry(s.match_id.as_str()).or_default().push(s);
    }
    rows.iter().map(|r| played_game(r, by_match.get(r.game_id.as_str()).map_or(&[][..], Vec::as_slice))).collect()
}

/// A player's profile: who they are, their ratings with their ranks, their newest finished
/// matches. Public: anyone may look at anyone's.
async fn profile(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Json<Profile>, AppError> {
    let store = &hub.store;
    let player = store
        .public_player(&id)
        .await
        .map_err(AppError::from)?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "not_found", "no player with that id"))?;
    let rated = store.ratings_of(&id).await.map_err(AppError::from)?;
    let mut rows = store.finished_games(&id, PROFILE_GAMES).await.map_err(AppError::from)?;
    // A daily deal or a tournament match still hidden from the public is left out: its score
    // would tell the players still to meet those cards how they go.
    let mut shown = Vec::with_capacity(rows.len());
    for row in rows.drain(..) {
        if super::daily::check_hidden_from(&hub, &row.table_code, None).await.is_ok() {
            shown.push(row);
        }
    }
    let rows = shown;
    let seated = seated_by_match(store, &rows).await?;
    Ok(Json(Profile {
        player: Player { id: player.id, name: player.name, account: player.account != 0 },
        ratings: rated.iter().map(rating_of).collect(),
        games: played_games(&rows, &seated),
    }))
}

/// A game's leaderboard: the top [`LEADERBOARD_SIZE`] by conservative score, and the asker's
/// own place when signed in (null otherwise, or when they have no rating in the game).
async fn leaderboard(
    State(hub): State<Arc<Hub>>,
    Path(game): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Leaderboard>, AppError> {
    if !ratings::GAMES.contains(&game.as_str()) {
        return Err(AppError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no leaderboard for that game; the games are {}", ratings::GAMES.join(", ")),
        ));
    }
    let top = hub.store.leaderboard(&game, LEADERBOARD_SIZE).await.map_err(AppError::from)?;
    // A visitor without a session (or with one that has expired) just sees the board.
    let me = authenticate(&hub, &headers).await.ok();
    let mine = match me {
        Some(player) => {
            let rated = hub.store.ratings_of(&player.id).await.map_err(AppError::from)?;
            rated.into_iter().find(|r| r.rating.game == game).map(|r| BoardPlace {
                rank: r.rank,
                rating: r.rating.rating,
                uncertainty: r.rating.uncertainty,
                games: r.rating.games,
                provisional: ratings::is_provisional(r.rating.games),
            })
        }
        None => None,
    };
    let top = top
        .into_iter()
        .map(|r| BoardEntry {
            rank: r.rank,
            player: PlayerInfo { id: r.rating.player_id, name: r.name },
            rating: r.rating.rating,
            uncertainty: r.rating.uncertainty,
            score: r.rating.score,
            games: r.rating.games,
            wins: r.rating.wins,
            provisional: ratings::is_provisional(r.rating.games),
        })
        .collect();
    Ok(Json(Leaderboard { game, top, me: mine }))
}

/// Every finished match of the signed-in player, oldest first, one JSON object per line: the
/// profile's fields for the match plus its whole `record` (the format `majlis replay` reads).
/// Streamed page by page, so a long history is never held whole.
async fn export(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Response, AppError> {
    let player = authenticate(&hub, &headers).await?;
    let start = (hub, player.id.clone(), None::<(i64, String)>, false);
    let lines = futures_util::stream::unfold(start, |(hub, id, after, done)| async move {
        let store = hub.store.clone();
        if done {
            return None;
        }
        let page = match store.export_page(&id, after, EXPORT_PAGE).await {
            Ok(page) => page,
            Err(e) => {
                // The answer has begun: end it early (the client sees a short body) and log why.
                tracing::error!(error = %e, "an export failed mid-way");
                return Some((Err(std::io::Error::other("the export failed")), (hub, id, None, true)));
            }
        };
        let full = page.len() as i64 == EXPORT_PAGE;
        let next = page.last().map(|(r, _)| (r.ended_at.unwrap_or_default(), r.game_id.clone()));
        let finished: Vec<FinishedRow> = page.iter().map(|(r, _)| r.clone()).collect();
        let seated = store.seated(&finished.iter().map(|r| r.game_id.clone()).collect::<Vec<_>>()).await;
        let seated = seated.unwrap_or_default();
        let mut text = String::new();
        for ((row, record), game) in page.iter().zip(played_games(&finished, &seated)) {
            // A daily deal or a tournament match still hidden from the player: its record waits
            // (the line says what was played, without the cards).
            let hidden = match store.match_row(&row.game_id).await {
                Ok(Some(m)) => super::daily::check_hidden_from(&hub, &m.table_code, Some(&id)).await.is_err(),
                Ok(None) => false,
                Err(_) => true,
            };
            let record = if hidden { None } else { record.as_deref() };
            let line = ExportedGame { game, record: stored_json(record) };
            // Values, strings and numbers only: writing them cannot fail.
            text.push_str(&serde_json::to_string(&line).unwrap_or_default());
            text.push('\n');
        }
        if page.is_empty() {
            return None;
        }
        Some((Ok::<_, std::io::Error>(text), (hub, id, next, !full)))
    });
    let name = format!("attachment; filename=\"majlis-games-{}.ndjson\"", player.id);
    let mut res = Body::from_stream(lines).into_response();
    res.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"));
    if let Ok(value) = HeaderValue::from_str(&name) {
        res.headers_mut().insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(res)
}

/// The signed-in player's matches, finished and not, newest first: what "Your games" lists.
async fn my_games(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Json<Vec<MyGame>>, AppError> {
    let player = authenticate(&hub, &headers).await?;
    let rows = hub.store.history(&player.id, 200).await.map_err(AppError::from)?;
    // The people's ids by seat (null for a bot), so the names can link to their profiles.
    let ids: Vec<String> = rows.iter().map(|r| r.game_id.clone()).collect();
    let seated = hub.store.seated(&ids).await.map_err(AppError::from)?;
    let by_seat: HashMap<(&str, i64), &str> =
        seated.iter().map(|s| ((s.match_id.as_str(), s.seat), s.player_id.as_str())).collect();
    let list = rows
        .into_iter()
        .map(|r| {
            let players = serde_json::from_str::<Value>(&r.players).unwrap_or_else(|_| Value::Array(Vec::new()));
            let player_ids = (0..players.as_array().map_or(0, Vec::len))
                .map(|seat| by_seat.get(&(r.game_id.as_str(), seat as i64)).map(|id| (*id).to_owned()))
                .collect();
            MyGame {
                result: stored_json(r.result.as_deref()),
                game_id: r.game_id,
                table: r.table_code,
                game: r.game,
                seat: r.seat,
                finished: r.finished != 0,
                started_at: r.started_at,
                ended_at: r.ended_at,
                players,
                player_ids,
            }
        })
        .collect();
    Ok(Json(list))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_won_with_its_team_or_among_the_kabul_winners() {
        let team = stored_json(Some(r#"{"winner": 1, "score": [10, 31]}"#));
        assert!(seat_won(team.as_ref(), 3) && !seat_won(team.as_ref(), 2));
        let kabul = stored_json(Some(r#"{"winner": [0, 2], "score": [3, 9, 3]}"#));
        assert!(seat_won(kabul.as_ref(), 2) && !seat_won(kabul.as_ref(), 1));
        assert!(!seat_won(None, 0));
        assert_eq!(stored_json(Some("not json")), None);
    }

    #[test]
    fn partners_share_the_seat_parity_and_bots_have_no_id() {
        let row = FinishedRow {
            game_id: "g_1".into(),
            table_code: "T".into(),
            game: "kout4".into(),
            seat: 1,
            result: Some(r#"{"winner":1,"score":[0,31]}"#.into()),
            started_at: 1,
            ended_at: Some(2),
            players: r#"["A","B","C","bot:heuristic"]"#.into(),
            rated: 0,
            rating_before: None,
            rating_after: None,
            outcome: None,
        };
        let seated: Vec<SeatedRow> = ["A", "B", "C"]
            .iter()
            .enumerate()
            .map(|(i, n)| SeatedRow {
                match_id: "g_1".into(),
                seat: i as i64,
                player_id: format!("p_{n}"),
                name: (*n).into(),
            })
            .collect();
        let refs: Vec<&SeatedRow> = seated.iter().collect();
        let g = played_game(&row, &refs);
        assert!(g.won);
        assert_eq!(g.partners, [SeatedPerson { id: None, name: "bot:heuristic".into(), seat: 3 }]);
        assert_eq!(g.opponents[1], SeatedPerson { id: Some("p_C".into()), name: "C".into(), seat: 2 });
        assert_eq!(g.rating_change, None);
    }
}
