-- The journal becomes the permanent log of moves: a move is written once,
-- appended there, and never copied while its match is live (the fold into
-- moves of 00004 wrote every move twice). Each log row holds prev, the seq
-- of the same match's previous row (NULL when the previous ply is in moves
-- or there is none), and each match row its head, the seq of its last log
-- row (NULL when moves holds all its moves): a match's moves are the chain
-- from its head plus its rows in moves before the chain's first ply. moves
-- stays as the archive of what earlier versions folded (and a takeback
-- still deletes from it past the kept ply). Rows past a takeback's kept
-- ply stay in the log, unreachable.
--
-- A move stored alone writes only its log row (with the match's version,
-- update time and clock, as since 00003); the writer writes the heads and
-- those columns into the match rows in bulk (a catch-up, see sqlite.go)
-- and records in log_state.caught the seq below which every log row is
-- reflected in its match row, so Open reads only the log after it.
--
-- Up folds whatever the old journal holds into moves (as Open of the
-- earlier versions did) and empties it: every existing match's moves are
-- then in moves, its head NULL.
-- +goose Up
INSERT OR IGNORE INTO moves (match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock)
    SELECT match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock FROM journal ORDER BY match_id, ply;
DELETE FROM journal;
UPDATE matches AS m SET version = lm.version, ply = lm.ply, clock = lm.clock, updated = lm.updated
    FROM moves AS lm
    WHERE lm.match_id = m.id AND lm.ply = (SELECT max(ply) FROM moves WHERE match_id = m.id) AND lm.version > m.version;
ALTER TABLE journal ADD COLUMN prev INTEGER;
ALTER TABLE matches ADD COLUMN head INTEGER;
CREATE TABLE log_state (
    id     INTEGER PRIMARY KEY CHECK (id = 0),
    caught INTEGER NOT NULL  -- every log row with a lower seq is reflected in its match row
);
INSERT INTO log_state (id, caught) VALUES (0, 0);

-- +goose Down
-- Bring the match rows up to date with the log rows after caught (a
-- crash leaves some), then put every match's chain into moves (the rows
-- a takeback left unreachable go) and empty the log.
UPDATE matches AS m SET head = t.seq, version = t.version, ply = t.ply, clock = t.clock, updated = t.updated
    FROM (SELECT match_id, max(version) AS version, seq, ply, clock, updated FROM journal
          WHERE seq >= (SELECT caught FROM log_state) AND version IS NOT NULL GROUP BY match_id) AS t
    WHERE t.match_id = m.id AND t.version > m.version;
INSERT INTO moves (match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock)
    SELECT match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock FROM journal
    WHERE seq IN (WITH RECURSIVE c(seq) AS (
            SELECT head FROM matches WHERE head IS NOT NULL
            UNION ALL SELECT j.prev FROM c JOIN journal AS j ON j.seq = c.seq WHERE j.prev IS NOT NULL)
        SELECT seq FROM c)
    ORDER BY match_id, ply;
DELETE FROM journal;
DROP TABLE log_state;
ALTER TABLE matches DROP COLUMN head;
ALTER TABLE journal DROP COLUMN prev;
