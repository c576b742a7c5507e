-- Tournaments to a target score and on the server's schedule, and the daily deal's double-dummy
-- pars. Keep in step with ../sqlite/0009_contest_extras.sql.
-- The points that end a tournament match once a team has them (NULL: the match is its hands).
ALTER TABLE tournaments ADD COLUMN target BIGINT;
-- A tournament the server's schedule created: the schedule entry and the start it is for, one
-- tournament per slot however many nodes create it.
ALTER TABLE tournaments ADD COLUMN schedule TEXT;
CREATE UNIQUE INDEX tournaments_by_schedule ON tournaments (schedule);
-- Each closed day's double-dummy par per game: a JSON array with one entry per deal, computed
-- once after the day closed.
CREATE TABLE daily_pars (
    day TEXT NOT NULL,
    game TEXT NOT NULL,
    pars TEXT NOT NULL,
    PRIMARY KEY (day, game)
);
