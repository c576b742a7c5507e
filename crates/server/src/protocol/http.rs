//! The HTTP answers (`docs/protocol.md` "HTTP"): one type per kind of answer, so the shape of
//! each lives here beside the WebSocket frames, and the handlers in `http/` only fill them in.
//!
//! `tests/protocol/http/<kind>.json` holds one golden example of each, read by the Rust and the
//! browser tests alike, as `tests/protocol/<type>.json` does for the frames.
//!
//! Stored JSON (a match's `result` and `players`, an export's `record`) is carried as
//! [`Value`]; a stored analysis, sent as it was kept, as [`RawValue`]. Two answers are not typed
//! here because they are another format's: the replay steps (`GET /api/games/{id}/replay`,
//! `POST /api/replay`), computed by the engines (`games::replay_steps`), and a stored record
//! (`GET /api/games/{id}/record`, `docs/records.md`).

use game::RecordError;
use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;

use super::{ChatLine, PlayerInfo, SeatInfo};
use crate::runners::PoolStats;

/// A player as the HTTP answers show them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Player {
    /// The player id.
    pub id: String,
    /// The display name.
    pub name: String,
    /// Whether the player is an account (has a password), not a guest.
    pub account: bool,
}

/// `{"player"}`: who a session belongs to. `GET /api/me`, and what `POST /api/session/adopt`,
/// `/api/account/password` and `/api/account/rename` answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Me {
    /// The session's player.
    pub player: Player,
}

/// `{"player", "token"}`: a new session, from `POST /api/players` (a new guest),
/// `POST /api/account/signin` and `POST /api/account/claim` (which ends the guest's session).
/// The session cookie comes with it when the request came from a
/// browser.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NewSession {
    /// The session's player.
    pub player: Player,
    /// The session's bearer token.
    pub token: String,
}

/// A public table open to join, as `GET /api/tables` lists it (the answer is a list of them).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ListedTable {
    /// The join code.
    pub code: String,
    /// The game id.
    pub game: &'static str,
    /// Whether players may ask for hints.
    pub hints: bool,
    /// Whether the table's matches are rated.
    pub rated: bool,
    /// `lobby`, `playing` or `finished`.
    pub status: &'static str,
    /// The host's name.
    pub host: String,
    /// The seats, as in the `table` frame.
    pub seats: Vec<SeatInfo>,
}

/// `GET /api/tables/{code}`: what a table is, for someone an invite link brought who has not
/// chosen a name yet — the game, the host, the rules and who sits where (nothing of the cards;
/// no more than watching the table shows).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TablePreview {
    /// The table as the listing shows it.
    #[serde(flatten)]
    pub listed: ListedTable,
    /// The table's rules, as in the `table` frame.
    pub rules: serde_json::Map<String, Value>,
    /// Time per decision, in milliseconds.
    pub turn_ms: u64,
}

/// `GET /api/bots`: the bots a host may seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bots {
    /// The built-in bots' names (levels and kinds).
    pub builtin: &'static [&'static str],
    /// The operator's bot programs, by the names the operator gave them.
    pub server: Vec<String>,
    /// How many processes of the operator's bots may run at once.
    pub max_processes: usize,
    /// How many run now.
    pub running: usize,
}

/// `GET /api/stats`: what the server holds now.
#[derive(Clone, Debug, Serialize)]
pub struct Stats {
    /// Live tables.
    pub tables: usize,
    /// Open sockets.
    pub connections: u64,
    /// The server's resident memory in bytes (Linux; null elsewhere).
    pub rss_bytes: Option<u64>,
    /// The store's kind: `sqlite` or `postgres`.
    pub store: &'static str,
    /// The threads the searching bots think on.
    pub bot_threads: PoolStats,
}

/// `GET /api/health` and `/api/ready`: whether the store takes writes (200), or its error (503).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Health {
    /// Whether the store's latest write succeeded.
    pub ok: bool,
    /// `ok`, or `failing: ` and the store's error.
    pub store: String,
}

/// `GET /healthz` (always `{"ok": true}`) and `/readyz`: 200 while the server takes new players,
/// 503 with the reason otherwise.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ready {
    /// Whether the server is live (`/healthz`) or ready (`/readyz`).
    pub ok: bool,
    /// Why it is not ready (absent when it is).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Every refused request but a record's: `{"error": {"code", "message"}}` with the status.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorAnswer {
    /// What was wrong.
    pub error: ErrorBody,
}

/// The body of an [`ErrorAnswer`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorBody {
    /// A stable code for programs (`not_found`, `name_taken`, `rate_limited`, ...).
    pub code: &'static str,
    /// What was wrong, in English, for people.
    pub message: String,
}

/// `POST /api/replay`'s 422: a record that is not valid or does not replay, as `{"error": {"kind",
/// "hand", "action", "seat", "text", "reason"}}`, the object `majlis replay` prints for the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordRefusal {
    /// Where in the record it went wrong, and why.
    pub error: RecordError,
}

