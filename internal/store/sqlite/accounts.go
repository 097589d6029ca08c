package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// Accounts, sessions and seat bindings: rare writes (a signup, a login, a
// seat taken by a logged-in player), run by the writer as functions in its
// transactions, with statements not prepared; reads on the read pool.

// CreateAccount stores a new account; store.ErrConflict when its
// canonical name or ID is taken.
func (db *DB) CreateAccount(ctx context.Context, a store.Account) error {
	return db.do(ctx, applyFunc(func(ctx context.Context) error {
		_, err := db.w.conn.execSQL(ctx, `INSERT INTO accounts (id, name, canonical, password_hash, created, updated)
			VALUES (?, ?, ?, ?, ?, ?)`, a.ID, a.Name, a.Canonical, a.PasswordHash, a.Created.UnixMilli(), a.Updated.UnixMilli())
		if err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed") {
			return fmt.Errorf("sqlite: create account %q: %w", a.Canonical, store.ErrConflict)
		}
		if err != nil {
			return fmt.Errorf("sqlite: create account %q: %w", a.Canonical, err)
		}
		return nil
	}))
}

// AccountByName returns the account of a canonical name.
func (db *DB) AccountByName(ctx context.Context, canonical string) (store.Account, error) {
	var a store.Account
	var created, updated int64
	err := db.read.QueryRowContext(ctx, `SELECT id, name, canonical, password_hash, created, updated FROM accounts WHERE canonical = ?`, canonical).
		Scan(&a.ID, &a.Name, &a.Canonical, &a.PasswordHash, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return a, fmt.Errorf("sqlite: account %q: %w", canonical, store.ErrNotFound)
	}
	if err != nil {
		return a, unavailable(fmt.Errorf("sqlite: account %q: %w", canonical, err))
	}
	a.Created, a.Updated = msTime(created), msTime(updated)
	return a, nil
}

