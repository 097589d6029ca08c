-- Rated matches: the flag, fixed at creation (the ratings are in
-- 00006_ratings.sql).
-- +goose Up
ALTER TABLE matches ADD COLUMN rated boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE matches DROP COLUMN rated;