/// `GET /api/games/{id}/analysis`: the analysis once made (200), else the news that it is on
/// its way (202).
#[derive(Debug, Serialize)]
pub struct AnalysisAnswer {
    /// How far the analysis is.
    pub status: AnalysisStatus,
    /// The analysis (`majlis analyze`'s JSON, as stored), once `ready`; absent before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analysis: Option<Box<RawValue>>,
}

/// How far a match's analysis is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AnalysisStatus {
    /// Asked for now: it waits for a thread.
    Queued,
    /// Under way.
    Running,
    /// Made and kept with the match.
    Ready,
}

/// `GET /api/games/{id}/chat`: the players' channel of a finished match, oldest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchChat {
    /// The match id. (No table code: a public answer never names a table, which may be private.)
    pub game_id: String,
    /// The lines, as in the `chat` frame (without `type` and `table`).
    pub chat: Vec<ChatLine>,
}

/// `GET /api/players/{id}`: a player's profile, public.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Profile {
    /// Who.
    pub player: Player,
    /// Their rating in each game they have one in, with its rank.
    pub ratings: Vec<Rating>,
    /// Their newest finished matches, newest first.
    pub games: Vec<PlayedGame>,
}

/// One game's rating of a profile.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// The game id.
    pub game: String,
    /// The rating.
    pub rating: f64,
    /// Its uncertainty.
    pub uncertainty: f64,
    /// Rated matches played.
    pub games: i64,
    /// Rated matches won.
    pub wins: i64,
    /// Rated matches the player left early (each a loss for them, and a void match for the
    /// others).
    pub leaves: i64,
    /// Whether the rating counts too few matches to be trusted yet.
    pub provisional: bool,
    /// The place on the game's leaderboard (from 1).
    pub rank: i64,
}

/// A finished match from one player's side: a profile's `games`, and each line of
/// `GET /api/me/export` (with its record, [`ExportedGame`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayedGame {
    /// The match id. (No table code: profiles are public, and the table may have been private.)
    pub game_id: String,
    /// The game id.
    pub game: String,
    /// When it started, in Unix milliseconds.
    pub started_at: i64,
    /// When it ended, in Unix milliseconds.
    pub ended_at: Option<i64>,
    /// The player's seat.
    pub seat: i64,
    /// Whether the player's side won, by the table's result.
    pub won: bool,
    /// The stored result (`{"winner", "score"}`), or null.
    pub result: Option<Value>,
    /// Those on the player's team (none in Kabul).
    pub partners: Vec<SeatedPerson>,
    /// Everyone else.
    pub opponents: Vec<SeatedPerson>,
    /// Whether the match was rated.
    pub rated: bool,
    /// What it did to the player's rating (null when it was not rated).
    pub rating_change: Option<RatingMove>,
}

/// Someone at a seat of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatedPerson {
    /// The player id; null for a bot.
    pub id: Option<String>,
    /// The name (a person's name now; a bot's `bot:KIND`).
    pub name: String,
    /// The seat.
    pub seat: i64,
}

/// A rated match's change to one player's rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingMove {
    /// The rating before the match.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// How the match counted: `win`, `loss` or `left`.
    pub outcome: Option<String>,
}

/// One line of `GET /api/me/export`: the profile's entry for the match and its whole record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExportedGame {
    /// The match from the player's side.
    #[serde(flatten)]
    pub game: PlayedGame,
    /// The stored record (the format `majlis replay` reads), or null.
    pub record: Option<Value>,
}

/// `GET /api/leaderboard/{game}`: the best of a game, and the asker's own place.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Leaderboard {
    /// The game id.
    pub game: String,
    /// The best, best first.
    pub top: Vec<BoardEntry>,
    /// The asker's place: null without a session or a rating in the game.
    pub me: Option<BoardPlace>,
}

/// A line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardEntry {
    /// The place, from 1.
    pub rank: i64,
    /// Who.
    pub player: PlayerInfo,
    /// The rating.
    pub rating: f64,
    /// Its uncertainty.
    pub uncertainty: f64,
    /// The conservative score the board is ordered by.
    pub score: f64,
    /// Rated matches played.
    pub games: i64,
    /// Rated matches won.
    pub wins: i64,
    /// Whether the rating is still provisional.
    pub provisional: bool,
}

/// The asker's own place on a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardPlace {
    /// The place, from 1.
    pub rank: i64,
    /// The rating.
    pub rating: f64,
    /// Its uncertainty.
    pub uncertainty: f64,
    /// Rated matches played.
    pub games: i64,
    /// Whether the rating is still provisional.
    pub provisional: bool,
}

