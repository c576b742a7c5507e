//! The daily deal: each day's secret and commitment, and which table each player plays a day's
//! game at. The deals' results are the finished matches of those tables (deal `k` is match `k`),
//! so the leaderboard is always a reading of the stored records, never a second copy of them.

use std::time::Instant;

use super::{Pool, Store, StoreError};

/// A player's daily deal of one game on one day.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct DailyEntryRow {
    /// The day, `YYYY-MM-DD`.
    pub day: String,
    /// The daily game's slug.
    pub game: String,
    /// The player.
    pub player_id: String,
    /// The table the deals are played at.
    pub table_code: String,
    /// When the player began (Unix ms).
    pub started_at: i64,
}

/// One finished deal of one player, as the leaderboard reads it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct DailyDealRow {
    /// The player.
    pub player_id: String,
    /// The player's name now.
    pub name: String,
    /// The deal (the match's number at the daily table), or `None` for a player who has finished
    /// no deal yet.
    pub number: Option<i64>,
    /// The match's result JSON (`{"winner":..,"score":..}`).
    pub result: Option<String>,
    /// The match id.
    pub match_id: Option<String>,
}

impl Store {
    /// The secret (hex) and commitment of `day`, storing `secret` and `commitment` first if the
    /// day has none yet (the first ask of a day opens it; the first stored one stays).
    ///
    /// # Errors
    /// The write or the read failed.
    pub async fn open_daily_day(
        &self,
        day: &str,
        secret: &str,
        commitment: &str,
        now: i64,
    ) -> Result<(String, String), StoreError> {
        let started = Instant::now();
        let result: Result<(String, String), StoreError> = async {
            const INSERT: &str = "INSERT INTO daily_days (day, secret, commitment, created_at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (day) DO NOTHING";
            const SELECT: &str = "SELECT secret, commitment FROM daily_days WHERE day = $1";
            Ok(on_pool!(&self.pool, p => {
                sqlx::query(INSERT).bind(day).bind(secret).bind(commitment).bind(now).execute(p).await?;
                sqlx::query_as::<_, (String, String)>(SELECT).bind(day).fetch_one(p).await?
            }))
        }
        .await;
        self.health.record("open_daily_day", started, &result);
        result
    }

    /// The secret (hex) and commitment of `day`, if it was opened.
    ///
    /// # Errors
    /// The query failed.
    pub async fn daily_day(&self, day: &str) -> Result<Option<(String, String)>, StoreError> {
        const Q: &str = "SELECT secret, commitment FROM daily_days WHERE day = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query_as(Q).bind(day).fetch_optional(p).await?))
    }

    /// Records that `player` plays `game` of `day` at table `code`; `false` (nothing written)
    /// when the player already has an entry for it.
    ///
    /// # Errors
    /// The write failed.
    pub async fn enter_daily(&self, e: &DailyEntryRow) -> Result<bool, StoreError> {
        let started = Instant::now();
        let result: Result<bool, StoreError> = async {
            const Q: &str = "INSERT INTO daily_entries (day, game, player_id, table_code, started_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (day, game, player_id) DO NOTHING";
            let done = on_pool!(&self.pool, p => sqlx::query(Q).bind(&e.day).bind(&e.game).bind(&e.player_id)
                .bind(&e.table_code).bind(e.started_at).execute(p).await?.rows_affected());
            Ok(done == 1)
        }
        .await;
        self.health.record("enter_daily", started, &result);
        result
    }

    /// Removes an entry whose table could not be opened.
    ///
    /// # Errors
    /// The write failed.
    pub async fn forget_daily_entry(&self, e: &DailyEntryRow) -> Result<(), StoreError> {
        const Q: &str = "DELETE FROM daily_entries WHERE day = $1 AND game = $2 AND player_id = $3 AND table_code = $4";
        on_pool!(&self.pool, p => sqlx::query(Q).bind(&e.day).bind(&e.game).bind(&e.player_id).bind(&e.table_code)
            .execute(p).await.map(|_| ())?);
        Ok(())
    }

    /// A player's entry for `game` on `day`.
    ///
    /// # Errors
    /// The query failed.
    pub async fn daily_entry(&self, day: &str, game: &str, player: &str) -> Result<Option<DailyEntryRow>, StoreError> {
        const Q: &str = "SELECT day, game, player_id, table_code, started_at FROM daily_entries \
             WHERE day = $1 AND game = $2 AND player_id = $3";
        Ok(on_pool!(&self.pool, p => sqlx::query_as(Q).bind(day).bind(game).bind(player).fetch_optional(p).await?))
    }

    /// The entry played at table `code`, if it is a daily table.
    ///
    /// # Errors
    /// The query failed.
    pub async fn daily_entry_of_table(&self, code: &str) -> Result<Option<DailyEntryRow>, StoreError> {
        const Q: &str = "SELECT day, game, player_id, table_code, started_at FROM daily_entries WHERE table_code = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query_as(Q).bind(code).fetch_optional(p).await?))
    }

    /// A player's entries, newest day first (their history of days).
    ///
    /// # Errors
    /// The query failed.
    pub async fn daily_entries_of(&self, player: &str, limit: i64) -> Result<Vec<DailyEntryRow>, StoreError> {
        const Q: &str = "SELECT day, game, player_id, table_code, started_at FROM daily_entries \
             WHERE player_id = $1 ORDER BY day DESC, game LIMIT $2";
        Ok(on_pool!(&self.pool, p => sqlx::query_as(Q).bind(player).bind(limit).fetch_all(p).await?))
    }

    /// Every finished deal of `game` on `day`, by player (a player who finished none appears once
    /// with no deal), in the order the players began.
    ///
    /// # Errors
    /// The query failed.
    pub async fn daily_deals(&self, day: &str, game: &str) -> Result<Vec<DailyDealRow>, StoreError> {
        const Q: &str = "SELECT e.player_id, p.name, m.number, m.result, m.id AS match_id FROM daily_entries e \
             JOIN players p ON p.id = e.player_id \
             LEFT JOIN matches m ON m.table_code = e.table_code AND m.finished = 1 \
             WHERE e.day = $1 AND e.game = $2 ORDER BY e.started_at, e.player_id, m.number";
        Ok(on_pool!(&self.pool, p => sqlx::query_as(Q).bind(day).bind(game).fetch_all(p).await?))
    }

    /// The stored double-dummy pars of `game` on `day` (a JSON array, one per deal), once computed.
    ///
    /// # Errors
    /// The query failed.
    pub async fn daily_pars(&self, day: &str, game: &str) -> Result<Option<String>, StoreError> {
        const Q: &str = "SELECT pars FROM daily_pars WHERE day = $1 AND game = $2";
        let row: Option<(String,)> =
            on_pool!(&self.pool, p => sqlx::query_as(Q).bind(day).bind(game).fetch_optional(p).await?);
        Ok(row.map(|(pars,)| pars))
    }

    /// Stores the pars of `game` on `day` (a second node's equal answer is not written twice).
    ///
    /// # Errors
    /// The write failed.
    pub async fn set_daily_pars(&self, day: &str, game: &str, pars: &str) -> Result<(), StoreError> {
        const Q: &str =
            "INSERT INTO daily_pars (day, game, pars) VALUES ($1, $2, $3) ON CONFLICT (day, game) DO NOTHING";
        on_pool!(&self.pool, p => sqlx::query(Q).bind(day).bind(game).bind(pars).execute(p).await.map(|_| ())?);
        Ok(())
    }
}
