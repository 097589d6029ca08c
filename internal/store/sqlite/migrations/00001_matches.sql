-- +goose Up
CREATE TABLE matches (
    id           TEXT PRIMARY KEY,
    game         TEXT NOT NULL,
    variant      TEXT NOT NULL,
    players      INTEGER NOT NULL,
    seed         INTEGER NOT NULL,
    options      TEXT NOT NULL,      -- JSON object of option texts
    seats        TEXT NOT NULL,      -- JSON array of store.Seat
    time_control TEXT NOT NULL,      -- JSON store.TimeControl
    status       TEXT NOT NULL,
    result       TEXT,               -- JSON store.Result, NULL while playing
    version      INTEGER NOT NULL,
    ply          INTEGER NOT NULL,
    clock        TEXT NOT NULL,      -- JSON store.Clock
    rematch      TEXT NOT NULL DEFAULT '',
    created      INTEGER NOT NULL,   -- Unix ms
    updated      INTEGER NOT NULL    -- Unix ms
);
CREATE INDEX matches_status_updated ON matches (status, updated DESC);

CREATE TABLE moves (
    match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    notation TEXT NOT NULL,
    at       INTEGER NOT NULL,       -- Unix ms
    clock_ms INTEGER,                -- mover's time left, NULL without a clock
    cmd_id   TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (match_id, ply)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE moves;
DROP TABLE matches;
