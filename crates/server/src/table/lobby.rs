//! The lobby: who sits where, who hosts, the table's settings; taking, moving, freeing seats and
//! bots in them.

use bots::{BotSpec, Playable};
use game::{GameKind, Options, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::time::Instant;

use super::{Table, unavailable};
use crate::daily::DailyTable;
use crate::hub::Conn;
use crate::protocol::{ErrorCode, ProtocolError, ServerMsg};
use crate::ratings;
use crate::store::{Store, unix_ms};
use crate::tournament::BoardTag;

/// The most players a host may remove from one table (the list is kept with the table).
const MAX_REMOVED: usize = 64;

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Occupant {
    /// Nobody.
    Empty,
    /// A person.
    Human {
        /// Their player id.
        id: String,
        /// Their display name.
        name: String,
        /// They left during a match: their bot plays until they join again.
        #[serde(default)]
        left: bool,
        /// They left the current rated match during play (even if they came back since): it
        /// counts as a loss for them. Cleared when a match starts.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        forfeit: bool,
    },
    /// A bot.
    Bot {
        /// Its spec (`heuristic`, `random`).
        bot: String,
    },
}

/// A seat's occupant and the state of its clock (not stored: a restored table starts fresh).
#[derive(Clone, Debug)]
pub(super) struct SeatState {
    pub(super) occupant: Occupant,
    pub(super) timeouts: u32,
    pub(super) away: bool,
    /// When the player's last connection to the table closed (a restored table: when it was
    /// restored); `None` while connected.
    pub(super) gone_since: Option<Instant>,
}

impl SeatState {
    pub(super) const EMPTY: SeatState =
        SeatState { occupant: Occupant::Empty, timeouts: 0, away: false, gone_since: None };
}

/// Where the table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Status {
    Lobby,
    Playing,
    Finished,
}

impl Status {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Playing => "playing",
            Status::Finished => "finished",
        }
    }

    pub(super) fn parse(s: &str) -> Status {
        match s {
            "playing" => Status::Playing,
            "finished" => Status::Finished,
            _ => Status::Lobby,
        }
    }
}

/// The table's settings and seats.
pub(super) struct Lobby {
    pub(super) code: String,
    pub(super) kind: GameKind,
    pub(super) rules: Options,
    pub(super) seat_count: usize,
    pub(super) public: bool,
    /// Players may ask for hints.
    pub(super) hints: bool,
    /// The matches are rated: no hints, no bots, no seat moves once a match started, accounts
    /// only.
    pub(super) rated: bool,
    /// Spectators have a chat channel of their own.
    pub(super) spectator_chat: bool,
    /// New players need the invite secret to take a seat.
    pub(super) invite_only: bool,
    /// The players the host removed: they may not sit at this table again.
    pub(super) removed: Vec<String>,
    /// The host's player id.
    pub(super) host: String,
    pub(super) seats: Vec<SeatState>,
    pub(super) status: Status,
    /// Unix milliseconds.
    pub(super) created_at: i64,
    /// A daily deal's table: the day and game it plays (see [`crate::daily`]).
    pub(super) daily: Option<DailyTable>,
    /// A tournament board's table: its tournament, round and board (see [`crate::tournament`]).
    pub(super) board: Option<BoardTag>,
    /// When this task opened the table (created or restored): a tournament board's grace for
    /// no-shows runs from here.
    pub(super) opened: Instant,
}

impl Lobby {
    pub(super) fn require_host(&self, conn: &Conn) -> Result<(), ProtocolError> {
        if conn.player.id == self.host {
            Ok(())
        } else {
            Err(ProtocolError::new(ErrorCode::NotHost, "only the host may do that"))
        }
    }

