//! Hints: at a table whose host turned them on, a seated player may ask for the strong bot's
//! suggestion for their own decision now. The suggestion is worked out on the bot threads from
//! the asker's view only (as a strong bot in that seat would see it) and answered to the asker
//! alone; the table does not wait for it and nothing about the match changes.
//!
//! A hint searches as the analysis of a finished match does (`games::analysis::default_ms`), no
//! longer than a share of the asker's time left. One hint per seat and decision: asking again before the table moves on is refused, so a hint
//! costs the bot threads at most one search per decision.

use bots::Playable;
use bots::hint::{Suggestion, suggest};
use game::Seat;
use serde_json::Value;

use super::Table;
use super::lobby::Status;
use super::think::budget_ms;
use crate::fair;
use crate::hub::Conn;
use crate::protocol::{ErrorCode, ProtocolError, ServerMsg};

impl<G: Playable> Table<G> {
    /// Starts working out a hint for `conn`'s seat; the answer (`hint`, or an `error`) reaches
    /// `conn` when it is ready.
    pub(super) fn hint(&mut self, conn: &Conn, id: Option<Value>) -> Result<(), ProtocolError> {
        if !self.lobby.hints {
            return Err(ProtocolError::new(ErrorCode::HintsOff, "the host has not turned hints on at this table"));
        }
        let seat = self
            .lobby
            .seat_of(&conn.player.id)
            .ok_or_else(|| ProtocolError::new(ErrorCode::NotSeated, "only a player at the table may ask for a hint"))?;
        let not_now =
            || ProtocolError::new(ErrorCode::NotYourTurn, "a hint is for your own decision: wait for your turn");
        let game = self.play.game.as_ref().filter(|_| self.lobby.status == Status::Playing).ok_or_else(not_now)?;
        let mut legal = Vec::new();
        game.game().legal_actions(seat, &mut legal);
        if legal.is_empty() {
            return Err(not_now());
        }
        let version = self.version;
        self.hinted.retain(|&(_, v)| v == version);
        if self.hinted.iter().any(|&(s, _)| s == seat) {
            return Err(ProtocolError::new(ErrorCode::BadRequest, "you already asked for a hint for this decision"));
        }
        let view = game.game().view(Some(seat));
        let rules = game.game().rules().clone();
        let seed = fair::derive_u64(&self.seed, "hint", &[self.play.matches, version, seat.index() as u64]);
        // Never longer than a share of the asker's time left, so asking does not cost the turn.
        let left = self.decision_deadline().map(|d| d.saturating_duration_since(tokio::time::Instant::now()));
        let ms = budget_ms(games::analysis::default_ms(self.lobby.kind), left).unwrap_or(1);
        let table = self.lobby.code.clone();
        let ticket = self
            .hub
            .bot_threads
            .submit(move || suggest::<G>(&rules, seat, &view, &legal, ms, seed))
            .ok_or_else(|| ProtocolError::new(ErrorCode::Busy, "the bots are busy; ask again in a moment"))?;
        self.hinted.push((seat, version));
        let conn = conn.clone();
        tokio::spawn(async move {
            let frame = match ticket.await {
                Ok(s) => frame(s, table, version, seat, id),
                Err(_) => {
                    ProtocolError::new(ErrorCode::Internal, "the hint could not be worked out").with_id(id).to_msg()
                }
            };
            conn.send(frame.to_text());
        });
        Ok(())
    }
}

/// The `hint` frame of `s`, for `seat` at the table's `version`.
fn frame<A: std::fmt::Display>(
    s: Suggestion<A>,
    table: String,
    version: u64,
    seat: Seat,
    id: Option<Value>,
) -> ServerMsg {
    let (next, next_value) = s.next.map_or((None, None), |(a, v)| (Some(a.to_string()), Some(v)));
    ServerMsg::Hint {
        table,
        version,
        seat: seat.index(),
        action: s.action.to_string(),
        basis: s.basis.as_str(),
        unit: s.unit,
        value: s.value,
        next,
        next_value,
        tricks: s.tricks,
        samples: s.samples,
        id,
    }
}
