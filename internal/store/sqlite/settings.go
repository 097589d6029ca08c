package sqlite

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// Per-account settings (migration 00013): a rare write run by the writer
// as a function in its transactions; reads on the read pool.

// SetAccountSettings stores an account's settings document, replacing the
// one stored before; ErrNotFound when there is no such account (the
// writer's connection enforces no foreign key, so the row is inserted
// from the account's).
func (db *DB) SetAccountSettings(ctx context.Context, account string, doc []byte, at time.Time) error {
	doc = bytes.Clone(doc) // the writer may run the function after the caller has returned
	return db.do(ctx, applyFunc(func(ctx context.Context) error {
		res, err := db.w.conn.execSQL(ctx, `INSERT INTO account_settings (account_id, doc, updated)
			SELECT id, ?, ? FROM accounts WHERE id = ?
			ON CONFLICT (account_id) DO UPDATE SET doc = excluded.doc, updated = excluded.updated`, doc, at.UnixMilli(), account)
		if err != nil {
			return fmt.Errorf("sqlite: set settings of %s: %w", account, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("sqlite: set settings of %s: %w", account, err)
		} else if n == 0 {
			return fmt.Errorf("sqlite: set settings of %s: %w", account, store.ErrNotFound)
		}
		return nil
	}))
}

// AccountSettings returns an account's stored settings document.
func (db *DB) AccountSettings(ctx context.Context, account string) ([]byte, error) {
	return db.getDoc(ctx, "settings of "+account, `SELECT doc FROM account_settings WHERE account_id = ?`, account)
}
