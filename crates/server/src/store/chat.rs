//! Table chat: every line said at a table, with its match, channel and sender.

use std::time::Instant;

use super::{Pool, Store, StoreError};

/// A chat message as stored (`name`: the sender's name now, read from `players`).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ChatRow {
    /// The table's code.
    pub table_code: String,
    /// Its number at the table, from 0.
    pub seq: i64,
    /// The match it was said in (the last one while the table shows its result; NULL in the
    /// lobby).
    pub match_id: Option<String>,
    /// The sender.
    pub player_id: String,
    /// The sender's seat (NULL: a spectator).
    pub seat: Option<i64>,
    /// `players` or `spectators`.
    pub channel: String,
    /// A quick phrase's id, or NULL for free text.
    pub phrase: Option<String>,
    /// The free text (empty for a phrase).
    pub body: String,
    /// When (Unix ms).
    pub at: i64,
    /// The sender's display name (not stored with the message: read back from `players`).
    #[sqlx(default)]
    pub name: Option<String>,
}

impl Store {
    /// Keeps a chat message.
    ///
    /// # Errors
    /// The insert failed (also: a `seq` the table already used), or the fence is stale
    /// ([`StoreError::Fenced`]).
    pub async fn add_chat(&self, c: &ChatRow) -> Result<(), StoreError> {
        let started = Instant::now();
        let result: Result<(), StoreError> = async {
            const Q: &str = "INSERT INTO chat (table_code, seq, match_id, player_id, seat, channel, phrase, body, at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
            on_pool!(&self.pool, p => write_one!(self, p, sqlx::query(Q).bind(&c.table_code).bind(c.seq).bind(&c.match_id)
                .bind(&c.player_id).bind(c.seat).bind(&c.channel).bind(&c.phrase).bind(&c.body).bind(c.at)));
            Ok(())
        }
        .await;
        self.health.record("add_chat", started, &result);
        result
    }

    /// The next free chat number of table `code` (codes of closed tables may come back).
    ///
    /// # Errors
    /// The query failed.
    pub async fn next_chat_seq(&self, code: &str) -> Result<i64, StoreError> {
        const Q: &str = "SELECT MAX(seq) FROM chat WHERE table_code = $1";
        let row: (Option<i64>,) = on_pool!(&self.pool, p => sqlx::query_as(Q).bind(code).fetch_one(p).await?);
        Ok(row.0.map_or(0, |m| m + 1))
    }

    /// The last `limit` chat messages of table `code` said since `since` (Unix ms: the table's
    /// creation, so a code used again does not bring back an old table's words), oldest first.
    ///
    /// # Errors
    /// The query failed.
    pub async fn recent_chat(&self, code: &str, since: i64, limit: i64) -> Result<Vec<ChatRow>, StoreError> {
        const Q: &str = "SELECT c.table_code, c.seq, c.match_id, c.player_id, c.seat, c.channel, c.phrase, c.body, c.at, \
             p.name FROM chat c LEFT JOIN players p ON p.id = c.player_id WHERE c.table_code = $1 AND c.at >= $2 \
             ORDER BY c.seq DESC LIMIT $3";
        let mut rows: Vec<ChatRow> = on_pool!(&self.pool, p => sqlx::query_as::<_, ChatRow>(Q).bind(code).bind(since).bind(limit).fetch_all(p).await?);
        rows.reverse();
        Ok(rows)
    }

    /// The last `limit` messages of `channel` said in match `match_id`, oldest first.
    ///
    /// # Errors
    /// The query failed.
    pub async fn match_chat(&self, match_id: &str, channel: &str, limit: i64) -> Result<Vec<ChatRow>, StoreError> {
        const Q: &str = "SELECT c.table_code, c.seq, c.match_id, c.player_id, c.seat, c.channel, c.phrase, c.body, c.at, \
             p.name FROM chat c LEFT JOIN players p ON p.id = c.player_id WHERE c.match_id = $1 AND c.channel = $2 \
             ORDER BY c.seq DESC LIMIT $3";
        let mut rows: Vec<ChatRow> = on_pool!(&self.pool, p => sqlx::query_as::<_, ChatRow>(Q).bind(match_id).bind(channel).bind(limit).fetch_all(p).await?);
        rows.reverse();
        Ok(rows)
    }
}
