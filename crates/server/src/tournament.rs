//! Duplicate team tournaments: what an event is, how its teams are paired, and how its standings
//! are read from the stored matches. The driver that starts events and their rounds is
//! [`crate::tournament_drive`]; the HTTP routes are in `http/tournaments.rs`.
//!
//! - **Teams.** A team game's players register alone or with a fixed partner (Kout Bo 6: up to
//!   two partners). At the start, lone players are put together in the order they registered; a
//!   team still short gets the tournament's bot ([`BOT`]) in the empty seats. Teams are numbered
//!   by seed: 1 is the highest rated (the mean of its players' ratings in the game).
//! - **A board** is one match of `hands` hands from 0–0, or fewer when a `target` is set and a
//!   team reaches it. **Every table of a round plays the same deals**: the tables of round `r`
//!   share one seed, derived from the tournament's secret, so their dealers, decks and salts
//!   agree. **Each deal is played from both sides**: at even boards team A holds the even seats'
//!   cards, at odd boards the odd seats' ([`flipped`]), as the arena's duplicate pairs swap
//!   seats. So the room's results compare: a team's net on a round is scored against every team
//!   that held the same cards ([`Line::mp_halves`], matchpoints as the daily deal counts them).
//! - **Swiss**: `rounds` rounds; each round pairs teams with equal scores first (a win 1 point,
//!   a draw ½), never twice the same two teams; with an odd number of teams the lowest-placed
//!   team without a bye yet has one (it counts as a win). Ties in the standings go by the
//!   room's matchpoints, then the points difference, then seed.
//! - **Knockout**: a bracket seeded by rating (1 meets the lowest seed, as in tennis), byes for
//!   the top seeds when the teams are not a power of two; a drawn match goes to the better seed.
//! - **No-shows.** A board's table starts when all its people are there, or after the
//!   tournament's grace period (`Config::tournament_grace`); a team with a player missing then
//!   has bots play for them and loses the match whatever the score (both missing: both lose).
//!   A disconnect during play follows the usual clock and bot rules.

use std::collections::HashSet;

use game::Seat;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::daily::DailyGame;
use crate::fair;

/// The bot that plays in a short team's empty seats.
pub const BOT: &str = "medium";

/// The most hands a tournament match may have.
pub const MAX_HANDS: u32 = 16;

/// The highest target score a match may have.
pub const MAX_TARGET: u32 = 1000;

/// The most rounds a Swiss tournament may have.
pub const MAX_ROUNDS: u32 = 9;

/// The most teams one tournament takes.
pub const MAX_TEAMS: usize = 64;

/// How the teams meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// A fixed number of rounds, each pairing teams of equal score, no rematch.
    Swiss,
    /// Single elimination in a bracket seeded by rating.
    Knockout,
}

impl Format {
    /// Its stored name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::Knockout => "knockout",
        }
    }

    /// The format named `text`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Format> {
        match text {
            "swiss" => Some(Format::Swiss),
            "knockout" => Some(Format::Knockout),
            _ => None,
        }
    }
}

/// The games tournaments are played in: the team games, with the daily deal's rules.
#[must_use]
pub fn game_of(slug: &str) -> Option<DailyGame> {
    DailyGame::parse(slug).filter(|g| g.kind().has_teams())
}

/// How many players a team of `game` has.
#[must_use]
pub fn team_size(game: DailyGame) -> usize {
    match game {
        DailyGame::Kout6 => 3,
        DailyGame::Kout4 | DailyGame::Baloot => 2,
        DailyGame::Kabul => 1,
    }
}

/// The seed of every table of round `round` (from 1): the same for all of them.
#[must_use]
pub fn round_seed(secret: &[u8; 32], round: u32) -> [u8; 32] {
    fair::derive(secret, "tournament round", &[u64::from(round)])
}

/// Whether team A of board `board` (from 0) sits in the odd seats: at odd boards the teams swap
/// sides, so every deal of a round is held from both sides in the room.
#[must_use]
pub const fn flipped(board: u32) -> bool {
    board % 2 == 1
}

