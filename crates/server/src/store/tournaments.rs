//! Tournaments: the events, who registered, the teams fixed at the start, and the boards of each
//! round with their tables. A board's result is the finished match of its table, so the
//! standings are always a reading of the stored records, never a second copy of them (see
//! [`crate::tournament`]).

use std::time::Instant;

use super::{Pool, Store, StoreError};

/// One tournament.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct TournamentRow {
    /// Its id (`t_...`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// The game's slug (`kout6`, `kout4`, `baloot`).
    pub game: String,
    /// `swiss` or `knockout`.
    pub format: String,
    /// Swiss: the number of rounds; knockout: 0 (as many as the bracket needs).
    pub rounds: i64,
    /// Hands per match.
    pub hands: i64,
    /// When it starts (Unix ms).
    pub starts_at: i64,
    /// Its matches are rated (1) or not (0).
    pub rated: i64,
    /// The player who created it.
    pub host: String,
    /// `open` (registering), `running`, `finished`, or `cancelled` (fewer than two teams).
    pub status: String,
    /// The round under way (0 before the first).
    pub round: i64,
    /// The secret its rounds' seeds derive from (hex).
    pub secret: String,
    /// When it was created (Unix ms).
    pub created_at: i64,
    /// The points that end a match once a team has them (`None`: its `hands` do).
    pub target: Option<i64>,
    /// For a tournament of the server's schedule: its entry and start (one per slot).
    pub schedule: Option<String>,
}

/// A registered player.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentPlayerRow {
    /// The player.
    pub player_id: String,
    /// Their name now.
    pub name: String,
    /// The id of the player who registered their group (their own id when alone).
    pub group_id: String,
    /// When they registered (Unix ms).
    pub registered_at: i64,
}

/// A team, fixed at the start.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct TournamentTeamRow {
    /// Its number, the seed (from 1).
    pub team: i64,
    /// Its players' ids in seat order as a JSON array (`""`: a bot partner).
    pub players: String,
    /// The mean rating of its players when it was seeded.
    pub rating: f64,
}

/// A board of a round, with its match's result once finished.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentBoardRow {
    /// The round (from 1).
    pub round: i64,
    /// The board in its round (from 0).
    pub board: i64,
    /// Team A (the even seats).
    pub team_a: i64,
    /// Team B (the odd seats), or `None`: a bye.
    pub team_b: Option<i64>,
    /// Its table.
    pub table_code: Option<String>,
    /// The finished match's id.
    pub match_id: Option<String>,
    /// The finished match's result JSON.
    pub result: Option<String>,
}

const COLUMNS: &str = "id, name, game, format, rounds, hands, starts_at, rated, host, status, round, secret, created_at, target, schedule";

impl Store {
    /// Stores a new tournament; `false` (nothing written) when its schedule slot has one already
    /// (another node created it).
    ///
    /// # Errors
    /// The write failed.
    pub async fn create_tournament(&self, t: &TournamentRow) -> Result<bool, StoreError> {
        let started = Instant::now();
        let result: Result<bool, StoreError> = async {
            let q = format!(
                "INSERT INTO tournaments ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) \
                 ON CONFLICT DO NOTHING"
            );
            Ok(on_pool!(&self.pool, p => sqlx::query(&q).bind(&t.id).bind(&t.name).bind(&t.game).bind(&t.format)
                .bind(t.rounds).bind(t.hands).bind(t.starts_at).bind(t.rated).bind(&t.host).bind(&t.status)
                .bind(t.round).bind(&t.secret).bind(t.created_at).bind(t.target).bind(&t.schedule)
                .execute(p).await?.rows_affected()) == 1)
        }
        .await;
        self.health.record("create_tournament", started, &result);
        result
    }

    /// The newest `limit` tournaments, leaving out those of the server's schedule that were
    /// cancelled (nobody came: an hourly slot would otherwise fill the list).
    ///
    /// # Errors
    /// The query failed.
    pub async fn tournaments(&self, limit: i64) -> Result<Vec<TournamentRow>, StoreError> {
        let q = format!(
            "SELECT {COLUMNS} FROM tournaments WHERE NOT (status = 'cancelled' AND schedule IS NOT NULL) \
             ORDER BY created_at DESC, id LIMIT $1"
        );
        Ok(on_pool!(&self.pool, p => sqlx::query_as(&q).bind(limit).fetch_all(p).await?))
    }