// SetPassword replaces an account's password hash and ends its sessions
// but keep.
func (db *DB) SetPassword(ctx context.Context, id, hash string, at time.Time, keep string) error {
	return db.do(ctx, applyFunc(func(ctx context.Context) error {
		c := db.w.conn
		res, err := c.execSQL(ctx, `UPDATE accounts SET password_hash = ?, updated = ? WHERE id = ?`, hash, at.UnixMilli(), id)
		if err != nil {
			return fmt.Errorf("sqlite: set password of %s: %w", id, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return fmt.Errorf("sqlite: set password of %s: %w", id, store.ErrNotFound)
		}
		if _, err := c.execSQL(ctx, `DELETE FROM sessions WHERE account_id = ? AND hash <> ?`, id, keep); err != nil {
			return fmt.Errorf("sqlite: end sessions of %s: %w", id, err)
		}
		return nil
	}))
}

// CreateSession stores a session and ends the account's expired ones and
// those past max.
func (db *DB) CreateSession(ctx context.Context, s store.Session, max int) error {
	return db.do(ctx, applyFunc(func(ctx context.Context) error {
		c := db.w.conn
		if _, err := c.execSQL(ctx, `INSERT INTO sessions (hash, account_id, created, seen, expires) VALUES (?, ?, ?, ?, ?)`,
			s.Hash, s.Account, s.Created.UnixMilli(), s.Seen.UnixMilli(), s.Expires.UnixMilli()); err != nil {
			if strings.Contains(err.Error(), "UNIQUE constraint failed") {
				return fmt.Errorf("sqlite: create session: %w", store.ErrConflict)
			}
			return fmt.Errorf("sqlite: create session: %w", err)
		}
		if _, err := c.execSQL(ctx, `DELETE FROM sessions WHERE account_id = ? AND (expires <= ? OR hash IN
			(SELECT hash FROM sessions WHERE account_id = ? ORDER BY seen DESC, created DESC, hash LIMIT -1 OFFSET ?))`,
			s.Account, s.Created.UnixMilli(), s.Account, int64(max)); err != nil {
			return fmt.Errorf("sqlite: trim sessions of %s: %w", s.Account, err)
		}
		return nil
	}))
}

// SessionAccount returns a session and its account.
func (db *DB) SessionAccount(ctx context.Context, hash string) (store.Session, store.Account, error) {
	var s store.Session
	var a store.Account
	var sc, ss, se, ac, au int64
	err := db.reads.session.QueryRowContext(ctx, hash).
		Scan(&s.Hash, &s.Account, &sc, &ss, &se, &a.ID, &a.Name, &a.Canonical, &a.PasswordHash, &ac, &au)
	if errors.Is(err, sql.ErrNoRows) {
		return s, a, fmt.Errorf("sqlite: session: %w", store.ErrNotFound)
	}
	if err != nil {
		return s, a, unavailable(fmt.Errorf("sqlite: session: %w", err))
	}
	s.Created, s.Seen, s.Expires, a.Created, a.Updated = msTime(sc), msTime(ss), msTime(se), msTime(ac), msTime(au)
	return s, a, nil
}

// TouchSession records a session's use.
func (db *DB) TouchSession(ctx context.Context, hash string, seen, expires time.Time) error {
	return db.do(ctx, applyFunc(func(ctx context.Context) error {
		if _, err := db.w.conn.execSQL(ctx, `UPDATE sessions SET seen = ?, expires = ? WHERE hash = ?`,
			seen.UnixMilli(), expires.UnixMilli(), hash); err != nil {
			return fmt.Errorf("sqlite: touch session: %w", err)
		}
		return nil
	}))
}

// DeleteSession ends a session.
func (db *DB) DeleteSession(ctx context.Context, hash string) error {
	return db.do(ctx, applyFunc(func(ctx context.Context) error {
		if _, err := db.w.conn.execSQL(ctx, `DELETE FROM sessions WHERE hash = ?`, hash); err != nil {
			return fmt.Errorf("sqlite: delete session: %w", err)
		}
		return nil
	}))
}

// DeleteExpiredSessions ends every session expired by now.
func (db *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) (int, error) {
	var n int64
	err := db.do(ctx, applyFunc(func(ctx context.Context) error {
		res, err := db.w.conn.execSQL(ctx, `DELETE FROM sessions WHERE expires <= ?`, now.UnixMilli())
		if err != nil {
			return fmt.Errorf("sqlite: delete expired sessions: %w", err)
		}
		n, err = res.RowsAffected()
		return err
	}))
	if err != nil {
		// n is not read: when ctx ended first the writer may still be
		// running the delete, and write n after this returns.
		return 0, err
	}
	return int(n), nil
}

// BindSeat records that an account holds a seat of a match.
func (db *DB) BindSeat(ctx context.Context, account string, ref store.SeatRef) error {
	return db.do(ctx, applyFunc(func(ctx context.Context) error { return db.bind(ctx, account, ref) }))
}

// bind binds a seat in the writer's current transaction (BindSeat, and a
// Change's Bind).
func (db *DB) bind(ctx context.Context, account string, ref store.SeatRef) error {
	c := db.w.conn
	dest := make([]driver.Value, 2)
	if err := c.querySQL(ctx, `SELECT coalesce((SELECT account_id FROM account_seats WHERE match_id = ?1 AND seat = ?2),
			(SELECT '' FROM matches WHERE id = ?1)), (SELECT count(*) FROM accounts WHERE id = ?3)`, dest, ref.Match, int64(ref.Seat), account); err != nil {
		return fmt.Errorf("sqlite: bind seat %d of %s: %w", ref.Seat, ref.Match, err)
	}
	switch holder := dest[0].(type) {
	case nil:
		return fmt.Errorf("sqlite: bind seat of %s: %w", ref.Match, store.ErrNotFound)
	case string:
		if holder == account {
			return nil
		}
		if holder != "" {
			return fmt.Errorf("sqlite: bind seat %d of %s: %w", ref.Seat, ref.Match, store.ErrConflict)
		}
	}
	if n, _ := asInt64(dest[1]); n == 0 {
		return fmt.Errorf("sqlite: bind seat of %s: no account %s: %w", ref.Match, account, store.ErrNotFound)
	}
	if _, err := c.execSQL(ctx, `INSERT INTO account_seats (match_id, seat, account_id) VALUES (?, ?, ?)`,
		ref.Match, int64(ref.Seat), account); err != nil {
		return fmt.Errorf("sqlite: bind seat %d of %s: %w", ref.Seat, ref.Match, err)
	}
	return nil
}

// AccountSeats returns the seats of a match an account holds.
func (db *DB) AccountSeats(ctx context.Context, account, match string) ([]int, error) {
	rows, err := db.reads.seats.QueryContext(ctx, match, account)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: account seats: %w", err))
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var s int
		if err := rows.Scan(&s); err != nil {
			return nil, fmt.Errorf("sqlite: account seats: %w", err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: account seats: %w", err))
	}
	return out, nil
}

// SeatAccounts returns the accounts holding seats of a match, by seat.
func (db *DB) SeatAccounts(ctx context.Context, match string) (map[int]string, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT seat, account_id FROM account_seats WHERE match_id = ?`, match)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: seat accounts: %w", err))
	}
	defer rows.Close()
	out := map[int]string{}
	for rows.Next() {
		var seat int
		var a string
		if err := rows.Scan(&seat, &a); err != nil {
			return nil, fmt.Errorf("sqlite: seat accounts: %w", err)
		}
		out[seat] = a
	}
	if err := rows.Err(); err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: seat accounts: %w", err))
	}
	return out, nil
}

// AccountMatches returns the seats an account holds in waiting and live
// matches, newest match first. A match row's status is current (a change
// of status writes it), so the join needs nothing from the writer.
func (db *DB) AccountMatches(ctx context.Context, account string, limit int) ([]store.SeatRef, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT s.match_id, s.seat FROM account_seats AS s JOIN matches AS m ON m.id = s.match_id
		WHERE s.account_id = ? AND m.status IN (?, ?) ORDER BY m.created DESC, m.id, s.seat LIMIT ?`,
		account, store.StatusWaiting, store.StatusLive, limit)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: account matches: %w", err))
	}
	defer rows.Close()
	var out []store.SeatRef
	for rows.Next() {
		var r store.SeatRef
		if err := rows.Scan(&r.Match, &r.Seat); err != nil {
			return nil, fmt.Errorf("sqlite: account matches: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: account matches: %w", err))
	}
	return out, nil
}

// msTime is a stored Unix ms time, in UTC.
func msTime(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
