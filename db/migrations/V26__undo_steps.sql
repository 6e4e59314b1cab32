-- What a status change of many leads at once changed, kept a few minutes so that the
-- office's "Undo" puts each lead back exactly as it was: its status, who set it and when.
-- `token` names one action; `status_by` and `status_at` may be NULL (never set before).
CREATE TABLE undo_steps (
    token      TEXT NOT NULL,
    list       TEXT NOT NULL,
    lead_id    TEXT NOT NULL,
    -- What the action set, and who: a lead changed since is not put back.
    set_status TEXT NOT NULL,
    set_by     TEXT NOT NULL,
    status     TEXT NOT NULL,
    status_by  TEXT,
    status_at  TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (token, lead_id)
) WITHOUT ROWID;

CREATE INDEX undo_steps_created ON undo_steps (created_at);
