-- Game reviews and puzzle ratings (the same records as the SQLite
-- store's): a match's review as JSON, a puzzle's rating, a solver's
-- puzzle rating per game, and the puzzles an account attempted, so each
-- moves a rating once.
-- +goose Up
CREATE TABLE reviews (
    match_id text PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    review   bytea NOT NULL,             -- the review's JSON
    at       timestamptz NOT NULL
);

CREATE TABLE puzzle_ratings (
    puzzle_id  text PRIMARY KEY,
    game       text NOT NULL,
    rating     double precision NOT NULL,
    rd         double precision NOT NULL,
    volatility double precision NOT NULL,
    games      integer NOT NULL,
    updated    timestamptz NOT NULL
);
CREATE INDEX puzzle_ratings_game ON puzzle_ratings (game);

CREATE TABLE solver_ratings (
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game       text NOT NULL,
    rating     double precision NOT NULL,
    rd         double precision NOT NULL,
    volatility double precision NOT NULL,
    games      integer NOT NULL,
    updated    timestamptz NOT NULL,
    PRIMARY KEY (account_id, game)
);

CREATE TABLE puzzle_attempts (
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    puzzle_id  text NOT NULL,
    solved     boolean NOT NULL,         -- solved at the first try
    at         timestamptz NOT NULL,
    PRIMARY KEY (account_id, puzzle_id)
);

-- +goose Down
DROP TABLE puzzle_attempts;
DROP TABLE solver_ratings;
DROP TABLE puzzle_ratings;
DROP TABLE reviews;