/// What makes a table a tournament board (stored with the table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardTag {
    /// The tournament's id.
    pub tournament: String,
    /// The round, from 1.
    pub round: u32,
    /// The board in its round, from 0.
    pub board: u32,
    /// Hands in the match (the most, when a target is set).
    pub hands: u32,
    /// The points that end the match once a team has them (checked after each hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
    /// The seats whose person was missing when the match started (their team loses it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_show: Vec<usize>,
}

impl BoardTag {
    /// The stored form.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads the stored form back (`None`: not a tournament board's tag).
    #[must_use]
    pub fn parse(text: &str) -> Option<BoardTag> {
        let v: Value = serde_json::from_str(text).ok()?;
        v.get("tournament")?;
        serde_json::from_value(v).ok()
    }
}

/// How a finished board came out, read from its match's stored result. Read from the record,
/// `a` is the even seats' side and `b` the odd seats'; in a [`Board`], `a` is team A's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// Side A's points.
    pub a: i64,
    /// Side B's points.
    pub b: i64,
    /// A person of side A was missing at the start.
    pub a_no_show: bool,
    /// A person of side B was missing at the start.
    pub b_no_show: bool,
}

impl Played {
    /// Reads a match's stored result JSON (`{"score": [a, b], "no_show": [seats]}`).
    #[must_use]
    pub fn from_result(result: &str) -> Option<Played> {
        let v: Value = serde_json::from_str(result).ok()?;
        let score = v["score"].as_array()?;
        let at = |i: usize| score.get(i).and_then(Value::as_i64).unwrap_or(0);
        let no_show: Vec<u64> =
            v["no_show"].as_array().map(|a| a.iter().filter_map(Value::as_u64).collect()).unwrap_or_default();
        Some(Played {
            a: at(0),
            b: at(1),
            a_no_show: no_show.iter().any(|s| s % 2 == 0),
            b_no_show: no_show.iter().any(|s| s % 2 == 1),
        })
    }

    /// The same result seen from the other side.
    #[must_use]
    pub const fn swapped(self) -> Played {
        Played { a: self.b, b: self.a, a_no_show: self.b_no_show, b_no_show: self.a_no_show }
    }

    /// The match result's extra field for `no_show` seats.
    #[must_use]
    pub fn no_show_json(no_show: &[usize]) -> Value {
        json!(no_show)
    }

    /// Who won: a team with a no-show loses whatever the score; otherwise more points wins.
    #[must_use]
    pub fn outcome(self) -> Outcome {
        match (self.a_no_show, self.b_no_show) {
            (true, true) => Outcome::BothLose,
            (true, false) => Outcome::B,
            (false, true) => Outcome::A,
            (false, false) => match self.a.cmp(&self.b) {
                std::cmp::Ordering::Greater => Outcome::A,
                std::cmp::Ordering::Less => Outcome::B,
                std::cmp::Ordering::Equal => Outcome::Draw,
            },
        }
    }
}

/// A board's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Team A won.
    A,
    /// Team B won.
    B,
    /// Equal points.
    Draw,
    /// Both teams had a no-show: neither scores.
    BothLose,
}

/// One board as the standings read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The round, from 1.
    pub round: u32,
    /// The board, from 0.
    pub board: u32,
    /// Team A (the even seats at even boards, the odd ones at odd boards: [`flipped`]).
    pub a: u32,
    /// Team B, or `None`: A has a bye.
    pub b: Option<u32>,
    /// The result from team A's side, once the match is finished.
    pub played: Option<Played>,
}

impl Board {
    /// Whether the board needs nothing more (a bye, or a finished match).
    #[must_use]
    pub fn done(&self) -> bool {
        self.b.is_none() || self.played.is_some()
    }

    /// The team that goes on from a knockout board (a draw or both missing: the better seed,
    /// the lower number); `None` while it is being played.
    #[must_use]
    pub fn knockout_winner(&self) -> Option<u32> {
        let Some(b) = self.b else { return Some(self.a) };
        Some(match self.played?.outcome() {
            Outcome::A => self.a,
            Outcome::B => b,
            Outcome::Draw | Outcome::BothLose => self.a.min(b),
        })
    }
}

