-- Per-account settings (the same record as the SQLite store's): the web
-- client's board settings as one small JSON document per account.
-- +goose Up
CREATE TABLE account_settings (
    account_id text PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    doc        bytea NOT NULL,           -- the settings' JSON object
    updated    timestamptz NOT NULL
);

-- +goose Down
DROP TABLE account_settings;
