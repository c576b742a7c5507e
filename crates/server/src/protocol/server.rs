//! What the server sends: every frame is a [`ServerMsg`], so the shape of each lives in one
//! place, serialized once and shared by every connection that gets the same one.

use std::sync::Arc;

use cards::Card;
use game::{Game, Match, Phase, Score, Seat, SeatSet, Winner};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{ErrorCode, ProtocolError, Refusal};

/// Every frame the server sends, typed. Serialized once per shape and shared (as an `Arc<str>`)
/// by every connection that gets the same one.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// After the socket opens with a valid token.
    Welcome {
        /// Who the token belongs to.
        player: PlayerInfo,
    },
    /// The table's lobby state: on join, spectate and resume, and whenever it changes.
    Table {
        /// The table (or, when it goes away, its code and `"closed"`).
        table: TableFrame,
        /// The receiver's seat, or null.
        you: Option<usize>,
        /// The `id` of the message this answers.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
    },
    /// The whole state as the receiver's seat sees it.
    Sync {
        /// The table code.
        table: String,
        /// The table's version.
        version: u64,
        /// The receiver's seat, or null.
        seat: Option<usize>,
        /// The match as the seat sees it.
        #[serde(flatten)]
        state: MatchState,
        /// The actions the receiver missed (or the current hand's).
        log: Vec<LogEntry>,
        /// The fair-deal commitment of the hand in progress.
        #[serde(skip_serializing_if = "Option::is_none")]
        commitment: Option<HandCommitment>,
        /// The table's recent chat the receiver may read, oldest first (absent when there is
        /// none).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        chat: Vec<ChatLine>,
    },
    /// One accepted action, or a deal.
    Event {
        /// The table code.
        table: String,
        /// The version the action made.
        version: u64,
        /// Who acted (null: the clock or a deal).
        seat: Option<usize>,
        /// The action in record notation, or `"deal"`.
        action: String,
        /// The match after it, as the receiver's seat sees it.
        #[serde(flatten)]
        state: MatchState,
    },
    /// A hand's deck, committed to before the deal.
    Commitment {
        /// The table code.
        table: String,
        /// The hand, from 0.
        hand: usize,
        /// `hex(SHA-256(salt || deck))`.
        commitment: String,
    },
    /// A hand's deck and salt, revealed after it ends.
    Reveal {
        /// The table code.
        table: String,
        /// The hand, from 0.
        hand: usize,
        /// The salt, hex.
        salt: String,
        /// The commitment published before the hand.
        commitment: String,
        /// The deck in dealing order.
        deck: Vec<Card>,
    },
    /// A refused message; nothing changed.
    Error {
        /// What kind of refusal.
        code: ErrorCode,
        /// Why, in words.
        message: String,
        /// The `id` of the refused message.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
        /// For an action the rules refused: why, as data.
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<Refusal>,
    },
    /// The answer to a ping.
    Pong {
        /// The ping's `id`.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
    },
    /// The strong bot's suggestion for the asker's decision at `version` (answers `hint`; only the
    /// asker gets it). The reason is data, for the client to say in the reader's language.
    Hint {
        /// The table code.
        table: String,
        /// The table's version the hint is for: once the table moves on it is stale.
        version: u64,
        /// The asker's seat.
        seat: usize,
        /// The suggested action in record notation.
        action: String,
        /// `search`: the action with the best value over `samples` sampled deals (`value`, and
        /// the next best as `next`/`next_value`); `bot`: the strong bot's choice, no values (a
        /// bid or call, which the evaluation does not cover, or a single legal action).
        basis: &'static str,
        /// What the values measure (`chance`, `game_points`, `round_score`), with `search`.
        #[serde(skip_serializing_if = "Option::is_none")]
        unit: Option<bots::analysis::Unit>,
        /// The suggested action's value.
        #[serde(skip_serializing_if = "Option::is_none")]
        value: Option<f64>,
        /// The next best action, if another is legal.
        #[serde(skip_serializing_if = "Option::is_none")]
        next: Option<String>,
        /// Its value.
        #[serde(skip_serializing_if = "Option::is_none")]
        next_value: Option<f64>,
        /// Kout Bo: the team's expected tricks with the suggested action.
        #[serde(skip_serializing_if = "Option::is_none")]
        tricks: Option<f64>,
        /// Deals (or worlds) the values average.
        samples: usize,
        /// The `id` of the `hint` message this answers.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
    },
    /// Something everyone at a table should know that is not a change of the table: an
    /// operator's bot misbehaved (its seat's decision was made by the built-in bot) or could not
    /// run.
    Notice {
        /// The table code.
        table: String,
        /// The seat concerned, if any.
        seat: Option<usize>,
        /// What happened: `bot_fault` (one decision made by the built-in bot), `bot_replaced`
        /// (the built-in bot plays the seat to the end of the match), `removed` (the host removed
        /// the player in `seat` from the table; sent to that player).
        code: &'static str,
        /// Why, in words (for the log and for players who want the detail).
        message: String,
    },
    /// A chat message, to everyone allowed on its channel.
    Chat {
        /// The table code.
        table: String,
        /// The message.
        #[serde(flatten)]
        line: ChatLine,
    },
}

