// Package postgres is the PostgreSQL implementation of Tabula's store,
// through pgx. Several server processes may share one database: every
// change of a match is one transaction that updates the match row only if
// its version is the one the change was based on (a compare-and-swap the
// database checks under the row's lock), so two writers of one match,
// in one process or in two, cannot both succeed. Moves are rows of their
// own table, one per ply, appended only when they continue the stored
// ones.
//
// Open takes a connection string in either of pgx's forms (a
// postgres:// URL or key=value pairs); pgx's own parameters apply, for
// example pool_max_conns for the pool's size and search_path for the
// schema the tables live in.
//
// A request the database cannot serve now (unreachable, shutting down,
// read-only, out of disk or connections; see storageFailure) fails with
// an error wrapping store.ErrUnavailable, and a write that fails so is
// reported by Health until a write succeeds again.
package postgres

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/tabula-games/tabula/internal/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

const (
	// defaultLimit and maxLimit bound List, as the SQLite store does.
	defaultLimit, maxLimit = 50, 1000
	// migrateLockEvery and migrateLockTries are how often and how many
	// times Open tries to take the migration lock (a session advisory
	// lock) while another process holds it: servers started together
	// migrate one at a time, and a migration holding it longer than a
	// minute is a stuck one.
	migrateLockEvery, migrateLockTries = 1, 60 // seconds, times
	// uniqueViolation is PostgreSQL's SQLSTATE for a duplicate key.
	uniqueViolation = "23505"
)

// DB is a Tabula store in one PostgreSQL database (or schema). It is safe
// for concurrent use, and other DBs, in this process or others, may use
// the same database at once.
type DB struct {
	pool   *pgxpool.Pool
	health health
}

// Open connects to the database dsn names, applies the migrations, makes
// sure it can write there (else an error wrapping store.ErrUnavailable),
// and returns the store. Close it when done.
func Open(ctx context.Context, dsn string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		// pgx's error may quote the connection string, password included.
		return nil, errors.New("postgres: cannot parse the connection string")
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, unavailable(fmt.Errorf("postgres: connect: %w", err))
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, unavailable(err)
	}
	db := &DB{pool: pool}
	// A database that cannot be written is refused at start, as the
	// SQLite store refuses one: a server on it could only fail its players.
	if err := db.probe(ctx); err != nil {
		pool.Close()
		return nil, unavailable(fmt.Errorf("postgres: cannot write the database: %w", err))
	}
	return db, nil
}

// migrator returns the provider of the embedded migrations over pool, on
// a database/sql handle of its own (goose's interface); the caller closes
// that handle.
func migrator(pool *pgxpool.Pool) (*goose.Provider, func() error, error) {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, nil, fmt.Errorf("postgres: migrations: %w", err)
	}
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockTimeout(migrateLockEvery, migrateLockTries))
	if err != nil {
		return nil, nil, fmt.Errorf("postgres: migrations: %w", err)
	}
	sqlDB := stdlib.OpenDBFromPool(pool)
	p, err := goose.NewProvider(goose.DialectPostgres, sqlDB, sub, goose.WithSessionLocker(locker))
	if err != nil {
		sqlDB.Close()
		return nil, nil, fmt.Errorf("postgres: migrations: %w", err)
	}
	return p, sqlDB.Close, nil
}

func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	p, closeDB, err := migrator(pool)
	if err != nil {
		return err
	}
	defer closeDB()
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	return nil
}

// Close closes the connections.
func (db *DB) Close() error {
	db.pool.Close()
	return nil
}

// Create stores a new match. A duplicate ID gives store.ErrConflict.
func (db *DB) Create(ctx context.Context, m store.Match) error {
	r, err := encode(m)
	if err != nil {
		return err
	}
	_, err = db.pool.Exec(ctx, insertMatch,
		m.ID, m.Game, m.Variant, m.Players, int64(m.Seed), r.options, r.seats, r.timeControl,
		m.Status, r.result, m.Version, m.Ply, r.clock, m.Rematch, millis(m.Created), millis(m.Updated), m.Rated)
	if isUnique(err) {
		return fmt.Errorf("postgres: create match %s: %w", m.ID, store.ErrConflict)
	}
	return db.wrote(wrapf(err, "postgres: create match %s", m.ID))
}

// CreateBound stores a new match and binds seats of it to accounts in one
// transaction.
func (db *DB) CreateBound(ctx context.Context, m store.Match, bind []store.Binding) error {
	r, err := encode(m)
	if err != nil {
		return err
	}
	err = pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, insertMatch,
			m.ID, m.Game, m.Variant, m.Players, int64(m.Seed), r.options, r.seats, r.timeControl,
			m.Status, r.result, m.Version, m.Ply, r.clock, m.Rematch, millis(m.Created), millis(m.Updated), m.Rated); err != nil {
			return err
		}
		for _, b := range bind {
			if err := bindIn(ctx, tx, m.ID, b); err != nil {
				return err
			}
		}
		return nil
	})
	if isUnique(err) {
		return fmt.Errorf("postgres: create match %s: %w", m.ID, store.ErrConflict)
	}
	return db.wrote(wrapf(err, "postgres: create match %s", m.ID))
}

