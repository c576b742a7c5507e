//! Ratings in the store: the end of a rated match with its rating changes (one transaction),
//! players' ratings and ranks, the leaderboards, and the finished matches of a profile and an
//! export.
//!
//! A rank is `1 +` the number of ratings of the game that come before it in the leaderboard's
//! order (`score DESC, player_id`), counted by the database through the `ratings_board` index.

use game::{GameKind, Seat, Winner};
use skillratings::weng_lin::WengLinRating;

use super::{Pool, Store, StoreError};
use crate::ratings::{self, Entrant};

/// A player's rating in one game.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct RatingRow {
    /// The player.
    pub player_id: String,
    /// The game id.
    pub game: String,
    /// The rating (Weng-Lin mu, display scale).
    pub rating: f64,
    /// Its uncertainty (sigma).
    pub uncertainty: f64,
    /// `rating - 3 * uncertainty`, the leaderboard's order.
    pub score: f64,
    /// Rated matches played.
    pub games: i64,
    /// Rated matches won.
    pub wins: i64,
}

/// A player's rating with its place on the game's leaderboard.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct RankedRating {
    /// The rating.
    #[sqlx(flatten)]
    pub rating: RatingRow,
    /// The place on the leaderboard, from 1.
    pub rank: i64,
    /// The player's current name.
    pub name: String,
    /// The rated matches of this game the player left early.
    pub leaves: i64,
}

/// What a rated match did to one player's rating.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct RatingChangeRow {
    /// The match.
    pub match_id: String,
    /// The player.
    pub player_id: String,
    /// The game id.
    pub game: String,
    /// The player's seat.
    pub seat: i64,
    /// `win`, `loss` or `left`.
    pub outcome: String,
    /// The rating before.
    pub rating_before: f64,
    /// The uncertainty before.
    pub uncertainty_before: f64,
    /// The rating after.
    pub rating_after: f64,
    /// The uncertainty after.
    pub uncertainty_after: f64,
}

/// A person in a rated match's seat, as its end needs them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedSeat {
    /// The seat.
    pub seat: Seat,
    /// The player.
    pub player_id: String,
    /// They left the match early (a loss).
    pub left: bool,
}

/// The end of a rated match: its result, from which the ratings move.
#[derive(Clone, Debug)]
pub struct RatedEnd<'a> {
    /// The game.
    pub kind: GameKind,
    /// Who won.
    pub winner: &'a Winner,
    /// The final score (per team, or per seat in Kabul).
    pub score: &'a [i32],
    /// Every seat's person.
    pub seats: &'a [RatedSeat],
    /// The hands (Kabul: rounds) the match played: a short match counts less.
    pub hands: usize,
}

/// A finished match of a player, for their profile and export.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct FinishedRow {
    /// The match id.
    pub game_id: String,
    /// The table code.
    pub table_code: String,
    /// The game id.
    pub game: String,
    /// The player's seat.
    pub seat: i64,
    /// The result JSON.
    pub result: Option<String>,
    /// When it started.
    pub started_at: i64,
    /// When it ended.
    pub ended_at: Option<i64>,
    /// Display names by seat, JSON.
    pub players: String,
    /// 1 if rated.
    pub rated: i64,
    /// The player's rating before, if it was rated.
    pub rating_before: Option<f64>,
    /// The player's rating after, if it was rated.
    pub rating_after: Option<f64>,
    /// How the match counted for the rating (`win`, `loss`, `left`), if rated.
    pub outcome: Option<String>,
}

/// Who sat where in a match (people only).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SeatedRow {
    /// The match.
    pub match_id: String,
    /// The seat.
    pub seat: i64,
    /// The player.
    pub player_id: String,
    /// Their current name.
    pub name: String,
}

/// A player as a profile shows them.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PublicPlayer {
    /// The id.
    pub id: String,
    /// The name.
    pub name: String,
    /// 1 for an account (a claimed name), 0 for a guest.
    pub account: i64,
}

const RATING_COLUMNS: &str = "r.player_id, r.game, r.rating, r.uncertainty, r.score, r.games, r.wins, \
     (SELECT COUNT(*) FROM rating_changes c WHERE c.player_id = r.player_id AND c.game = r.game \
     AND c.outcome = 'left') AS leaves";

