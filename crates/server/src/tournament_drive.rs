//! The tournament driver (the rules it follows are [`crate::tournament`]'s): one task per server
//! that, every `Config::tournament_tick`, keeps the schedule's next tournaments created, starts
//! the tournaments whose time has come (fixing their teams) and, once every board of a round is
//! finished, pairs the next round and opens its tables, or ends the tournament.
//!
//! Everything it decides is read from the store each time, and every step is guarded by the
//! state it read (a round moves from `r` to `r + 1` only if it is still `r`), so a restarted
//! server, or two nodes of a cluster, pick up where things stand and never pair a round twice.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::watch;

use crate::daily::DailyGame;
use crate::hub::Hub;
use crate::ratings::INITIAL_RATING;
use crate::store::{PlayerRow, StoreError, TournamentBoardRow, TournamentRow, TournamentTeamRow};
use crate::tournament::{
    Board, Format, boards_of, game_of, knockout_first, knockout_next, round_seed, seat_of, standings, swiss_pairings,
};
use crate::tournament::{BoardTag, Schedule, team_size};

/// Why a tournament step did not happen (it is tried again at the next tick).
#[derive(Debug, thiserror::Error)]
enum StepError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{0}")]
    Stored(String),
}

/// Runs until `stop` says the server is stopping.
pub async fn drive(hub: Arc<Hub>, mut stop: watch::Receiver<bool>) {
    loop {
        if *stop.borrow() {
            return;
        }
        tick(&hub).await;
        tokio::select! {
            _ = stop.changed() => return,
            () = tokio::time::sleep(hub.config.tournament_tick) => {}
        }
    }
}

/// Does what is due now: creates the schedule's next tournaments (`Config::schedule`), starts
/// the tournaments whose time has come, pairs the rounds whose
/// boards are all finished, and opens any board's table that is missing (a server that stopped
/// between pairing a round and opening its tables). The server runs one before it listens.
pub async fn tick(hub: &Arc<Hub>) {
    let now = (hub.config.wall_clock)();
    for entry in &hub.config.schedule {
        let start = entry.next_start(now);
        let slot = entry.slot(start);
        if crate::hub::lock(&hub.scheduled).contains(&slot) {
            continue;
        }
        match create_scheduled(hub, entry, start, &slot).await {
            Ok(()) => {
                crate::hub::lock(&hub.scheduled).insert(slot);
            }
            Err(e) => tracing::warn!(error = %e, "a scheduled tournament could not be created; retrying"),
        }
    }
    match hub.store.due_tournaments((hub.config.wall_clock)()).await {
        Ok(due) => {
            for t in due {
                if let Err(e) = step(hub, &t).await {
                    tracing::warn!(tournament = %t.id, error = %e, "a tournament step failed; retrying");
                }
            }
        }
        Err(e) => tracing::debug!(error = %e, "the tournaments could not be read"),
    }
}

/// Creates the tournament of the schedule's slot `slot` (starting at `start`) unless it exists
/// (another node, or this one before a restart, created it).
async fn create_scheduled(hub: &Hub, entry: &Schedule, start: i64, slot: &str) -> Result<(), StepError> {
    if hub.store.scheduled_tournament_exists(slot).await? {
        return Ok(());
    }
    let secret = match hub.config.seed {
        // A server with a fixed seed (tests): the slot's secret follows from it.
        Some(seed) => crate::fair::derive(&[0; 32], "scheduled tournament", &[seed, start.unsigned_abs()]),
        None => crate::ids::random_bytes::<32>().map_err(|e| StepError::Stored(e.to_string()))?,
    };
    let id = crate::ids::random_code("t_", 10).map_err(|e| StepError::Stored(e.to_string()))?;
    let row = TournamentRow {
        id: id.clone(),
        name: entry.name(),
        game: entry.game.slug().to_owned(),
        format: entry.format.as_str().to_owned(),
        rounds: i64::from(entry.rounds),
        hands: i64::from(entry.hands),
        starts_at: start,
        rated: i64::from(entry.rated),
        host: String::new(),
        status: "open".to_owned(),
        round: 0,
        secret: hex::encode(secret),
        created_at: (hub.config.wall_clock)(),
        target: entry.target.map(i64::from),
        schedule: Some(slot.to_owned()),
    };
    if hub.store.create_tournament(&row).await? {
        tracing::info!(tournament = %id, %slot, "scheduled tournament created");
    }
    Ok(())
}

/// Starts an open tournament now (the host's "start"): the driver does it at its next tick.
///
/// # Errors
/// The write failed.
pub async fn start_now(hub: &Hub, id: &str) -> Result<bool, StoreError> {
    hub.store.set_tournament_start(id, (hub.config.wall_clock)()).await
}

