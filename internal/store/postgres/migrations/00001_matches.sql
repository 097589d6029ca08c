-- The match rows and their moves. Every change of a match updates its row
-- with a compare-and-swap on version (see Save in postgres.go), so the
-- row's lock orders the writers of one match, whichever process they run
-- in; moves live in their own table, one row per ply.
--
-- Times are Unix time with millisecond precision, as timestamptz; the
-- nested values (options, seats, time control, clock, result) are JSON in
-- the shapes of the store package's types.
-- +goose Up
CREATE TABLE matches (
    id           text PRIMARY KEY,
    game         text NOT NULL,
    variant      text NOT NULL,
    players      integer NOT NULL,
    seed         bigint NOT NULL,       -- the uint64 seed's bits
    options      jsonb NOT NULL,        -- object of option texts
    seats        jsonb NOT NULL,        -- array of store.Seat
    time_control jsonb NOT NULL,        -- store.TimeControl
    status       text NOT NULL,
    result       jsonb,                 -- store.Result, NULL while playing
    version      bigint NOT NULL,
    ply          integer NOT NULL,
    clock        jsonb NOT NULL,        -- store.Clock
    rematch      text NOT NULL DEFAULT '',
    created      timestamptz NOT NULL,
    updated      timestamptz NOT NULL
);
-- Lists select by status and sort by the last update; Unfinished selects
-- by status.
CREATE INDEX matches_status_updated ON matches (status, updated DESC);

CREATE TABLE moves (
    match_id text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply      integer NOT NULL CHECK (ply >= 1),
    seat     integer NOT NULL,
    notation text NOT NULL,
    at       timestamptz NOT NULL,
    clock_ms bigint,                    -- mover's time left, NULL without a clock
    cmd_id   text NOT NULL DEFAULT '',
    PRIMARY KEY (match_id, ply)
);

-- +goose Down
DROP TABLE moves;
DROP TABLE matches;
