// Package sqlite is the SQLite implementation of Tabula's store, through the
// pure-Go driver modernc.org/sqlite. The database runs in WAL mode with
// synchronous=FULL, so a committed change survives a process kill and a
// power cut. Writes go through one writer goroutine that commits the changes
// of many matches in one transaction (group commit): each change still gets
// its own savepoint and its own error, and Save returns only after the
// transaction holding it has committed.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"strings"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/tabula-games/tabula/internal/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

const (
	// busyTimeout is how long a connection waits for a lock held by
	// another process (a second server on the same file, a backup tool)
	// before failing.
	busyTimeout = 5 * time.Second
	// maxBatch bounds the changes committed in one transaction, so one
	// commit never holds the write lock for long.
	maxBatch = 512
	// writeQueue is the writer's queue: enough for every live match to
	// have a change in flight at the load-test scale without blocking.
	writeQueue = 4096
	// readConns is the read pool size: WAL readers do not block the
	// writer, and a few suffice for the lobby on two cores.
	readConns = 4
	// cacheKiB is each connection's page cache: the writer's index
	// seeks touch one move page per live match, and with thousands of
	// them the default 2 MiB cache sent every seek to the disk (pread was
	// 6 % of the server's CPU at 5 000 matches).
	cacheKiB = 64 << 10
	// walCheckpointPages is how many WAL pages trigger a checkpoint (the
	// default is 1 000): a hot page rewritten by many commits is copied
	// into the database once per checkpoint, so fewer checkpoints mean
	// fewer page writes; recovery replays at most this many pages (40 MiB).
	walCheckpointPages = 10_000
	// defaultLimit and maxLimit bound List.
	defaultLimit, maxLimit = 50, 1000
)

// DB is a Tabula store in one SQLite file. It is safe for concurrent use.
type DB struct {
	read  *sql.DB
	write *sql.DB
	stmts statements // prepared on write
	reqs  chan request
	done  chan struct{}
	stop  context.CancelFunc
}

// statements are the writer's prepared statements: parsing SQL was an
// eighth of the server's time under load.
type statements struct {
	createMatch, saveMatch, truncate, insertMove, appendMove *sql.Stmt
}