    pub(super) fn seat_of(&self, player: &str) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| matches!(&s.occupant, Occupant::Human { id, .. } if id == player))
            .and_then(Seat::new)
    }

    /// Clears `away` (and a `leave` during the match) for a player who acts again; returns whether
    /// the table others see has changed.
    pub(super) fn mark_back(&mut self, seat: Seat) -> bool {
        let Some(s) = self.seats.get_mut(seat.index()) else { return false };
        let mut changed = s.away;
        s.away = false;
        s.timeouts = 0;
        if let Occupant::Human { left, .. } = &mut s.occupant {
            changed |= *left;
            *left = false;
        }
        changed
    }

    /// The seat someone who joins without choosing one gets (an invite link, a code): a free seat
    /// on the host's team when the game has teams, so a friend who was invited plays beside the
    /// host, else the first free seat.
    pub(super) fn seat_for_newcomer(&self) -> Option<usize> {
        let empty = |i: usize| self.seats.get(i).is_some_and(|s| s.occupant == Occupant::Empty);
        let partner = self.kind.has_teams().then(|| self.seat_of(&self.host)).flatten().and_then(|host| {
            (1..self.seat_count)
                .map(|k| host.offset(k, self.seat_count))
                .filter(|s| s.team() == host.team())
                .map(Seat::index)
                .find(|&i| empty(i))
        });
        partner.or_else(|| (0..self.seat_count).find(|&i| empty(i)))
    }

    pub(super) fn take_seat(&mut self, conn: &Conn, wanted: Option<usize>) -> Result<(), ProtocolError> {
        let index = match wanted {
            Some(w) if w >= self.seat_count => {
                return Err(ProtocolError::new(
                    ErrorCode::BadRequest,
                    format!("the table has seats 0 to {}", self.seat_count - 1),
                ));
            }
            Some(w) => w,
            None => {
                self.seat_for_newcomer().ok_or_else(|| ProtocolError::new(ErrorCode::SeatTaken, "the table is full"))?
            }
        };
        let seat =
            self.seats.get_mut(index).ok_or_else(|| ProtocolError::new(ErrorCode::BadRequest, "no such seat"))?;
        if seat.occupant != Occupant::Empty {
            return Err(ProtocolError::new(ErrorCode::SeatTaken, format!("seat {index} is taken")));
        }
        seat.occupant =
            Occupant::Human { id: conn.player.id.clone(), name: conn.player.name.clone(), left: false, forfeit: false };
        seat.away = false;
        seat.timeouts = 0;
        if self.status == Status::Finished {
            self.status = Status::Lobby;
        }
        Ok(())
    }

    pub(super) fn free_seat(&mut self, seat: Seat) {
        if let Some(s) = self.seats.get_mut(seat.index()) {
            *s = SeatState { occupant: Occupant::Empty, timeouts: 0, away: false, gone_since: None };
        }
    }

    pub(super) fn bot_spec(&self, seat: Seat) -> BotSpec {
        match self.seats.get(seat.index()).map(|s| &s.occupant) {
            Some(Occupant::Bot { bot }) => bot.parse().unwrap_or(BotSpec::HEURISTIC),
            _ => BotSpec::HEURISTIC,
        }
    }
}

impl<G: Playable> Table<G> {
    pub(super) async fn join(
        &mut self,
        conn: &Conn,
        wanted: Option<usize>,
        invite: Option<&str>,
        id: Option<&Value>,
    ) -> Result<(), ProtocolError> {
        if let Some(seat) = self.lobby.seat_of(&conn.player.id) {
            let moving = wanted.is_some_and(|w| w != seat.index());
            if moving && self.lobby.rated && self.play.matches > 0 {
                return Err(ProtocolError::new(
                    ErrorCode::SeatTaken,
                    format!("seats do not change at a rated table once a match started; yours is seat {seat}"),
                ));
            }
            if moving && self.lobby.status == Status::Playing {
                return Err(ProtocolError::new(
                    ErrorCode::SeatTaken,
                    format!("seats change only between matches; yours is seat {seat}"),
                ));
            }
            if moving {
                // Moving seats in the lobby: free the old one first.
                self.lobby.take_seat(conn, wanted)?;
                self.lobby.free_seat(seat);
            } else {
                let was_left = matches!(
                    self.lobby.seats.get(seat.index()).map(|s| &s.occupant),
                    Some(Occupant::Human { left: true, .. })
                );
                self.lobby.mark_back(seat);
                if was_left {
                    self.save_row().await;
                }
            }
        } else {
            if self.lobby.status == Status::Playing {
                return Err(ProtocolError::new(
                    ErrorCode::SeatTaken,
                    "the match is under way: spectate, or wait for the next one",
                ));
            }
            self.may_sit(conn, invite)?;
            if self.lobby.rated {
                check_cooldown(&self.store, &conn.player.id, &conn.player.name).await?;
            }
            self.lobby.take_seat(conn, wanted)?;
        }
        let seat = self.lobby.seat_of(&conn.player.id);
        self.version += 1;
        self.save_row().await;
        self.subscribe(conn, seat);
        self.send_table_to(conn, seat, id);
        self.send_sync(conn, seat, None);
        self.broadcast_table_except(conn.id);
        self.publish_summary();
        Ok(())
    }

