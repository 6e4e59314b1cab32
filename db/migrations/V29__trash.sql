-- The trash: what an erase in the inbox (a lead, with everything kept on it) or a story's
-- deletion took away, kept as the rows it was made of, so that "Restore" puts it back
-- exactly, with its ids; after `trash_days.days` days (30 unless the owners set another)
-- it is erased for good, with its files. Erasing a person for privacy skips the trash, and
-- erases that person's entries in it too.
--
-- `kind` is the list it came from ('enquiries', 'subscribers', 'applicants') or 'stories';
-- `item_id` the lead's id or the story's slug. `rows` is a JSON object of the tables the
-- item was made of, each an array of rows as column-to-value objects (`store::trash`
-- writes and reads it). `email` is a lead's address as given (privacy erasure folds it as
-- it folds the inbox's), `files` the files kept for it until it leaves the trash: an
-- applicant's resume under uploads/, the media a story showed. `batch` names the erase that
-- put it here: the token of a bulk erase's "Undo".
CREATE TABLE trash (
    id         INTEGER PRIMARY KEY,
    kind       TEXT NOT NULL CHECK (kind IN ('enquiries', 'subscribers', 'applicants', 'stories')),
    item_id    TEXT NOT NULL,
    title      TEXT NOT NULL,
    email      TEXT,
    batch      TEXT NOT NULL,
    rows       TEXT NOT NULL CHECK (json_valid(rows)),
    files      TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(files)),
    deleted_by TEXT NOT NULL,
    deleted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (kind, item_id)
) STRICT;

CREATE INDEX trash_by_batch ON trash (batch);
CREATE INDEX trash_by_time ON trash (deleted_at);

-- How many days the trash keeps what it holds (owners set it).
CREATE TABLE trash_days (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    days INTEGER NOT NULL CHECK (days BETWEEN 1 AND 365)
) STRICT;
INSERT INTO trash_days (id, days) VALUES (1, 30);

-- Every address erased for privacy, as the SHA-256 (hex) of the address folded: no address
-- is kept. `corpsite restore` carries the ledger of the database it replaces into the one it
-- puts back and erases again every lead of an address in it, so that an older backup brings
-- back no one who asked to be erased.
CREATE TABLE erasure_ledger (
    hash      TEXT PRIMARY KEY NOT NULL,
    erased_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT, WITHOUT ROWID;
