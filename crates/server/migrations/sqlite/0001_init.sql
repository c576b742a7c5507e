-- Majlis server schema (SQLite). Keep in step with ../postgres/0001_init.sql.
CREATE TABLE players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- A table: its settings and lobby state (seats as JSON). The match in progress is `match_id`.
CREATE TABLE tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    turn_ms BIGINT NOT NULL,
    public BIGINT NOT NULL,
    host TEXT NOT NULL,
    seats TEXT NOT NULL,
    status TEXT NOT NULL,
    version BIGINT NOT NULL,
    seed TEXT NOT NULL,
    match_id TEXT,
    matches BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE matches (
    id TEXT PRIMARY KEY,
    table_code TEXT NOT NULL,
    number BIGINT NOT NULL,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    players TEXT NOT NULL,
    first_dealer BIGINT NOT NULL,
    finished BIGINT NOT NULL,
    result TEXT,
    record TEXT,
    started_at BIGINT NOT NULL,
    ended_at BIGINT
);

CREATE TABLE match_players (
    match_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    player_id TEXT NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_players_by_player ON match_players (player_id);

-- The action log, the source of truth: deals (kind 'deal', body = the hand's record header with
-- deck, commitment and salt) and actions (kind 'action', body = the action text).
CREATE TABLE events (
    match_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    version BIGINT NOT NULL,
    kind TEXT NOT NULL,
    seat BIGINT,
    body TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
);