    /// Whether a newcomer may take a seat: not one the host removed; with the invite secret at an
    /// invite-only table. (At a rated table, [`check_cooldown`] too.)
    fn may_sit(&self, conn: &Conn, invite: Option<&str>) -> Result<(), ProtocolError> {
        if self.lobby.removed.contains(&conn.player.id) {
            return Err(ProtocolError::new(ErrorCode::NotInvited, "the host removed you from this table"));
        }
        if self.lobby.invite_only && conn.player.id != self.lobby.host && invite != Some(self.invite_secret().as_str())
        {
            return Err(ProtocolError::new(
                ErrorCode::NotInvited,
                "this table takes players by invitation only: ask its host for the invite link (you may watch)",
            ));
        }
        Ok(())
    }

    /// Host, outside a match: removes the person in `seat`, who may not sit at this table again.
    pub(super) async fn remove(&mut self, conn: &Conn, seat: usize) -> Result<(), ProtocolError> {
        self.lobby.require_host(conn)?;
        if self.lobby.status == Status::Playing {
            return Err(ProtocolError::new(
                ErrorCode::BadRequest,
                "a player is removed between matches, not during one",
            ));
        }
        let (Some(at), Some(Occupant::Human { id, name, .. })) =
            (Seat::new(seat), self.lobby.seats.get(seat).map(|s| s.occupant.clone()))
        else {
            return Err(ProtocolError::new(ErrorCode::BadRequest, format!("seat {seat} has no person to remove")));
        };
        if id == self.lobby.host {
            return Err(ProtocolError::new(
                ErrorCode::BadRequest,
                "the host does not remove themselves: leave instead",
            ));
        }
        if self.lobby.removed.len() >= MAX_REMOVED {
            return Err(ProtocolError::new(
                ErrorCode::BadRequest,
                format!("a table remembers at most {MAX_REMOVED} removed players: open a new table"),
            ));
        }
        self.lobby.free_seat(at);
        self.lobby.status = Status::Lobby;
        self.lobby.removed.push(id.clone());
        // They are told, and no longer follow the table as its player.
        let notice = ServerMsg::Notice {
            table: self.lobby.code.clone(),
            seat: Some(seat),
            code: "removed",
            message: format!("the host removed {name} from the table"),
        }
        .to_text();
        for sub in self.subs.iter().filter(|s| s.conn.player.id == id) {
            sub.conn.send(notice.clone());
        }
        self.subs.retain(|s| s.conn.player.id != id);
        self.version += 1;
        self.save_row().await;
        self.broadcast_table();
        self.publish_summary();
        Ok(())
    }

    pub(super) async fn leave(&mut self, conn: &Conn) -> Result<(), ProtocolError> {
        let seat = self.lobby.seat_of(&conn.player.id);
        self.subs.retain(|s| s.conn.player.id != conn.player.id);
        let Some(seat) = seat else {
            return Ok(());
        };
        if self.lobby.status == Status::Playing {
            let rated = self.lobby.rated;
            if let Some(Occupant::Human { left, forfeit, .. }) =
                self.lobby.seats.get_mut(seat.index()).map(|s| &mut s.occupant)
            {
                *left = true;
                // Leaving a rated match counts as a loss, even if the player comes back.
                *forfeit |= rated;
            }
        } else {
            self.lobby.free_seat(seat);
            self.lobby.status = Status::Lobby;
            if self.lobby.host == conn.player.id {
                let next = self.lobby.seats.iter().find_map(|s| match &s.occupant {
                    Occupant::Human { id, .. } => Some(id.clone()),
                    _ => None,
                });
                match next {
                    Some(next) => self.lobby.host = next,
                    None => {
                        self.close().await;
                        return Ok(());
                    }
                }
            }
        }
        self.version += 1;
        self.save_row().await;
        self.broadcast_table();
        self.publish_summary();
        Ok(())
    }