    /// One tournament.
    ///
    /// # Errors
    /// The query failed.
    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let q = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1");
        Ok(on_pool!(&self.pool, p => sqlx::query_as(&q).bind(id).fetch_optional(p).await?))
    }

    /// The tournaments the driver has work for: running ones, and open ones whose start is due
    /// at `now`.
    ///
    /// # Errors
    /// The query failed.
    pub async fn due_tournaments(&self, now: i64) -> Result<Vec<TournamentRow>, StoreError> {
        let q = format!(
            "SELECT {COLUMNS} FROM tournaments WHERE status = 'running' OR (status = 'open' AND starts_at <= $1) \
             ORDER BY starts_at, id"
        );
        Ok(on_pool!(&self.pool, p => sqlx::query_as(&q).bind(now).fetch_all(p).await?))
    }

    /// Moves the start of an open tournament to `at`; `false` when it is not open.
    ///
    /// # Errors
    /// The write failed.
    pub async fn set_tournament_start(&self, id: &str, at: i64) -> Result<bool, StoreError> {
        const Q: &str = "UPDATE tournaments SET starts_at = $2 WHERE id = $1 AND status = 'open'";
        Ok(on_pool!(&self.pool, p => sqlx::query(Q).bind(id).bind(at).execute(p).await?.rows_affected()) == 1)
    }

    /// Registers `players` (the first registers the group) for an open tournament; `false`
    /// (nothing written) when one of them is registered already or it is not open.
    ///
    /// # Errors
    /// The write failed.
    pub async fn register_tournament(&self, id: &str, players: &[String], now: i64) -> Result<bool, StoreError> {
        let Some(group) = players.first() else { return Ok(false) };
        let started = Instant::now();
        let result: Result<bool, StoreError> = async {
            const OPEN: &str = "SELECT status FROM tournaments WHERE id = $1";
            const INSERT: &str = "INSERT INTO tournament_players (tournament_id, player_id, group_id, registered_at, seq) \
                 VALUES ($1, $2, $3, $4, (SELECT COALESCE(MAX(seq), 0) + 1 FROM tournament_players WHERE tournament_id = $1)) \
                 ON CONFLICT (tournament_id, player_id) DO NOTHING";
            Ok(on_pool!(&self.pool, p => {
                let mut tx = p.begin().await?;
                let status: Option<(String,)> = sqlx::query_as(OPEN).bind(id).fetch_optional(&mut *tx).await?;
                if status.is_none_or(|(s,)| s != "open") {
                    return Ok(false);
                }
                let mut all = true;
                for player in players {
                    let n = sqlx::query(INSERT).bind(id).bind(player).bind(group).bind(now)
                        .execute(&mut *tx).await?.rows_affected();
                    all &= n == 1;
                }
                if all {
                    tx.commit().await?;
                }
                all
            }))
        }
        .await;
        self.health.record("register_tournament", started, &result);
        result
    }

    /// Withdraws `player` from an open tournament, with the group they registered (a player
    /// registered by a partner withdraws alone); `false` when nothing was withdrawn.
    ///
    /// # Errors
    /// The write failed.
    pub async fn withdraw_tournament(&self, id: &str, player: &str) -> Result<bool, StoreError> {
        const Q: &str = "DELETE FROM tournament_players WHERE tournament_id = $1 AND (player_id = $2 OR group_id = $2) \
             AND EXISTS (SELECT 1 FROM tournaments t WHERE t.id = $1 AND t.status = 'open')";
        Ok(on_pool!(&self.pool, p => sqlx::query(Q).bind(id).bind(player).execute(p).await?.rows_affected()) > 0)
    }

    /// The registered players, in the order they registered.
    ///
    /// # Errors
    /// The query failed.
    pub async fn tournament_players(&self, id: &str) -> Result<Vec<TournamentPlayerRow>, StoreError> {
        const Q: &str = "SELECT r.player_id, p.name, r.group_id, r.registered_at FROM tournament_players r \
             JOIN players p ON p.id = r.player_id WHERE r.tournament_id = $1 ORDER BY r.seq, r.player_id";
        Ok(on_pool!(&self.pool, p => sqlx::query_as(Q).bind(id).fetch_all(p).await?))
    }

    /// Starts an open tournament with `teams` (round 0: the first round's boards come next);
    /// with fewer than two teams it is cancelled instead. `false` when it was not open (another
    /// node started it).
    ///
    /// # Errors
    /// The write failed.
    pub async fn start_tournament(&self, id: &str, teams: &[TournamentTeamRow]) -> Result<bool, StoreError> {
        let started = Instant::now();
        let result: Result<bool, StoreError> = async {
            const STATUS: &str = "UPDATE tournaments SET status = $2 WHERE id = $1 AND status = 'open'";
            const TEAM: &str = "INSERT INTO tournament_teams (tournament_id, team, players, rating) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (tournament_id, team) DO NOTHING";
            let status = if teams.len() >= 2 { "running" } else { "cancelled" };
            Ok(on_pool!(&self.pool, p => {
                let mut tx = p.begin().await?;
                if sqlx::query(STATUS).bind(id).bind(status).execute(&mut *tx).await?.rows_affected() != 1 {
                    return Ok(false);
                }
                if status == "running" {
                    for t in teams {
                        sqlx::query(TEAM).bind(id).bind(t.team).bind(&t.players).bind(t.rating).execute(&mut *tx).await?;
                    }
                }
                tx.commit().await?;
                true
            }))
        }
        .await;
        self.health.record("start_tournament", started, &result);
        result
    }

    /// The teams, by number.
    ///
    /// # Errors
    /// The query failed.
    pub async fn tournament_teams(&self, id: &str) -> Result<Vec<TournamentTeamRow>, StoreError> {
        const Q: &str = "SELECT team, players, rating FROM tournament_teams WHERE tournament_id = $1 ORDER BY team";
        Ok(on_pool!(&self.pool, p => sqlx::query_as(Q).bind(id).fetch_all(p).await?))
    }

    /// Every board so far with its match's result once finished, by round and board.
    ///
    /// # Errors
    /// The query failed.
    pub async fn tournament_boards(&self, id: &str) -> Result<Vec<TournamentBoardRow>, StoreError> {
        const Q: &str = "SELECT b.round, b.board, b.team_a, b.team_b, b.table_code, m.id AS match_id, m.result \
             FROM tournament_boards b LEFT JOIN matches m ON m.table_code = b.table_code AND m.number = 0 AND m.finished = 1 \
             WHERE b.tournament_id = $1 ORDER BY b.round, b.board";
        Ok(on_pool!(&self.pool, p => sqlx::query_as(Q).bind(id).fetch_all(p).await?))
    }

    /// Moves a running tournament from round `from` to `to` with that round's `boards`; `false`
    /// (nothing written) when it is not at round `from` any more (another node moved it).
    ///
    /// # Errors
    /// The write failed.
    pub async fn begin_tournament_round(
        &self,
        id: &str,
        from: i64,
        to: i64,
        boards: &[TournamentBoardRow],
    ) -> Result<bool, StoreError> {
        let started = Instant::now();
        let result: Result<bool, StoreError> = async {
            const ROUND: &str = "UPDATE tournaments SET round = $3 WHERE id = $1 AND round = $2 AND status = 'running'";
            const BOARD: &str = "INSERT INTO tournament_boards (tournament_id, round, board, team_a, team_b, table_code) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tournament_id, round, board) DO NOTHING";
            Ok(on_pool!(&self.pool, p => {
                let mut tx = p.begin().await?;
                if sqlx::query(ROUND).bind(id).bind(from).bind(to).execute(&mut *tx).await?.rows_affected() != 1 {
                    return Ok(false);
                }
                for b in boards {
                    sqlx::query(BOARD).bind(id).bind(b.round).bind(b.board).bind(b.team_a).bind(b.team_b)
                        .bind(&b.table_code).execute(&mut *tx).await?;
                }
                tx.commit().await?;
                true
            }))
        }
        .await;
        self.health.record("begin_tournament_round", started, &result);
        result
    }

    /// Ends a running tournament.
    ///
    /// # Errors
    /// The write failed.
    pub async fn finish_tournament(&self, id: &str) -> Result<(), StoreError> {
        const Q: &str = "UPDATE tournaments SET status = 'finished' WHERE id = $1 AND status = 'running'";
        on_pool!(&self.pool, p => sqlx::query(Q).bind(id).execute(p).await.map(|_| ())?);
        Ok(())
    }

    /// Whether the schedule slot `schedule` has its tournament.
    ///
    /// # Errors
    /// The query failed.
    pub async fn scheduled_tournament_exists(&self, schedule: &str) -> Result<bool, StoreError> {
        const Q: &str = "SELECT id FROM tournaments WHERE schedule = $1";
        let row: Option<(String,)> =
            on_pool!(&self.pool, p => sqlx::query_as(Q).bind(schedule).fetch_optional(p).await?);
        Ok(row.is_some())
    }

    /// The tournament and round of the board played at table `code`, if it is one.
    ///
    /// # Errors
    /// The query failed.
    pub async fn tournament_of_table(&self, code: &str) -> Result<Option<(String, i64)>, StoreError> {
        const Q: &str = "SELECT tournament_id, round FROM tournament_boards WHERE table_code = $1";
        Ok(on_pool!(&self.pool, p => sqlx::query_as(Q).bind(code).fetch_optional(p).await?))
    }
}
