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

// Accounts, sessions and the seats accounts hold (migration 00002): rare
// writes, each one statement or one transaction, kept consistent by the
// database's constraints and row locks, so servers sharing the database
// agree without talking to each other.

// foreignKeyViolation is PostgreSQL's SQLSTATE for a reference to a
// missing row.
const foreignKeyViolation = "23503"

// CreateAccount stores a new account; store.ErrConflict when its
// canonical name or ID is taken (the unique index and the primary key
// decide, whichever server asks first).
func (db *DB) CreateAccount(ctx context.Context, a store.Account) error {
	_, err := db.pool.Exec(ctx, `INSERT INTO accounts (id, name, canonical, password_hash, created, updated)
		VALUES ($1, $2, $3, $4, $5, $6)`, a.ID, a.Name, a.Canonical, a.PasswordHash, millis(a.Created), millis(a.Updated))
	if isUnique(err) {
		return fmt.Errorf("postgres: create account %q: %w", a.Canonical, store.ErrConflict)
	}
	return db.wrote(wrapf(err, "postgres: create account %q", a.Canonical))
}

// AccountByName returns the account of a canonical name.
func (db *DB) AccountByName(ctx context.Context, canonical string) (store.Account, error) {
	a, err := scanAccount(db.pool.QueryRow(ctx, `SELECT id, name, canonical, password_hash, created, updated
		FROM accounts WHERE canonical = $1`, canonical))
	if errors.Is(err, pgx.ErrNoRows) {
		return a, fmt.Errorf("postgres: account %q: %w", canonical, store.ErrNotFound)
	}
	return a, unavailable(wrapf(err, "postgres: account %q", canonical))
}

// scanAccount scans id, name, canonical, password_hash, created, updated
// and then more.
func scanAccount(row pgx.Row, more ...any) (store.Account, error) {
	var a store.Account
	err := row.Scan(append([]any{&a.ID, &a.Name, &a.Canonical, &a.PasswordHash, &a.Created, &a.Updated}, more...)...)
	a.Created, a.Updated = a.Created.UTC(), a.Updated.UTC()
	return a, err
}