// insertMatch inserts a match row (Create, CreateBound).
const insertMatch = `INSERT INTO matches (id, game, variant, players, seed, options, seats, time_control,
			status, result, version, ply, clock, rematch, created, updated, rated)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`

// Save applies one change in one transaction: the match row, only if its
// stored version is c.Prev (else store.ErrConflict, also for a missing
// match); the truncation; the new moves, each only if it continues the
// stored ones (ply n+1, n+2, ...; else store.ErrConflict, and nothing of
// the change is kept); the seat bindings (c.Bind); and the ratings
// (c.Ratings, see rate). It returns once the transaction has committed,
// and keeps nothing of c.
func (db *DB) Save(ctx context.Context, c store.Change) error {
	m := c.Match
	r, err := encode(m)
	if err != nil {
		return err
	}
	// The update takes the row's lock: a second writer of the match
	// waits for this transaction, then finds another version and
	// updates nothing. The moves below are written under that lock.
	err = pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE matches SET seats = $3, status = $4, result = $5, version = $6, ply = $7,
				clock = $8, rematch = $9, updated = $10
			WHERE id = $1 AND version = $2`,
			m.ID, c.Prev, r.seats, m.Status, r.result, m.Version, m.Ply, r.clock, m.Rematch, millis(m.Updated))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("not at version %d: %w", c.Prev, store.ErrConflict)
		}
		if c.Truncate >= 0 {
			if _, err := tx.Exec(ctx, `DELETE FROM moves WHERE match_id = $1 AND ply > $2`, m.ID, c.Truncate); err != nil {
				return err
			}
		}
		for _, mv := range c.Append {
			// Inserted only if it is the next ply.
			tag, err := tx.Exec(ctx, `INSERT INTO moves (match_id, ply, seat, notation, at, clock_ms, cmd_id)
				SELECT $1, $2, $3, $4, $5, $6, $7
				WHERE $2 = (SELECT coalesce(max(ply), 0) + 1 FROM moves WHERE match_id = $1)`,
				m.ID, mv.Ply, mv.Seat, mv.Text, millis(mv.At), clockMillis(mv.Clock), mv.CmdID)
			if err != nil {
				return err
			}
			if tag.RowsAffected() == 0 {
				return fmt.Errorf("ply %d does not follow the stored moves: %w", mv.Ply, store.ErrConflict)
			}
		}
		for _, b := range c.Bind {
			if err := bindIn(ctx, tx, m.ID, b); err != nil {
				return err
			}
		}
		if c.Ratings != nil {
			return rate(ctx, tx, m.ID, c.Ratings)
		}
		return nil
	})
	if isUnique(err) {
		err = fmt.Errorf("%w: %w", err, store.ErrConflict)
	}
	return db.wrote(wrapf(err, "postgres: save match %s", m.ID))
}

// Load returns a match and its moves in ply order, read from one
// snapshot so the two agree.
func (db *DB) Load(ctx context.Context, id string) (store.Match, []store.Move, error) {
	var m store.Match
	var moves []store.Move
	err := pgx.BeginTxFunc(ctx, db.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var err error
		if m, err = scanMatch(tx.QueryRow(ctx, selectMatch+` WHERE id = $1`, id)); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT ply, seat, notation, at, clock_ms, cmd_id FROM moves WHERE match_id = $1 ORDER BY ply`, id)
		if err != nil {
			return err
		}
		moves, err = pgx.CollectRows(rows, scanMove)
		return err
	})
	if err != nil {
		return store.Match{}, nil, unavailable(fmt.Errorf("postgres: load %s: %w", id, err))
	}
	return m, moves, nil
}

func scanMove(row pgx.CollectableRow) (store.Move, error) {
	var mv store.Move
	var clock *int64
	if err := row.Scan(&mv.Ply, &mv.Seat, &mv.Text, &mv.At, &clock, &mv.CmdID); err != nil {
		return store.Move{}, err
	}
	mv.At = mv.At.UTC()
	if clock != nil {
		d := time.Duration(*clock) * time.Millisecond
		mv.Clock = &d
	}
	return mv, nil
}

// List returns matches matching f, most recently updated first (then by
// ID), at most f.Limit of them (defaultLimit when 0, never more than
// maxLimit).
func (db *DB) List(ctx context.Context, f store.Filter) ([]store.Match, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = defaultLimit
	}
	limit = min(limit, maxLimit)
	w := filterWhere(f)
	order := ` ORDER BY updated DESC, id`
	if !f.All {
		order += ` LIMIT ` + strconv.Itoa(limit)
	}
	rows, err := db.pool.Query(ctx, selectMatch+w.sql()+order, w.args...)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: list: %w", err))
	}
	ms, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Match, error) { return scanMatch(row) })
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: list: %w", err))
	}
	return ms, nil
}