/// The rank of the rating `r` (the aliases `r` and `o` are the query's).
/// (`o.score >= r.score` first: a range of the `ratings_board` index, the rest a filter on it.)
const RANK: &str = "(SELECT COUNT(*) FROM ratings o WHERE o.game = r.game AND o.score >= r.score \
     AND (o.score > r.score OR o.player_id < r.player_id)) + 1";

impl Store {
    /// Marks a rated match finished with its result and record, and moves the ratings of its
    /// players, all in one transaction: the match's end is stored with its rating changes or
    /// not at all. Returns the changes by seat. Asked again for a match already finished (a
    /// retry after a lost answer), it changes nothing and returns the changes stored then.
    ///
    /// # Errors
    /// The transaction failed (nothing was written), or the fence is stale
    /// ([`StoreError::Fenced`], nothing was written).
    pub async fn finish_rated_match(
        &self,
        id: &str,
        result: &str,
        record: &str,
        now: i64,
        end: &RatedEnd<'_>,
    ) -> Result<Vec<RatingChangeRow>, StoreError> {
        let started = std::time::Instant::now();
        let outcome = self.finish_rated_tx(id, result, record, now, end).await;
        self.health.record("finish_rated_match", started, &outcome);
        outcome
    }

    async fn finish_rated_tx(
        &self,
        id: &str,
        result: &str,
        record: &str,
        now: i64,
        end: &RatedEnd<'_>,
    ) -> Result<Vec<RatingChangeRow>, StoreError> {
        const FINISH: &str = "UPDATE matches SET finished = 1, result = $2, record = $3, ended_at = $4 \
             WHERE id = $1 AND finished = 0";
        const CHANGES: &str = "SELECT match_id, player_id, game, seat, outcome, rating_before, uncertainty_before, \
             rating_after, uncertainty_after FROM rating_changes WHERE match_id = $1 ORDER BY seat";
        const ENSURE: &str = "INSERT INTO ratings (player_id, game, rating, uncertainty, score, games, wins, updated_at) \
             VALUES ($1, $2, $3, $4, $5, 0, 0, $6) ON CONFLICT (player_id, game) DO NOTHING";
        const SAVE: &str = "UPDATE ratings SET rating = $3, uncertainty = $4, score = $5, games = games + 1, \
             wins = wins + $6, updated_at = $7 WHERE player_id = $1 AND game = $2";
        const CHANGE: &str = "INSERT INTO rating_changes (match_id, player_id, game, seat, outcome, rating_before, \
             uncertainty_before, rating_after, uncertainty_after, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";
        // PostgreSQL: lock the rows, so two tables ending at once with the same player apply one
        // after the other. (SQLite: the first write above already holds the database's lock.)
        let read = match self.pool {
            Pool::Sqlite(_) => "SELECT rating, uncertainty FROM ratings WHERE player_id = $1 AND game = $2",
            Pool::Postgres(_) => {
                "SELECT rating, uncertainty FROM ratings WHERE player_id = $1 AND game = $2 FOR UPDATE"
            }
        };
        let game = end.kind.id();
        let start = ratings::initial();
        // Rows are created and locked in one order, so concurrent ends cannot deadlock.
        let mut order: Vec<&RatedSeat> = end.seats.iter().collect();
        order.sort_by(|a, b| a.player_id.cmp(&b.player_id));
        Ok(on_pool!(&self.pool, p => {
            let mut tx = begin_write!(self, p);
            let finished = sqlx::query(FINISH).bind(id).bind(result).bind(record).bind(now).execute(&mut *tx).await?;
            if finished.rows_affected() == 0 {
                let stored = sqlx::query_as::<_, RatingChangeRow>(CHANGES).bind(id).fetch_all(&mut *tx).await?;
                tx.commit().await?;
                return Ok(stored);
            }
            // When someone left, only the leavers' ratings move: nobody else's row is created.
            let someone_left = end.seats.iter().any(|s| s.left);
            let mut before = Vec::with_capacity(order.len());
            for s in &order {
                if s.left || !someone_left {
                    sqlx::query(ENSURE).bind(&s.player_id).bind(game).bind(start.rating).bind(start.uncertainty)
                        .bind(ratings::score(&start)).bind(now).execute(&mut *tx).await?;
                }
                let stored: Option<(f64, f64)> =
                    sqlx::query_as(read).bind(&s.player_id).bind(game).fetch_optional(&mut *tx).await?;
                let (rating, uncertainty) = stored.unwrap_or((start.rating, start.uncertainty));
                before.push(Entrant { seat: s.seat, before: WengLinRating { rating, uncertainty }, left: s.left });
            }
            before.sort_by_key(|e| e.seat);
            let updates = ratings::update(end.kind, end.winner, end.score, end.hands, &before);
            let mut changes = Vec::with_capacity(updates.len());
            for u in &updates {
                let Some(player) = end.seats.iter().find(|s| s.seat == u.seat) else { continue };
                let Some(e) = before.iter().find(|e| e.seat == u.seat) else { continue };
                if u.outcome != ratings::Outcome::Void {
                    let won = i64::from(u.outcome == ratings::Outcome::Win);
                    sqlx::query(SAVE).bind(&player.player_id).bind(game).bind(u.after.rating).bind(u.after.uncertainty)
                        .bind(ratings::score(&u.after)).bind(won).bind(now).execute(&mut *tx).await?;
                }
                let change = RatingChangeRow {
                    match_id: id.to_owned(),
                    player_id: player.player_id.clone(),
                    game: game.to_owned(),
                    seat: u.seat.index() as i64,
                    outcome: u.outcome.as_str().to_owned(),
                    rating_before: e.before.rating,
                    uncertainty_before: e.before.uncertainty,
                    rating_after: u.after.rating,
                    uncertainty_after: u.after.uncertainty,
                };
                sqlx::query(CHANGE).bind(&change.match_id).bind(&change.player_id).bind(&change.game)
                    .bind(change.seat).bind(&change.outcome).bind(change.rating_before).bind(change.uncertainty_before)
                    .bind(change.rating_after).bind(change.uncertainty_after).bind(now).execute(&mut *tx).await?;
                changes.push(change);
            }
            tx.commit().await?;
            changes
        }))
    }

