//! The daily deal over HTTP (see [`crate::daily`]):
//!
//! - `GET /api/daily`: today's day, its commitment, each game and how far the asker has got;
//! - `POST /api/daily/{game}`: opens the asker's daily table of `game` (or finds the one begun)
//!   and answers its code, to join over the WebSocket;
//! - `GET /api/daily/{day}/{game}`: the standings, live, with matchpoints, and once the day
//!   closed each deal's double-dummy par (computed once, when first asked for);
//! - `GET /api/daily/{day}/record`: a closed day's secret and deals, for `majlis verify`;
//! - `GET /api/daily/history`: the asker's days.
//!
//! [`check_daily_secret`] keeps a daily match's record, replay, analysis and chat from everyone
//! until its player has finished the day's deals, and from everyone else until the day closes.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::Value;

use super::AppError;
use super::auth::signed_in;
use crate::daily::{self, DailyGame, DailyTable, Day};
use crate::hub::Hub;
use crate::protocol::http::{
    DailyBest, DailyBoard, DailyEntry, DailyGameToday, DailyHistoryLine, DailyPlace, DailyResult, DailyToday,
};
use crate::protocol::{ErrorCode, ProtocolError};
use crate::store::{DailyDealRow, DailyEntryRow, MatchRow};

/// The daily deal's routes.
pub(super) fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/daily", get(today))
        .route("/api/daily/history", get(history))
        .route("/api/daily/{game}", post(open))
        .route("/api/daily/{day}/record", get(record))
        .route("/api/daily/{day}/{game}", get(board))
}

fn today_of(hub: &Hub) -> Day {
    Day::of_unix_ms((hub.config.wall_clock)())
}

/// The day's secret (hex) and commitment, opening the day if nobody has asked yet.
async fn open_day(hub: &Hub, day: Day) -> Result<([u8; 32], String), AppError> {
    let fresh = daily::day_secret(hub.config.seed, day).map_err(|e| AppError::internal(&e))?;
    let (secret, commitment) = hub
        .store
        .open_daily_day(
            &day.to_string(),
            &hex::encode(fresh),
            &daily::day_commitment(day, &fresh),
            (hub.config.wall_clock)(),
        )
        .await?;
    Ok((secret_bytes(&secret)?, commitment))
}

fn secret_bytes(hex_text: &str) -> Result<[u8; 32], AppError> {
    let bytes = hex::decode(hex_text).map_err(|e| AppError::internal(&e))?;
    bytes.try_into().map_err(|_| AppError::internal(&"a stored daily secret is not 32 bytes"))
}

fn game_of(slug: &str) -> Result<DailyGame, AppError> {
    DailyGame::parse(slug).ok_or_else(|| {
        AppError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no daily game \"{slug}\": kout6, kout4, baloot or kabul"),
        )
    })
}

fn day_of(text: &str) -> Result<Day, AppError> {
    Day::parse(text).ok_or_else(|| {
        AppError::new(StatusCode::BAD_REQUEST, "bad_request", format!("\"{text}\" is not a day (YYYY-MM-DD)"))
    })
}

/// How many deals of an entry are finished.
fn played(rows: &[DailyDealRow], player: &str) -> usize {
    rows.iter().filter(|r| r.player_id == player && r.number.is_some()).count()
}

