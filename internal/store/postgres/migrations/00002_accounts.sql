-- Accounts, their sessions, and the seats accounts hold (the same records
-- as the SQLite store's). A session row holds the hash of its token, never
-- the token. account_seats says which account holds a seat (the seat's
-- token in the match row still works for whoever has it); rows stay after
-- a match ends, as the record of who played it.
--
-- The database, not the process, keeps these consistent across servers:
-- the unique canonical name makes two signups of one name, on any nodes,
-- give one account; the primary key of account_seats makes two bindings
-- of one seat give one holder; the foreign keys refuse a session of no
-- account and a seat of no match.
-- +goose Up
CREATE TABLE accounts (
    id            text PRIMARY KEY,
    name          text NOT NULL,          -- as typed
    canonical     text NOT NULL,          -- lower case
    password_hash text NOT NULL,          -- argon2id, PHC string form
    created       timestamptz NOT NULL,
    updated       timestamptz NOT NULL
);
-- Names are unique ignoring case: the canonical form is the lower case.
CREATE UNIQUE INDEX accounts_canonical ON accounts (canonical);

CREATE TABLE sessions (
    hash       text PRIMARY KEY,          -- hex SHA-256 of the token
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created    timestamptz NOT NULL,
    seen       timestamptz NOT NULL,
    expires    timestamptz NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id, seen);
CREATE INDEX sessions_expires ON sessions (expires);

CREATE TABLE account_seats (
    match_id   text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       integer NOT NULL,
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX account_seats_account ON account_seats (account_id, match_id);

-- +goose Down
DROP TABLE account_seats;
DROP TABLE sessions;
DROP TABLE accounts;
