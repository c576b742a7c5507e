//! Who gets the table's frames, and building them: the lobby (`table`), the full state (`sync`),
//! each accepted action (`event`), and the public listing.

use std::collections::HashMap;
use std::sync::Arc;

use bots::Playable;
use game::Seat;
use serde_json::Value;
use tokio::time::Instant;

use super::lobby::{Occupant, Status};
use super::{Table, seat_index};
use crate::fair;
use crate::hub::{Conn, TableSummary};
use crate::protocol::http::ListedTable;
use crate::protocol::{
    DailyProgress, HandCommitment, LogEntry, MatchState, SeatInfo, ServerMsg, TableFrame, TableState,
    TournamentProgress,
};

/// A subscribed connection: a seat's player or a spectator.
pub(super) struct Sub {
    pub(super) conn: Conn,
    pub(super) seat: Option<Seat>,
}

impl<G: Playable> Table<G> {
    pub(super) fn subscribe(&mut self, conn: &Conn, seat: Option<Seat>) {
        self.subs.retain(|s| s.conn.id != conn.id);
        self.subs.push(Sub { conn: conn.clone(), seat });
        if let Some(state) = seat.and_then(|s| self.lobby.seats.get_mut(s.index())) {
            state.gone_since = None;
        }
    }

    pub(super) fn detach(&mut self, conn_id: u64) {
        let Some(pos) = self.subs.iter().position(|s| s.conn.id == conn_id) else { return };
        let gone = self.subs.remove(pos);
        let player = &gone.conn.player.id;
        if !self.subs.iter().any(|s| s.conn.player.id == *player)
            && let Some(seat) = self.lobby.seat_of(player)
            && let Some(state) = self.lobby.seats.get_mut(seat.index())
        {
            state.gone_since = Some(Instant::now());
        }
        self.broadcast_table();
        self.publish_summary();
    }

