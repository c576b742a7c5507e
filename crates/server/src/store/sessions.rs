//! Sessions: the tokens (by their hash) a player is signed in with.

use std::time::Instant;

use super::{AccountRow, Pool, Store, StoreError};

impl Store {
    /// The player (with its password hash) of the session whose token hashes to `token_hash`.
    ///
    /// # Errors
    /// The query failed.
    pub async fn session_player(&self, token_hash: &str) -> Result<Option<AccountRow>, StoreError> {
        const Q: &str = "SELECT p.id, p.name, p.password_hash FROM sessions s JOIN players p ON p.id = s.player_id \
             WHERE s.token_hash = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, AccountRow>(Q).bind(token_hash).fetch_optional(p).await?))
    }

    /// Opens a session for `player_id` whose token hashes to `token_hash`.
    ///
    /// # Errors
    /// The insert failed.
    pub async fn create_session(&self, token_hash: &str, player_id: &str, now: i64) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "INSERT INTO sessions (token_hash, player_id, created_at) VALUES ($1, $2, $3)";
            on_pool!(&self.pool, p => sqlx::query(Q).bind(token_hash).bind(player_id).bind(now).execute(p).await.map(|_| ())?);
            Ok(())
        }
        .await;
        self.health.record("create_session", started, &result);
        result
    }

    /// Ends the session whose token hashes to `token_hash` (nothing if there is none).
    ///
    /// # Errors
    /// The delete failed.
    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "DELETE FROM sessions WHERE token_hash = $1";
            on_pool!(&self.pool, p => sqlx::query(Q).bind(token_hash).execute(p).await.map(|_| ())?);
            Ok(())
        }
        .await;
        self.health.record("delete_session", started, &result);
        result
    }

    /// How many sessions `player_id` has open.
    ///
    /// # Errors
    /// The query failed.
    pub async fn session_count(&self, player_id: &str) -> Result<i64, StoreError> {
        const Q: &str = "SELECT COUNT(*) FROM sessions WHERE player_id = $1";
        let (n,): (i64,) = on_pool!(&self.pool, p => sqlx::query_as(Q).bind(player_id).fetch_one(p).await?);
        Ok(n)
    }
}
