-- Game reviews and puzzle ratings (issue 23). A review row belongs to its
-- match (no foreign key, as chat_messages: a match row may still be on its
-- way through the journal); it holds the review's JSON, one per match. A
-- puzzle's rating and a solver's puzzle rating per game are Glicko-2's
-- numbers; puzzle_attempts remembers which puzzles an account attempted,
-- so each moves a rating once.
-- +goose Up
CREATE TABLE reviews (
    match_id TEXT PRIMARY KEY,
    review   BLOB NOT NULL,             -- the review's JSON
    at       INTEGER NOT NULL           -- Unix ms
) WITHOUT ROWID;

CREATE TABLE puzzle_ratings (
    puzzle_id  TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    rating     REAL NOT NULL,
    rd         REAL NOT NULL,
    volatility REAL NOT NULL,
    games      INTEGER NOT NULL,
    updated    INTEGER NOT NULL          -- Unix ms
) WITHOUT ROWID;
CREATE INDEX puzzle_ratings_game ON puzzle_ratings (game);

CREATE TABLE solver_ratings (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game       TEXT NOT NULL,
    rating     REAL NOT NULL,
    rd         REAL NOT NULL,
    volatility REAL NOT NULL,
    games      INTEGER NOT NULL,
    updated    INTEGER NOT NULL,         -- Unix ms
    PRIMARY KEY (account_id, game)
) WITHOUT ROWID;

CREATE TABLE puzzle_attempts (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    puzzle_id  TEXT NOT NULL,
    solved     INTEGER NOT NULL,         -- 1: solved at the first try
    at         INTEGER NOT NULL,         -- Unix ms
    PRIMARY KEY (account_id, puzzle_id)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE puzzle_attempts;
DROP TABLE solver_ratings;
DROP INDEX puzzle_ratings_game;
DROP TABLE puzzle_ratings;
DROP TABLE reviews;