/// A team's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The team's number (its seed).
    pub team: u32,
    /// Its place, from 1 (equal lines share one).
    pub place: u32,
    /// Score in half points (a win 2, a draw 1, a bye 2).
    pub halves: u32,
    /// Points for minus points against, over its finished matches.
    pub diff: i64,
    /// Matches won, drawn and lost (byes count as won).
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
    /// Knockout: still in the bracket.
    pub alive: bool,
    /// The room's matchpoints, in halves: on each round, for every other team that held the same
    /// cards (the same side of the same deals), 2 if this team's net (points for minus against)
    /// was higher, 1 if equal.
    pub mp_halves: u32,
    /// The most `mp_halves` could be (2 per comparison): the share is `mp_halves / mp_tops`.
    pub mp_tops: u32,
}

impl Line {
    /// The room's matchpoints as a percentage, `None` before a comparison was made.
    #[must_use]
    pub fn mp_percent(&self) -> Option<f64> {
        (self.mp_tops > 0).then(|| 100.0 * f64::from(self.mp_halves) / f64::from(self.mp_tops))
    }
}

/// The standings of `teams` teams (numbered 1..=teams) from `boards`: Swiss by score, then the
/// room's matchpoints, then the points difference, then seed; knockout by how far a team got,
/// then seed.
#[must_use]
pub fn standings(format: Format, teams: u32, boards: &[Board]) -> Vec<Line> {
    let mut lines: Vec<Line> = (1..=teams)
        .map(|team| Line {
            team,
            place: 0,
            halves: 0,
            diff: 0,
            won: 0,
            drawn: 0,
            lost: 0,
            alive: true,
            mp_halves: 0,
            mp_tops: 0,
        })
        .collect();
    for (team, halves, tops) in room_matchpoints(boards) {
        if let Some(line) = (team as usize).checked_sub(1).and_then(|i| lines.get_mut(i)) {
            line.mp_halves += halves;
            line.mp_tops += tops;
        }
    }
    // Knockout: the last round a team played in (how far it got).
    let mut reached = vec![0u32; teams as usize + 1];
    for board in boards {
        let idx = |t: u32| (t as usize).checked_sub(1);
        if let Some(r) = reached.get_mut(board.a as usize) {
            *r = (*r).max(board.round);
        }
        if let Some(r) = board.b.and_then(|b| reached.get_mut(b as usize)) {
            *r = (*r).max(board.round);
        }
        let Some(b) = board.b else {
            if let Some(line) = idx(board.a).and_then(|i| lines.get_mut(i)) {
                line.halves += 2;
                line.won += 1;
            }
            continue;
        };
        let Some(played) = board.played else { continue };
        let outcome = played.outcome();
        let sides = [(board.a, played.a - played.b, Outcome::A), (b, played.b - played.a, Outcome::B)];
        for (team, diff, wins) in sides {
            let Some(line) = idx(team).and_then(|i| lines.get_mut(i)) else { continue };
            line.diff += diff;
            match outcome {
                o if o == wins => {
                    line.halves += 2;
                    line.won += 1;
                }
                Outcome::Draw => {
                    line.halves += 1;
                    line.drawn += 1;
                }
                _ => line.lost += 1,
            }
        }
        if format == Format::Knockout
            && let Some(winner) = board.knockout_winner()
        {
            let loser = if winner == board.a { b } else { board.a };
            if let Some(line) = idx(loser).and_then(|i| lines.get_mut(i)) {
                line.alive = false;
            }
        }
    }
    // Matchpoint shares scaled by 10^12: two different shares (denominators far below 10^6)
    // differ by more than 10^-12, so the order is exact and equal shares stay equal.
    let share =
        |l: &Line| if l.mp_tops == 0 { 0 } else { i64::from(l.mp_halves) * 1_000_000_000_000 / i64::from(l.mp_tops) };
    let key = |l: &Line| match format {
        Format::Swiss => (i64::from(l.halves), share(l), l.diff),
        Format::Knockout => {
            (i64::from(reached.get(l.team as usize).copied().unwrap_or(0)) * 2 + i64::from(l.alive), 0, 0)
        }
    };
    lines.sort_by(|x, y| key(y).cmp(&key(x)).then(x.team.cmp(&y.team)));
    let mut place = 0;
    let mut last = None;
    for (i, line) in lines.iter_mut().enumerate() {
        let k = key(line);
        if last != Some(k) {
            place = i as u32 + 1;
            last = Some(k);
        }
        line.place = place;
    }
    lines
}