async fn step(hub: &Arc<Hub>, t: &TournamentRow) -> Result<(), StepError> {
    let game = game_of(&t.game).ok_or_else(|| StepError::Stored(format!("no tournament game {}", t.game)))?;
    let format = Format::parse(&t.format).ok_or_else(|| StepError::Stored(format!("no format {}", t.format)))?;
    if t.status == "open" {
        let teams = form_teams(hub, t, game).await?;
        if hub.store.start_tournament(&t.id, &teams).await? {
            tracing::info!(tournament = %t.id, teams = teams.len(), "tournament started");
        }
        return Ok(());
    }
    let teams = hub.store.tournament_teams(&t.id).await?;
    let rows = hub.store.tournament_boards(&t.id).await?;
    let boards = boards_of(&rows);
    let secret: [u8; 32] = hex::decode(&t.secret)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| StepError::Stored("a stored tournament secret does not read".into()))?;
    let round = u32::try_from(t.round).unwrap_or(0);
    let current: Vec<&TournamentBoardRow> = rows.iter().filter(|r| r.round == t.round).collect();
    for row in &current {
        ensure_table(&Event { hub, t, game, teams: &teams, secret: &secret }, row).await?;
    }
    let current_boards: Vec<Board> = boards.iter().filter(|b| b.round == round).copied().collect();
    if !current_boards.iter().all(Board::done) {
        return Ok(());
    }
    let n = teams.len() as u32;
    let next: Option<Vec<(u32, Option<u32>)>> = match format {
        Format::Swiss if round >= u32::try_from(t.rounds).unwrap_or(0) => None,
        Format::Swiss => {
            let ranked: Vec<u32> = standings(format, n, &boards).iter().map(|l| l.team).collect();
            // With every pairing a rematch (a small field, many rounds), rematches are allowed.
            let (pairs, bye) = swiss_pairings(&ranked, &boards)
                .or_else(|| swiss_pairings(&ranked, &[]))
                .ok_or_else(|| StepError::Stored("no pairing".into()))?;
            let mut list: Vec<(u32, Option<u32>)> = pairs.into_iter().map(|(a, b)| (a, Some(b))).collect();
            list.extend(bye.map(|b| (b, None)));
            Some(list)
        }
        Format::Knockout if round == 0 => Some(knockout_first(n)),
        Format::Knockout => knockout_next(&current_boards).filter(|next| !next.is_empty()),
    };
    let Some(next) = next else {
        hub.store.finish_tournament(&t.id).await?;
        tracing::info!(tournament = %t.id, "tournament finished");
        return Ok(());
    };
    let to = round + 1;
    let mut new_rows = Vec::with_capacity(next.len());
    for (i, (a, b)) in next.into_iter().enumerate() {
        let code = match b {
            Some(_) => {
                Some(hub.reserve_code(false, &board_owner(&t.id, to, i)).map_err(|e| StepError::Stored(e.message))?)
            }
            None => None,
        };
        new_rows.push(TournamentBoardRow {
            round: i64::from(to),
            board: i as i64,
            team_a: i64::from(a),
            team_b: b.map(i64::from),
            table_code: code,
            match_id: None,
            result: None,
        });
    }
    let release = |rows: &[TournamentBoardRow]| {
        for code in rows.iter().filter_map(|r| r.table_code.as_deref()) {
            hub.release_code(code);
        }
    };
    match hub.store.begin_tournament_round(&t.id, t.round, i64::from(to), &new_rows).await {
        Ok(true) => {}
        Ok(false) => {
            release(&new_rows);
            return Ok(());
        }
        Err(e) => {
            release(&new_rows);
            return Err(e.into());
        }
    }
    tracing::info!(tournament = %t.id, round = to, boards = new_rows.len(), "tournament round paired");
    for row in &new_rows {
        open_table(&Event { hub, t, game, teams: &teams, secret: &secret }, row).await?;
    }
    Ok(())
}

/// The key a board's table code is reserved under (a board does not count as anyone's table).
fn board_owner(id: &str, round: u32, board: usize) -> String {
    format!("tournament:{id}:{round}:{board}")
}

/// What a running tournament's boards are opened from: the tournament, its game, its teams and
/// its secret.
struct Event<'a> {
    hub: &'a Arc<Hub>,
    t: &'a TournamentRow,
    game: DailyGame,
    teams: &'a [TournamentTeamRow],
    secret: &'a [u8; 32],
}

