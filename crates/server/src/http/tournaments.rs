//! Tournaments over HTTP (see [`crate::tournament`]):
//!
//! - `GET /api/tournaments`: the newest tournaments;
//! - `POST /api/tournaments`: creates one (`{"name", "game", "format", "rounds", "hands",
//!   "starts_at", "rated"}`), hosted by the asker;
//! - `GET /api/tournaments/{id}`: its players, teams, rounds and standings, live;
//! - `POST /api/tournaments/{id}/register` (`{"partners": ["name", ...]}`, optional) and
//!   `DELETE` of the same: register (alone or with fixed partners, named by their account
//!   names) or withdraw, while it is open;
//! - `POST /api/tournaments/{id}/start`: its host starts it now.
//!
//! [`check_tournament_hidden`] keeps a tournament match's record, replay, analysis and chat
//! hidden until every board of its round is finished (the other tables play the same deals).

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use super::AppError;
use super::auth::signed_in;
use crate::hub::Hub;
use crate::ids;
use crate::protocol::http::{
    TournamentBoard, TournamentDetail, TournamentEntrant, TournamentList, TournamentPlace, TournamentRound,
    TournamentSummary, TournamentTeam, TournamentYou,
};
use crate::store::TournamentRow;
use crate::tournament::{self, Format, MAX_HANDS, MAX_ROUNDS, MAX_TARGET, MAX_TEAMS, boards_of};

/// The tournaments' routes.
pub(super) fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/tournaments", get(list).post(create))
        .route("/api/tournaments/{id}", get(detail))
        .route("/api/tournaments/{id}/register", post(register).delete(withdraw))
        .route("/api/tournaments/{id}/start", post(start))
}

/// The longest tournament name.
const MAX_NAME: usize = 60;

/// How far ahead a tournament may be set to start: 30 days.
const MAX_AHEAD_MS: i64 = 30 * 24 * 3600 * 1000;

fn bad(message: impl Into<String>) -> AppError {
    AppError::new(StatusCode::BAD_REQUEST, "bad_request", message)
}

fn not_found() -> AppError {
    AppError::new(StatusCode::NOT_FOUND, "not_found", "no such tournament")
}

fn body<T>(body: Result<Json<T>, JsonRejection>) -> Result<T, AppError> {
    body.map(|Json(b)| b).map_err(|e| AppError::new(e.status(), "bad_request", e.body_text()))
}

async fn list(State(hub): State<Arc<Hub>>) -> Result<Json<TournamentList>, AppError> {
    let rows = hub.store.tournaments(50).await?;
    let mut tournaments = Vec::with_capacity(rows.len());
    for t in rows {
        let players = hub.store.tournament_players(&t.id).await?.len();
        tournaments.push(summary(&hub, t, players).await?);
    }
    Ok(Json(TournamentList { tournaments }))
}

async fn summary(hub: &Hub, t: TournamentRow, players: usize) -> Result<TournamentSummary, AppError> {
    // The server's schedule hosts with no player (an empty host).
    let host = match t.host.as_str() {
        "" => None,
        id => Some(hub.store.player(id).await?.map_or_else(String::new, |p| p.name)),
    };
    Ok(TournamentSummary {
        id: t.id,
        name: t.name,
        game: t.game,
        format: t.format,
        rounds: t.rounds,
        hands: t.hands,
        target: t.target,
        starts_at: t.starts_at,
        rated: t.rated != 0,
        host,
        status: t.status,
        round: t.round,
        players,
    })
}

/// What `POST /api/tournaments` takes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTournament {
    name: String,
    game: String,
    format: String,
    /// Swiss: the number of rounds (default 3).
    rounds: Option<u32>,
    /// Hands per match (default 4); with a target, the most a match has.
    hands: Option<u32>,
    /// The points that end a match once a team has them (absent: the match is its hands).
    target: Option<u32>,
    /// When it starts (Unix ms); absent: in ten minutes.
    starts_at: Option<i64>,
    #[serde(default)]
    rated: bool,
}

