-- An index on (status, updated) is rewritten by every move (updated
-- changes); one on status alone only when a match starts or ends. Lists
-- sort the few active matches in memory.
-- +goose Up
DROP INDEX matches_status_updated;
CREATE INDEX matches_status ON matches (status);

-- +goose Down
DROP INDEX matches_status;
CREATE INDEX matches_status_updated ON matches (status, updated DESC);
