-- Ratings (the same records as the SQLite store's). A ratings row is an
-- account's rating under one game, variant and player count; it is
-- written in the transaction that stores the result of a rated match,
-- with one rating_changes row per seat (the history a profile graphs).
-- A row is locked (SELECT ... FOR UPDATE) while its match is rated, so
-- two matches of one player ending at once, on any servers, are rated
-- one after the other.
-- +goose Up
CREATE TABLE ratings (
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game       text NOT NULL,
    variant    text NOT NULL,
    players    integer NOT NULL,
    rating     double precision NOT NULL,
    rd         double precision NOT NULL,
    volatility double precision NOT NULL,
    games      integer NOT NULL,
    updated    timestamptz,             -- the last rated game's end; NULL before the first
    PRIMARY KEY (account_id, game, variant, players)
);
CREATE INDEX ratings_board ON ratings (game, variant, players, rating DESC);

CREATE TABLE rating_changes (
    match_id      text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat          integer NOT NULL,
    account_id    text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game          text NOT NULL,
    variant       text NOT NULL,
    players       integer NOT NULL,
    rating_before double precision NOT NULL,
    rating_after  double precision NOT NULL,
    rd            double precision NOT NULL, -- after the match
    at            timestamptz NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX rating_changes_account ON rating_changes (account_id, game, variant, players, at);

-- +goose Down
DROP TABLE rating_changes;
DROP TABLE ratings;
