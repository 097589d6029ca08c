-- Match chat, personal access tokens and bot accounts (the same records
-- as the SQLite store's). A token row holds the hash of its token, never
-- the token.
-- +goose Up
CREATE TABLE chat_messages (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    match_id   text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    channel    text NOT NULL,            -- 'players' or 'spectators'
    seat       integer NOT NULL,         -- -1: a spectator
    account_id text NOT NULL,            -- '': a guest
    name       text NOT NULL,
    text       text NOT NULL,
    at         timestamptz NOT NULL
);
CREATE INDEX chat_messages_match ON chat_messages (match_id, id);

CREATE TABLE access_tokens (
    id          text PRIMARY KEY,
    hash        text NOT NULL UNIQUE,    -- hex SHA-256 of the token
    account_id  text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    description text NOT NULL,
    scopes      text NOT NULL,           -- space-separated
    created     timestamptz NOT NULL,
    used        timestamptz              -- NULL: never
);
CREATE INDEX access_tokens_account ON access_tokens (account_id, created);

CREATE TABLE bot_accounts (
    account_id text PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    since      timestamptz NOT NULL
);

-- +goose Down
DROP TABLE bot_accounts;
DROP TABLE access_tokens;
DROP TABLE chat_messages;
