//! The table's chat: who says what on which channel, keeping each message (with the match it was
//! said in) before anyone sees it, the recent lines in memory for sockets that come later, and
//! reading them back after a restart.
//!
//! A seated player speaks on the `players` channel, which everyone at the table reads; a
//! spectator on the `spectators` channel, which only spectators read (never a player, not even
//! through a second socket that spectates), and only where the host left `spectator_chat` on.

use std::collections::VecDeque;

use bots::Playable;

use super::Table;
use super::lobby::Status;
use super::unavailable;
use crate::hub::Conn;
use crate::limits::CHAT_KEPT;
use crate::protocol::chat::{self, PLAYERS, SPECTATORS, Said};
use crate::protocol::{ChatFrom, ChatLine, ErrorCode, ProtocolError, ServerMsg};
use crate::store::{ChatRow, unix_ms};

/// The recent chat of a table.
pub(super) struct ChatLog {
    /// The last [`CHAT_KEPT`] messages, oldest first.
    lines: VecDeque<ChatLine>,
    /// The next message's number; `None` until read from the store (at the first message, or on
    /// restore).
    next_seq: Option<i64>,
    /// The table was restored: read its recent chat back at start.
    restored: bool,
}

impl ChatLog {
    pub(super) fn new(restored: bool) -> Self {
        ChatLog { lines: VecDeque::new(), next_seq: None, restored }
    }

    fn keep(&mut self, line: ChatLine) {
        if self.lines.len() == CHAT_KEPT {
            self.lines.pop_front();
        }
        self.lines.push_back(line);
    }
}

impl<G: Playable> Table<G> {
    /// A restored table reads its recent chat back from the store (a failure is logged: the table
    /// works without its past words).
    pub(super) async fn load_chat(&mut self) {
        if !self.chat.restored {
            return;
        }
        let store = &self.hub.store;
        let code = &self.lobby.code;
        match store.recent_chat(code, self.lobby.created_at, CHAT_KEPT as i64).await {
            Ok(rows) => {
                for row in &rows {
                    self.chat.keep(chat::line_of(row));
                }
            }
            Err(e) => tracing::warn!(table = %code, error = %e, "the table's chat could not be read back"),
        }
        match store.next_chat_seq(code).await {
            Ok(seq) => self.chat.next_seq = Some(seq),
            Err(e) => tracing::warn!(table = %code, error = %e, "the table's chat numbers could not be read"),
        }
    }

    /// Whether `player` reads the spectators' channel: anyone at the table without a seat.
    fn reads_spectators(&self, player: &str) -> bool {
        self.lobby.seat_of(player).is_none()
    }

    /// The recent lines `player` may read, for their `sync`.
    pub(super) fn chat_for(&self, player: &str) -> Vec<ChatLine> {
        let spectator = self.reads_spectators(player);
        self.chat.lines.iter().filter(|l| l.channel == PLAYERS || spectator).cloned().collect()
    }

    /// A `chat` message from `conn` (its words already checked by the session): kept in the store
    /// with the match, then sent to everyone on its channel.
    pub(super) async fn chat(
        &mut self,
        conn: &Conn,
        text: Option<&str>,
        phrase: Option<&str>,
    ) -> Result<(), ProtocolError> {
        let said = chat::check(text, phrase)?;
        if !self.subs.iter().any(|s| s.conn.id == conn.id) {
            return Err(ProtocolError::new(ErrorCode::NotSeated, "join or watch the table before you chat there"));
        }
        let seat = self.lobby.seat_of(&conn.player.id);
        let channel = if seat.is_some() { PLAYERS } else { SPECTATORS };
        if seat.is_none() && !self.lobby.spectator_chat {
            return Err(ProtocolError::new(
                ErrorCode::NotSeated,
                "the host turned the spectators' chat off at this table: only the players chat here",
            ));
        }
        let seq = match self.chat.next_seq {
            Some(seq) => seq,
            None => self.hub.store.next_chat_seq(&self.lobby.code).await.map_err(|e| unavailable(&e))?,
        };
        // Words said while the result is on screen ("well played") belong to the match just over.
        let match_id = match self.lobby.status {
            Status::Lobby => None,
            Status::Playing | Status::Finished => self.play.match_id.clone(),
        };
        let (text, phrase) = match said {
            Said::Text(t) => (Some(t), None),
            Said::Phrase(p) => (None, Some(p.to_owned())),
        };
        let row = ChatRow {
            table_code: self.lobby.code.clone(),
            seq,
            match_id,
            player_id: conn.player.id.clone(),
            seat: seat.map(|s| s.index() as i64),
            channel: channel.to_owned(),
            phrase: phrase.clone(),
            body: text.clone().unwrap_or_default(),
            at: unix_ms(),
            name: None,
        };
        self.hub.store.add_chat(&row).await.map_err(|e| unavailable(&e))?;
        self.chat.next_seq = Some(seq + 1);
        let line = ChatLine {
            seq: u64::try_from(seq).unwrap_or(0),
            channel,
            from: ChatFrom {
                id: conn.player.id.clone(),
                name: conn.player.name.clone(),
                seat: seat.map(|s| s.index()),
            },
            text,
            phrase,
            at: row.at,
        };
        self.chat.keep(line.clone());
        let frame = ServerMsg::Chat { table: self.lobby.code.clone(), line }.to_text();
        for sub in &self.subs {
            if channel == PLAYERS || self.reads_spectators(&sub.conn.player.id) {
                sub.conn.send(frame.clone());
            }
        }
        Ok(())
    }
}
