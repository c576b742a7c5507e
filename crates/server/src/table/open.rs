//! How a table comes to be: created by a player ([`create`]), restored from the store
//! ([`restore_all`]), or, in a cluster, taken over from a node that is gone ([`claim`]). Either way the game type is picked at run time by the server's
//! [`crate::Dispatch`], which hands a [`Spawn`] to the game it picks; the task is then started and
//! registered in the hub.

use std::sync::Arc;

use bots::Playable;
use game::{GameKind, Options};
use serde_json::{Map, Value};
use tokio::sync::mpsc;

use super::{Table, TableError};
use crate::daily::{DailyGame, DailyTable};
use crate::fair::table_seed;
use crate::hub::{Conn, Hub};
use crate::limits::TURN_MS;
use crate::protocol::{ErrorCode, ProtocolError};
use crate::store::{EventRow, Fence, MatchRow, PlayerRow, StoreError, TableRow};
use crate::tournament::BoardTag;

/// How a table comes to be: created by a player, or restored from the store.
pub enum Origin {
    /// A new table.
    New {
        /// Its code.
        code: String,
        /// The rule options.
        rules: Options,
        /// The host's choices.
        settings: NewTable,
        /// The host, who sits in seat 0.
        host: PlayerRow,
        /// The table's secret seed.
        seed: [u8; 32],
        /// A daily deal's table: its day and game (the other seats are the daily bots).
        daily: Option<DailyTable>,
        /// A tournament board's table: its tag and who sits where (`None`: a bot), the host
        /// among them.
        board: Option<Box<(BoardTag, Vec<Option<PlayerRow>>)>>,
    },
    /// A table read back from the store with its current match's log.
    Restore {
        /// The stored row.
        row: Box<TableRow>,
        /// The current match, if one was started.
        current: Option<(MatchRow, Vec<EventRow>)>,
        /// In a cluster: the lease this node took the table with.
        fence: Option<Fence>,
    },
}

/// The host's choices for a new table (`create_table`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewTable {
    /// Time per decision in milliseconds (absent: the server's default). Every table has a
    /// clock; rated ones too.
    pub turn_ms: Option<u64>,
    /// Listed in `GET /api/tables`.
    pub public: bool,
    /// Players may ask for hints.
    pub hints: bool,
    /// The matches are rated (no hints, no bots, accounts only).
    pub rated: bool,
    /// Spectators have a chat channel of their own.
    pub spectator_chat: bool,
    /// New players need the table's invite secret to sit.
    pub invite_only: bool,
}

/// The request a [`crate::Dispatch`] function hands to the game type it picks: build the table
/// task for game `G` and start it.
pub struct Spawn {
    hub: Arc<Hub>,
    origin: Origin,
}

impl Spawn {
    /// Builds and starts the table task for game type `G`.
    ///
    /// # Errors
    /// Bad rules, or a stored log that does not replay.
    pub fn visit<G: Playable>(self, kind: GameKind) -> Result<(), TableError> {
        let (tx, rx) = mpsc::unbounded_channel();
        let code = match &self.origin {
            Origin::New { code, .. } => code.clone(),
            Origin::Restore { row, .. } => row.code.clone(),
        };
        let hub = self.hub.clone();
        let table = Table::<G>::new(self.hub, kind, self.origin, rx)?;
        hub.register(code, tx, tokio::spawn(table.run()));
        Ok(())
    }
}

/// Restores every stored table: its lobby, and its match by replaying the action log.
///
/// # Errors
/// The store cannot be read. (A table that does not restore is logged and skipped.)
pub async fn restore_all(hub: &Arc<Hub>) -> Result<usize, StoreError> {
    let rows = hub.store.tables().await?;
    let mut restored = 0;
    for row in rows {
        match restore_one(hub, row, None).await {
            Ok(()) => restored += 1,
            Err(e) => tracing::error!(error = %e, "a stored table could not be restored"),
        }
    }
    hub.set_tables_created(restored as u64);
    Ok(restored)
}

async fn restore_one(hub: &Arc<Hub>, row: TableRow, fence: Option<Fence>) -> Result<(), TableError> {
    let kind: GameKind = row
        .game
        .parse()
        .map_err(|e: game::UnknownGame| TableError::Stored { code: row.code.clone(), reason: e.to_string() })?;
    let current = match &row.match_id {
        Some(id) if row.status == "playing" => match hub.store.match_row(id).await? {
            Some(m) => Some((m, hub.store.events(id).await?)),
            None => None,
        },
        _ => None,
    };
    hub.reserve_restored(&row.code, &row.host);
    (hub.config.dispatch)(
        kind,
        Spawn { hub: hub.clone(), origin: Origin::Restore { row: Box::new(row), current, fence } },
    )
}