/// Each team's room matchpoints from `boards`: `(team, halves, tops)` per finished match a team
/// played, compared with every other team of the same round that held the same side's cards.
fn room_matchpoints(boards: &[Board]) -> Vec<(u32, u32, u32)> {
    // (round, holds the even seats' cards, team, net)
    let mut entries: Vec<(u32, bool, u32, i64)> = Vec::new();
    for board in boards {
        let (Some(b), Some(p)) = (board.b, board.played) else { continue };
        let a_even = !flipped(board.board);
        entries.push((board.round, a_even, board.a, p.a - p.b));
        entries.push((board.round, !a_even, b, p.b - p.a));
    }
    entries
        .iter()
        .map(|&(round, side, team, net)| {
            let field = entries.iter().filter(|e| e.0 == round && e.1 == side && e.2 != team);
            let (mut halves, mut tops) = (0, 0);
            for other in field {
                halves += match net.cmp(&other.3) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                };
                tops += 2;
            }
            (team, halves, tops)
        })
        .collect()
}

/// The boards as the pairing and the standings read them (results from team A's side).
pub(crate) fn boards_of(rows: &[crate::store::TournamentBoardRow]) -> Vec<Board> {
    rows.iter()
        .map(|r| {
            let board = u32::try_from(r.board).unwrap_or(0);
            let played = r.result.as_deref().and_then(Played::from_result);
            Board {
                round: u32::try_from(r.round).unwrap_or(0),
                board,
                a: u32::try_from(r.team_a).unwrap_or(0),
                b: r.team_b.and_then(|b| u32::try_from(b).ok()),
                played: if flipped(board) { played.map(Played::swapped) } else { played },
            }
        })
        .collect()
}

/// A round's pairings: (team A, team B) per board, and the team with a bye, if any.
pub type Pairing = (Vec<(u32, u32)>, Option<u32>);

/// The next Swiss round's pairings from the standings so far (`ranked`, best first) and the
/// boards played: the bye (with an odd number of teams) to the lowest-placed team without one;
/// then each unpaired team, best first, meets the best-placed team it has not met, undoing an
/// earlier choice when the rest cannot be paired. `None` when every pairing repeats a match.
#[must_use]
pub fn swiss_pairings(ranked: &[u32], boards: &[Board]) -> Option<Pairing> {
    let met: HashSet<(u32, u32)> =
        boards.iter().filter_map(|b| b.b.map(|other| (b.a.min(other), b.a.max(other)))).collect();
    let had_bye: HashSet<u32> = boards.iter().filter(|b| b.b.is_none()).map(|b| b.a).collect();
    let mut order: Vec<u32> = ranked.to_vec();
    let bye = if order.len() % 2 == 1 {
        let at = order.iter().rposition(|t| !had_bye.contains(t)).unwrap_or(order.len() - 1);
        Some(order.remove(at))
    } else {
        None
    };
    let mut pairs = Vec::with_capacity(order.len() / 2);
    pair_rest(&order, &met, &mut pairs).then_some((pairs, bye))
}

fn pair_rest(open: &[u32], met: &HashSet<(u32, u32)>, pairs: &mut Vec<(u32, u32)>) -> bool {
    let Some((&first, rest)) = open.split_first() else { return true };
    for (i, &other) in rest.iter().enumerate() {
        if met.contains(&(first.min(other), first.max(other))) {
            continue;
        }
        let mut left: Vec<u32> = rest.to_vec();
        left.remove(i);
        pairs.push((first, other));
        if pair_rest(&left, met, pairs) {
            return true;
        }
        pairs.pop();
    }
    false
}

