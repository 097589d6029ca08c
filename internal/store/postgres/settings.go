package postgres

import (
	"context"
	"time"
)

// Per-account settings (migration 00008).

// SetAccountSettings stores an account's settings document, replacing the
// one stored before; ErrNotFound when there is no such account.
func (db *DB) SetAccountSettings(ctx context.Context, account string, doc []byte, at time.Time) error {
	return db.putDoc(ctx, "set settings of "+account, `INSERT INTO account_settings (account_id, doc, updated) VALUES ($1, $2, $3)
		ON CONFLICT (account_id) DO UPDATE SET doc = excluded.doc, updated = excluded.updated`, account, doc, at)
}

// AccountSettings returns an account's stored settings document.
func (db *DB) AccountSettings(ctx context.Context, account string) ([]byte, error) {
	return db.getDoc(ctx, "settings of "+account, `SELECT doc FROM account_settings WHERE account_id = $1`, account)
}
