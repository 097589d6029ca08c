-- The seats each player of a match muted in its chat (the same records as
-- the SQLite store's).
-- +goose Up
CREATE TABLE chat_mutes (
    match_id text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     integer NOT NULL,           -- the seat that muted
    muted    bigint NOT NULL,            -- the seats it muted, bit i: seat i
    PRIMARY KEY (match_id, seat)
);

-- +goose Down
DROP TABLE chat_mutes;
