-- The seats each player of a match muted in its chat, kept with the
-- match as its lines are. No foreign key, as chat_messages: a match row
-- may still be on its way through the journal.
-- +goose Up
CREATE TABLE chat_mutes (
    match_id TEXT NOT NULL,
    seat     INTEGER NOT NULL,           -- the seat that muted
    muted    INTEGER NOT NULL,           -- the seats it muted, bit i: seat i
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE chat_mutes;
