//! Players and accounts: guests, the names they keep with a password, renames.

use std::time::Instant;

use super::{Pool, Store, StoreError};

/// A player as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PlayerRow {
    /// The public id (`p_...`).
    pub id: String,
    /// The display name.
    pub name: String,
}

/// A player with what the accounts need: whether (and how) it holds a password.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct AccountRow {
    /// The public id (`p_...`).
    pub id: String,
    /// The display name.
    pub name: String,
    /// The password's argon2id PHC string: `Some` for an account, `None` for a guest.
    pub password_hash: Option<String>,
}

impl AccountRow {
    /// Whether the player claimed its name with a password.
    #[must_use]
    pub fn is_account(&self) -> bool {
        self.password_hash.is_some()
    }

    /// The id and name.
    #[must_use]
    pub fn player(&self) -> PlayerRow {
        PlayerRow { id: self.id.clone(), name: self.name.clone() }
    }
}

/// An account's name folded for comparison: `key` (case and spacing, [`crate::ids::name_key`])
/// and `skeleton` (look-alike letters, [`crate::ids::name_skeleton`]); each is unique among
/// accounts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameKeys {
    /// The folded name.
    pub key: String,
    /// The confusable skeleton.
    pub skeleton: String,
}

/// What became of a change that a name held by another account would refuse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameChange {
    /// Done.
    Done,
    /// Another account holds the name (case-insensitively).
    NameTaken,
    /// The player already is an account (claim) or is not there.
    Refused,
}

