-- Hints at a table (the host's choice, off by default) and the cached analyses of finished
-- matches. Keep the SQLite and PostgreSQL files identical.
ALTER TABLE tables ADD COLUMN hints BIGINT NOT NULL DEFAULT 0;

-- One analysis per finished match (`majlis analyze` as JSON), made once on the bot threads.
CREATE TABLE analyses (
    match_id TEXT PRIMARY KEY,
    ms BIGINT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
