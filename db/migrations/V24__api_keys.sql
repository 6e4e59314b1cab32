-- API keys for the group's other sites and tools (trusted callers): a form post carrying a
-- live key as `Authorization: Bearer KEY` skips the proof of work (`store::api_keys`). Only
-- the key's SHA-256 is kept, as for sessions and reset links; the key itself is shown once,
-- when an owner makes it. A revoked key stays, so its uses and a refusal can name it.
CREATE TABLE api_keys (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    key_hash     TEXT NOT NULL UNIQUE,
    -- The account that made it (its address, as the audit log names people).
    created_by   TEXT NOT NULL,
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_used_at TEXT,
    uses         INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0),
    revoked_at   TEXT
) STRICT;
