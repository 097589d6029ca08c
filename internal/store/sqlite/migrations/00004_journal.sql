-- The move journal: every move is appended here first, in commit order,
-- with no index but its rowid, so a commit of many matches' moves writes a
-- few journal pages instead of one page of the moves table per match (and
-- skips the foreign-key and version-check seeks). The writer folds the
-- journal into moves in bulk (sorted by match and ply, so each match's page
-- is written once per fold), at Open, before a takeback, before a read that
-- must see every move, and when it holds foldRows rows (see sqlite.go).
-- Columns as in moves; version, updated and clock are NULL on rows written
-- with their match row.
-- +goose Up
CREATE TABLE journal (
    seq      INTEGER PRIMARY KEY,
    match_id TEXT NOT NULL,
    ply      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    notation TEXT NOT NULL,
    at       INTEGER NOT NULL,
    clock_ms INTEGER,
    cmd_id   TEXT NOT NULL DEFAULT '',
    version  INTEGER,
    updated  INTEGER,
    clock    TEXT
);

-- +goose Down
INSERT INTO moves (match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock)
    SELECT match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock FROM journal ORDER BY seq;
DROP TABLE journal;