// Count returns how many matches match f (Limit and All aside).
func (db *DB) Count(ctx context.Context, f store.Filter) (int, error) {
	w := filterWhere(f)
	var n int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM matches`+w.sql(), w.args...).Scan(&n); err != nil {
		return 0, unavailable(fmt.Errorf("postgres: count: %w", err))
	}
	return n, nil
}

// filterWhere is the WHERE clause of a filter (Limit and All aside).
func filterWhere(f store.Filter) where {
	var w where
	if len(f.Statuses) > 0 {
		w.add("status = ANY(?)", f.Statuses)
	}
	if f.Game != "" {
		w.add("game = ?", f.Game)
	}
	if !f.UpdatedBefore.IsZero() {
		w.add("updated < ?", f.UpdatedBefore)
	}
	if len(f.Kinds) > 0 {
		w.add("time_control->>'kind' = ANY(?)", f.Kinds)
	}
	return w
}

// where builds a WHERE clause from conditions with "?" for their one
// argument each.
type where struct {
	conds []string
	args  []any
}

func (w *where) add(cond string, arg any) {
	w.args = append(w.args, arg)
	w.conds = append(w.conds, strings.Replace(cond, "?", "$"+strconv.Itoa(len(w.args)), 1))
}

func (w *where) sql() string {
	if len(w.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(w.conds, " AND ")
}

// Unfinished returns the IDs of every match waiting or live, oldest
// first, for recovery at start.
func (db *DB) Unfinished(ctx context.Context) ([]string, error) {
	rows, err := db.pool.Query(ctx, `SELECT id FROM matches WHERE status = ANY($1) ORDER BY created, id`,
		[]string{store.StatusWaiting, store.StatusLive})
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: unfinished: %w", err))
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: unfinished: %w", err))
	}
	return ids, nil
}

// selectMatch reads match rows (see scanMatch).
const selectMatch = `SELECT id, game, variant, players, seed, options, seats, time_control, status, result,
		version, ply, clock, rematch, created, updated, rated FROM matches`

// scanMatch scans a row of selectMatch; no row is store.ErrNotFound.
func scanMatch(row pgx.Row) (store.Match, error) {
	var m store.Match
	var seed int64
	var options, seats, tc, result, clock []byte
	err := row.Scan(&m.ID, &m.Game, &m.Variant, &m.Players, &seed, &options, &seats, &tc, &m.Status, &result,
		&m.Version, &m.Ply, &clock, &m.Rematch, &m.Created, &m.Updated, &m.Rated)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Match{}, store.ErrNotFound
	}
	if err != nil {
		return store.Match{}, err
	}
	m.Seed = uint64(seed)
	m.Created, m.Updated = m.Created.UTC(), m.Updated.UTC()
	for _, f := range []struct {
		text []byte
		dst  any
	}{{options, &m.Options}, {seats, &m.Seats}, {tc, &m.TimeControl}, {clock, &m.Clock}} {
		if err := json.Unmarshal(f.text, f.dst); err != nil {
			return store.Match{}, fmt.Errorf("decode match %s: %w", m.ID, err)
		}
	}
	m.Clock.Since = m.Clock.Since.UTC()
	if result != nil {
		m.Result = new(store.Result)
		if err := json.Unmarshal(result, m.Result); err != nil {
			return store.Match{}, fmt.Errorf("decode match %s result: %w", m.ID, err)
		}
	}
	return m, nil
}

// row is a match's JSON columns, encoded.
type row struct {
	options, seats, timeControl, clock string
	result                             *string // NULL without a result
}

func encode(m store.Match) (row, error) {
	var r row
	var err error
	js := func(v any) string {
		b, e := json.Marshal(v)
		if e != nil && err == nil {
			err = fmt.Errorf("postgres: encode match %s: %w", m.ID, e)
		}
		return string(b)
	}
	opts := m.Options
	if opts == nil {
		opts = map[string]string{}
	}
	r.options, r.seats, r.timeControl, r.clock = js(opts), js(m.Seats), js(m.TimeControl), js(m.Clock)
	if m.Result != nil {
		res := js(m.Result)
		r.result = &res
	}
	return r, err
}

// millis is t to the millisecond, the precision the stores keep.
func millis(t time.Time) time.Time { return time.UnixMilli(t.UnixMilli()).UTC() }

// clockMillis is a move's clock_ms column: nil (NULL) without a clock.
func clockMillis(d *time.Duration) *int64 {
	if d == nil {
		return nil
	}
	ms := d.Milliseconds()
	return &ms
}

// wrapf is err with the context format gives, nil for nil.
func wrapf(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf(format+": %w", append(args, err)...)
}

// isUnique reports whether err is PostgreSQL's duplicate-key error.
func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == uniqueViolation
}