/// Opens a new table with `host` in seat 0 and returns its code.
///
/// # Errors
/// `bad_request` for an unknown game, bad rules or turn time, a rated table with hints, or a host
/// with too many tables; `unavailable` while the store refuses writes.
pub fn create(
    hub: &Arc<Hub>,
    host: &Conn,
    game: &str,
    rules: Option<Map<String, Value>>,
    settings: NewTable,
) -> Result<String, ProtocolError> {
    let kind: GameKind =
        game.parse().map_err(|e: game::UnknownGame| ProtocolError::new(ErrorCode::BadRequest, e.to_string()))?;
    if settings.rated && settings.hints {
        return Err(ProtocolError::new(
            ErrorCode::BadRequest,
            "a rated table has no hints: choose rated or hints, not both",
        ));
    }
    let turn_ms = settings.turn_ms.unwrap_or(hub.config.default_turn_ms);
    if !TURN_MS.contains(&turn_ms) {
        return Err(ProtocolError::new(
            ErrorCode::BadRequest,
            format!("turn_ms must be between {} and {}", TURN_MS.start(), TURN_MS.end()),
        ));
    }
    if let Err(e) = hub.store.write_health() {
        // The table would live in memory only: refuse rather than answer as if it were saved.
        tracing::debug!(error = %e, "a table was not created: the store refuses writes");
        return Err(ProtocolError::new(
            ErrorCode::Unavailable,
            "the server cannot save new tables right now; try again shortly",
        ));
    }
    let code = hub.reserve_code(settings.public, &host.player.id)?;
    let seed = table_seed(hub.config.seed, hub.next_table_number()).map_err(|e| {
        hub.release_code(&code);
        ProtocolError::new(ErrorCode::Internal, e.to_string())
    })?;
    let settings = NewTable { turn_ms: Some(turn_ms), ..settings };
    let origin = Origin::New {
        code: code.clone(),
        rules: rules.unwrap_or_default(),
        settings,
        host: host.player.clone(),
        seed,
        daily: None,
        board: None,
    };
    (hub.config.dispatch)(kind, Spawn { hub: hub.clone(), origin }).map_err(|e| {
        hub.release_code(&code);
        ProtocolError::new(ErrorCode::BadRequest, e.to_string())
    })?;
    tracing::info!(table = %code, game = %kind, player_id = %host.player.id, public = settings.public, "table created");
    Ok(code)
}

/// Opens `player`'s daily table of `daily` (seeded with `seed`, the day's seed of its game) with
/// the `code` the caller reserved and recorded in the player's entry; [`crate::daily`] says how
/// the day is played. On failure the code is released.
///
/// # Errors
/// `unavailable` while the store refuses writes; `internal` when the table cannot be built.
pub fn create_daily(
    hub: &Arc<Hub>,
    player: &PlayerRow,
    daily: DailyTable,
    seed: [u8; 32],
    code: String,
) -> Result<(), ProtocolError> {
    if let Err(e) = hub.store.write_health() {
        tracing::debug!(error = %e, "a daily table was not created: the store refuses writes");
        hub.release_code(&code);
        return Err(ProtocolError::new(
            ErrorCode::Unavailable,
            "the server cannot save new tables right now; try again shortly",
        ));
    }
    let settings = NewTable {
        turn_ms: Some(hub.config.default_turn_ms),
        public: false,
        hints: false,
        rated: false,
        spectator_chat: false,
        invite_only: true,
    };
    let origin = Origin::New {
        code: code.clone(),
        rules: daily.game.rules(),
        settings,
        host: player.clone(),
        seed,
        daily: Some(daily),
        board: None,
    };
    (hub.config.dispatch)(daily.game.kind(), Spawn { hub: hub.clone(), origin }).map_err(|e| {
        hub.release_code(&code);
        ProtocolError::new(ErrorCode::Internal, e.to_string())
    })?;
    tracing::info!(table = %code, day = %daily.day, game = daily.game.slug(), player_id = %player.id, "daily table opened");
    Ok(())
}

