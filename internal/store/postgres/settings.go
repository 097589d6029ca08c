package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tabula-games/tabula/internal/store"
)

// Per-account settings (migration 00008).

// SetAccountSettings stores an account's settings document, replacing the
// one stored before; ErrNotFound when there is no such account.
func (db *DB) SetAccountSettings(ctx context.Context, account string, doc []byte, at time.Time) error {
	_, err := db.pool.Exec(ctx, `INSERT INTO account_settings (account_id, doc, updated) VALUES ($1, $2, $3)
		ON CONFLICT (account_id) DO UPDATE SET doc = excluded.doc, updated = excluded.updated`, account, doc, millis(at))
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == foreignKeyViolation {
		err = fmt.Errorf("%w: %w", err, store.ErrNotFound)
	}
	return db.wrote(wrapf(err, "postgres: set settings of %s", account))
}

// AccountSettings returns an account's stored settings document.
func (db *DB) AccountSettings(ctx context.Context, account string) ([]byte, error) {
	var b []byte
	err := db.pool.QueryRow(ctx, `SELECT doc FROM account_settings WHERE account_id = $1`, account).Scan(&b)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: settings of %s: %w", account, store.ErrNotFound)
	}
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: settings of %s: %w", account, err))
	}
	return b, nil
}
