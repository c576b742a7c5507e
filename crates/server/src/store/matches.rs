//! Matches: one row each, with its seated players, its result and, once finished, its record;
//! a player's history.

use std::time::Instant;

use super::{Pool, Store, StoreError};

/// A match as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct MatchRow {
    /// The match id (`g_...`).
    pub id: String,
    /// The table it is played at.
    pub table_code: String,
    /// Which match of the table it is (from 0).
    pub number: i64,
    /// The game id.
    pub game: String,
    /// The rule options, JSON.
    pub rules: String,
    /// Display names by seat, JSON.
    pub players: String,
    /// The first dealer's seat.
    pub first_dealer: i64,
    /// 1 once finished.
    pub finished: i64,
    /// The result, JSON (`{"winner":..,"score":..}`), once finished.
    pub result: Option<String>,
    /// The whole record, JSON, once finished.
    pub record: Option<String>,
    /// When it started (Unix ms).
    pub started_at: i64,
    /// When it ended (Unix ms).
    pub ended_at: Option<i64>,
    /// 1 if the match is rated.
    pub rated: i64,
}

/// A line of a player's history.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct HistoryRow {
    /// The match id.
    pub game_id: String,
    /// The table code.
    pub table_code: String,
    /// The game id.
    pub game: String,
    /// The player's seat in it.
    pub seat: i64,
    /// 1 once finished.
    pub finished: i64,
    /// The result JSON, once finished.
    pub result: Option<String>,
    /// When it started.
    pub started_at: i64,
    /// When it ended.
    pub ended_at: Option<i64>,
    /// Who sat where, JSON: an array of names by seat (`bot:KIND` for a bot).
    pub players: String,
}

impl Store {
    /// Stores a new match and who sits where (`(seat, player id)` for the human seats).
    ///
    /// # Errors
    /// The insert failed, or the fence is stale ([`StoreError::Fenced`]).
    pub async fn create_match(&self, m: &MatchRow, seats: &[(i64, String)]) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "INSERT INTO matches (id, table_code, number, game, rules, players, first_dealer, finished, \
                 result, record, started_at, ended_at, rated) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";
            const S: &str = "INSERT INTO match_players (match_id, seat, player_id) VALUES ($1, $2, $3)";
            on_pool!(&self.pool, p => {
                let mut tx = begin_write!(self, p);
                sqlx::query(Q).bind(&m.id).bind(&m.table_code).bind(m.number).bind(&m.game).bind(&m.rules)
                    .bind(&m.players).bind(m.first_dealer).bind(m.finished).bind(&m.result).bind(&m.record)
                    .bind(m.started_at).bind(m.ended_at).bind(m.rated).execute(&mut *tx).await?;
                for (seat, player) in seats {
                    sqlx::query(S).bind(&m.id).bind(*seat).bind(player).execute(&mut *tx).await?;
                }
                tx.commit().await?;
            });
            Ok(())
        }
        .await;
        self.health.record("create_match", started, &result);
        result
    }

    /// Marks a match finished with its result and whole record.
    ///
    /// # Errors
    /// The update failed, or the fence is stale ([`StoreError::Fenced`]).
    pub async fn finish_match(&self, id: &str, result: &str, record: &str, now: i64) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "UPDATE matches SET finished = 1, result = $2, record = $3, ended_at = $4 WHERE id = $1";
            on_pool!(&self.pool, p => write_one!(self, p, sqlx::query(Q).bind(id).bind(result).bind(record).bind(now)));
            Ok(())
        }
        .await;
        self.health.record("finish_match", started, &result);
        result
    }

    /// A match by id.
    ///
    /// # Errors
    /// The query failed.
    pub async fn match_row(&self, id: &str) -> Result<Option<MatchRow>, StoreError> {
        const Q: &str = "SELECT id, table_code, number, game, rules, players, first_dealer, finished, result, record, \
             started_at, ended_at, rated FROM matches WHERE id = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, MatchRow>(Q).bind(id).fetch_optional(p).await?))
    }

    /// A player's matches, newest first (at most `limit`).
    ///
    /// # Errors
    /// The query failed.
    pub async fn history(&self, player_id: &str, limit: i64) -> Result<Vec<HistoryRow>, StoreError> {
        const Q: &str = "SELECT m.id AS game_id, m.table_code, m.game, mp.seat, m.finished, m.result, m.started_at, \
             m.ended_at, m.players FROM match_players mp JOIN matches m ON m.id = mp.match_id WHERE mp.player_id = $1 \
             ORDER BY m.started_at DESC, m.id LIMIT $2";
        Ok(
            on_pool!(&self.pool, p => sqlx::query_as::<_, HistoryRow>(Q).bind(player_id).bind(limit).fetch_all(p).await?),
        )
    }
}
