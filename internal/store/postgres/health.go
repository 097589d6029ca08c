package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tabula-games/tabula/internal/store"
)

// Storage failures: an error that says the database cannot serve the
// request now (it is unreachable, shutting down, read-only, out of disk
// or connections), not that the request was wrong, is returned wrapped in
// store.ErrUnavailable. A write that fails so marks the store unhealthy
// (Health) until a write succeeds again, as the SQLite store does.

const (
	// probeEvery is the least time between two probes Health makes to
	// find out whether a failed store can write again (a store idle since
	// its failure has no other write to tell): many health checks cost at
	// most one small transaction this often, none while writes succeed.
	probeEvery = time.Second
	// probeWait is how long Health waits for its probe; past it Health
	// reports the failure it knows, so a health check answers quickly
	// behind a database that does not answer.
	probeWait = time.Second
)

// health is the store's record of its writes' storage failures.
type health struct {
	// failed is the storage failure of the last write, nil once a write
	// succeeds.
	failed atomic.Pointer[writeFailure]
	// probeMu serializes Health's probes; probed is the last one's time.
	probeMu sync.Mutex
	probed  time.Time
}

// writeFailure is a write that failed for want of the database: the last
// one's error, and when the writes began to fail.
type writeFailure struct {
	err error
	at  time.Time
}

// wrote is the end of every write: err wrapped in store.ErrUnavailable if
// it is a storage failure, which is kept for Health; a write that
// succeeded clears the failure. Other errors (conflicts, a missing row)
// leave the health as it was: the database answered.
func (db *DB) wrote(err error) error {
	err = unavailable(err)
	switch {
	case err == nil:
		if db.health.failed.Load() != nil {
			db.health.failed.Store(nil)
		}
	case errors.Is(err, store.ErrUnavailable):
		f := &writeFailure{err: err, at: time.Now()}
		if prev := db.health.failed.Load(); prev != nil {
			f.at = prev.at // failing since the first failure
		}
		db.health.failed.Store(f)
	}
	return err
}

// sqlProbe is a write that changes nothing, as one transaction (a
// statement list without arguments runs in one): pg_current_xact_id
// gives the transaction an ID, so its commit goes to the write-ahead log,
// and the UPDATE is refused wherever writes are (a read-only transaction
// by default_transaction_read_only, a standby), though it matches no row.
const sqlProbe = `SELECT pg_current_xact_id(); UPDATE matches SET rematch = rematch WHERE false`

// probe runs sqlProbe.
func (db *DB) probe(ctx context.Context) error {
	_, err := db.pool.Exec(ctx, sqlProbe)
	return err
}

// Health returns nil while the store's writes succeed, and the last
// write's storage failure (wrapping store.ErrUnavailable) from a failed
// write until one succeeds again. It writes only when the store has
// failed, at most once every probeEvery, so a store idle since its
// failure finds out it can write again. A database that goes away while
// nobody writes shows at the next write.
func (db *DB) Health(ctx context.Context) error {
	if db.health.failed.Load() == nil {
		return nil
	}
	db.health.probeMu.Lock()
	if time.Since(db.health.probed) >= probeEvery {
		db.health.probed = time.Now()
		pctx, cancel := context.WithTimeout(ctx, probeWait)
		db.wrote(wrapf(db.probe(pctx), "postgres: probe write")) // its result lands in failed
		cancel()
	}
	db.health.probeMu.Unlock()
	if f := db.health.failed.Load(); f != nil {
		return fmt.Errorf("%w (since %s)", f.err, f.at.UTC().Format(time.RFC3339))
	}
	return nil
}

// storageClasses are the SQLSTATE classes (an error code's first two
// characters) of errors that say the database cannot serve requests now.
var storageClasses = map[string]bool{
	"08": true, // connection exception
	"53": true, // insufficient resources: disk full 53100, out of memory 53200, too many connections 53300
	"57": true, // operator intervention: shutdown 57P01-57P03, a statement_timeout 57014
	"58": true, // system error: an I/O error 58030
	"XX": true, // internal error: corrupted data or index
}

// storageCodes are single SQLSTATE codes of the same kind.
var storageCodes = map[string]bool{
	"25006": true, // read_only_sql_transaction: a standby, or writes turned off
	"55P03": true, // lock_not_available: a lock_timeout
}

// storageFailure reports whether err says the database cannot be reached
// or cannot serve requests now: a connection that cannot be made (for any
// reason: refused, a shutdown, too many connections, a login refused), a
// connection lost or timed out, a deadline passed, or an error of
// PostgreSQL's in storageClasses or storageCodes. Constraint violations
// and other errors of the request are not.
func storageFailure(err error) bool {
	var ce *pgconn.ConnectError
	var pe *pgconn.PgError
	var ne net.Error
	switch {
	case err == nil:
		return false
	case errors.As(err, &ce):
		return true
	case errors.As(err, &pe):
		return len(pe.Code) == 5 && (storageClasses[pe.Code[:2]] || storageCodes[pe.Code])
	}
	return errors.Is(err, pgconn.ErrConnClosed) || pgconn.Timeout(err) || errors.Is(err, context.DeadlineExceeded) ||
		errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// unavailable wraps err in store.ErrUnavailable if it is a storage
// failure.
func unavailable(err error) error {
	if err != nil && !errors.Is(err, store.ErrUnavailable) && storageFailure(err) {
		return fmt.Errorf("%w: %w", store.ErrUnavailable, err)
	}
	return err
}