/// One match of `GET /api/me/games` (the answer is a list of them, newest first).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MyGame {
    /// The match id.
    pub game_id: String,
    /// The code of its table.
    pub table: String,
    /// The game id.
    pub game: String,
    /// The player's seat.
    pub seat: i64,
    /// Whether the match is over.
    pub finished: bool,
    /// The stored result (`{"winner", "score"}`) once finished, else null.
    pub result: Option<Value>,
    /// When it started, in Unix milliseconds.
    pub started_at: i64,
    /// When it ended, in Unix milliseconds.
    pub ended_at: Option<i64>,
    /// The names by seat as stored (`bot:KIND` for a bot).
    pub players: Value,
    /// The people's ids by seat (null for a bot), for links to their profiles.
    pub player_ids: Vec<Option<String>>,
}

/// `GET /api/daily`: today's daily deal — the day, its commitment, and each game with how far the
/// asker (when signed in) has got.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyToday {
    /// The day, `YYYY-MM-DD` (UTC).
    pub day: String,
    /// When it closes (Unix ms): then its secret is revealed and every line can be seen.
    pub closes_at: i64,
    /// `hex(SHA-256("majlis daily " || day || " " || secret))`, published as the day opens.
    pub commitment: String,
    /// The bots of every daily table (`medium`).
    pub bots: &'static str,
    /// Each game of the day.
    pub games: Vec<DailyGameToday>,
    /// The day before, whose record (`GET /api/daily/{day}/record`) can now be verified.
    pub previous: String,
}

/// One game of [`DailyToday`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyGameToday {
    /// The daily game (`kout6`, `kout4`, `baloot`, `kabul`).
    pub game: &'static str,
    /// How many deals it holds.
    pub deals: usize,
    /// How many players have begun it.
    pub players: usize,
    /// The asker's entry, once they began.
    pub you: Option<DailyEntry>,
}

/// A player's daily deal of one game: `POST /api/daily/{game}` (which opens it, or finds the one
/// begun), and in [`DailyGameToday`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyEntry {
    /// The day.
    pub day: String,
    /// The daily game.
    pub game: &'static str,
    /// The table it is played at (join it over the WebSocket; it plays on by itself).
    pub table: String,
    /// Deals finished.
    pub played: usize,
    /// How many deals the day holds.
    pub deals: usize,
}

/// `GET /api/daily/{day}/{game}`: the day's standings, live.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyBoard {
    /// The day.
    pub day: String,
    /// The daily game.
    pub game: &'static str,
    /// How many deals it holds.
    pub deals: usize,
    /// The day has closed: every line and record can be seen.
    pub closed: bool,
    /// Best first: by matchpoints, then by total.
    pub players: Vec<DailyPlace>,
    /// Once the day closed: each deal's best result and the match that made it.
    pub best: Vec<Option<DailyBest>>,
    /// Once the day closed: each deal's double-dummy par, as a net for seat 0 (the deal bid and
    /// played with every hand seen, the solver's every bid and card); `null` before the close,
    /// while it is computed (`pars_pending`), and for Kabul, which has no double-dummy.
    pub pars: Option<Vec<i64>>,
    /// The pars are being computed: ask again in a moment.
    pub pars_pending: bool,
}

/// One player's line of [`DailyBoard`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyPlace {
    /// 1 for the first (equal scores share a place).
    pub place: usize,
    /// The player id.
    pub player: String,
    /// The name.
    pub name: String,
    /// Deals finished.
    pub played: usize,
    /// The matchpoints over every deal of the day, as a percentage: each deal gives the share of
    /// the others who played it that one beat (ties half), and a deal not played gives none.
    pub percent: f64,
    /// The sum of the nets of the deals played (own points minus the other team's; Kabul: minus
    /// one's own).
    pub total: i64,
    /// Each finished deal, shown once the asker has finished the day (their own line) or the day
    /// has closed; empty otherwise.
    pub results: Vec<DailyResult>,
}

/// One finished deal of a [`DailyPlace`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyResult {
    /// The deal, from 0.
    pub deal: usize,
    /// The net.
    pub net: i64,
    /// The hand's score (per team, or per seat in Kabul).
    pub score: Value,
    /// The share of the field beaten on this deal, 0–1.
    pub matchpoints: f64,
    /// The match (its replay), once it may be seen.
    pub game_id: Option<String>,
}

/// The best result of one deal, once the day closed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyBest {
    /// Who made it.
    pub name: String,
    /// The net.
    pub net: i64,
    /// The match, to replay.
    pub game_id: String,
}

/// `GET /api/daily/history`: the asker's days, newest first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyHistoryLine {
    /// The day.
    pub day: String,
    /// The daily game.
    pub game: String,
    /// Deals finished.
    pub played: usize,
    /// As [`DailyPlace::percent`].
    pub percent: f64,
    /// The place among the day's players of that game.
    pub place: usize,
    /// How many played it.
    pub of: usize,
}

