package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// accountReads are the read pool's prepared account queries: those a
// logged-in player's every request and connection runs (its session, its
// seats of the match it opens, the seats' names when a room loads). Run
// unprepared, SQLite parsed each one at every call, a tenth of the
// server's CPU in the load test's accounts mode.
type accountReads struct {
	session, seats, holders *sql.Stmt
}

func prepareReads(ctx context.Context, read *sql.DB) (accountReads, error) {
	var r accountReads
	var err error
	prep := func(q string) *sql.Stmt {
		if err != nil {
			return nil
		}
		var st *sql.Stmt
		st, err = read.PrepareContext(ctx, q)
		return st
	}
	r.session = prep(`SELECT s.hash, s.account_id, s.created, s.seen, s.expires,
			a.id, a.name, a.canonical, a.password_hash, a.created, a.updated
		FROM sessions AS s JOIN accounts AS a ON a.id = s.account_id WHERE s.hash = ?`)
	r.seats = prep(`SELECT seat FROM account_seats WHERE match_id = ? AND account_id = ? ORDER BY seat`)
	r.holders = prep(`SELECT s.match_id, s.seat, s.account_id, a.name
		FROM account_seats AS s JOIN accounts AS a ON a.id = s.account_id
		WHERE s.match_id IN (SELECT value FROM json_each(?))`)
	if err != nil {
		return r, errors.Join(fmt.Errorf("sqlite: prepare reads: %w", err), r.close())
	}
	return r, nil
}

func (r accountReads) close() error {
	var errs []error
	for _, st := range []*sql.Stmt{r.session, r.seats, r.holders} {
		if st != nil {
			errs = append(errs, st.Close())
		}
	}
	return errors.Join(errs...)
}
