-- Accounts, their sessions, and the seats accounts hold. A session row
-- holds the hash of its token, never the token. account_seats says which
-- account holds a seat (the seat's token in the match row still works
-- for whoever has it); rows stay after a match ends, as the record of who
-- played it.
-- +goose Up
CREATE TABLE accounts (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,          -- as typed
    canonical     TEXT NOT NULL UNIQUE,   -- lower case: unique ignoring case
    password_hash TEXT NOT NULL,          -- argon2id, PHC string form
    created       INTEGER NOT NULL,       -- Unix ms
    updated       INTEGER NOT NULL        -- Unix ms
);

CREATE TABLE sessions (
    hash       TEXT PRIMARY KEY,          -- hex SHA-256 of the token
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created    INTEGER NOT NULL,          -- Unix ms
    seen       INTEGER NOT NULL,
    expires    INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_account ON sessions (account_id, seen);
CREATE INDEX sessions_expires ON sessions (expires);

CREATE TABLE account_seats (
    match_id   TEXT NOT NULL,
    seat       INTEGER NOT NULL,
    account_id TEXT NOT NULL,
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
CREATE INDEX account_seats_account ON account_seats (account_id, match_id);

-- +goose Down
DROP TABLE account_seats;
DROP TABLE sessions;
DROP TABLE accounts;