async fn create(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    req: Result<Json<NewTournament>, JsonRejection>,
) -> Result<Json<TournamentDetail>, AppError> {
    let session = signed_in(&hub, &headers, true).await?;
    let req = body(req)?;
    let name = req.name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME {
        return Err(bad(format!("a tournament's name has 1 to {MAX_NAME} characters")));
    }
    let game = tournament::game_of(&req.game)
        .ok_or_else(|| bad(format!("no tournament game \"{}\": kout6, kout4 or baloot", req.game)))?;
    let format = Format::parse(&req.format).ok_or_else(|| bad("format is swiss or knockout"))?;
    let rounds = match format {
        Format::Swiss => req.rounds.unwrap_or(3),
        Format::Knockout => 0,
    };
    if format == Format::Swiss && !(1..=MAX_ROUNDS).contains(&rounds) {
        return Err(bad(format!("a Swiss tournament has 1 to {MAX_ROUNDS} rounds")));
    }
    let hands = req.hands.unwrap_or(4);
    if !(1..=MAX_HANDS).contains(&hands) {
        return Err(bad(format!("a match has 1 to {MAX_HANDS} hands")));
    }
    if let Some(target) = req.target
        && !(1..=MAX_TARGET).contains(&target)
    {
        return Err(bad(format!("a match's target is 1 to {MAX_TARGET} points")));
    }
    if req.rated && !session.player.is_account() {
        return Err(bad("a rated tournament is created by an account (claim your name with a password first)"));
    }
    let now = (hub.config.wall_clock)();
    let starts_at = req.starts_at.unwrap_or(now + 10 * 60 * 1000);
    if starts_at > now + MAX_AHEAD_MS {
        return Err(bad("a tournament starts within 30 days"));
    }
    let secret = match hub.config.seed {
        // A server with a fixed seed (tests): the n-th tournament's secret follows from it.
        Some(seed) => {
            let n = hub.store.tournaments(i64::MAX).await?.len() as u64;
            crate::fair::derive(&[0; 32], "tournament", &[seed, n])
        }
        None => ids::random_bytes::<32>().map_err(|e| AppError::internal(&e))?,
    };
    let id = ids::random_code("t_", 10).map_err(|e| AppError::internal(&e))?;
    let row = TournamentRow {
        id: id.clone(),
        name: name.to_owned(),
        game: game.slug().to_owned(),
        format: format.as_str().to_owned(),
        rounds: i64::from(rounds),
        hands: i64::from(hands),
        starts_at: starts_at.max(now),
        rated: i64::from(req.rated),
        host: session.player.id.clone(),
        status: "open".to_owned(),
        round: 0,
        secret: hex::encode(secret),
        created_at: now,
        target: req.target.map(i64::from),
        schedule: None,
    };
    hub.store.create_tournament(&row).await?;
    tracing::info!(tournament = %id, game = game.slug(), format = format.as_str(), player_id = %session.player.id, "tournament created");
    Ok(Json(detail_of(&hub, &id, Some(&session.player.id)).await?))
}

async fn detail(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<TournamentDetail>, AppError> {
    let me = signed_in(&hub, &headers, false).await.ok().map(|s| s.player.id);
    Ok(Json(detail_of(&hub, &id, me.as_deref()).await?))
}

/// What `POST /api/tournaments/{id}/register` takes.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Register {
    /// The fixed partners' account names.
    #[serde(default)]
    partners: Vec<String>,
}

