-- Accounts' names folded once more, to their confusable skeleton (Unicode TS #39): names that
-- look alike ("Ali", and "Alі" with a Cyrillic і) share one, so a skeleton is unique among
-- accounts and no guest may take an account's. Guests leave it NULL. The server fills it in for
-- accounts claimed before this migration when it starts. Keep the SQLite and PostgreSQL files
-- identical.
ALTER TABLE players ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX players_by_name_skeleton ON players (name_skeleton);
