-- Cluster mode: the nodes, who owns each table (a lease with an epoch), and the epoch each event
-- of the log was written under. Keep in step with ../sqlite/0004_leases.sql (only the nodes'
-- id column differs). A single node never writes `nodes` or `leases`; its events keep epoch 0.

-- Each node's small number (connection ids are made unique across nodes from it). Times are Unix
-- ms of the database's clock.
CREATE TABLE nodes (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    started_at BIGINT NOT NULL,
    seen_at BIGINT NOT NULL
);

-- One row per live table in cluster mode: its owner, the epoch that fences the owner's writes,
-- and when the lease runs out unless renewed (Unix ms, the database's clock).
CREATE TABLE leases (
    table_code TEXT PRIMARY KEY,
    node TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX leases_by_node ON leases (node);
CREATE INDEX leases_by_expiry ON leases (expires_at);

ALTER TABLE events ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