/// `GET /api/tournaments`: the newest tournaments.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentList {
    /// Newest first.
    pub tournaments: Vec<TournamentSummary>,
}

/// A tournament at a glance (in [`TournamentList`], and the head of [`TournamentDetail`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentSummary {
    /// Its id (`t_...`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// The game (`kout6`, `kout4`, `baloot`).
    pub game: String,
    /// `swiss` or `knockout`.
    pub format: String,
    /// Swiss: its number of rounds; knockout: 0 (as many as the bracket needs).
    pub rounds: i64,
    /// Hands per match (with a target, the most a match has).
    pub hands: i64,
    /// The points that end a match once a team has them (`null`: the match is its hands).
    pub target: Option<i64>,
    /// When it starts (Unix ms).
    pub starts_at: i64,
    /// Whether its matches are rated.
    pub rated: bool,
    /// Who created it (their name; for the server's schedule, `null`).
    pub host: Option<String>,
    /// `open` (registering), `running`, `finished` or `cancelled`.
    pub status: String,
    /// The round under way (0 before the first).
    pub round: i64,
    /// How many players registered.
    pub players: usize,
}

/// `GET /api/tournaments/{id}` (and the answer of creating, registering, withdrawing and
/// starting): the tournament with its players, teams, rounds and standings, live.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentDetail {
    /// The tournament.
    #[serde(flatten)]
    pub summary: TournamentSummary,
    /// How many players a team has.
    pub team_size: usize,
    /// The registered players, in the order they registered.
    pub entrants: Vec<TournamentEntrant>,
    /// The teams, by seed (empty before the start).
    pub teams: Vec<TournamentTeam>,
    /// The rounds so far, each with its boards (`rounds` of the summary is how many a Swiss
    /// tournament has).
    pub played: Vec<TournamentRound>,
    /// The standings, best first (empty before the start).
    pub standings: Vec<TournamentPlace>,
    /// The asker's part: their team and the table they play at now.
    pub you: Option<TournamentYou>,
}

/// A registered player.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentEntrant {
    /// Their name.
    pub name: String,
    /// Who registered them (a name; their own when they came alone).
    pub with: String,
}

/// A team.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentTeam {
    /// Its number: the seed, 1 the highest rated.
    pub team: i64,
    /// Its players' names in seat order (`null`: a bot partner).
    pub players: Vec<Option<String>>,
    /// The mean rating of its players when it was seeded.
    pub rating: i64,
}

/// One round: its boards.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentRound {
    /// The round (from 1).
    pub round: i64,
    /// Whether every board of it is finished (its deals and replays are open then).
    pub done: bool,
    /// Its boards.
    pub boards: Vec<TournamentBoard>,
}

/// One board of a round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentBoard {
    /// The board (from 0).
    pub board: i64,
    /// Team A sits in the odd seats (odd boards), holding the other side of the round's deals.
    pub flipped: bool,
    /// Team A, in the even seats (the odd ones when `flipped`).
    pub a: i64,
    /// Team B, in the other seats (`null`: A has a bye).
    pub b: Option<i64>,
    /// `bye`, `playing` or `finished`.
    pub status: &'static str,
    /// Its table's code, for its players to join.
    pub table: Option<String>,
    /// Team A's points, once finished.
    pub a_points: Option<i64>,
    /// Team B's points, once finished.
    pub b_points: Option<i64>,
    /// Who won (`a`, `b`, `draw`, `both_lose`), once finished.
    pub outcome: Option<crate::tournament::Outcome>,
    /// The teams that had a player missing at the start (they lose the match).
    pub no_show: Vec<i64>,
    /// The match's id, for its replay: once its round is over.
    pub game_id: Option<String>,
}

/// A team's line in the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentPlace {
    /// Its place, from 1 (equal lines share one).
    pub place: u32,
    /// The team.
    pub team: u32,
    /// Its players' names (`null`: a bot partner).
    pub players: Vec<Option<String>>,
    /// Its score: a win 1, a draw ½, a bye 1.
    pub score: f64,
    /// Points for minus points against.
    pub diff: i64,
    /// Matches won (byes included).
    pub won: u32,
    /// Matches drawn.
    pub drawn: u32,
    /// Matches lost.
    pub lost: u32,
    /// Knockout: still in the bracket.
    pub alive: bool,
    /// The room's matchpoints as a percentage: on each round, the share of the teams that held
    /// the same cards whose net (points for minus against) this team beat, ties half; `null`
    /// before any comparison.
    pub matchpoints: Option<f64>,
}

/// The asker's part in a tournament.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentYou {
    /// Whether they are registered.
    pub registered: bool,
    /// Their team, once teams are fixed.
    pub team: Option<i64>,
    /// The table of their board in the round under way, while it is played.
    pub table: Option<String>,
}
