-- A move row carries the match's version, update time and clock reading
-- after the move, so a move that changes nothing else (status, seats,
-- result, rematch) writes only its own row, not the match row too. The
-- match's current version, ply, clock and update time are those of its
-- last move row when that row's version is newer than the match row's
-- (see selectMatch in sqlite.go). NULL on rows written with the match row.
-- +goose Up
ALTER TABLE moves ADD COLUMN version INTEGER;
ALTER TABLE moves ADD COLUMN updated INTEGER;
ALTER TABLE moves ADD COLUMN clock TEXT;

-- +goose Down
UPDATE matches SET
    version = lm.version, ply = lm.ply, clock = lm.clock, updated = lm.updated
FROM (SELECT match_id, ply, version, clock, updated FROM moves AS mv
      WHERE ply = (SELECT max(ply) FROM moves WHERE match_id = mv.match_id)) AS lm
WHERE lm.match_id = matches.id AND lm.version > matches.version;
ALTER TABLE moves DROP COLUMN clock;
ALTER TABLE moves DROP COLUMN updated;
ALTER TABLE moves DROP COLUMN version;