    pub(super) fn seat_infos(&self) -> Vec<SeatInfo> {
        self.lobby
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.occupant {
                Occupant::Empty => SeatInfo {
                    seat: i,
                    name: None,
                    kind: "empty",
                    bot: None,
                    player: None,
                    connected: false,
                    away: false,
                },
                Occupant::Bot { bot } => SeatInfo {
                    seat: i,
                    name: Some(format!("bot:{bot}")),
                    kind: "bot",
                    bot: Some(bot.clone()),
                    player: None,
                    connected: true,
                    away: false,
                },
                Occupant::Human { id, name, left, .. } => SeatInfo {
                    seat: i,
                    name: Some(name.clone()),
                    kind: "human",
                    bot: None,
                    player: Some(id.clone()),
                    connected: self.is_connected(id),
                    away: s.away || *left,
                },
            })
            .collect()
    }

    pub(super) fn table_state(&self) -> TableState {
        TableState {
            code: self.lobby.code.clone(),
            game: self.lobby.kind.id(),
            rules: self.lobby.rules.clone(),
            public: self.lobby.public,
            hints: self.lobby.hints,
            rated: self.lobby.rated,
            spectator_chat: self.lobby.spectator_chat,
            invite_only: self.lobby.invite_only,
            invite: None,
            turn_ms: self.clocks.turn.as_millis() as u64,
            host: self.lobby.host.clone(),
            status: self.lobby.status.as_str(),
            seats: self.seat_infos(),
            version: self.version,
            game_id: self.play.match_id.clone(),
            rating_changes: self.play.rating_changes.clone(),
            daily: self.lobby.daily.map(|d| {
                Box::new(DailyProgress {
                    day: d.day.to_string(),
                    game: d.game.slug(),
                    deal: self.play.matches.saturating_sub(1),
                    deals: d.game.deals(),
                    done: self.daily_done(),
                })
            }),
            tournament: self.lobby.board.as_ref().map(|b| {
                let starts_by = self.board_start_at().map(|at| {
                    let left = at.saturating_duration_since(Instant::now());
                    crate::store::unix_ms() + i64::try_from(left.as_millis()).unwrap_or(0)
                });
                Box::new(TournamentProgress {
                    id: b.tournament.clone(),
                    round: b.round,
                    board: b.board,
                    hands: b.hands,
                    starts_by,
                })
            }),
        }
    }

    /// The table as `seat` sees it: the invite secret of an invite-only table for its players.
    fn table_state_for(&self, table: &TableState, seat: Option<Seat>) -> TableState {
        let mut table = table.clone();
        if seat.is_some() && self.lobby.invite_only {
            table.invite = Some(self.invite_secret());
        }
        table
    }

    /// The invite secret of the table: derived from its secret seed, so it needs no storing and
    /// cannot be guessed from the code.
    pub(super) fn invite_secret(&self) -> String {
        hex::encode(&fair::derive(&self.seed, "invite", &[])[..8])
    }

    pub(super) fn send_table_to(&self, conn: &Conn, seat: Option<Seat>, id: Option<&Value>) {
        let table = self.table_state_for(&self.table_state(), seat);
        let msg = ServerMsg::Table { table: TableFrame::Open(table), you: seat_index(seat), id: id.cloned() };
        conn.send(msg.to_text());
    }

    /// A `notice` to everyone at the table (the same frame for all).
    pub(super) fn broadcast_notice(&self, seat: Option<Seat>, code: &'static str, message: String) {
        let msg = ServerMsg::Notice { table: self.lobby.code.clone(), seat: seat_index(seat), code, message }.to_text();
        for sub in &self.subs {
            sub.conn.send(msg.clone());
        }
    }

    pub(super) fn broadcast_table(&self) {
        self.broadcast_table_except(u64::MAX);
    }

    pub(super) fn broadcast_table_except(&self, skip: u64) {
        let table = self.table_state();
        let mut cache: HashMap<Option<Seat>, Arc<str>> = HashMap::new();
        for sub in self.subs.iter().filter(|s| s.conn.id != skip) {
            let msg = cache.entry(sub.seat).or_insert_with(|| {
                let table = self.table_state_for(&table, sub.seat);
                ServerMsg::Table { table: TableFrame::Open(table), you: seat_index(sub.seat), id: None }.to_text()
            });
            sub.conn.send(msg.clone());
        }
    }

    /// What `seat` (or a spectator) sees of the match now: the fields `sync` and `event` share.
    pub(super) fn match_state(&self, seat: Option<Seat>) -> MatchState {
        let Some(m) = self.play.game.as_ref() else { return MatchState::empty() };
        let deadline = self.deadline().map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64);
        MatchState::of(m, seat, deadline)
    }

    pub(super) fn send_sync(&self, conn: &Conn, seat: Option<Seat>, since: Option<u64>) {
        // Everything after `since` if the current match's log reaches back that far; else the
        // current hand.
        let first_version = self.play.log.first().map_or(u64::MAX, |e| e.version);
        let log: Vec<LogEntry> = match since {
            Some(v) if v + 1 >= first_version && v <= self.version => {
                self.play.log.iter().filter(|e| e.version > v).cloned().collect()
            }
            _ => self.play.log.get(self.play.hand_log_start..).unwrap_or_default().to_vec(),
        };
        let msg = ServerMsg::Sync {
            table: self.lobby.code.clone(),
            version: self.version,
            seat: seat_index(seat),
            state: self.match_state(seat),
            log,
            commitment: self
                .play
                .fair
                .as_ref()
                .map(|f| HandCommitment { hand: f.hand, commitment: f.commitment.clone() }),
            chat: self.chat_for(&conn.player.id),
        };
        conn.send(msg.to_text());
    }

    pub(super) fn broadcast_event(&self, seat: Option<Seat>, action: &str) {
        let mut cache: HashMap<Option<Seat>, Arc<str>> = HashMap::new();
        for sub in &self.subs {
            let msg = cache.entry(sub.seat).or_insert_with(|| {
                ServerMsg::Event {
                    table: self.lobby.code.clone(),
                    version: self.version,
                    seat: seat_index(seat),
                    action: action.to_owned(),
                    state: self.match_state(sub.seat),
                }
                .to_text()
            });
            sub.conn.send(msg.clone());
        }
    }

    /// Sends the same frame to every subscriber.
    pub(super) fn broadcast(&self, msg: &ServerMsg) {
        let text = msg.to_text();
        for sub in &self.subs {
            sub.conn.send(text.clone());
        }
    }

    /// Whether `player` has a socket subscribed to the table now.
    pub(super) fn is_connected(&self, player: &str) -> bool {
        self.subs.iter().any(|sub| sub.conn.player.id == player)
    }

    pub(super) fn publish_summary(&self) {
        let host = self
            .lobby
            .seats
            .iter()
            .find_map(|s| match &s.occupant {
                Occupant::Human { id, name, .. } if *id == self.lobby.host => Some(name.clone()),
                _ => None,
            })
            .unwrap_or_default();
        let summary = TableSummary {
            listed: ListedTable {
                code: self.lobby.code.clone(),
                game: self.lobby.kind.id(),
                hints: self.lobby.hints,
                rated: self.lobby.rated,
                status: self.lobby.status.as_str(),
                host,
                seats: self.seat_infos(),
            },
            public: self.lobby.public,
            // A lobby whose host has gone cannot start: it is not offered to strangers.
            open: self.lobby.status != Status::Playing
                && self.lobby.seats.iter().any(|s| s.occupant == Occupant::Empty)
                && self.is_connected(&self.lobby.host),
            host_id: self.lobby.host.clone(),
            in_lobby: self.lobby.status == Status::Lobby,
            rules: self.lobby.rules.clone(),
            turn_ms: u64::try_from(self.clocks.turn.as_millis()).unwrap_or(u64::MAX),
        };
        self.hub.publish(summary);
    }
}
