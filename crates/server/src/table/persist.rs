//! The table in the store: its row (lobby, host, version, seed), restoring a table by replaying
//! its current match's action log, and deleting a closed table.

use bots::Playable;
use game::{HandRecord, Match, Phase, Record, Seat};
use serde_json::{Value, json};
use tokio::time::Instant;

use super::lobby::{Occupant, Status};
use super::play::FairHand;
use super::{Table, TableError};
use crate::daily::DailyTable;
use crate::protocol::{LogEntry, ServerMsg, TableFrame};
use crate::store::{EventRow, MatchRow, TableRow, unix_ms};
use crate::tournament::BoardTag;

impl<G: Playable> Table<G> {
    pub(super) fn restore(
        &mut self,
        row: TableRow,
        current: Option<(MatchRow, Vec<EventRow>)>,
    ) -> Result<(), TableError> {
        let seats: Vec<Occupant> = serde_json::from_str(&row.seats)
            .map_err(|e| TableError::stored(&row.code, format!("stored seats: {e}")))?;
        let now = Instant::now();
        for (state, occupant) in self.lobby.seats.iter_mut().zip(seats) {
            if matches!(occupant, Occupant::Human { .. }) {
                state.gone_since = Some(now);
            }
            state.occupant = occupant;
        }
        self.lobby.host = row.host;
        if let Some(text) = &row.contest {
            if let Some(board) = BoardTag::parse(text) {
                self.lobby.board = Some(board);
            } else {
                let daily = DailyTable::parse(text)
                    .ok_or_else(|| TableError::stored(&row.code, format!("stored contest tag {text} does not read")))?;
                self.lobby.daily = Some(daily);
            }
        }
        self.lobby.removed = serde_json::from_str(&row.removed)
            .map_err(|e| TableError::stored(&row.code, format!("stored removed players: {e}")))?;
        self.lobby.status = Status::parse(&row.status);
        self.version = u64::try_from(row.version).unwrap_or(0);
        let seed = hex::decode(&row.seed).map_err(|e| TableError::stored(&row.code, format!("stored seed: {e}")))?;
        self.seed = seed.try_into().map_err(|_| TableError::stored(&row.code, "the stored seed is not 32 bytes"))?;
        self.play.matches = u64::try_from(row.matches).unwrap_or(0);
        self.lobby.created_at = row.created_at;
        self.play.match_id = row.match_id;
        let Some((m, events)) = current else { return Ok(()) };
        let players: Vec<String> = serde_json::from_str(&m.players).unwrap_or_default();
        let mut record = Record { game: self.lobby.kind, rules: self.lobby.rules.clone(), players, hands: Vec::new() };
        for e in &events {
            self.version = self.version.max(u64::try_from(e.version).unwrap_or(0));
            match e.kind.as_str() {
                "deal" => {
                    let hand: HandRecord = serde_json::from_str(&e.body)
                        .map_err(|err| TableError::stored(&row.code, format!("match {}: stored deal: {err}", m.id)))?;
                    self.play.hand_log_start = self.play.log.len();
                    record.hands.push(hand);
                }
                _ => {
                    let seat = e.seat.and_then(|s| usize::try_from(s).ok()).and_then(Seat::new);
                    if let Some(hand) = record.hands.last_mut() {
                        hand.actions.push(game::RecordedAction { seat, text: e.body.clone() });
                    }
                }
            }
            self.play.log.push(LogEntry {
                version: u64::try_from(e.version).unwrap_or(0),
                seat: e.seat.and_then(|s| usize::try_from(s).ok()),
                action: if e.kind == "deal" { "deal".to_owned() } else { e.body.clone() },
            });
        }
        self.play.seq = i64::try_from(events.len()).unwrap_or(i64::MAX);
        let first_dealer = usize::try_from(m.first_dealer).ok().and_then(Seat::new).unwrap_or(Seat::ZERO);
        let game = if record.hands.is_empty() {
            Match::<G>::new(self.lobby.kind, self.lobby.rules.clone(), record.players.clone(), first_dealer)
                .map_err(|e| TableError::stored(&row.code, format!("match {}: {e}", m.id)))?
        } else {
            super::play::replay_fair::<G>(&record, first_dealer).map_err(|e| {
                TableError::stored(&row.code, format!("match {}: the stored log does not replay: {e}", m.id))
            })?
        };
        if let (Some(last), Phase::InHand) = (record.hands.last(), game.game().phase()) {
            self.play.fair = Some(FairHand {
                hand: record.hands.len() - 1,
                salt: last.salt.clone().unwrap_or_default(),
                commitment: last.commitment.clone().unwrap_or_default(),
                deck: last.deck.clone(),
            });
        }
        if game.game().clock_may_act() {
            self.clocks.window_since = Instant::now();
        }
        self.play.game = Some(game);
        Ok(())
    }

    pub(super) async fn save_row(&mut self) {
        let seats: Vec<&Occupant> = self.lobby.seats.iter().map(|s| &s.occupant).collect();
        let row = TableRow {
            code: self.lobby.code.clone(),
            game: self.lobby.kind.id().to_owned(),
            rules: Value::Object(self.lobby.rules.clone()).to_string(),
            turn_ms: self.clocks.turn.as_millis() as i64,
            public: i64::from(self.lobby.public),
            hints: i64::from(self.lobby.hints),
            rated: i64::from(self.lobby.rated),
            spectator_chat: i64::from(self.lobby.spectator_chat),
            invite_only: i64::from(self.lobby.invite_only),
            removed: json!(self.lobby.removed).to_string(),
            host: self.lobby.host.clone(),
            seats: json!(seats).to_string(),
            status: self.lobby.status.as_str().to_owned(),
            version: self.version as i64,
            seed: hex::encode(self.seed),
            match_id: self.play.match_id.clone(),
            matches: self.play.matches as i64,
            created_at: self.lobby.created_at,
            updated_at: unix_ms(),
            contest: self
                .lobby
                .daily
                .map(DailyTable::to_json)
                .or_else(|| self.lobby.board.as_ref().map(BoardTag::to_json)),
        };
        self.row_dirty = false;
        if let Err(e) = self.store.save_table(&row).await {
            tracing::debug!(table = %self.lobby.code, error = %e, "saving the table failed; retrying");
            self.row_dirty = true;
        }
    }

    pub(super) async fn close(&mut self) {
        self.closed = true;
        if let Err(e) = self.store.delete_table(&self.lobby.code).await {
            tracing::error!(table = %self.lobby.code, error = %e, "deleting a closed table failed");
        }
        self.broadcast(&ServerMsg::Table { table: TableFrame::closed(&self.lobby.code), you: None, id: None });
        self.subs.clear();
    }
}
