-- Rated matches and ratings. matches.rated is fixed at creation. A
-- ratings row is an account's rating under one game, variant and player
-- count; it is written in the transaction that stores the result of a
-- rated match, with one rating_changes row per seat (the history).
-- +goose Up
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

CREATE TABLE ratings (
    account_id TEXT NOT NULL,
    game       TEXT NOT NULL,
    variant    TEXT NOT NULL,
    players    INTEGER NOT NULL,
    rating     REAL NOT NULL,
    rd         REAL NOT NULL,
    volatility REAL NOT NULL,
    games      INTEGER NOT NULL,
    updated    INTEGER NOT NULL,          -- Unix ms of the last rated game's end
    PRIMARY KEY (account_id, game, variant, players)
) WITHOUT ROWID;
CREATE INDEX ratings_board ON ratings (game, variant, players, rating DESC);

CREATE TABLE rating_changes (
    match_id   TEXT NOT NULL,
    seat       INTEGER NOT NULL,
    account_id TEXT NOT NULL,
    game       TEXT NOT NULL,
    variant    TEXT NOT NULL,
    players    INTEGER NOT NULL,
    before     REAL NOT NULL,
    after      REAL NOT NULL,
    rd         REAL NOT NULL,             -- after the match
    at         INTEGER NOT NULL,          -- Unix ms
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
CREATE INDEX rating_changes_account ON rating_changes (account_id, at);

-- +goose Down
DROP TABLE rating_changes;
DROP TABLE ratings;
ALTER TABLE matches DROP COLUMN rated;