async fn register(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    req: Option<Json<Register>>,
) -> Result<Json<TournamentDetail>, AppError> {
    let session = signed_in(&hub, &headers, true).await?;
    let req = req.map(|Json(r)| r).unwrap_or_default();
    let t = hub.store.tournament(&id).await?.ok_or_else(not_found)?;
    if t.status != "open" {
        return Err(AppError::new(StatusCode::CONFLICT, "closed", "registration has closed: the tournament has begun"));
    }
    let game = tournament::game_of(&t.game).ok_or_else(|| AppError::internal(&"a stored tournament game"))?;
    if req.partners.len() >= tournament::team_size(game) {
        return Err(bad(format!("a team of {} has at most {} partners", t.game, tournament::team_size(game) - 1)));
    }
    if t.rated != 0 && !session.player.is_account() {
        return Err(bad("a rated tournament is for accounts: claim your name with a password first"));
    }
    let mut players = vec![session.player.id.clone()];
    for name in &req.partners {
        let partner =
            hub.store.player_by_name_key(&ids::name_key(name)).await?.ok_or_else(|| {
                bad(format!("no account is named \"{name}\" (a partner is named by their account name)"))
            })?;
        if players.contains(&partner.id) {
            return Err(bad("a partner is named once, and not yourself"));
        }
        players.push(partner.id);
    }
    let registered = hub.store.tournament_players(&id).await?;
    if registered.len() + players.len() > MAX_TEAMS * tournament::team_size(game) {
        return Err(AppError::new(StatusCode::CONFLICT, "full", "the tournament is full"));
    }
    if !hub.store.register_tournament(&id, &players, (hub.config.wall_clock)()).await? {
        return Err(AppError::new(
            StatusCode::CONFLICT,
            "registered",
            "you or a partner are registered already (or registration has closed)",
        ));
    }
    Ok(Json(detail_of(&hub, &id, Some(&session.player.id)).await?))
}