/// Opens a board's table if it is neither here nor stored (the node stopped between storing the
/// round and opening its tables, or the table could not be built then).
async fn ensure_table(event: &Event<'_>, row: &TournamentBoardRow) -> Result<(), StepError> {
    let (hub, t) = (event.hub, event.t);
    let Some(code) = row.table_code.as_deref() else { return Ok(()) };
    if row.result.is_some() || hub.is_local(code) || hub.store.table_row(code).await?.is_some() {
        return Ok(());
    }
    hub.reserve_restored(code, &board_owner(&t.id, u32::try_from(row.round).unwrap_or(0), row.board as usize));
    open_table(event, row).await
}

async fn open_table(event: &Event<'_>, row: &TournamentBoardRow) -> Result<(), StepError> {
    let Event { hub, t, game, teams, secret } = *event;
    let (Some(code), Some(team_b)) = (row.table_code.clone(), row.team_b) else { return Ok(()) };
    let players_of = |team: i64| -> Vec<String> {
        teams.iter().find(|x| x.team == team).and_then(|x| serde_json::from_str(&x.players).ok()).unwrap_or_default()
    };
    let (a, b) = (players_of(row.team_a), players_of(team_b));
    let seats_n = team_size(game) * 2;
    let mut seats: Vec<Option<PlayerRow>> = vec![None; seats_n];
    for (team_b, ids) in [(false, a), (true, b)] {
        for (nth, id) in ids.iter().enumerate() {
            if id.is_empty() {
                continue;
            }
            let seat = seat_of(u32::try_from(row.board).unwrap_or(0), team_b, nth).index();
            let player = hub.store.player(id).await?.map(|p| p.player());
            if let Some(slot) = seats.get_mut(seat) {
                *slot = player;
            }
        }
    }
    let round = u32::try_from(row.round).unwrap_or(0);
    let tag = BoardTag {
        tournament: t.id.clone(),
        round,
        board: u32::try_from(row.board).unwrap_or(0),
        hands: u32::try_from(t.hands).unwrap_or(1),
        target: t.target.and_then(|x| u32::try_from(x).ok()),
        no_show: Vec::new(),
    };
    crate::table::create_board(hub, game, tag, seats, t.rated != 0, round_seed(secret, round), code)
        .map_err(|e| StepError::Stored(e.message))
}

/// The teams of a tournament that starts: groups registered together first (in the order they
/// registered), lone players put together after them, a short last team filled with bots;
/// numbered by seed, the highest mean rating in the game first (ties: the order of
/// registration).
async fn form_teams(hub: &Hub, t: &TournamentRow, game: DailyGame) -> Result<Vec<TournamentTeamRow>, StepError> {
    let size = team_size(game);
    let players = hub.store.tournament_players(&t.id).await?;
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for p in players {
        match groups.iter_mut().find(|(g, _)| *g == p.group_id) {
            Some((_, list)) => list.push(p.player_id),
            None => groups.push((p.group_id, vec![p.player_id])),
        }
    }
    let mut teams: Vec<Vec<String>> = Vec::new();
    let mut lone: Vec<String> = Vec::new();
    for (_, list) in groups {
        for chunk in list.chunks(size) {
            if chunk.len() == size {
                teams.push(chunk.to_vec());
            } else {
                lone.extend_from_slice(chunk);
            }
        }
    }
    for chunk in lone.chunks(size) {
        let mut team = chunk.to_vec();
        team.resize(size, String::new());
        teams.push(team);
    }
    let mut rated: Vec<(f64, Vec<String>)> = Vec::with_capacity(teams.len());
    let mut cache: HashMap<String, f64> = HashMap::new();
    for team in teams {
        let mut sum = 0.0;
        let mut people = 0.0;
        for id in team.iter().filter(|id| !id.is_empty()) {
            let rating = match cache.get(id) {
                Some(r) => *r,
                None => {
                    let r = hub
                        .store
                        .ratings_of(id)
                        .await?
                        .into_iter()
                        .find(|r| r.rating.game == game.kind().id())
                        .map_or(INITIAL_RATING, |r| r.rating.rating);
                    cache.insert(id.clone(), r);
                    r
                }
            };
            sum += rating;
            people += 1.0;
        }
        rated.push((if people > 0.0 { sum / people } else { INITIAL_RATING }, team));
    }
    // A stable sort keeps the order of registration among equal ratings.
    rated.sort_by(|x, y| y.0.total_cmp(&x.0));
    Ok(rated
        .into_iter()
        .enumerate()
        .map(|(i, (rating, players))| TournamentTeamRow {
            team: i as i64 + 1,
            players: serde_json::to_string(&players).unwrap_or_default(),
            rating,
        })
        .collect())
}