async fn today(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Json<DailyToday>, AppError> {
    let day = today_of(&hub);
    let (_, commitment) = open_day(&hub, day).await?;
    let me = signed_in(&hub, &headers, false).await.ok().map(|s| s.player.id);
    let mut games = Vec::new();
    for game in DailyGame::ALL {
        let rows = hub.store.daily_deals(&day.to_string(), game.slug()).await?;
        let mut players: Vec<&str> = rows.iter().map(|r| r.player_id.as_str()).collect();
        players.dedup();
        let you = match &me {
            Some(id) => hub.store.daily_entry(&day.to_string(), game.slug(), id).await?.map(|e| DailyEntry {
                day: e.day,
                game: game.slug(),
                table: e.table_code,
                played: played(&rows, id),
                deals: game.deals(),
            }),
            None => None,
        };
        games.push(DailyGameToday { game: game.slug(), deals: game.deals(), players: players.len(), you });
    }
    Ok(Json(DailyToday {
        day: day.to_string(),
        closes_at: day.closes_ms(),
        commitment,
        bots: daily::BOTS,
        games,
        previous: Day(day.0 - 1).to_string(),
    }))
}

async fn open(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Path(slug): Path<String>,
) -> Result<Json<DailyEntry>, AppError> {
    let session = signed_in(&hub, &headers, true).await?;
    let player = session.player.player();
    let game = game_of(&slug)?;
    let day = today_of(&hub);
    let (secret, _) = open_day(&hub, day).await?;
    let answer = |entry: DailyEntryRow, played: usize| DailyEntry {
        day: entry.day,
        game: game.slug(),
        table: entry.table_code,
        played,
        deals: game.deals(),
    };
    // One opening at a time on this node, so two asks at once open one table.
    let _opening = OPENING.lock().await;
    if let Some((entry, played)) = existing(&hub, day, game, &player.id).await? {
        return Ok(Json(answer(entry, played)));
    }
    let code = hub.reserve_code(false, &player.id).map_err(refused)?;
    let entry = DailyEntryRow {
        day: day.to_string(),
        game: game.slug().to_owned(),
        player_id: player.id.clone(),
        table_code: code.clone(),
        started_at: (hub.config.wall_clock)(),
    };
    let entered = hub.store.enter_daily(&entry).await;
    if !matches!(entered, Ok(true)) {
        // Refused, or another node opened it meanwhile: that one stands.
        hub.release_code(&code);
        entered?;
        let (entry, played) = existing(&hub, day, game, &player.id)
            .await?
            .ok_or_else(|| AppError::internal(&"a daily entry vanished"))?;
        return Ok(Json(answer(entry, played)));
    }
    let tag = DailyTable { day, game };
    if let Err(e) = crate::table::create_daily(&hub, &player, tag, daily::game_seed(&secret, game), code) {
        if let Err(forget) = hub.store.forget_daily_entry(&entry).await {
            tracing::error!(error = %forget, "a daily entry without its table could not be removed");
        }
        return Err(refused(e));
    }
    Ok(Json(answer(entry, 0)))
}

/// A player's entry of `game` on `day`, with how many deals of it are finished.
async fn existing(
    hub: &Hub,
    day: Day,
    game: DailyGame,
    player: &str,
) -> Result<Option<(DailyEntryRow, usize)>, AppError> {
    let Some(entry) = hub.store.daily_entry(&day.to_string(), game.slug(), player).await? else { return Ok(None) };
    let rows = hub.store.daily_deals(&day.to_string(), game.slug()).await?;
    Ok(Some((entry, played(&rows, player))))
}

/// Serializes the opening of daily tables on this node.
static OPENING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn refused(e: ProtocolError) -> AppError {
    let status = match e.code {
        ErrorCode::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::BAD_REQUEST,
    };
    AppError::new(status, e.code.as_str(), e.message)
}

/// The standings of `game` on `day` from its finished deals, best first. `reveal(player)` says
/// whose results are listed deal by deal (and `open_records` whether their matches may be named).
fn standings(
    game: DailyGame,
    rows: &[DailyDealRow],
    reveal: impl Fn(&str) -> bool,
    open_records: bool,
) -> (Vec<DailyPlace>, Vec<Option<DailyBest>>) {
    struct Line<'a> {
        player: &'a str,
        name: &'a str,
        deals: Vec<(usize, i64, Value, &'a str)>,
    }
    let mut lines: Vec<Line<'_>> = Vec::new();
    for r in rows {
        if lines.last().is_none_or(|l| l.player != r.player_id) {
            lines.push(Line { player: &r.player_id, name: &r.name, deals: Vec::new() });
        }
        let (Some(number), Some(result), Some(id)) = (r.number, &r.result, &r.match_id) else { continue };
        let Ok(deal) = usize::try_from(number) else { continue };
        if deal >= game.deals() {
            continue;
        }
        let result: Value = serde_json::from_str(result).unwrap_or(Value::Null);
        let score: Vec<i64> =
            result["score"].as_array().map(|a| a.iter().filter_map(Value::as_i64).collect()).unwrap_or_default();
        let net = daily::net(game.kind(), &score);
        if let Some(line) = lines.last_mut() {
            line.deals.push((deal, net, result["score"].clone(), id));
        }
    }
    let mut by_deal: HashMap<usize, Vec<(usize, i64)>> = HashMap::new();
    for (i, line) in lines.iter().enumerate() {
        for &(deal, net, _, _) in &line.deals {
            by_deal.entry(deal).or_default().push((i, net));
        }
    }
    let mut places: Vec<DailyPlace> = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let mut sum = 0.0;
            let mut results = Vec::new();
            for (deal, net, score, id) in &line.deals {
                let others: Vec<i64> =
                    by_deal.get(deal).into_iter().flatten().filter(|(j, _)| *j != i).map(|(_, n)| *n).collect();
                let mp = daily::matchpoints(*net, &others);
                sum += mp;
                results.push(DailyResult {
                    deal: *deal,
                    net: *net,
                    score: score.clone(),
                    matchpoints: mp,
                    game_id: open_records.then(|| (*id).to_owned()),
                });
            }
            DailyPlace {
                place: 0,
                player: line.player.to_owned(),
                name: line.name.to_owned(),
                played: line.deals.len(),
                percent: 100.0 * sum / game.deals() as f64,
                total: line.deals.iter().map(|d| d.1).sum(),
                results: if reveal(line.player) { results } else { Vec::new() },
            }
        })
        .collect();
    places.sort_by(|a, b| b.percent.total_cmp(&a.percent).then(b.total.cmp(&a.total)));
    for i in 0..places.len() {
        let shared =
            i > 0 && (places[i].percent - places[i - 1].percent).abs() < 1e-9 && places[i].total == places[i - 1].total;
        places[i].place = if shared { places[i - 1].place } else { i + 1 };
    }
    let best = (0..game.deals())
        .map(|deal| {
            if !open_records {
                return None;
            }
            let (i, net) = by_deal.get(&deal)?.iter().max_by_key(|(_, n)| *n).copied()?;
            let line = lines.get(i)?;
            let id = line.deals.iter().find(|d| d.0 == deal)?.3;
            Some(DailyBest { name: line.name.to_owned(), net, game_id: id.to_owned() })
        })
        .collect();
    (places, best)
}