impl Store {
    /// Stores a new guest and its first session (the session's token hashes to `token_hash`).
    ///
    /// # Errors
    /// The insert failed.
    pub async fn create_player(&self, player: &PlayerRow, token_hash: &str, now: i64) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            // `players.token_hash` is still NOT NULL UNIQUE from the first schema; it keeps the
            // first session's hash and is not read.
            const Q: &str = "INSERT INTO players (id, name, token_hash, created_at) VALUES ($1, $2, $3, $4)";
            const S: &str = "INSERT INTO sessions (token_hash, player_id, created_at) VALUES ($1, $2, $3)";
            on_pool!(&self.pool, p => {
                let mut tx = p.begin().await?;
                sqlx::query(Q).bind(&player.id).bind(&player.name).bind(token_hash).bind(now).execute(&mut *tx).await?;
                sqlx::query(S).bind(token_hash).bind(&player.id).bind(now).execute(&mut *tx).await?;
                tx.commit().await?;
            });
            Ok(())
        }
        .await;
        self.health.record("create_player", started, &result);
        result
    }

    /// The player of the session whose token hashes to `token_hash`.
    ///
    /// # Errors
    /// The query failed.
    pub async fn player_by_token_hash(&self, token_hash: &str) -> Result<Option<PlayerRow>, StoreError> {
        Ok(self.session_player(token_hash).await?.map(|a| a.player()))
    }

    /// A player by id, with its password hash.
    ///
    /// # Errors
    /// The query failed.
    pub async fn player(&self, id: &str) -> Result<Option<AccountRow>, StoreError> {
        const Q: &str = "SELECT id, name, password_hash FROM players WHERE id = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, AccountRow>(Q).bind(id).fetch_optional(p).await?))
    }

    /// The account whose name folds to `name_key` ([`crate::ids::name_key`]); guests have none.
    ///
    /// # Errors
    /// The query failed.
    pub async fn player_by_name_key(&self, name_key: &str) -> Result<Option<AccountRow>, StoreError> {
        const Q: &str = "SELECT id, name, password_hash FROM players WHERE name_key = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query_as::<_, AccountRow>(Q).bind(name_key).fetch_optional(p).await?))
    }

    /// Whether an account other than `except` holds a name folding to `name_key` or looking like
    /// it (its skeleton is `skeleton`, [`crate::ids::name_skeleton`]).
    ///
    /// # Errors
    /// The query failed.
    pub async fn name_held(&self, name_key: &str, skeleton: &str, except: &str) -> Result<bool, StoreError> {
        const Q: &str = "SELECT id FROM players WHERE (name_key = $1 OR name_skeleton = $2) AND id <> $3 LIMIT 1";
        let row: Option<(String,)> = on_pool!(&self.pool, p => sqlx::query_as(Q).bind(name_key).bind(skeleton)
            .bind(except).fetch_optional(p).await?);
        Ok(row.is_some())
    }

    /// Fills in the skeletons ([`crate::ids::name_skeleton`], given as `skeleton`) of accounts
    /// claimed before they were kept; returns how many. An account whose skeleton another
    /// already holds keeps none, and is logged.
    ///
    /// # Errors
    /// A query failed.
    pub async fn fill_name_skeletons(&self, skeleton: impl Fn(&str) -> String) -> Result<u64, StoreError> {
        const Q: &str = "SELECT id, name FROM players WHERE name_key IS NOT NULL AND name_skeleton IS NULL";
        const U: &str = "UPDATE players SET name_skeleton = $2 WHERE id = $1";
        let rows: Vec<(String, String)> = on_pool!(&self.pool, p => sqlx::query_as(Q).fetch_all(p).await?);
        let mut filled = 0;
        for (id, name) in rows {
            let result =
                on_pool!(&self.pool, p => sqlx::query(U).bind(&id).bind(skeleton(&name)).execute(p).await.map(|_| ()));
            match result {
                Ok(_) => filled += 1,
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    tracing::warn!(player = %id, "an account's name looks like another's; its look-alike is not kept");
                }
                Err(e) => return Err(e.into()),
            }
        }
        Ok(filled)
    }

    /// Whether the player is an account.
    ///
    /// # Errors
    /// The query failed.
    pub async fn is_account(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self.player(id).await?.is_some_and(|a| a.is_account()))
    }

    /// Which of `ids` are accounts.
    ///
    /// # Errors
    /// The query failed.
    pub async fn account_ids(&self, ids: &[String]) -> Result<std::collections::HashSet<String>, StoreError> {
        if ids.is_empty() {
            return Ok(std::collections::HashSet::new());
        }
        let rows: Vec<(String,)> = on_pool!(&self.pool, p => {
            let mut q = sqlx::QueryBuilder::new("SELECT id FROM players WHERE password_hash IS NOT NULL AND id IN (");
            let mut list = q.separated(", ");
            for id in ids {
                list.push_bind(id);
            }
            list.push_unseparated(")");
            q.build_query_as().fetch_all(p).await?
        });
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// Makes the guest `id` an account: its name (folded: `name`'s key, its look-alikes: its
    /// skeleton) becomes its own, and `password_hash` its password.
    ///
    /// # Errors
    /// The update failed.
    pub async fn claim_account(
        &self,
        id: &str,
        name: &NameKeys,
        password_hash: &str,
        now: i64,
    ) -> Result<NameChange, StoreError> {
        const Q: &str = "UPDATE players SET name_key = $2, name_skeleton = $3, password_hash = $4, claimed_at = $5 \
             WHERE id = $1 AND password_hash IS NULL";
        let started = Instant::now();
        let result = on_pool!(&self.pool, p => sqlx::query(Q).bind(id).bind(&name.key).bind(&name.skeleton)
            .bind(password_hash).bind(now).execute(p).await.map(|r| r.rows_affected()));
        let result = name_change(result);
        self.health.record("claim_account", started, &result);
        result
    }

    /// Renames a player; `keys` are the name's folds for an account, `None` for a guest.
    ///
    /// # Errors
    /// The update failed.
    pub async fn rename_player(&self, id: &str, name: &str, keys: Option<&NameKeys>) -> Result<NameChange, StoreError> {
        const Q: &str = "UPDATE players SET name = $2, name_key = $3, name_skeleton = $4 WHERE id = $1";
        let started = Instant::now();
        let (key, skeleton) = (keys.map(|k| k.key.as_str()), keys.map(|k| k.skeleton.as_str()));
        let result = on_pool!(&self.pool, p => sqlx::query(Q).bind(id).bind(name).bind(key).bind(skeleton)
            .execute(p).await.map(|r| r.rows_affected()));
        let result = name_change(result);
        self.health.record("rename_player", started, &result);
        result
    }

    /// Sets an account's password and ends its sessions but the one whose token hashes to
    /// `keep` (the device that changed it), in one transaction.
    ///
    /// # Errors
    /// The update failed.
    pub async fn set_password(&self, id: &str, password_hash: &str, keep: &str) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "UPDATE players SET password_hash = $2 WHERE id = $1";
            const D: &str = "DELETE FROM sessions WHERE player_id = $1 AND token_hash <> $2";
            on_pool!(&self.pool, p => {
                let mut tx = p.begin().await?;
                sqlx::query(Q).bind(id).bind(password_hash).execute(&mut *tx).await?;
                sqlx::query(D).bind(id).bind(keep).execute(&mut *tx).await?;
                tx.commit().await?;
            });
            Ok(())
        }
        .await;
        self.health.record("set_password", started, &result);
        result
    }
}

/// An update that a unique name key may refuse: one row changed is done, none refused, and a
/// unique violation means another account holds the name. A violation is not a failing store,
/// so it does not mark the store unhealthy.
fn name_change(result: Result<u64, sqlx::Error>) -> Result<NameChange, StoreError> {
    match result {
        Ok(1..) => Ok(NameChange::Done),
        Ok(0) => Ok(NameChange::Refused),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(NameChange::NameTaken),
        Err(e) => Err(e.into()),
    }
}