impl ServerMsg {
    /// The `type` of every frame the server sends, in the order of the variants.
    pub const TYPES: &[&str] =
        &["welcome", "table", "sync", "event", "commitment", "reveal", "error", "pong", "hint", "notice", "chat"];

    /// `welcome` for a player.
    #[must_use]
    pub fn welcome(id: &str, name: &str) -> Self {
        ServerMsg::Welcome { player: PlayerInfo { id: id.to_owned(), name: name.to_owned() } }
    }

    /// `pong`, echoing `id`.
    #[must_use]
    pub fn pong(id: Option<Value>) -> Self {
        ServerMsg::Pong { id }
    }

    /// The frame's `type`.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            ServerMsg::Welcome { .. } => "welcome",
            ServerMsg::Table { .. } => "table",
            ServerMsg::Sync { .. } => "sync",
            ServerMsg::Event { .. } => "event",
            ServerMsg::Commitment { .. } => "commitment",
            ServerMsg::Reveal { .. } => "reveal",
            ServerMsg::Error { .. } => "error",
            ServerMsg::Pong { .. } => "pong",
            ServerMsg::Hint { .. } => "hint",
            ServerMsg::Notice { .. } => "notice",
            ServerMsg::Chat { .. } => "chat",
        }
    }

    /// The frame's text, ready to share between connections.
    #[must_use]
    pub fn to_text(&self) -> Arc<str> {
        // Plain data with string keys: serializing it cannot fail.
        Arc::from(serde_json::to_string(self).unwrap_or_default())
    }
}

/// A player as messages show them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// The player id.
    pub id: String,
    /// The display name.
    pub name: String,
}

/// The `table` of a `table` message: the lobby, or a table that has gone away.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum TableFrame {
    /// A live table.
    Open(TableState),
    /// The table closed (nobody sits at it any more).
    Closed {
        /// Its code.
        code: String,
        /// Always `"closed"`.
        status: &'static str,
    },
}

impl TableFrame {
    /// The frame of a table that has closed.
    #[must_use]
    pub fn closed(code: &str) -> Self {
        TableFrame::Closed { code: code.to_owned(), status: "closed" }
    }
}

/// A table's lobby: settings, host, seats.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableState {
    /// The join code.
    pub code: String,
    /// The game id (`kout6`, ...).
    pub game: &'static str,
    /// The rule options as the creator gave them.
    pub rules: Map<String, Value>,
    /// Listed publicly.
    pub public: bool,
    /// Whether players may ask for hints (the host's choice at creation; shown to everyone).
    pub hints: bool,
    /// Whether the table's matches are rated (the host's choice at creation).
    pub rated: bool,
    /// Whether spectators have a chat channel of their own (the host's choice at creation).
    pub spectator_chat: bool,
    /// New players need the invite secret to sit (the host's choice at creation; absent when
    /// not).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub invite_only: bool,
    /// The invite secret of an invite-only table, in the frames of its seated players only (an
    /// invite link carries it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
    /// Time per decision, milliseconds.
    pub turn_ms: u64,
    /// The host's player id.
    pub host: String,
    /// `lobby`, `playing` or `finished`.
    pub status: &'static str,
    /// Every seat.
    pub seats: Vec<SeatInfo>,
    /// The table's version.
    pub version: u64,
    /// The current (or last) match's id.
    pub game_id: Option<String>,
    /// A rated match that has finished: what it did to each player's rating (until the next
    /// match starts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating_changes: Option<Vec<RatingChange>>,
    /// A daily deal's table: the day, the game and how far the player is (absent elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub daily: Option<Box<DailyProgress>>,
    /// A tournament match's table: its tournament, round and board (absent elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tournament: Option<Box<TournamentProgress>>,
}

/// Which tournament match a table plays, as its `table` frame says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TournamentProgress {
    /// The tournament's id.
    pub id: String,
    /// The round, from 1.
    pub round: u32,
    /// The board in its round, from 0.
    pub board: u32,
    /// Hands in the match.
    pub hands: u32,
    /// When the match starts at the latest if someone is missing (Unix ms; absent once it
    /// started).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starts_by: Option<i64>,
}

/// Where a daily deal's table stands, as its `table` frame says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DailyProgress {
    /// The day, `YYYY-MM-DD`.
    pub day: String,
    /// The daily game (`baloot`, ...).
    pub game: &'static str,
    /// The deal under way or last played, from 0 (each deal is a match of one hand).
    pub deal: u64,
    /// How many deals the day holds.
    pub deals: usize,
    /// Every deal is played.
    pub done: bool,
}