/// Opens the table of a tournament board with the `code` the caller reserved: `seats` says who
/// sits where (`None`: the tournament's bot), `seed` is the round's seed (the same at every
/// table of the round). The match starts by itself (see [`crate::tournament`]). On failure the
/// code is released.
///
/// # Errors
/// `unavailable` while the store refuses writes; `internal` when the table cannot be built.
pub fn create_board(
    hub: &Arc<Hub>,
    game: DailyGame,
    tag: BoardTag,
    seats: Vec<Option<PlayerRow>>,
    rated: bool,
    seed: [u8; 32],
    code: String,
) -> Result<(), ProtocolError> {
    let fail = |code: &str, e: ProtocolError| {
        hub.release_code(code);
        Err(e)
    };
    if let Err(e) = hub.store.write_health() {
        tracing::debug!(error = %e, "a tournament table was not created: the store refuses writes");
        return fail(
            &code,
            ProtocolError::new(
                ErrorCode::Unavailable,
                "the server cannot save new tables right now; try again shortly",
            ),
        );
    }
    let Some(host) = seats.iter().flatten().next().cloned() else {
        return fail(&code, ProtocolError::new(ErrorCode::Internal, "a tournament board with nobody at it"));
    };
    let settings = NewTable {
        turn_ms: Some(hub.config.default_turn_ms),
        public: false,
        hints: false,
        // Rated only with a person in every seat (a bot partner makes the board unrated).
        rated: rated && seats.iter().all(Option::is_some),
        spectator_chat: false,
        invite_only: true,
    };
    let (round, board) = (tag.round, tag.board);
    let origin = Origin::New {
        code: code.clone(),
        rules: game.rules(),
        settings,
        host,
        seed,
        daily: None,
        board: Some(Box::new((tag, seats))),
    };
    if let Err(e) = (hub.config.dispatch)(game.kind(), Spawn { hub: hub.clone(), origin }) {
        return fail(&code, ProtocolError::new(ErrorCode::Internal, e.to_string()));
    }
    tracing::info!(table = %code, round, board, game = game.slug(), "tournament table opened");
    Ok(())
}

/// What became of a table no node answered for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The table lives on this node now (taken over, or it was already here).
    Here,
    /// Another node holds its lease and has not let it run out: wait for it.
    Elsewhere,
    /// No table has that code.
    NoTable,
}

/// In a cluster: finds out whose table `code` is when no node answers for it, and takes it over
/// here when its lease has run out.
pub async fn claim(hub: &Arc<Hub>, code: &str) -> Claim {
    if hub.cluster().is_none() {
        return Claim::NoTable;
    }
    match hub.store.lease_of(code).await {
        Ok(None) => Claim::NoTable,
        Ok(Some(lease)) if !lease.expired => Claim::Elsewhere,
        Ok(Some(_)) => {
            if take_over(hub, code).await {
                Claim::Here
            } else {
                Claim::Elsewhere
            }
        }
        Err(e) => {
            tracing::debug!(error = %e, table = code, "the lease of a table could not be read");
            Claim::Elsewhere
        }
    }
}

/// In a cluster: takes table `code` over when its lease has run out (a new epoch), and restores
/// it from its action log as a restart does. Whether the table lives here now.
pub async fn take_over(hub: &Arc<Hub>, code: &str) -> bool {
    let Some(cluster) = hub.cluster() else { return false };
    // One takeover at a time on this node, so two sockets asking for one table restore it once.
    let _claiming = cluster.claiming.lock().await;
    if hub.is_local(code) {
        return true;
    }
    let fence = match hub.store.take_over(code, cluster.node(), cluster.lease).await {
        Ok(Some(fence)) => fence,
        Ok(None) => return false,
        Err(e) => {
            tracing::warn!(error = %e, table = code, "a takeover failed");
            return false;
        }
    };
    let row = match hub.store.table_row(code).await {
        Ok(Some(row)) => row,
        Ok(None) => {
            tracing::warn!(table = code, "a lease without a table");
            return false;
        }
        Err(e) => {
            tracing::warn!(error = %e, table = code, "a table to take over could not be read");
            return false;
        }
    };
    let epoch = fence.epoch;
    match restore_one(hub, row, Some(fence)).await {
        Ok(()) => {
            cluster.hold(code, epoch);
            cluster.takeovers.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            cluster.announce_moved(code);
            tracing::info!(table = code, epoch, "table taken over");
            true
        }
        Err(e) => {
            tracing::error!(error = %e, table = code, "a table taken over could not be restored");
            false
        }
    }
}
