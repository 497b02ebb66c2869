-- One room per database (one Durable Object, or one file of the self-host).
-- Statements are separated by ";" at the end of a line and run one per call (the Durable
-- Object's SQL allows parameters only in the last statement of a call, and no BEGIN).
-- Table names must not start with "_cf_" (reserved by Cloudflare).

-- The schema's own version, for changes to these tables (the room document has its own
-- `format`, migrated in Python on load).
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- The whole room as one JSON document: one row, rewritten whole by every input. `doc` holds
-- its UTF-8 bytes (a BLOB, which a TEXT column keeps as is); rooms saved before hold TEXT.
-- `revision` increases by one per saved input; it is the `seq` of the views sent.
CREATE TABLE IF NOT EXISTS room (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    format INTEGER NOT NULL,
    revision INTEGER NOT NULL,
    doc TEXT NOT NULL
);