    /// How many rated matches `player_id` left early since `since` (Unix milliseconds), and when
    /// the last of them ended.
    ///
    /// # Errors
    /// The query failed.
    pub async fn leaves_since(&self, player_id: &str, since: i64) -> Result<(i64, Option<i64>), StoreError> {
        const Q: &str = "SELECT COUNT(*), MAX(created_at) FROM rating_changes \
             WHERE player_id = $1 AND created_at > $2 AND outcome = 'left'";
        Ok(
            on_pool!(&self.pool, p => sqlx::query_as::<_, (i64, Option<i64>)>(Q).bind(player_id).bind(since).fetch_one(p).await?),
        )
    }

    /// A player's ratings, each with its rank on its game's leaderboard.
    ///
    /// # Errors
    /// The query failed.
    pub async fn ratings_of(&self, player_id: &str) -> Result<Vec<RankedRating>, StoreError> {
        let q = format!(
            "SELECT {RATING_COLUMNS}, {RANK} AS rank, p.name FROM ratings r JOIN players p ON p.id = r.player_id \
             WHERE r.player_id = $1 ORDER BY r.game"
        );
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, RankedRating>(&q).bind(player_id).fetch_all(p).await?))
    }

    /// The top `limit` of a game's leaderboard, best first, with their ranks.
    ///
    /// # Errors
    /// The query failed.
    pub async fn leaderboard(&self, game: &str, limit: i64) -> Result<Vec<RankedRating>, StoreError> {
        // The order is the `ratings_board` index's; the rank is the position in it.
        let q = format!(
            "SELECT {RATING_COLUMNS}, CAST(0 AS BIGINT) AS rank, p.name FROM ratings r JOIN players p ON p.id = r.player_id \
             WHERE r.game = $1 ORDER BY r.score DESC, r.player_id LIMIT $2"
        );
        let mut rows: Vec<RankedRating> =
            on_pool!(&self.pool, p => sqlx::query_as::<_, RankedRating>(&q).bind(game).bind(limit).fetch_all(p).await?);
        for (i, row) in rows.iter_mut().enumerate() {
            row.rank = i as i64 + 1;
        }
        Ok(rows)
    }

    /// A player's public face: id, name, and whether the name is an account's.
    ///
    /// # Errors
    /// The query failed.
    pub async fn public_player(&self, id: &str) -> Result<Option<PublicPlayer>, StoreError> {
        const Q: &str = "SELECT id, name, CAST(CASE WHEN password_hash IS NULL THEN 0 ELSE 1 END AS BIGINT) AS account \
             FROM players WHERE id = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, PublicPlayer>(Q).bind(id).fetch_optional(p).await?))
    }

    /// A player's finished matches, newest first (at most `limit`), with their rating changes.
    ///
    /// # Errors
    /// The query failed.
    pub async fn finished_games(&self, player_id: &str, limit: i64) -> Result<Vec<FinishedRow>, StoreError> {
        const Q: &str = "SELECT m.id AS game_id, m.table_code, m.game, mp.seat, m.result, m.started_at, m.ended_at, \
             m.players, m.rated, rc.rating_before, rc.rating_after, rc.outcome FROM match_players mp \
             JOIN matches m ON m.id = mp.match_id \
             LEFT JOIN rating_changes rc ON rc.match_id = m.id AND rc.player_id = mp.player_id \
             WHERE mp.player_id = $1 AND m.finished = 1 ORDER BY m.ended_at DESC, m.id LIMIT $2";
        Ok(
            on_pool!(&self.pool, p => sqlx::query_as::<_, FinishedRow>(Q).bind(player_id).bind(limit).fetch_all(p).await?),
        )
    }

    /// The people who sat in `matches`, with their current names.
    ///
    /// # Errors
    /// The query failed.
    pub async fn seated(&self, matches: &[String]) -> Result<Vec<SeatedRow>, StoreError> {
        if matches.is_empty() {
            return Ok(Vec::new());
        }
        on_pool!(&self.pool, p => {
            let mut q = sqlx::QueryBuilder::new(
                "SELECT mp.match_id, mp.seat, mp.player_id, pl.name FROM match_players mp \
                 JOIN players pl ON pl.id = mp.player_id WHERE mp.match_id IN (",
            );
            let mut list = q.separated(", ");
            for id in matches {
                list.push_bind(id);
            }
            q.push(") ORDER BY mp.match_id, mp.seat");
            Ok(q.build_query_as::<SeatedRow>().fetch_all(p).await?)
        })
    }

    /// A page of a player's finished matches with their whole records, oldest first, after the
    /// match that ended at `after` (`(ended_at, id)`; `None`: from the first).
    ///
    /// # Errors
    /// The query failed.
    pub async fn export_page(
        &self,
        player_id: &str,
        after: Option<(i64, String)>,
        limit: i64,
    ) -> Result<Vec<(FinishedRow, Option<String>)>, StoreError> {
        #[derive(sqlx::FromRow)]
        struct Row {
            #[sqlx(flatten)]
            game: FinishedRow,
            record: Option<String>,
        }
        const Q: &str = "SELECT m.id AS game_id, m.table_code, m.game, mp.seat, m.result, m.started_at, m.ended_at, \
             m.players, m.rated, rc.rating_before, rc.rating_after, rc.outcome, m.record FROM match_players mp \
             JOIN matches m ON m.id = mp.match_id \
             LEFT JOIN rating_changes rc ON rc.match_id = m.id AND rc.player_id = mp.player_id \
             WHERE mp.player_id = $1 AND m.finished = 1 AND (m.ended_at > $2 OR (m.ended_at = $2 AND m.id > $3)) \
             ORDER BY m.ended_at, m.id LIMIT $4";
        let (at, id) = after.unwrap_or((i64::MIN, String::new()));
        let rows: Vec<Row> = on_pool!(&self.pool, p => sqlx::query_as::<_, Row>(Q)
            .bind(player_id).bind(at).bind(id).bind(limit).fetch_all(p).await?);
        Ok(rows.into_iter().map(|r| (r.game, r.record)).collect())
    }
}
