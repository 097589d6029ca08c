-- Match chat, personal access tokens and bot accounts. A chat row belongs
-- to its match (no foreign key, as account_seats: a match row may still
-- be on its way through the journal when its first message is written).
-- A token row holds the hash of its token, never the token.
-- +goose Up
CREATE TABLE chat_messages (
    id         INTEGER PRIMARY KEY,      -- ascending: the order of the chat
    match_id   TEXT NOT NULL,
    channel    TEXT NOT NULL,            -- 'players' or 'spectators'
    seat       INTEGER NOT NULL,         -- -1: a spectator
    account_id TEXT NOT NULL,            -- '': a guest
    name       TEXT NOT NULL,
    text       TEXT NOT NULL,
    at         INTEGER NOT NULL          -- Unix ms
);
CREATE INDEX chat_messages_match ON chat_messages (match_id, id);

CREATE TABLE access_tokens (
    id          TEXT PRIMARY KEY,
    hash        TEXT NOT NULL UNIQUE,    -- hex SHA-256 of the token
    account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    description TEXT NOT NULL,
    scopes      TEXT NOT NULL,           -- space-separated
    created     INTEGER NOT NULL,        -- Unix ms
    used        INTEGER NOT NULL         -- Unix ms, 0: never
);
CREATE INDEX access_tokens_account ON access_tokens (account_id, created);

CREATE TABLE bot_accounts (
    account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    since      INTEGER NOT NULL          -- Unix ms
) WITHOUT ROWID;

-- +goose Down
DROP TABLE bot_accounts;
DROP TABLE access_tokens;
DROP TABLE chat_messages;