/// The seeds in bracket order for a bracket of `size` (a power of two): 1 and 2 meet only in the
/// final, 1 meets the lowest seed first (`[1, 4, 2, 3]` for four).
#[must_use]
pub fn bracket_order(size: u32) -> Vec<u32> {
    let mut order = vec![1u32];
    while (order.len() as u32) < size {
        let n = order.len() as u32 * 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

/// The first knockout round of `teams` teams: seed against seed in [`bracket_order`], a seed
/// with no opponent (more seats than teams) has a bye.
#[must_use]
pub fn knockout_first(teams: u32) -> Vec<(u32, Option<u32>)> {
    let size = teams.max(2).next_power_of_two();
    bracket_order(size)
        .chunks(2)
        .map(|pair| {
            let (x, y) = (pair[0], pair[1]);
            let (hi, lo) = (x.min(y), x.max(y));
            (hi, (lo <= teams).then_some(lo))
        })
        .collect()
}

/// The next knockout round from the boards of the last one, in board order: the winners of
/// boards 0 and 1 meet, then 2 and 3, ... `None` while a board of the last round is unfinished;
/// an empty list when the last round was the final.
#[must_use]
pub fn knockout_next(last: &[Board]) -> Option<Vec<(u32, Option<u32>)>> {
    let winners: Vec<u32> = last.iter().map(Board::knockout_winner).collect::<Option<_>>()?;
    if winners.len() <= 1 {
        return Some(Vec::new());
    }
    Some(winners.chunks(2).map(|p| (p[0].min(p[1]), Some(p[0].max(p[1])))).collect())
}

/// The seat of a board's table for the `nth` player of team A or B (`team_b`): at even boards
/// team A's players in the even seats and team B's in the odd ones, the other way round at odd
/// boards ([`flipped`]); each team's players in order.
#[must_use]
pub fn seat_of(board: u32, team_b: bool, nth: usize) -> Seat {
    Seat::new(nth * 2 + usize::from(team_b != flipped(board))).unwrap_or(Seat::ZERO)
}

/// A tournament the server creates by itself on a timetable (`serve --schedule`), every day at
/// a time or every hour at a minute (UTC). Each start has its tournament, created open for
/// registration as soon as the previous one has started.
///
/// Written `GAME FORMAT at=HH:MM [rounds=N] [hands=N] [target=N] [rated]`, `at=*:MM` for every
/// hour: `kout4 swiss at=20:00 rounds=3 hands=4`, `baloot knockout at=*:30 hands=2 rated`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// The game.
    pub game: DailyGame,
    /// The format.
    pub format: Format,
    /// The hour of the daily start (UTC), `None`: every hour.
    pub hour: Option<u32>,
    /// The minute of the start.
    pub minute: u32,
    /// Swiss rounds (default 3; knockout: 0).
    pub rounds: u32,
    /// Hands per match (default 4).
    pub hands: u32,
    /// A target score, if any.
    pub target: Option<u32>,
    /// Rated.
    pub rated: bool,
}

impl Schedule {
    /// Reads an entry (see the type's doc).
    ///
    /// # Errors
    /// What is wrong with it, in words.
    pub fn parse(text: &str) -> Result<Schedule, String> {
        let mut words = text.split_whitespace();
        let game = words.next().ok_or("a schedule entry starts with its game (kout6, kout4, baloot)")?;
        let game = game_of(game).ok_or_else(|| format!("no tournament game \"{game}\": kout6, kout4 or baloot"))?;
        let format = words.next().ok_or("the game is followed by the format (swiss or knockout)")?;
        let format = Format::parse(format).ok_or_else(|| format!("no format \"{format}\": swiss or knockout"))?;
        let mut entry = Schedule {
            game,
            format,
            hour: None,
            minute: 0,
            rounds: if format == Format::Swiss { 3 } else { 0 },
            hands: 4,
            target: None,
            rated: false,
        };
        let mut at = false;
        let number = |key: &str, value: &str, range: std::ops::RangeInclusive<u32>| {
            value
                .parse::<u32>()
                .ok()
                .filter(|n| range.contains(n))
                .ok_or_else(|| format!("{key}= takes a number from {} to {}", range.start(), range.end()))
        };
        for word in words {
            match word.split_once('=') {
                None if word == "rated" => entry.rated = true,
                Some(("at", time)) => {
                    let (h, m) = time.split_once(':').ok_or("at= is HH:MM, or *:MM for every hour")?;
                    entry.hour = if h == "*" { None } else { Some(number("at", h, 0..=23)?) };
                    entry.minute = number("at", m, 0..=59)?;
                    at = true;
                }
                Some(("rounds", n)) if format == Format::Swiss => entry.rounds = number("rounds", n, 1..=MAX_ROUNDS)?,
                Some(("hands", n)) => entry.hands = number("hands", n, 1..=MAX_HANDS)?,
                Some(("target", n)) => entry.target = Some(number("target", n, 1..=MAX_TARGET)?),
                _ => {
                    return Err(format!(
                        "\"{word}\" is not part of a schedule entry (at=, rounds=, hands=, target=, rated)"
                    ));
                }
            }
        }
        if !at {
            return Err("a schedule entry says when: at=HH:MM (every day) or at=*:MM (every hour)".to_owned());
        }
        Ok(entry)
    }

    /// The first start strictly after `now` (Unix ms).
    #[must_use]
    pub fn next_start(&self, now: i64) -> i64 {
        const MINUTE: i64 = 60_000;
        const HOUR: i64 = 60 * MINUTE;
        const DAY: i64 = 24 * HOUR;
        let (period, offset) = match self.hour {
            Some(h) => (DAY, i64::from(h) * HOUR + i64::from(self.minute) * MINUTE),
            None => (HOUR, i64::from(self.minute) * MINUTE),
        };
        let base = now.div_euclid(period) * period + offset;
        if base > now { base } else { base + period }
    }

    /// The key of the tournament starting at `start`: the entry and the start (one per slot).
    #[must_use]
    pub fn slot(&self, start: i64) -> String {
        let at = self.hour.map_or_else(|| format!("*:{:02}", self.minute), |h| format!("{h:02}:{:02}", self.minute));
        format!(
            "{} {} at={at} rounds={} hands={} target={} rated={} @{start}",
            self.game.slug(),
            self.format.as_str(),
            self.rounds,
            self.hands,
            self.target.unwrap_or(0),
            self.rated
        )
    }

    /// The name of its tournaments: `Kout Bo 4 Swiss · 20:00 UTC`.
    #[must_use]
    pub fn name(&self) -> String {
        let format = match self.format {
            Format::Swiss => "Swiss",
            Format::Knockout => "Knockout",
        };
        let at =
            self.hour.map_or_else(|| format!("hourly :{:02}", self.minute), |h| format!("{h:02}:{:02}", self.minute));
        format!("{} {format} · {at} UTC", self.game.kind().title())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn board(round: u32, n: u32, a: u32, b: Option<u32>, score: Option<(i64, i64)>) -> Board {
        Board {
            round,
            board: n,
            a,
            b,
            played: score.map(|(x, y)| Played { a: x, b: y, a_no_show: false, b_no_show: false }),
        }
    }

    #[test]
    fn brackets_keep_the_top_seeds_apart() {
        assert_eq!(bracket_order(4), vec![1, 4, 2, 3]);
        assert_eq!(bracket_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(knockout_first(4), vec![(1, Some(4)), (2, Some(3))]);
        // Six teams: the two top seeds have byes.
        assert_eq!(knockout_first(6), vec![(1, None), (4, Some(5)), (2, None), (3, Some(6))]);
    }

    #[test]
    fn a_knockout_round_sends_the_winners_on_and_a_draw_to_the_better_seed() {
        let last = [board(1, 0, 1, Some(4), Some((10, 20))), board(1, 1, 2, Some(3), Some((15, 15)))];
        assert_eq!(knockout_next(&last), Some(vec![(2, Some(4))]));
        assert_eq!(knockout_next(&[board(1, 0, 1, Some(4), None), last[1]]), None);
        assert_eq!(knockout_next(&[board(2, 0, 2, Some(4), Some((1, 0)))]), Some(Vec::new()));
    }

    #[test]
    fn swiss_pairs_within_scores_and_never_twice() {
        let r1 = [
            board(1, 0, 1, Some(2), Some((30, 10))),
            board(1, 1, 3, Some(4), Some((30, 10))),
            board(1, 2, 5, Some(6), Some((30, 10))),
            board(1, 3, 7, Some(8), Some((30, 10))),
        ];
        let ranked: Vec<u32> = standings(Format::Swiss, 8, &r1).iter().map(|l| l.team).collect();
        assert_eq!(ranked, vec![1, 3, 5, 7, 2, 4, 6, 8]);
        let (pairs, bye) = swiss_pairings(&ranked, &r1).unwrap();
        assert_eq!(bye, None);
        assert_eq!(pairs, vec![(1, 3), (5, 7), (2, 4), (6, 8)]);
        // Four teams, two rounds played: the third must avoid both earlier opponents.
        let played = [
            board(1, 0, 1, Some(2), Some((1, 0))),
            board(1, 1, 3, Some(4), Some((1, 0))),
            board(2, 0, 1, Some(3), Some((1, 0))),
            board(2, 1, 2, Some(4), Some((1, 0))),
        ];
        let (pairs, _) = swiss_pairings(&[1, 3, 2, 4], &played).unwrap();
        assert_eq!(pairs, vec![(1, 4), (3, 2)]);
        // Every pair met: no pairing.
        let more = [played.as_slice(), &[board(3, 0, 1, Some(4), Some((1, 0))), board(3, 1, 2, Some(3), Some((1, 0)))]]
            .concat();
        assert_eq!(swiss_pairings(&[1, 2, 3, 4], &more), None);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_team_without_one() {
        let r1 = [board(1, 0, 1, Some(2), Some((5, 0))), board(1, 1, 3, None, None)];
        let (pairs, bye) = swiss_pairings(&[1, 3, 2], &r1).unwrap();
        assert_eq!(bye, Some(2));
        assert_eq!(pairs, vec![(1, 3)]);
    }

    #[test]
    fn a_no_show_loses_whatever_the_score_and_standings_count_it() {
        let p = Played { a: 100, b: 0, a_no_show: true, b_no_show: false };
        assert_eq!(p.outcome(), Outcome::B);
        assert_eq!(Played { b_no_show: true, ..p }.outcome(), Outcome::BothLose);
        let read = Played::from_result(r#"{"winner":null,"score":[7,9],"no_show":[1]}"#).unwrap();
        assert_eq!(read, Played { a: 7, b: 9, a_no_show: false, b_no_show: true });
        let boards =
            [Board { round: 1, board: 0, a: 1, b: Some(2), played: Some(p) }, board(1, 1, 3, Some(4), Some((2, 2)))];
        let lines = standings(Format::Swiss, 4, &boards);
        let of = |t: u32| lines.iter().find(|l| l.team == t).unwrap().clone();
        assert_eq!((of(2).halves, of(2).won, of(2).diff), (2, 1, -100));
        assert_eq!((of(1).halves, of(1).lost), (0, 1));
        // The drawn teams share a score; the room's matchpoints part them: team 3 (the odd seats'
        // cards at board 1) beat team 2's -100 on those cards, team 4 lost to team 1's +100.
        assert_eq!((of(3).halves, of(4).halves, of(3).place, of(4).place), (1, 1, 2, 3));
        assert_eq!((of(3).mp_halves, of(4).mp_halves), (2, 0));
        assert_eq!(of(2).place, 1);
        // With the matchpoints equal too, the draw shares a place.
        let even = [board(1, 0, 1, Some(2), Some((2, 2))), board(1, 1, 3, Some(4), Some((2, 2)))];
        let lines = standings(Format::Swiss, 4, &even);
        assert!(lines.iter().all(|l| l.place == 1), "{lines:?}");
    }

    #[test]
    fn knockout_standings_follow_how_far_a_team_got() {
        let boards = [
            board(1, 0, 1, Some(4), Some((10, 20))),
            board(1, 1, 2, Some(3), Some((30, 20))),
            board(2, 0, 2, Some(4), Some((5, 1))),
        ];
        let lines = standings(Format::Knockout, 4, &boards);
        let order: Vec<(u32, u32)> = lines.iter().map(|l| (l.team, l.place)).collect();
        assert_eq!(order, vec![(2, 1), (4, 2), (1, 3), (3, 3)]);
    }

    #[test]
    fn schedule_entries_read_and_find_their_next_start() {
        let e = Schedule::parse("kout4 swiss at=20:00 rounds=2 hands=3 rated").unwrap();
        assert_eq!(
            (e.game, e.format, e.hour, e.minute, e.rounds, e.hands, e.rated),
            (DailyGame::Kout4, Format::Swiss, Some(20), 0, 2, 3, true)
        );
        // A second before 20:00 UTC -> 20:00 the same day; at 20:00 exactly -> the next day.
        let day = 20_421 * 86_400_000_i64;
        assert_eq!(e.next_start(day + 20 * 3_600_000 - 1000), day + 20 * 3_600_000);
        assert_eq!(e.next_start(day + 20 * 3_600_000), day + 86_400_000 + 20 * 3_600_000);
        let hourly = Schedule::parse("baloot knockout at=*:30 target=152").unwrap();
        assert_eq!((hourly.hour, hourly.minute, hourly.rounds, hourly.target), (None, 30, 0, Some(152)));
        assert_eq!(hourly.next_start(day + 31 * 60_000), day + 3_600_000 + 30 * 60_000);
        assert_ne!(hourly.slot(1), hourly.slot(2));
        for bad in [
            "",
            "kabul swiss at=1:00",
            "kout4 round at=1:00",
            "kout4 swiss",
            "kout4 swiss at=24:00",
            "kout4 swiss at=1:00 hands=0",
            "kout4 swiss at=1:00 colour=red",
        ] {
            assert!(Schedule::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_room_scores_each_team_against_those_that_held_the_same_cards() {
        // One round, four boards: boards 0 and 2 (team A on the even seats' cards), 1 and 3 (team
        // A on the odd seats' cards). Nets from team A's side: +10, +4, -2, +4.
        let r = [
            board(1, 0, 1, Some(2), Some((20, 10))),
            board(1, 1, 3, Some(4), Some((14, 10))),
            board(1, 2, 5, Some(6), Some((8, 10))),
            board(1, 3, 7, Some(8), Some((12, 8))),
        ];
        let lines = standings(Format::Swiss, 8, &r);
        let of = |t: u32| lines.iter().find(|l| l.team == t).unwrap().clone();
        // Even seats' cards: team 1 (+10), team 5 (-2), team 4 (-4), team 8 (-4).
        assert_eq!((of(1).mp_halves, of(1).mp_tops), (6, 6));
        assert_eq!((of(5).mp_halves, of(5).mp_tops), (4, 6));
        assert_eq!((of(4).mp_halves, of(8).mp_halves), (1, 1));
        // Odd seats' cards: team 3 (+4), team 7 (+4), team 2 (-10), team 6 (+2).
        assert_eq!((of(3).mp_halves, of(7).mp_halves, of(6).mp_halves, of(2).mp_halves), (5, 5, 2, 0));
        assert_eq!(of(1).mp_percent(), Some(100.0));
        // The winners first, by matchpoints: 1 (6/6), 3 and 7 (5/6) sharing a place, 6 (2/6).
        let order: Vec<u32> = lines.iter().map(|l| l.team).collect();
        assert_eq!(order[..4], [1, 3, 7, 6]);
        assert_eq!((of(3).place, of(7).place), (2, 2));
        // The seats follow the board: team A's first player is seat 0 at even boards, 1 at odd.
        assert_eq!(
            (seat_of(0, false, 0).index(), seat_of(1, false, 0).index(), seat_of(1, true, 1).index()),
            (0, 1, 2)
        );
    }

    #[test]
    fn tags_read_back_and_are_told_from_daily_ones() {
        let tag =
            BoardTag { tournament: "t_1".into(), round: 2, board: 3, hands: 4, target: Some(31), no_show: vec![1] };
        assert_eq!(BoardTag::parse(&tag.to_json()), Some(tag));
        assert_eq!(BoardTag::parse(r#"{"day":"2026-11-28","game":"kout4"}"#), None);
    }
}
