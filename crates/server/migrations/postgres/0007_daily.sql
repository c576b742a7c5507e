-- The daily deal (see crates/server/src/daily.rs). Keep in step with ../sqlite/0007_daily.sql.
-- One row per UTC day: its secret (revealed once the day closed) and the commitment published
-- when it opened.
CREATE TABLE daily_days (
    day TEXT PRIMARY KEY,
    secret TEXT NOT NULL,
    commitment TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
-- A player's daily deal of one game on one day: the table it is played at. Deal k is match k of
-- that table.
CREATE TABLE daily_entries (
    day TEXT NOT NULL,
    game TEXT NOT NULL,
    player_id TEXT NOT NULL,
    table_code TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    PRIMARY KEY (day, game, player_id)
);
CREATE INDEX daily_entries_by_table ON daily_entries (table_code);
-- A daily table: {"day": "YYYY-MM-DD", "game": "baloot"}; NULL for every other table.
ALTER TABLE tables ADD COLUMN daily TEXT;
