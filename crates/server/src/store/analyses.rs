//! Analyses of finished matches, kept with the match once made.

use std::time::Instant;

use super::{Pool, Store, StoreError};

impl Store {
    /// The stored analysis of a finished match (its JSON), if one was made.
    ///
    /// # Errors
    /// The query failed.
    pub async fn analysis(&self, match_id: &str) -> Result<Option<String>, StoreError> {
        const Q: &str = "SELECT body FROM analyses WHERE match_id = $1";
        let row: Option<(String,)> =
            on_pool!(&self.pool, p => sqlx::query_as(Q).bind(match_id).fetch_optional(p).await?);
        Ok(row.map(|(body,)| body))
    }

    /// Keeps the analysis of a finished match (made with `ms` per decision); a second one for the
    /// same match replaces the first.
    ///
    /// # Errors
    /// The write failed.
    pub async fn save_analysis(&self, match_id: &str, ms: u32, body: &str, now: i64) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "INSERT INTO analyses (match_id, ms, body, created_at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (match_id) DO UPDATE SET ms = excluded.ms, body = excluded.body, created_at = excluded.created_at";
            on_pool!(&self.pool, p => sqlx::query(Q).bind(match_id).bind(i64::from(ms)).bind(body).bind(now)
                .execute(p).await.map(|_| ())?);
            Ok(())
        }
        .await;
        self.health.record("save_analysis", started, &result);
        result
    }
}
