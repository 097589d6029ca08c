-- Rated matches: the flag, fixed at creation. The ratings themselves need
-- tables this store does not have yet (see docs/store.md).
-- +goose Up
ALTER TABLE matches ADD COLUMN rated boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE matches DROP COLUMN rated;
