-- Duplicate team tournaments (see crates/server/src/tournament.rs). Keep in step with
-- ../postgres/0008_tournaments.sql.
-- One row per tournament: what it plays, how, when, and how far it has got. The secret seeds
-- every round's deals (all the tables of a round play the same ones).
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    format TEXT NOT NULL,
    rounds BIGINT NOT NULL,
    hands BIGINT NOT NULL,
    starts_at BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    host TEXT NOT NULL,
    status TEXT NOT NULL,
    round BIGINT NOT NULL,
    secret TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);
-- Who registered, and with whom: the players one of them registered together share group_id (that
-- player's id); lone players are put together at the start.
CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL,
    player_id TEXT NOT NULL,
    group_id TEXT NOT NULL,
    registered_at BIGINT NOT NULL,
    -- The order of registration (1, 2, ...): teams are formed in it.
    seq BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
);
-- The teams, fixed at the start and numbered by seed (1 = the highest rated); players is a JSON
-- array of player ids in seat order, an empty string standing for a bot partner.
CREATE TABLE tournament_teams (
    tournament_id TEXT NOT NULL,
    team BIGINT NOT NULL,
    players TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (tournament_id, team)
);
-- One match of a round: team_a sits in the even seats, team_b in the odd ones (NULL: a bye).
-- The result is the finished match of its table.
CREATE TABLE tournament_boards (
    tournament_id TEXT NOT NULL,
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    team_a BIGINT NOT NULL,
    team_b BIGINT,
    table_code TEXT,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX tournament_boards_by_table ON tournament_boards (table_code);
-- A table's competition: a daily deal's {"day", "game"} or a tournament board's
-- {"tournament", "round", "board", ...}; NULL for every other table.
ALTER TABLE tables RENAME COLUMN daily TO contest;
