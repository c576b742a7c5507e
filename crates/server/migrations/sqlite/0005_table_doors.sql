-- The host's doors of a table: an invite-only table takes new players only with its invite
-- secret, and the players the host removed from its lobby may not sit again. Keep in step with
-- ../postgres/0005_table_doors.sql.
ALTER TABLE tables ADD COLUMN invite_only BIGINT NOT NULL DEFAULT 0;
-- A JSON list of player ids.
ALTER TABLE tables ADD COLUMN removed TEXT NOT NULL DEFAULT '[]';