// SetPassword replaces an account's password hash and ends its sessions
// but keep, in one transaction. Its update locks the account's row, so a
// login of the account at the same time (CreateSession) waits for it or
// is waited for: no session created before the change survives it.
func (db *DB) SetPassword(ctx context.Context, id, hash string, at time.Time, keep string) error {
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE accounts SET password_hash = $2, updated = $3 WHERE id = $1`, id, hash, millis(at))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return store.ErrNotFound
		}
		_, err = tx.Exec(ctx, `DELETE FROM sessions WHERE account_id = $1 AND hash <> $2`, id, keep)
		return err
	})
	return db.wrote(wrapf(err, "postgres: set password of %s", id))
}

// CreateSession stores a session and ends the account's expired ones and
// those past max, in one transaction. It locks the account's row first,
// so logins of one account (and its password changes) take turns: each
// trims with every other's session in sight, and never more than max
// remain. No account is store.ErrNotFound.
func (db *DB) CreateSession(ctx context.Context, s store.Session, max int) error {
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		var one int
		err := tx.QueryRow(ctx, `SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE`, s.Account).Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("account %s: %w", s.Account, store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO sessions (hash, account_id, created, seen, expires) VALUES ($1, $2, $3, $4, $5)`,
			s.Hash, s.Account, millis(s.Created), millis(s.Seen), millis(s.Expires))
		if isUnique(err) {
			return fmt.Errorf("%w: %w", err, store.ErrConflict)
		}
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM sessions WHERE account_id = $1 AND (expires <= $2 OR hash IN
			(SELECT hash FROM sessions WHERE account_id = $1 ORDER BY seen DESC, created DESC, hash OFFSET $3))`,
			s.Account, millis(s.Created), max)
		return err
	})
	return db.wrote(wrapf(err, "postgres: create session of %s", s.Account))
}

// SessionAccount returns a session and its account.
func (db *DB) SessionAccount(ctx context.Context, hash string) (store.Session, store.Account, error) {
	var s store.Session
	a, err := scanAccount(db.pool.QueryRow(ctx, `SELECT a.id, a.name, a.canonical, a.password_hash, a.created, a.updated,
			s.hash, s.account_id, s.created, s.seen, s.expires
		FROM sessions AS s JOIN accounts AS a ON a.id = s.account_id WHERE s.hash = $1`, hash),
		&s.Hash, &s.Account, &s.Created, &s.Seen, &s.Expires)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Session{}, store.Account{}, fmt.Errorf("postgres: session: %w", store.ErrNotFound)
	}
	if err != nil {
		return store.Session{}, store.Account{}, unavailable(fmt.Errorf("postgres: session: %w", err))
	}
	s.Created, s.Seen, s.Expires = s.Created.UTC(), s.Seen.UTC(), s.Expires.UTC()
	return s, a, nil
}

// TouchSession records a session's use; a session that is gone is no
// error.
func (db *DB) TouchSession(ctx context.Context, hash string, seen, expires time.Time) error {
	_, err := db.pool.Exec(ctx, `UPDATE sessions SET seen = $2, expires = $3 WHERE hash = $1`, hash, millis(seen), millis(expires))
	return db.wrote(wrapf(err, "postgres: touch session"))
}

// DeleteSession ends a session; one that is gone is no error.
func (db *DB) DeleteSession(ctx context.Context, hash string) error {
	_, err := db.pool.Exec(ctx, `DELETE FROM sessions WHERE hash = $1`, hash)
	return db.wrote(wrapf(err, "postgres: delete session"))
}

// DeleteExpiredSessions ends every session expired by now.
func (db *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) (int, error) {
	tag, err := db.pool.Exec(ctx, `DELETE FROM sessions WHERE expires <= $1`, millis(now))
	if err := db.wrote(wrapf(err, "postgres: delete expired sessions")); err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}

// BindSeat records that an account holds a seat of a match. The seat's
// primary key decides between two accounts binding it at once (the second
// insert waits for the first and inserts nothing); the foreign keys refuse
// a seat of a match (or an account) that does not exist.
func (db *DB) BindSeat(ctx context.Context, account string, ref store.SeatRef) error {
	tag, err := db.pool.Exec(ctx, `INSERT INTO account_seats (match_id, seat, account_id) VALUES ($1, $2, $3)
		ON CONFLICT (match_id, seat) DO NOTHING`, ref.Match, ref.Seat, account)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == foreignKeyViolation {
		return fmt.Errorf("postgres: bind seat of %s by %s (no such match or account): %w", ref.Match, account, store.ErrNotFound)
	}
	if err := db.wrote(wrapf(err, "postgres: bind seat %d of %s", ref.Seat, ref.Match)); err != nil {
		return err
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	var holder string
	err = db.pool.QueryRow(ctx, `SELECT account_id FROM account_seats WHERE match_id = $1 AND seat = $2`, ref.Match, ref.Seat).Scan(&holder)
	switch {
	case errors.Is(err, pgx.ErrNoRows): // the match was deleted since
		return fmt.Errorf("postgres: bind seat of %s: %w", ref.Match, store.ErrNotFound)
	case err != nil:
		return unavailable(fmt.Errorf("postgres: bind seat %d of %s: %w", ref.Seat, ref.Match, err))
	case holder != account:
		return fmt.Errorf("postgres: bind seat %d of %s: %w", ref.Seat, ref.Match, store.ErrConflict)
	}
	return nil
}

// AccountSeats returns the seats of a match an account holds.
func (db *DB) AccountSeats(ctx context.Context, account, match string) ([]int, error) {
	rows, err := db.pool.Query(ctx, `SELECT seat FROM account_seats WHERE match_id = $1 AND account_id = $2 ORDER BY seat`, match, account)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: account seats: %w", err))
	}
	seats, err := pgx.CollectRows(rows, pgx.RowTo[int])
	return seats, unavailable(wrapf(err, "postgres: account seats"))
}

// SeatAccounts returns the accounts holding seats of a match, by seat.
func (db *DB) SeatAccounts(ctx context.Context, match string) (map[int]string, error) {
	rows, err := db.pool.Query(ctx, `SELECT seat, account_id FROM account_seats WHERE match_id = $1`, match)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: seat accounts: %w", err))
	}
	out := map[int]string{}
	var seat int
	var account string
	_, err = pgx.ForEachRow(rows, []any{&seat, &account}, func() error {
		out[seat] = account
		return nil
	})
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: seat accounts: %w", err))
	}
	return out, nil
}

// AccountMatches returns the seats an account holds in waiting and live
// matches, newest match first.
func (db *DB) AccountMatches(ctx context.Context, account string, limit int) ([]store.SeatRef, error) {
	rows, err := db.pool.Query(ctx, `SELECT s.match_id, s.seat FROM account_seats AS s JOIN matches AS m ON m.id = s.match_id
		WHERE s.account_id = $1 AND m.status = ANY($2) ORDER BY m.created DESC, m.id, s.seat LIMIT $3`,
		account, []string{store.StatusWaiting, store.StatusLive}, limit)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: account matches: %w", err))
	}
	refs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.SeatRef, error) {
		var r store.SeatRef
		err := row.Scan(&r.Match, &r.Seat)
		return r, err
	})
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: account matches: %w", err))
	}
	return refs, nil
}