    pub(super) async fn set_bot(&mut self, conn: &Conn, seat: usize, bot: Option<&str>) -> Result<(), ProtocolError> {
        self.lobby.require_host(conn)?;
        if self.lobby.rated && bot.is_some() {
            return Err(no_bots_when_rated());
        }
        if self.lobby.status == Status::Playing {
            return Err(ProtocolError::new(ErrorCode::BadRequest, "seats change only between matches"));
        }
        let bot_name = bot.map(|b| parse_bot(&self.hub, Some(b))).transpose()?.unwrap_or_default();
        let state = self
            .lobby
            .seats
            .get_mut(seat)
            .ok_or_else(|| ProtocolError::new(ErrorCode::BadRequest, format!("no seat {seat} at this table")))?;
        match bot {
            None => {
                if !matches!(state.occupant, Occupant::Bot { .. }) {
                    return Err(ProtocolError::new(ErrorCode::BadRequest, format!("seat {seat} has no bot")));
                }
                state.occupant = Occupant::Empty;
            }
            Some(_) => {
                if matches!(state.occupant, Occupant::Human { .. }) {
                    return Err(ProtocolError::new(ErrorCode::SeatTaken, format!("seat {seat} is taken")));
                }
                state.occupant = Occupant::Bot { bot: bot_name };
            }
        }
        self.lobby.status = Status::Lobby;
        self.version += 1;
        self.save_row().await;
        self.broadcast_table();
        self.publish_summary();
        Ok(())
    }

    pub(super) async fn fill_bots(&mut self, conn: &Conn, bot: Option<&str>) -> Result<(), ProtocolError> {
        self.lobby.require_host(conn)?;
        if self.lobby.rated {
            return Err(no_bots_when_rated());
        }
        if self.lobby.status == Status::Playing {
            return Err(ProtocolError::new(ErrorCode::BadRequest, "seats change only between matches"));
        }
        let name = parse_bot(&self.hub, bot)?;
        for seat in &mut self.lobby.seats {
            if seat.occupant == Occupant::Empty {
                seat.occupant = Occupant::Bot { bot: name.clone() };
            }
        }
        self.version += 1;
        self.save_row().await;
        self.broadcast_table();
        self.publish_summary();
        Ok(())
    }

    /// The first seated person other than the host who is connected now.
    pub(super) fn next_host(&self) -> Option<String> {
        self.lobby.seats.iter().find_map(|s| match &s.occupant {
            Occupant::Human { id, .. } if *id != self.lobby.host && self.is_connected(id) => Some(id.clone()),
            _ => None,
        })
    }
}

/// `cooldown` while `player` (called `name`) waits after leaving rated matches
/// ([`ratings::cooldown`]).
pub(super) async fn check_cooldown(store: &Store, player: &str, name: &str) -> Result<(), ProtocolError> {
    let now = unix_ms();
    let (leaves, last) =
        store.leaves_since(player, now - ratings::LEAVE_WINDOW_MS).await.map_err(|e| unavailable(&e))?;
    let wait = i64::try_from(ratings::cooldown(leaves).as_millis()).unwrap_or(i64::MAX);
    match last {
        Some(last) if last.saturating_add(wait) > now => {
            let minutes = (last.saturating_add(wait) - now + 59_999) / 60_000;
            Err(ProtocolError::new(
                ErrorCode::Cooldown,
                format!(
                    "{name} left {leaves} rated matches in the last day: no rated match for {minutes} more minute{}",
                    if minutes == 1 { "" } else { "s" }
                ),
            ))
        }
        _ => Ok(()),
    }
}

fn no_bots_when_rated() -> ProtocolError {
    ProtocolError::new(ErrorCode::BadRequest, "a rated table has no bots: every seat needs a signed-in account")
}

/// The bot a host asked for, as seats store it: a built-in bot's spec (`heuristic`, `random`, ...)
/// or the name of one of the operator's external bots.
fn parse_bot(hub: &crate::hub::Hub, bot: Option<&str>) -> Result<String, ProtocolError> {
    let text = bot.unwrap_or("heuristic");
    if hub.bot_pool.has(text) {
        return Ok(text.to_owned());
    }
    match text.parse::<BotSpec>() {
        Ok(spec) => Ok(spec.to_string()),
        Err(e) => {
            let mut message = e.to_string();
            let names: Vec<&str> = hub.bot_pool.names().collect();
            if !names.is_empty() {
                message.push_str(&format!("; this server's own bots: {}", names.join(", ")));
            }
            Err(ProtocolError::new(ErrorCode::BadRequest, message))
        }
    }
}