async fn withdraw(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<TournamentDetail>, AppError> {
    let session = signed_in(&hub, &headers, true).await?;
    hub.store.tournament(&id).await?.ok_or_else(not_found)?;
    if !hub.store.withdraw_tournament(&id, &session.player.id).await? {
        return Err(AppError::new(
            StatusCode::CONFLICT,
            "not_registered",
            "you are not registered, or the tournament has begun",
        ));
    }
    Ok(Json(detail_of(&hub, &id, Some(&session.player.id)).await?))
}

async fn start(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<TournamentDetail>, AppError> {
    let session = signed_in(&hub, &headers, true).await?;
    let t = hub.store.tournament(&id).await?.ok_or_else(not_found)?;
    if t.host != session.player.id {
        return Err(AppError::new(StatusCode::FORBIDDEN, "not_host", "only the tournament's host may start it"));
    }
    if !crate::tournament_drive::start_now(&hub, &id).await? {
        return Err(AppError::new(StatusCode::CONFLICT, "closed", "the tournament has begun already"));
    }
    Ok(Json(detail_of(&hub, &id, Some(&session.player.id)).await?))
}

/// The whole tournament as `me` (if anyone) sees it.
async fn detail_of(hub: &Hub, id: &str, me: Option<&str>) -> Result<TournamentDetail, AppError> {
    let t = hub.store.tournament(id).await?.ok_or_else(not_found)?;
    let game = tournament::game_of(&t.game).ok_or_else(|| AppError::internal(&"a stored tournament game"))?;
    let format = Format::parse(&t.format).ok_or_else(|| AppError::internal(&"a stored tournament format"))?;
    let players = hub.store.tournament_players(id).await?;
    let teams = hub.store.tournament_teams(id).await?;
    let rows = hub.store.tournament_boards(id).await?;
    let mut names: HashMap<String, String> = players.iter().map(|p| (p.player_id.clone(), p.name.clone())).collect();
    // The teams' players (one may have been renamed, or be missing from the registrations).
    let mut team_players: HashMap<i64, Vec<Option<String>>> = HashMap::new();
    let mut my_team = None;
    for team in &teams {
        let ids: Vec<String> = serde_json::from_str(&team.players).unwrap_or_default();
        let mut list = Vec::with_capacity(ids.len());
        for pid in ids {
            if pid.is_empty() {
                list.push(None);
                continue;
            }
            if me == Some(pid.as_str()) {
                my_team = Some(team.team);
            }
            if !names.contains_key(&pid)
                && let Some(p) = hub.store.player(&pid).await?
            {
                names.insert(pid.clone(), p.name);
            }
            list.push(Some(names.get(&pid).cloned().unwrap_or_default()));
        }
        team_players.insert(team.team, list);
    }
    let boards = boards_of(&rows);
    let mut rounds: Vec<TournamentRound> = Vec::new();
    let mut my_table = None;
    for (row, b) in rows.iter().zip(&boards) {
        if rounds.last().is_none_or(|r| r.round != row.round) {
            let done = boards.iter().filter(|x| i64::from(x.round) == row.round).all(tournament::Board::done);
            rounds.push(TournamentRound { round: row.round, done, boards: Vec::new() });
        }
        let Some(round) = rounds.last_mut() else { continue };
        let status = match (b.b, b.played) {
            (None, _) => "bye",
            (Some(_), None) => "playing",
            (Some(_), Some(_)) => "finished",
        };
        if status == "playing" && my_team.is_some_and(|m| m == row.team_a || Some(m) == row.team_b) {
            my_table.clone_from(&row.table_code);
        }
        let no_show = b
            .played
            .map(|p| {
                let mut v = Vec::new();
                if p.a_no_show {
                    v.push(row.team_a);
                }
                if let (true, Some(tb)) = (p.b_no_show, row.team_b) {
                    v.push(tb);
                }
                v
            })
            .unwrap_or_default();
        let done = round.done || t.status == "finished";
        round.boards.push(TournamentBoard {
            board: row.board,
            flipped: tournament::flipped(b.board),
            a: row.team_a,
            b: row.team_b,
            status,
            table: row.table_code.clone(),
            a_points: b.played.map(|p| p.a),
            b_points: b.played.map(|p| p.b),
            outcome: b.played.map(tournament::Played::outcome).filter(|_| status == "finished"),
            no_show,
            game_id: row.match_id.clone().filter(|_| done),
        });
    }
    let standings = if teams.is_empty() {
        Vec::new()
    } else {
        tournament::standings(format, teams.len() as u32, &boards)
            .into_iter()
            .map(|l| TournamentPlace {
                place: l.place,
                team: l.team,
                players: team_players.get(&i64::from(l.team)).cloned().unwrap_or_default(),
                score: f64::from(l.halves) / 2.0,
                diff: l.diff,
                won: l.won,
                drawn: l.drawn,
                lost: l.lost,
                alive: l.alive,
                matchpoints: l.mp_percent(),
            })
            .collect()
    };
    let registered = me.is_some_and(|m| players.iter().any(|p| p.player_id == m));
    let you = me.filter(|_| registered || my_team.is_some()).map(|_| TournamentYou {
        registered,
        team: my_team,
        table: my_table,
    });
    let entrants = players
        .iter()
        .map(|p| TournamentEntrant { name: p.name.clone(), with: names.get(&p.group_id).cloned().unwrap_or_default() })
        .collect();
    let count = players.len();
    Ok(TournamentDetail {
        summary: summary(hub, t, count).await?,
        team_size: tournament::team_size(game),
        entrants,
        teams: teams
            .iter()
            .map(|x| TournamentTeam {
                team: x.team,
                players: team_players.get(&x.team).cloned().unwrap_or_default(),
                rating: x.rating.round() as i64,
            })
            .collect(),
        played: rounds,
        standings,
        you,
    })
}

/// Keeps a tournament match's record, replay, analysis and chat hidden until every board of
/// its round is finished (the other tables of the round play the same deals). Other matches
/// pass.
///
/// # Errors
/// 403 `round_hidden` as above, and the store's failures.
pub(crate) async fn check_tournament_hidden(hub: &Hub, table_code: &str) -> Result<(), AppError> {
    let Some((id, round)) = hub.store.tournament_of_table(table_code).await? else { return Ok(()) };
    let rows = hub.store.tournament_boards(&id).await?;
    let done = boards_of(&rows).iter().filter(|b| i64::from(b.round) == round).all(tournament::Board::done);
    if done {
        return Ok(());
    }
    Err(AppError::new(
        StatusCode::FORBIDDEN,
        "round_hidden",
        "a tournament match stays hidden until every match of its round is over: the other tables play the same deals",
    ))
}
