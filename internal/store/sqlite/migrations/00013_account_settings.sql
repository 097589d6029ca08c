-- Per-account settings (issue 24): the web client's board settings as one
-- small JSON document per account, so they follow the player to another
-- browser. The server bounds and checks the document; the store keeps it.
-- +goose Up
CREATE TABLE account_settings (
    account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    doc        BLOB NOT NULL,            -- the settings' JSON object
    updated    INTEGER NOT NULL          -- Unix ms
) WITHOUT ROWID;

-- +goose Down
DROP TABLE account_settings;
