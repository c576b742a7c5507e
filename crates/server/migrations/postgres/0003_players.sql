-- Players: accounts and sessions, rated matches and ratings, table chat. Keep the SQLite and
-- PostgreSQL files identical.

-- An account is a player who claimed its name with a password. `name_key` is the name folded for
-- comparison (case-insensitive), unique among accounts; guests leave it and the hash NULL.
ALTER TABLE players ADD COLUMN name_key TEXT;
ALTER TABLE players ADD COLUMN password_hash TEXT;
ALTER TABLE players ADD COLUMN claimed_at BIGINT;
CREATE UNIQUE INDEX players_by_name_key ON players (name_key);

-- Sessions: one per signed-in device, keyed by the hash of its token (the cookie's value). The
-- tokens guests were given so far become their first sessions. (`players.token_hash` keeps the
-- first token's hash and is no longer read.)
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_player ON sessions (player_id);
INSERT INTO sessions (token_hash, player_id, created_at) SELECT token_hash, id, created_at FROM players;

-- The host's choices: a rated table, and whether spectators have a chat channel of their own.
ALTER TABLE tables ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN spectator_chat BIGINT NOT NULL DEFAULT 1;
ALTER TABLE matches ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;

-- A player's rating in one game (Weng-Lin). `score` = rating - 3 * uncertainty orders the
-- leaderboard, read through the index, never from memory.
CREATE TABLE ratings (
    player_id TEXT NOT NULL,
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    uncertainty DOUBLE PRECISION NOT NULL,
    score DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (player_id, game)
);
CREATE INDEX ratings_board ON ratings (game, score DESC);

-- What a rated match did to each player's rating, kept with the match.
CREATE TABLE rating_changes (
    match_id TEXT NOT NULL,
    player_id TEXT NOT NULL,
    game TEXT NOT NULL,
    seat BIGINT NOT NULL,
    outcome TEXT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    uncertainty_before DOUBLE PRECISION NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    uncertainty_after DOUBLE PRECISION NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (match_id, player_id)
);
CREATE INDEX rating_changes_by_player ON rating_changes (player_id, created_at);

-- Table chat, kept with the match it was said in (NULL: in the lobby, between matches).
CREATE TABLE chat (
    table_code TEXT NOT NULL,
    seq BIGINT NOT NULL,
    match_id TEXT,
    player_id TEXT NOT NULL,
    seat BIGINT,
    channel TEXT NOT NULL,
    phrase TEXT,
    body TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (table_code, seq)
);
CREATE INDEX chat_by_match ON chat (match_id, seq);