async fn board(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Path((day, slug)): Path<(String, String)>,
) -> Result<Json<DailyBoard>, AppError> {
    let day = day_of(&day)?;
    let game = game_of(&slug)?;
    let closed = day < today_of(&hub);
    let rows = hub.store.daily_deals(&day.to_string(), game.slug()).await?;
    let me = signed_in(&hub, &headers, false).await.ok().map(|s| s.player.id);
    // One's own line deal by deal once one has played the day; everyone's once it closed.
    let done = me.as_deref().is_some_and(|id| played(&rows, id) >= game.deals());
    let reveal = |player: &str| closed || (done && me.as_deref() == Some(player));
    let (players, best) = standings(game, &rows, reveal, closed);
    let players = if closed || done {
        players
    } else {
        // Before one has played the day: the others' totals and percentages, not deal by deal.
        players.into_iter().map(|p| DailyPlace { results: Vec::new(), ..p }).collect()
    };
    let (pars, pars_pending) = if closed { pars(&hub, day, game).await? } else { (None, false) };
    Ok(Json(DailyBoard {
        day: day.to_string(),
        game: game.slug(),
        deals: game.deals(),
        closed,
        players,
        best,
        pars,
        pars_pending,
    }))
}

/// A closed day's pars of `game`, and whether they are being computed: stored once computed; the
/// first to ask after the close starts the computation (on a blocking thread: a Kout 6 deal
/// can take the solver seconds), and the answer says to ask again.
async fn pars(hub: &Arc<Hub>, day: Day, game: DailyGame) -> Result<(Option<Vec<i64>>, bool), AppError> {
    if game == DailyGame::Kabul {
        return Ok((None, false));
    }
    let day_text = day.to_string();
    if let Some(stored) = hub.store.daily_pars(&day_text, game.slug()).await? {
        return Ok((serde_json::from_str(&stored).ok(), false));
    }
    let Some((secret, _)) = hub.store.daily_day(&day_text).await? else { return Ok((None, false)) };
    let secret = secret_bytes(&secret)?;
    let key = format!("{day_text} {}", game.slug());
    if !crate::hub::lock(&hub.pars_computing).insert(key.clone()) {
        return Ok((None, true));
    }
    let hub = Arc::clone(hub);
    tokio::spawn(async move {
        let computed = tokio::task::spawn_blocking(move || daily::pars_of(&secret, game)).await;
        match computed {
            Ok(Ok(Some(pars))) => {
                let text = serde_json::to_string(&pars).unwrap_or_default();
                if let Err(e) = hub.store.set_daily_pars(&day_text, game.slug(), &text).await {
                    tracing::warn!(day = %day_text, game = game.slug(), error = %e, "storing the day's pars failed");
                }
            }
            Ok(Ok(None)) => {}
            Ok(Err(e)) => {
                // A bug, not a passing fault: stored as no pars, so it is not tried at every ask.
                tracing::error!(day = %day_text, game = game.slug(), error = %e, "the day's pars failed");
                if let Err(e) = hub.store.set_daily_pars(&day_text, game.slug(), "null").await {
                    tracing::warn!(day = %day_text, game = game.slug(), error = %e, "storing the day's pars failed");
                }
            }
            Err(e) => tracing::warn!(day = %day_text, game = game.slug(), error = %e, "the day's pars stopped"),
        }
        crate::hub::lock(&hub.pars_computing).remove(&key);
    });
    Ok((None, true))
}

