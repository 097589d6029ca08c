-- The journal may hold rows already folded into moves: the writer folds a
-- match's unfolded rows together and deletes journal rows only in ranges
-- below the oldest unfolded one, so a folded row newer than that waits in
-- the journal, in both tables (see foldMatches in sqlite.go). Reads take a
-- match's journal rows only past its last ply in moves. No schema change
-- up; down deletes the folded rows from the journal, which is what the
-- reads and the fold of earlier versions assume.
-- +goose Up
SELECT 1;

-- +goose Down
DELETE FROM journal WHERE EXISTS
    (SELECT 1 FROM moves WHERE moves.match_id = journal.match_id AND moves.ply = journal.ply);