/// What a rated match did to one player's rating, as the `table` frame shows it at the end.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingChange {
    /// The seat.
    pub seat: usize,
    /// The player id.
    pub player: String,
    /// `win`, `loss` or `left` (left early: counted as a loss).
    pub outcome: String,
    /// The rating before the match.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// Its uncertainty after it.
    pub uncertainty: f64,
}

/// A seat as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatInfo {
    /// The seat number.
    pub seat: usize,
    /// The person's name, `bot:KIND`, or null for an empty seat.
    pub name: Option<String>,
    /// `human`, `bot` or `empty`.
    pub kind: &'static str,
    /// The bot's kind, for a bot.
    pub bot: Option<String>,
    /// The person's player id (humans only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// Whether the person has a socket subscribed to the table now (bots: always).
    pub connected: bool,
    /// A person whose clock ran out twice in a row, or who left during the match.
    pub away: bool,
}

/// One chat message, as the `chat` frame and `sync`'s `chat` list carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChatLine {
    /// Its number at the table, from 0, growing by one with each message: a client merges the
    /// `sync` list and the live frames by it.
    pub seq: u64,
    /// `players` (said by a seated player; everyone at the table reads it) or `spectators`
    /// (said by a spectator; only spectators read it).
    pub channel: &'static str,
    /// Who said it.
    pub from: ChatFrom,
    /// Free text (absent for a phrase).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// A quick phrase's id (absent for free text).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phrase: Option<String>,
    /// When, Unix milliseconds.
    pub at: i64,
}

/// The sender of a chat message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChatFrom {
    /// The player id.
    pub id: String,
    /// The display name.
    pub name: String,
    /// Their seat when they said it (null: a spectator).
    pub seat: Option<usize>,
}

/// One line of a table's public action log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogEntry {
    /// The version the action made.
    pub version: u64,
    /// Who acted (null: the clock, or a deal).
    pub seat: Option<usize>,
    /// The action, or `"deal"`.
    pub action: String,
}

/// The commitment of the hand in progress, as `sync` carries it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandCommitment {
    /// The hand, from 0.
    pub hand: usize,
    /// `hex(SHA-256(salt || deck))`.
    pub commitment: String,
}

/// What one seat (or a spectator) sees of the match now: the fields `sync` and `event` share.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchState {
    /// The game's view for the seat (`Game::view`); null before the first deal.
    pub view: Value,
    /// Who may act now.
    pub to_act: SeatSet,
    /// The receiver's own legal actions, in notation.
    pub legal: Vec<String>,
    /// The receiver's own held cards in the order a player sorts them (`[]` for spectators and
    /// for games without a hand).
    pub order: Vec<Card>,
    /// Time left on the clock that runs now, milliseconds.
    pub deadline_ms: Option<u64>,
    /// Per-hand summaries.
    pub hands: Value,
    /// The match score.
    pub score: Score,
    /// The match is over.
    pub finished: bool,
    /// Who won, once it is over.
    pub winner: Option<Winner>,
}

impl MatchState {
    /// Before the first match: nothing to see.
    #[must_use]
    pub fn empty() -> Self {
        MatchState {
            view: Value::Null,
            to_act: SeatSet::EMPTY,
            legal: Vec::new(),
            order: Vec::new(),
            deadline_ms: None,
            hands: Value::Array(Vec::new()),
            score: Score::new(),
            finished: false,
            winner: None,
        }
    }

    /// What `seat` (`None`: a spectator) sees of `m`, with `deadline_ms` left on the running clock.
    #[must_use]
    pub fn of<G: Game>(m: &Match<G>, seat: Option<Seat>, deadline_ms: Option<u64>) -> Self {
        let g = m.game();
        let to_act = g.to_act();
        let legal = match seat {
            Some(s) if to_act.contains(s) => m.legal_texts(s),
            _ => Vec::new(),
        };
        MatchState {
            view: serde_json::to_value(g.view(seat)).unwrap_or(Value::Null),
            to_act,
            legal,
            order: seat.map(|s| g.display_order(s)).unwrap_or_default(),
            deadline_ms,
            hands: serde_json::to_value(g.hand_summaries()).unwrap_or(Value::Null),
            score: g.score(),
            finished: g.phase() == Phase::Over,
            winner: g.outcome(),
        }
    }
}

impl ProtocolError {
    /// The `error` frame.
    #[must_use]
    pub fn to_msg(&self) -> ServerMsg {
        ServerMsg::Error {
            code: self.code,
            message: self.message.clone(),
            id: self.id.clone(),
            reason: self.reason.clone(),
        }
    }

    /// The `error` frame's text.
    #[must_use]
    pub fn to_message(&self) -> Arc<str> {
        self.to_msg().to_text()
    }
}