async fn record(State(hub): State<Arc<Hub>>, Path(day): Path<String>) -> Result<Json<daily::DayRecord>, AppError> {
    let day = day_of(&day)?;
    if day >= today_of(&hub) {
        return Err(AppError::new(
            StatusCode::FORBIDDEN,
            "day_open",
            format!("the day {day} has not closed: its secret is revealed at {} (Unix ms)", day.closes_ms()),
        ));
    }
    let Some((secret, _)) = hub.store.daily_day(&day.to_string()).await? else {
        return Err(AppError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("nobody played the daily deal of {day}"),
        ));
    };
    let secret = secret_bytes(&secret)?;
    Ok(Json(daily::reveal(day, &secret).map_err(|e| AppError::internal(&e))?))
}

async fn history(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Json<Vec<DailyHistoryLine>>, AppError> {
    let me = signed_in(&hub, &headers, false).await?.player.id;
    let mut out = Vec::new();
    for entry in hub.store.daily_entries_of(&me, 60).await? {
        let Some(game) = DailyGame::parse(&entry.game) else { continue };
        let rows = hub.store.daily_deals(&entry.day, &entry.game).await?;
        let (places, _) = standings(game, &rows, |_| false, false);
        let Some(mine) = places.iter().find(|p| p.player == me) else { continue };
        out.push(DailyHistoryLine {
            day: entry.day,
            game: entry.game.clone(),
            played: mine.played,
            percent: mine.percent,
            place: mine.place,
            of: places.len(),
        });
    }
    Ok(Json(out))
}

/// Refuses a daily match's record, replay, analysis or chat (403 `daily_hidden`) to all but its
/// player once they finished the day's deals, until the day closes; a tournament match's until
/// its round is over ([`super::tournaments::check_tournament_hidden`]). Other matches pass.
///
/// # Errors
/// As above, and the store's failures.
pub(crate) async fn check_daily_secret(hub: &Hub, row: &MatchRow, headers: &HeaderMap) -> Result<(), AppError> {
    let viewer = signed_in(hub, headers, false).await.ok().map(|s| s.player.id);
    check_hidden_from(hub, &row.table_code, viewer.as_deref()).await
}

/// [`check_daily_secret`] for a match played at table `table_code`, for `viewer` (a player id;
/// `None`: nobody signed in).
///
/// # Errors
/// As [`check_daily_secret`].
pub(crate) async fn check_hidden_from(hub: &Hub, table_code: &str, viewer: Option<&str>) -> Result<(), AppError> {
    let Some(entry) = hub.store.daily_entry_of_table(table_code).await? else {
        return super::tournaments::check_tournament_hidden(hub, table_code).await;
    };
    let (Some(day), Some(game)) = (Day::parse(&entry.day), DailyGame::parse(&entry.game)) else {
        return Err(AppError::internal(&"a daily entry does not read"));
    };
    if day < today_of(hub) {
        return Ok(());
    }
    if viewer == Some(entry.player_id.as_str()) {
        let rows = hub.store.daily_deals(&entry.day, &entry.game).await?;
        if played(&rows, &entry.player_id) >= game.deals() {
            return Ok(());
        }
    }
    Err(AppError::new(
        StatusCode::FORBIDDEN,
        "daily_hidden",
        "a daily deal stays hidden until its player has finished the day's deals, and from everyone else until the day closes",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(player: &str, number: Option<i64>, score: [i64; 2]) -> DailyDealRow {
        DailyDealRow {
            player_id: player.to_owned(),
            name: player.to_uppercase(),
            number,
            result: number.map(|_| serde_json::json!({ "winner": null, "score": score }).to_string()),
            match_id: number.map(|n| format!("g_{player}{n}")),
        }
    }

    #[test]
    fn standings_give_matchpoints_by_deal_and_share_equal_places() {
        // Deal 0: a +26, b +26, c -10; deal 1: a 0, b +16 (c has not played it).
        let rows = vec![
            row("a", Some(0), [26, 0]),
            row("a", Some(1), [0, 0]),
            row("b", Some(0), [26, 0]),
            row("b", Some(1), [16, 0]),
            row("c", Some(0), [0, 10]),
            row("d", None, [0, 0]),
        ];
        let (places, best) = standings(DailyGame::Baloot, &rows, |_| true, true);
        let by = |p: &str| places.iter().find(|x| x.player == p).cloned().unwrap_or_else(|| panic!("{p}"));
        // a: deal 0 ties b and beats c (1.5 / 2), deal 1 loses to b (0 / 1).
        assert!((by("a").percent - 100.0 * 0.75 / 8.0).abs() < 1e-9);
        assert!((by("b").percent - 100.0 * 1.75 / 8.0).abs() < 1e-9);
        assert!((by("c").percent - 0.0).abs() < 1e-9);
        assert_eq!(by("d").played, 0);
        // No matchpoints either way: the better total (nothing lost) goes first.
        assert_eq!(places.iter().map(|p| p.player.as_str()).collect::<Vec<_>>(), ["b", "a", "d", "c"]);
        assert_eq!(places.iter().map(|p| p.place).collect::<Vec<_>>(), [1, 2, 3, 4]);
        assert_eq!(by("b").total, 42);
        assert_eq!(best[1].as_ref().map(|b| (b.net, b.game_id.as_str())), Some((16, "g_b1")));
        assert_eq!(best[2], None);
        let (hidden, best) = standings(DailyGame::Baloot, &rows, |_| false, false);
        assert!(hidden.iter().all(|p| p.results.is_empty()));
        assert!(best.iter().all(Option::is_none));
    }
}