const (
	sqlCreateMatch = `INSERT INTO matches
		(id, game, variant, players, seed, options, seats, time_control, status, result, version, ply, clock, rematch, created, updated)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	// currentVersion is the match's version: its row's, or its last move
	// row's when that is newer (a move stored alone, see sqlAppendMove).
	currentVersion = `max(version, coalesce((SELECT version FROM moves WHERE match_id = matches.id ORDER BY ply DESC LIMIT 1), 0))`
	// sqlSaveMatch writes the columns a match's life changes; game,
	// variant, players, seed, options, time control and creation time are
	// fixed at Create.
	sqlSaveMatch = `UPDATE matches SET
		seats = ?, status = ?, result = ?, version = ?, ply = ?, clock = ?, rematch = ?, updated = ?
		WHERE id = ? AND ` + currentVersion + ` = ?`
	sqlTruncate   = `DELETE FROM moves WHERE match_id = ? AND ply > ?`
	sqlInsertMove = `INSERT INTO moves (match_id, ply, seat, notation, at, clock_ms, cmd_id) VALUES (?, ?, ?, ?, ?, ?, ?)`
	// sqlAppendMove stores a move with the match's new version, update
	// time and clock, leaving the match row alone, when the match is at
	// the expected version and the change leaves its status, seats,
	// result and rematch as stored. It inserts nothing otherwise, and Save
	// falls back to rewriting the match row. One row written per move
	// instead of two: the match row was half the writer's page writes.
	sqlAppendMove = `INSERT INTO moves (match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock)
		SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM matches
		WHERE id = ? AND status = ? AND seats = ? AND rematch = ? AND result IS ? AND ` + currentVersion + ` = ?`
)

func prepare(ctx context.Context, db *sql.DB) (statements, error) {
	var st statements
	for _, p := range []struct {
		dst **sql.Stmt
		sql string
	}{{&st.createMatch, sqlCreateMatch}, {&st.saveMatch, sqlSaveMatch}, {&st.truncate, sqlTruncate}, {&st.insertMove, sqlInsertMove}, {&st.appendMove, sqlAppendMove}} {
		var err error
		if *p.dst, err = db.PrepareContext(ctx, p.sql); err != nil {
			return st, fmt.Errorf("sqlite: prepare: %w", err)
		}
	}
	return st, nil
}

// request is one write for the writer goroutine.
type request struct {
	apply func(ctx context.Context, tx *sql.Tx) error
	reply chan error // buffered, size 1
}

// Open opens (creating if needed) the database at path, applies the
// migrations, and starts the writer. Close it when done.
func Open(ctx context.Context, path string) (*DB, error) {
	q := url.Values{}
	for _, p := range []string{
		"journal_mode(WAL)",
		fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()),
		"synchronous(FULL)",
		"foreign_keys(1)",
		fmt.Sprintf("cache_size(%d)", -cacheKiB),
		fmt.Sprintf("wal_autocheckpoint(%d)", walCheckpointPages),
	} {
		q.Add("_pragma", p)
	}
	dsn := "file:" + path + "?" + q.Encode()
	write, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	write.SetMaxOpenConns(1) // SQLite has one writer; the writer goroutine owns it
	if err := migrate(ctx, write); err != nil {
		write.Close()
		return nil, err
	}
	stmts, err := prepare(ctx, write)
	if err != nil {
		write.Close()
		return nil, err
	}
	read, err := sql.Open("sqlite", dsn)
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	read.SetMaxOpenConns(readConns)
	wctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	db := &DB{read: read, write: write, stmts: stmts, reqs: make(chan request, writeQueue), done: make(chan struct{}), stop: stop}
	go db.writer(wctx) // exits when Close cancels wctx
	return db, nil
}

func migrate(ctx context.Context, db *sql.DB) error {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("sqlite: migrations: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, sub)
	if err != nil {
		return fmt.Errorf("sqlite: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("sqlite: migrate: %w", err)
	}
	return nil
}

// Close stops the writer (after the queued writes) and closes the database.
func (db *DB) Close() error {
	db.stop()
	<-db.done
	for _, st := range []*sql.Stmt{db.stmts.createMatch, db.stmts.saveMatch, db.stmts.truncate, db.stmts.insertMove, db.stmts.appendMove} {
		st.Close()
	}
	return errors.Join(db.write.Close(), db.read.Close())
}

// writer commits queued requests in batches until ctx is cancelled, then
// drains what is queued and exits.
func (db *DB) writer(ctx context.Context) {
	defer close(db.done)
	batch := make([]request, 0, maxBatch)
	for {
		var first request
		select {
		case first = <-db.reqs:
		case <-ctx.Done():
			for {
				select {
				case r := <-db.reqs:
					db.commit(context.Background(), []request{r})
				default:
					return
				}
			}
		}
		batch = append(batch[:0], first)
	fill:
		for len(batch) < maxBatch {
			select {
			case r := <-db.reqs:
				batch = append(batch, r)
			default:
				break fill
			}
		}
		db.commit(context.WithoutCancel(ctx), batch)
	}
}

// commit runs batch in one transaction and replies to each request once it
// has committed. Changes fail rarely (a version conflict is a bug above), so
// the batch runs without savepoints; if one change fails, the transaction is
// rolled back and every change retried in a transaction of its own, so each
// gets its own result.
func (db *DB) commit(ctx context.Context, batch []request) {
	if len(batch) > 1 {
		if err := db.runTx(ctx, batch); err == nil {
			for _, r := range batch {
				r.reply <- nil
			}
			return
		}
	}
	for _, r := range batch {
		r.reply <- db.runTx(ctx, []request{r})
	}
}

// runTx applies batch in one transaction and commits it.
func (db *DB) runTx(ctx context.Context, batch []request) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: begin: %w", err)
	}
	for _, r := range batch {
		if err := r.apply(ctx, tx); err != nil {
			tx.Rollback()
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: commit: %w", err)
	}
	return nil
}

// do queues apply for the writer and waits until it is committed. If ctx
// ends first, the write may still happen.
func (db *DB) do(ctx context.Context, apply func(context.Context, *sql.Tx) error) error {
	r := request{apply: apply, reply: make(chan error, 1)}
	select {
	case db.reqs <- r:
	case <-ctx.Done():
		return fmt.Errorf("sqlite: queue write: %w", ctx.Err())
	}
	select {
	case err := <-r.reply:
		return err
	case <-ctx.Done():
		return fmt.Errorf("sqlite: wait for commit: %w", ctx.Err())
	}
}

// Create stores a new match. A duplicate ID gives store.ErrConflict.
func (db *DB) Create(ctx context.Context, m store.Match) error {
	row, err := encode(m)
	if err != nil {
		return err
	}
	return db.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.StmtContext(ctx, db.stmts.createMatch).ExecContext(ctx, row.args()...)
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE constraint failed") {
				return fmt.Errorf("sqlite: create match %s: %w", m.ID, store.ErrConflict)
			}
			return fmt.Errorf("sqlite: create match %s: %w", m.ID, err)
		}
		return nil
	})
}

// Save applies one change atomically: the match row (only if the stored
// version is c.Prev, else store.ErrConflict), the truncation and the new
// moves. It returns once the change is committed. A change that appends one
// move and leaves the match's status, seats, result and rematch as they
// are (most moves) writes only the move row, which carries the new version,
// clock and update time.
func (db *DB) Save(ctx context.Context, c store.Change) error {
	row, err := encodeChange(c.Match)
	if err != nil {
		return err
	}
	moveOnly := c.Truncate < 0 && len(c.Append) == 1 && c.Append[0].Ply == c.Match.Ply
	return db.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if moveOnly {
			m := c.Append[0]
			res, err := tx.StmtContext(ctx, db.stmts.appendMove).ExecContext(ctx,
				m.Ply, m.Seat, m.Text, m.At.UnixMilli(), moveClock(m), m.CmdID, row.version, row.updated, row.clock,
				row.id, row.status, row.seats, row.rematch, row.result, c.Prev)
			if err != nil {
				if strings.Contains(err.Error(), "constraint failed") {
					return fmt.Errorf("sqlite: match %s ply %d: %w", row.id, m.Ply, store.ErrConflict)
				}
				return fmt.Errorf("sqlite: match %s ply %d: %w", row.id, m.Ply, err)
			}
			if n, err := res.RowsAffected(); err == nil && n == 1 {
				return nil
			}
			// The match row changes too, or the version is not c.Prev:
			// the full update below tells which.
		}
		res, err := tx.StmtContext(ctx, db.stmts.saveMatch).ExecContext(ctx,
			row.seats, row.status, row.result, row.version, row.ply, row.clock, row.rematch, row.updated, row.id, c.Prev)
		if err != nil {
			return fmt.Errorf("sqlite: save match %s: %w", row.id, err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("sqlite: save match %s at version %d: %w", row.id, c.Prev, store.ErrConflict)
		}
		if c.Truncate >= 0 {
			if _, err := tx.StmtContext(ctx, db.stmts.truncate).ExecContext(ctx, row.id, c.Truncate); err != nil {
				return fmt.Errorf("sqlite: truncate match %s: %w", row.id, err)
			}
		}
		for _, m := range c.Append {
			if _, err := tx.StmtContext(ctx, db.stmts.insertMove).ExecContext(ctx, row.id, m.Ply, m.Seat, m.Text, m.At.UnixMilli(), moveClock(m), m.CmdID); err != nil {
				if strings.Contains(err.Error(), "constraint failed") {
					return fmt.Errorf("sqlite: match %s ply %d: %w", row.id, m.Ply, store.ErrConflict)
				}
				return fmt.Errorf("sqlite: match %s ply %d: %w", row.id, m.Ply, err)
			}
		}
		return nil
	})
}

// moveClock is the clock_ms column of a move.
func moveClock(m store.Move) sql.NullInt64 {
	if m.Clock == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: m.Clock.Milliseconds(), Valid: true}
}

// Load returns a match and its moves in ply order.
func (db *DB) Load(ctx context.Context, id string) (store.Match, []store.Move, error) {
	m, err := scanMatch(db.read.QueryRowContext(ctx, selectMatch+` WHERE m.id = ?`, id))
	if err != nil {
		return store.Match{}, nil, err
	}
	rows, err := db.read.QueryContext(ctx, `SELECT ply, seat, notation, at, clock_ms, cmd_id FROM moves WHERE match_id = ? ORDER BY ply`, id)
	if err != nil {
		return store.Match{}, nil, fmt.Errorf("sqlite: moves of %s: %w", id, err)
	}
	defer rows.Close()
	var moves []store.Move
	for rows.Next() {
		var mv store.Move
		var at int64
		var clock sql.NullInt64
		if err := rows.Scan(&mv.Ply, &mv.Seat, &mv.Text, &at, &clock, &mv.CmdID); err != nil {
			return store.Match{}, nil, fmt.Errorf("sqlite: moves of %s: %w", id, err)
		}
		mv.At = time.UnixMilli(at).UTC()
		if clock.Valid {
			d := time.Duration(clock.Int64) * time.Millisecond
			mv.Clock = &d
		}
		moves = append(moves, mv)
	}
	if err := rows.Err(); err != nil {
		return store.Match{}, nil, fmt.Errorf("sqlite: moves of %s: %w", id, err)
	}
	return m, moves, nil
}

// List returns matches matching f, most recently updated first.
func (db *DB) List(ctx context.Context, f store.Filter) ([]store.Match, error) {
	var where []string
	var args []any
	if len(f.Statuses) > 0 {
		where = append(where, "m.status IN (?"+strings.Repeat(", ?", len(f.Statuses)-1)+")")
		for _, s := range f.Statuses {
			args = append(args, s)
		}
	}
	if f.Game != "" {
		where = append(where, "m.game = ?")
		args = append(args, f.Game)
	}
	q := selectMatch
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	limit := f.Limit
	if limit <= 0 {
		limit = defaultLimit
	}
	limit = min(limit, maxLimit)
	q += " ORDER BY updated DESC, m.id LIMIT ?"
	args = append(args, limit)
	rows, err := db.read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: list: %w", err)
	}
	defer rows.Close()
	var out []store.Match
	for rows.Next() {
		m, err := scanMatch(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: list: %w", err)
	}
	return out, nil
}

// Unfinished returns the IDs of every match waiting or live, for recovery
// at start.
func (db *DB) Unfinished(ctx context.Context) ([]string, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id FROM matches WHERE status IN (?, ?) ORDER BY created`, store.StatusWaiting, store.StatusLive)
	if err != nil {
		return nil, fmt.Errorf("sqlite: unfinished: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("sqlite: unfinished: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// selectMatch reads matches with their current version, ply, clock and
// update time: the match row's, or the last move row's when that move was
// stored alone (sqlAppendMove) and so is newer.
const selectMatch = `SELECT m.id, m.game, m.variant, m.players, m.seed, m.options, m.seats, m.time_control, m.status, m.result,
		iif(lm.version > m.version, lm.version, m.version),
		iif(lm.version > m.version, lm.ply, m.ply),
		iif(lm.version > m.version, lm.clock, m.clock),
		m.rematch, m.created,
		iif(lm.version > m.version, lm.updated, m.updated) AS updated
	FROM matches AS m
	LEFT JOIN moves AS lm ON lm.match_id = m.id AND lm.ply = (SELECT max(ply) FROM moves WHERE match_id = m.id)`

// row is a match in column form.
type row struct {
	id, game, variant          string
	players                    int
	seed                       int64
	options, seats, tc, status string
	result                     sql.NullString
	version                    int64
	ply                        int
	clock, rematch             string
	created, updated           int64
}

func (r row) args() []any {
	return []any{r.id, r.game, r.variant, r.players, r.seed, r.options, r.seats, r.tc, r.status, r.result, r.version, r.ply, r.clock, r.rematch, r.created, r.updated}
}

func encode(m store.Match) (row, error) {
	r := row{id: m.ID, game: m.Game, variant: m.Variant, players: m.Players, seed: int64(m.Seed), status: m.Status,
		version: m.Version, ply: m.Ply, rematch: m.Rematch, created: m.Created.UnixMilli(), updated: m.Updated.UnixMilli()}
	var err error
	js := func(v any) string {
		b, e := json.Marshal(v)
		if e != nil && err == nil {
			err = fmt.Errorf("sqlite: encode match %s: %w", m.ID, e)
		}
		return string(b)
	}
	opts := m.Options
	if opts == nil {
		opts = map[string]string{}
	}
	r.options, r.seats, r.tc, r.clock = js(opts), js(m.Seats), js(m.TimeControl), js(m.Clock)
	if m.Result != nil {
		r.result = sql.NullString{String: js(m.Result), Valid: true}
	}
	return r, err
}

// encodeChange encodes the columns Save writes.
func encodeChange(m store.Match) (row, error) {
	r := row{id: m.ID, status: m.Status, version: m.Version, ply: m.Ply, rematch: m.Rematch, updated: m.Updated.UnixMilli()}
	var buf [256]byte // both columns of a 2-player match fit
	b, err := appendSeats(buf[:0], m.Seats)
	if err != nil {
		return r, fmt.Errorf("sqlite: encode match %s: %w", m.ID, err)
	}
	n := len(b)
	if b, err = appendClock(b, m.Clock); err != nil {
		return r, fmt.Errorf("sqlite: encode match %s: %w", m.ID, err)
	}
	all := string(b)
	r.seats, r.clock = all[:n], all[n:]
	if m.Result != nil {
		res, err := json.Marshal(m.Result)
		if err != nil {
			return r, fmt.Errorf("sqlite: encode match %s: %w", m.ID, err)
		}
		r.result = sql.NullString{String: string(res), Valid: true}
	}
	return r, nil
}

type scanner interface{ Scan(dest ...any) error }

func scanMatch(s scanner) (store.Match, error) {
	var r row
	err := s.Scan(&r.id, &r.game, &r.variant, &r.players, &r.seed, &r.options, &r.seats, &r.tc, &r.status, &r.result,
		&r.version, &r.ply, &r.clock, &r.rematch, &r.created, &r.updated)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Match{}, store.ErrNotFound
	}
	if err != nil {
		return store.Match{}, fmt.Errorf("sqlite: scan match: %w", err)
	}
	m := store.Match{ID: r.id, Game: r.game, Variant: r.variant, Players: r.players, Seed: uint64(r.seed), Status: r.status,
		Version: r.version, Ply: r.ply, Rematch: r.rematch, Created: time.UnixMilli(r.created).UTC(), Updated: time.UnixMilli(r.updated).UTC()}
	for _, f := range []struct {
		text string
		dst  any
	}{{r.options, &m.Options}, {r.seats, &m.Seats}, {r.tc, &m.TimeControl}, {r.clock, &m.Clock}} {
		if err := json.Unmarshal([]byte(f.text), f.dst); err != nil {
			return store.Match{}, fmt.Errorf("sqlite: decode match %s: %w", r.id, err)
		}
	}
	m.Clock.Since = m.Clock.Since.UTC()
	if r.result.Valid {
		m.Result = new(store.Result)
		if err := json.Unmarshal([]byte(r.result.String), m.Result); err != nil {
			return store.Match{}, fmt.Errorf("sqlite: decode match %s result: %w", r.id, err)
		}
	}
	return m, nil
}
