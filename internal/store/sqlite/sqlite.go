// Package sqlite is the SQLite implementation of Tabula's store, through the
// pure-Go driver modernc.org/sqlite. The database runs in WAL mode with
// synchronous=FULL, so a committed change survives a process kill and a
// power cut. Writes go through one writer goroutine that commits the changes
// of many matches in one transaction (group commit): each change still gets
// its own error, and Save returns only after the transaction holding it has
// committed.
//
// A move is written once: appended to the log (the journal table, indexed
// by its rowid only, so a commit of many matches' moves writes a few pages
// at its right edge), where it stays (migration 00006). Each log row holds
// prev, the seq of its match's previous row, and each match row its head,
// the seq of its last row: Load walks the chain from the head, and takes
// the plies before the chain from the moves table (the archive of what
// earlier versions folded into it). A move stored alone writes only its
// log row, which carries the match's new version, ply, clock and update
// time; the writer keeps them and the head in memory for reads
// (writerState.cur) and writes them into the match rows in bulk, a share
// of them at the start of each group commit (catchUp), in rounds every
// catchRows log rows; log_state.caught records how far the match rows are
// current, and Open reads only the log after it. A takeback sets the head
// back to its kept ply's row (or to the archive) and writes the match row
// with it; the rows past it stay in the log, unreachable.
//
// The writer checks each change's base version against the versions it
// keeps in memory for the matches it has written, so a DB must be the only
// writer of its file (one server per SQLite database, as the server's
// design has it; Open locks the database file itself, so a link to it is
// refused too).
//
// Open writes before it returns, so a database it cannot write (a
// read-only file or directory, a full disk) is refused at start. A write
// that fails for want of storage (see storageFailure) is returned wrapped
// in store.ErrUnavailable, and the store reports it (Health) until a
// write commits again.
//
// Files: sqlite.go opens the database and reads it; save.go is Save, what
// the caller sees of the machinery; writer.go the writer goroutine and its
// group commits; journal.go the move log and its catch-up rounds;
// wconn.go the writer's driver connection.
package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pressly/goose/v3"
	msqlite "modernc.org/sqlite" // registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

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
	// cacheKiB is each connection's page cache: reads and the catch-up
	// touch one match row (and a read one log page per move) of
	// thousands of matches, more pages than SQLite's default cache
	// holds, which sent them to the disk.
	cacheKiB = 64 << 10
	// walCheckpointPages is how many WAL pages make the writer checkpoint
	// in its own commit (the default is 1 000): a hot page rewritten by
	// many commits is copied into the database once per checkpoint, so
	// fewer checkpoints mean fewer page writes; recovery replays at most
	// this many pages. The checkpointer goroutine does most of the
	// copying first (see checkpointEvery).
	walCheckpointPages = 10_000
	// checkpointEvery is how often the checkpointer goroutine copies the
	// WAL into the database (a passive checkpoint on a read connection,
	// which runs beside the writer's commits): when the writer did it all
	// in the commit that crossed walCheckpointPages, that commit was long,
	// and every move queued behind it waited. The writer's own checkpoint
	// then copies only the pages written since the last one.
	checkpointEvery = 200 * time.Millisecond
	// catchRows is the number of log rows after log_state.caught that
	// starts a catch-up round: the writer writes the current head,
	// version, ply, clock and update time of every match moved since the
	// last round into its match row (a few hundred pages at 10 000
	// matches), so Open after a crash reads at most about this many log
	// rows plus those of one round (see catchMin): seconds of moves at
	// the load test's pace.
	catchRows = 65_536
	// catchBudget is the time after which a group commit's share of a
	// catch-up round stops writing match rows (after at least catchMin
	// rows) and the batch's changes follow, so the batch's moves wait
	// about a millisecond more; the next batches go on with the round.
	catchBudget = time.Millisecond
	// catchMin is the fewest match rows a group commit's share of a round
	// writes whatever the time, or the changes of its batch if more
	// (catchUp), so a round keeps pace with the log however slow the
	// writer is: the rows added during a round are at most its matches
	// and one batch, and the log Open reads after a crash stays under
	// catchRows + 2 × (matches + maxBatch) + maxBatch rows.
	catchMin = 64
	// commitGap is the least time from one group commit's start to the
	// next's: each commit pays a fsync and SQLite's fixed work, and a
	// writer that commits as soon as it is idle makes many small commits
	// under load. Waiting for the gap batches more moves per commit, for
	// less CPU per move; a move waits at most this much longer, and one
	// arriving after a quiet spell not at all (docs/store.md).
	commitGap = 2 * time.Millisecond
	// probeEvery is the least time between two writes Health makes to
	// find out whether a failed store can write again (a store idle since
	// its failure has no other write to tell): many health checks cost
	// at most one small transaction this often, none while writes succeed.
	probeEvery = time.Second
	// probeWait is how long Health waits for its probe's commit; past it
	// Health reports the failure it knows (the probe's result lands later),
	// so a health check answers quickly behind a stuck writer.
	probeWait = time.Second
	// defaultLimit and maxLimit bound List.
	defaultLimit, maxLimit = 50, 1000
)

// DB is a Tabula store in one SQLite file. It is safe for concurrent use.
type DB struct {
	read    *sql.DB
	reads   accountReads // prepared on read (reads.go)
	write   *sql.DB      // one connection, the writer's (see wconn)
	reqs    chan request
	done    chan struct{} // closed when the writer exits
	ckpt    chan struct{} // closed when the checkpointer exits
	stop    context.CancelFunc
	lock    *fileLock // holds the database file's lock (see lockFile); nil where unsupported
	metrics *metrics
	// replies are reply channels (chan error, size 1) of answered
	// requests, reused rather than made per Save.
	replies sync.Pool
	// ops are the *saveOp of answered Saves, each with its reply channel
	// and buffers, reused rather than made per Save.
	ops sync.Pool

	// failed is the storage failure of the last write, nil once a
	// transaction commits (see Health).
	failed atomic.Pointer[writeFailure]
	// probeMu serializes Health's probes; probed is the last one's time.
	probeMu sync.Mutex
	probed  time.Time

	w writerState // owned by the writer goroutine
}

// writeFailure is a write that failed for want of storage: the last
// one's error, and when the writes began to fail.
type writeFailure struct {
	err error
	at  time.Time
}

// statements are the writer's prepared statements: parsing SQL was an
// eighth of the server's time under load.
type statements struct {
	createMatch, saveMatch, truncate, matchState, plyRow, catchUp, setCaught driverStmt
	// journal[k] inserts 1<<k log rows, prepared on first use
	// (wconn.journal).
	journal [maxInsertLog + 1]driverStmt
}

func (st statements) all() []driverStmt {
	return append([]driverStmt{st.createMatch, st.saveMatch, st.truncate, st.matchState, st.plyRow, st.catchUp, st.setCaught}, st.journal[:]...)
}

const (
	sqlCreateMatch = `INSERT INTO matches
		(id, game, variant, players, seed, options, seats, time_control, status, result, version, ply, clock, rematch, created, updated, rated)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	// sqlSaveMatch writes the columns a match's life changes, and its
	// head; game, variant, players, seed, options, time control and
	// creation time are fixed at Create. The version was checked by the
	// writer (matchState).
	sqlSaveMatch = `UPDATE matches SET
		seats = ?, status = ?, result = ?, version = ?, ply = ?, clock = ?, rematch = ?, updated = ?, head = ?
		WHERE id = ?`
	sqlTruncate = `DELETE FROM moves WHERE match_id = ? AND ply > ?`
	// sqlJournalMove appends moves to the log, a row of sqlJournalRow
	// each. A move that changes nothing but the version, ply, clock and
	// update time carries them (the match row is not written); a move
	// stored with its match row has them NULL. Its seq is given (the
	// writer's counter), so the writer knows every row's place without
	// reading it back.
	sqlJournalMove = `INSERT INTO journal (seq, match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock, prev) VALUES `
	// sqlJournalRow is row %d of a log INSERT, with journalArgs
	// parameters (see DB.journal): the INSERT's first seq (plus the
	// row's index), match ID, ply, seat, notation, the INSERT's
	// earliest time and the row's offset from it, clock_ms, cmd_id, ply
	// and version offset, the time again (base and offset) and the
	// update time's offset from it, clock and prev. The parameters are
	// anonymous: the driver allocates each numbered parameter's name per
	// use.
	sqlJournalRow = `(? + %d, ?, ?, ?, ?, ? + ?, ?, ?, ? + ?, ? + ? + ?, ?, ?)`
	// sqlMatchState reads what the writer keeps of a match it has not
	// written yet, or has forgotten (an ended match whose row was
	// current): the match row is current then (Open caught it up), and
	// the number of moves is its head's ply, or its last ply in moves.
	sqlMatchState = `SELECT m.rowid, m.status, m.seats, m.rematch, m.result, m.version, coalesce(m.head, 0),
		coalesce((SELECT ply FROM journal WHERE seq = m.head), (SELECT max(ply) FROM moves WHERE match_id = m.id), 0)
	FROM matches AS m WHERE m.id = ?`
	// sqlPlyRow finds the seq of the row of ply ?2 in the chain from
	// head ?1, 0 if the chain does not reach it (it is in moves, or 0):
	// one rowid lookup per ply walked back, for a takeback.
	sqlPlyRow = `WITH RECURSIVE c(seq, prev, ply) AS (
			SELECT seq, prev, ply FROM journal WHERE seq = ?1
			UNION ALL SELECT j.seq, j.prev, j.ply FROM c JOIN journal AS j ON j.seq = c.prev WHERE c.ply > ?2)
		SELECT coalesce((SELECT seq FROM c WHERE ply = ?2), 0)`
	// sqlCatchUp writes a match's current head, version, ply, clock and
	// update time into its row, found by rowid (the writer keeps it; the
	// ID check guards against a row moved by a VACUUM).
	sqlCatchUp   = `UPDATE matches SET head = ?, version = ?, ply = ?, clock = ?, updated = ? WHERE rowid = ? AND id = ?`
	sqlSetCaught = `UPDATE log_state SET caught = ?`
	sqlMaxSeq    = `SELECT coalesce(max(seq), 0) FROM journal`
	// sqlCatchUpOpen brings the match rows up to date with the log rows
	// from seq ?1 on (what the last run wrote after its last catch-up):
	// each match's newest row that carries a version (a move stored
	// alone; one stored with its match row has NULL, and the row has its
	// head) newer than its row's. A match's versions only grow, so rows
	// a takeback left behind (older versions) never win.
	sqlCatchUpOpen = `UPDATE matches AS m SET head = t.seq, version = t.version, ply = t.ply, clock = t.clock, updated = t.updated
		FROM (SELECT match_id, max(version) AS version, seq, ply, clock, updated FROM journal
			WHERE seq >= ?1 AND version IS NOT NULL GROUP BY match_id) AS t
		WHERE t.match_id = m.id AND t.version > m.version`
	// journalArgs is the number of parameters of a log row
	// (sqlJournalRow).
	journalArgs = 16
	// maxInsertLog is log2 of the most rows a log INSERT holds (64 rows
	// are 1 024 parameters, under SQLite's 32 766). A batch's rows go in
	// as the binary digits of their count (INSERTs of 1, 2, 4, ... 64
	// rows, each prepared on first use): the driver's bind allocates per
	// run a list of the statement's text buffers, growing by doubling
	// from nothing, which a power of two of rows (4 texts each) fills
	// exactly. One INSERT of exactly as many rows (a statement per size)
	// made fewer allocations but more bytes, the list's capacity past
	// the row count (docs/benchmarks/server.md, "Session 7").
	maxInsertLog = 6
	// maxInsertRows is the most rows a log INSERT holds.
	maxInsertRows = 1 << maxInsertLog
)

// prepare prepares the writer's statements with prep.
func prepare(ctx context.Context, prep func(context.Context, string) (driverStmt, error)) (statements, error) {
	var st statements
	for _, p := range []struct {
		dst *driverStmt
		sql string
	}{{&st.createMatch, sqlCreateMatch}, {&st.saveMatch, sqlSaveMatch}, {&st.truncate, sqlTruncate},
		{&st.matchState, sqlMatchState}, {&st.plyRow, sqlPlyRow}, {&st.catchUp, sqlCatchUp}, {&st.setCaught, sqlSetCaught}} {
		var err error
		if *p.dst, err = prep(ctx, p.sql); err != nil {
			return st, fmt.Errorf("sqlite: prepare: %w", err)
		}
	}
	return st, nil
}

// Open opens (creating if needed) the database at path, applies the
// migrations, and starts the writer. Close it when done. It locks the
// database file (ErrInUse when another DB holds it, through whatever
// path) and commits a write before returning: a database it cannot write
// gives an error wrapping store.ErrUnavailable.
func Open(ctx context.Context, path string) (*DB, error) {
	lock, err := lockFile(path)
	if err != nil {
		return nil, err
	}
	db, err := openDB(ctx, path, dsn(path, false), dsn(path, true))
	if err != nil {
		if lock != nil {
			lock.Close()
		}
		if errors.Is(err, store.ErrUnavailable) {
			return nil, fmt.Errorf("sqlite: cannot write %s: %w", path, err)
		}
		return nil, err
	}
	db.lock = lock
	return db, nil
}

// dsn is the driver's data source name for the database at path, with
// foreign-key enforcement on or off. The writer's connection runs without
// it: the only foreign key (moves.match_id) is guaranteed by the writer
// (it writes moves only through Save of a match it found), and an
// enforced key makes SQLite keep a statement journal for multi-row
// statements (a copy of every page it changes, in case the statement
// fails halfway).
func dsn(path string, foreignKeys bool) string {
	fk := "foreign_keys(0)"
	if foreignKeys {
		fk = "foreign_keys(1)"
	}
	q := url.Values{}
	for _, p := range []string{
		"journal_mode(WAL)",
		fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()),
		"synchronous(FULL)",
		fk,
		fmt.Sprintf("cache_size(%d)", -cacheKiB),
		fmt.Sprintf("wal_autocheckpoint(%d)", walCheckpointPages),
		// The statement journal of a multi-row statement inside a
		// transaction (a page copy per page it changes) stays in memory
		// instead of spilling to a temporary file, written per commit.
		"temp_store(MEMORY)",
	} {
		q.Add("_pragma", p)
	}
	return "file:" + path + "?" + q.Encode()
}

// openDB opens, migrates and starts the store behind Open's lock.
func openDB(ctx context.Context, path, writeDSN, readDSN string) (*DB, error) {
	write, err := sql.Open("sqlite", writeDSN)
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	write.SetMaxOpenConns(1) // SQLite has one writer; the writer goroutine owns it
	if err := migrate(ctx, write); err != nil {
		write.Close()
		return nil, unavailable(err)
	}
	conn, err := write.Conn(ctx)
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	read, err := sql.Open("sqlite", readDSN)
	if err != nil {
		conn.Close()
		write.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	read.SetMaxOpenConns(readConns)
	reads, err := prepareReads(ctx, read)
	if err != nil {
		read.Close()
		conn.Close()
		write.Close()
		return nil, err
	}
	wctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	db := &DB{read: read, reads: reads, write: write, reqs: make(chan request, writeQueue), done: make(chan struct{}), ckpt: make(chan struct{}), stop: stop, metrics: newMetrics(),
		w: writerState{catchAt: catchRows, gap: commitGap, budget: catchBudget, least: catchMin, perRow: 1, known: map[string]matchState{}, staged: map[string]matchState{}, cur: map[string]current{}}}
	started := make(chan error, 1)
	go db.run(ctx, wctx, conn, started) // the writer; exits when Close cancels wctx
	if err := <-started; err != nil {
		<-db.done
		stop()
		db.closeAll()
		return nil, err
	}
	go db.checkpointer(wctx) // exits when Close cancels wctx
	return db, nil
}

// run is the writer goroutine: it holds conn's driver connection (see
// wconn), prepares the writer's statements on it, brings the match rows
// up to date with the log (Open's work, with Open's ctx), reports how
// that went on started, and then writes until wctx is cancelled.
func (db *DB) run(ctx, wctx context.Context, conn *sql.Conn, started chan<- error) {
	defer close(db.done)
	ok := false
	err := conn.Raw(func(dc any) error {
		wc, err := newWconn(ctx, dc)
		if err != nil {
			return err
		}
		db.w.conn = wc
		defer func() {
			db.w.conn = nil
			wc.close()
		}()
		if err := db.openLog(ctx); err != nil {
			return err
		}
		ok = true
		started <- nil
		db.writer(wctx)
		return nil
	})
	if !ok {
		started <- err
	}
	conn.Close()
}

// openLog reads where the log ends and brings the match rows up to date
// with the log rows the last run wrote after its last catch-up (a crash),
// before anyone reads: the writer's memory starts empty, every match row
// current. Its transaction always writes (probe), so a database that
// cannot be written fails here.
func (db *DB) openLog(ctx context.Context) error {
	dest := make([]driver.Value, 1)
	if err := db.w.conn.querySQL(ctx, sqlMaxSeq, dest); err != nil {
		return fmt.Errorf("sqlite: read log: %w", err)
	}
	last, err := asInt64(dest[0])
	if err != nil {
		return fmt.Errorf("sqlite: read log: %w", err)
	}
	db.w.nextSeq = last + 1
	return db.runTx(ctx, []request{{op: applyFunc(db.catchUpOpen)}, {op: applyFunc(db.probe)}}, false)
}

// sqlProbe is a write that changes one counter (migration 00007: SQLite
// skips a row rewritten with the same contents), so its commit shows
// whether the database can be written.
const sqlProbe = `UPDATE write_probe SET probes = probes + 1`

// probe writes sqlProbe in the current transaction.
func (db *DB) probe(ctx context.Context) error {
	if _, err := db.w.conn.execSQL(ctx, sqlProbe); err != nil {
		return fmt.Errorf("sqlite: probe write: %w", err)
	}
	return nil
}

// Health returns nil while the store's writes commit, and the last
// write's storage failure (wrapping store.ErrUnavailable) from a failed
// write until one commits again. It writes only when the store has
// failed, at most once every probeEvery, so a store idle since its
// failure finds out it can write again.
func (db *DB) Health(ctx context.Context) error {
	if db.failed.Load() == nil {
		return nil
	}
	db.probeMu.Lock()
	if time.Since(db.probed) >= probeEvery {
		db.probed = time.Now()
		pctx, cancel := context.WithTimeout(ctx, probeWait)
		db.do(pctx, applyFunc(db.probe)) // its result lands in db.failed
		cancel()
	}
	db.probeMu.Unlock()
	if f := db.failed.Load(); f != nil {
		return fmt.Errorf("%w (since %s)", f.err, f.at.UTC().Format(time.RFC3339))
	}
	return nil
}

// storageCodes are SQLite's primary result codes that say the database
// cannot be read or written as asked, not that the request was wrong.
var storageCodes = map[int]bool{
	sqlite3.SQLITE_BUSY:     true, // another process held a lock past busyTimeout
	sqlite3.SQLITE_NOMEM:    true,
	sqlite3.SQLITE_READONLY: true, // a read-only file or directory
	sqlite3.SQLITE_IOERR:    true, // a failed read, write or sync (a file size limit)
	sqlite3.SQLITE_CORRUPT:  true,
	sqlite3.SQLITE_FULL:     true, // the disk is full
	sqlite3.SQLITE_CANTOPEN: true, // the journal or WAL cannot be created
	sqlite3.SQLITE_PROTOCOL: true,
	sqlite3.SQLITE_NOTADB:   true,
}

// storageFailure reports whether err comes from SQLite failing to use
// its files (storageCodes).
func storageFailure(err error) bool {
	var e *msqlite.Error
	return errors.As(err, &e) && storageCodes[e.Code()&0xff]
}

// unavailable wraps err in store.ErrUnavailable if it is a storage
// failure.
func unavailable(err error) error {
	if err != nil && !errors.Is(err, store.ErrUnavailable) && storageFailure(err) {
		return fmt.Errorf("%w: %w", store.ErrUnavailable, err)
	}
	return err
}

// migrator returns the provider of the embedded migrations for db.
func migrator(db *sql.DB) (*goose.Provider, error) {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, fmt.Errorf("sqlite: migrations: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, sub)
	if err != nil {
		return nil, fmt.Errorf("sqlite: migrations: %w", err)
	}
	return p, nil
}

func migrate(ctx context.Context, db *sql.DB) error {
	p, err := migrator(db)
	if err != nil {
		return err
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
	<-db.ckpt
	return db.closeAll()
}

// checkpointer copies the WAL into the database every checkpointEvery
// until ctx is cancelled, with passive checkpoints on a read connection:
// they wait for no reader or writer, so the writer keeps committing
// meanwhile. A failed one (the database busy, closing) is harmless: the
// next tick, or the writer's own checkpoint at walCheckpointPages, does
// the work.
func (db *DB) checkpointer(ctx context.Context) {
	defer close(db.ckpt)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			db.read.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`)
		}
	}
}

// closeAll closes the connections, then the lock (whose descriptor of the
// file must not close while SQLite has the file open: see held).
func (db *DB) closeAll() error {
	err := errors.Join(db.reads.close(), db.write.Close(), db.read.Close())
	if db.lock != nil {
		err = errors.Join(err, db.lock.Close())
	}
	return err
}

// Create stores a new match. A duplicate ID gives store.ErrConflict.
func (db *DB) Create(ctx context.Context, m store.Match) error {
	return db.create(ctx, m, nil)
}

// CreateBound stores a new match and binds seats of it to accounts in
// the same transaction.
func (db *DB) CreateBound(ctx context.Context, m store.Match, bind []store.Binding) error {
	return db.create(ctx, m, bind)
}

func (db *DB) create(ctx context.Context, m store.Match, bind []store.Binding) error {
	row, err := encode(m)
	if err != nil {
		return err
	}
	return db.do(ctx, applyFunc(func(ctx context.Context) error {
		c := db.w.conn
		res, err := c.exec(ctx, c.stmts.createMatch, row.args()...)
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE constraint failed") {
				return fmt.Errorf("sqlite: create match %s: %w", m.ID, store.ErrConflict)
			}
			return fmt.Errorf("sqlite: create match %s: %w", m.ID, err)
		}
		rowid, err := res.LastInsertId()
		if err != nil {
			return fmt.Errorf("sqlite: create match %s: %w", m.ID, err)
		}
		for _, b := range bind {
			if err := db.bind(ctx, b.Account, store.SeatRef{Match: m.ID, Seat: b.Seat}); err != nil {
				return err
			}
		}
		db.w.staged[m.ID] = matchState{version: m.Version, rowid: rowid, status: row.status, seats: slices.Clone(m.Seats), rematch: row.rematch, result: row.result}
		return nil
	}))
}

// Load returns a match and its moves in ply order: the chain of log rows
// from its head (one rowid lookup per move), after its moves in the moves
// table before the chain's first ply, read in one transaction so the
// match row and its moves agree. A read the storage fails is wrapped in
// store.ErrUnavailable.
func (db *DB) Load(ctx context.Context, id string) (store.Match, []store.Move, error) {
	m, moves, err := db.load(ctx, id)
	return m, moves, unavailable(err)
}

func (db *DB) load(ctx context.Context, id string) (store.Match, []store.Move, error) {
	var cur current
	w := &db.w
	w.curMu.Lock()
	cur = w.cur[id] // the zero value (version 0) if there is none: overlay keeps the row
	w.curMu.Unlock()
	// Read after cur: the transaction sees at least what cur says.
	tx, err := db.read.BeginTx(ctx, nil)
	if err != nil {
		return store.Match{}, nil, fmt.Errorf("sqlite: load %s: %w", id, err)
	}
	defer tx.Rollback()
	r, err := scanRow(tx.QueryRowContext(ctx, sqlSelectMatch+` WHERE id = ?`, id))
	if err != nil {
		return store.Match{}, nil, err
	}
	r.overlay(cur)
	m, err := r.decode()
	if err != nil {
		return store.Match{}, nil, err
	}
	chain, err := scanMoves(ctx, tx, nil, sqlLoadChain, r.head)
	if err != nil {
		return store.Match{}, nil, fmt.Errorf("sqlite: moves of %s: %w", id, err)
	}
	before := math.MaxInt // no chain: the moves table holds them all
	if len(chain) > 0 {
		before = chain[0].Ply
		if before <= 1 {
			return m, chain, nil
		}
	}
	moves := make([]store.Move, 0, min(before-1, r.ply)+len(chain))
	if moves, err = scanMoves(ctx, tx, moves, sqlLoadArchive, id, int64(before)); err != nil {
		return store.Match{}, nil, fmt.Errorf("sqlite: moves of %s: %w", id, err)
	}
	return m, append(moves, chain...), nil
}

// scanMoves appends to moves those query q returns (columns ply, seat,
// notation, at, clock_ms, cmd_id).
func scanMoves(ctx context.Context, tx *sql.Tx, moves []store.Move, q string, args ...any) ([]store.Move, error) {
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var mv store.Move
		var at int64
		var clock sql.NullInt64
		if err := rows.Scan(&mv.Ply, &mv.Seat, &mv.Text, &at, &clock, &mv.CmdID); err != nil {
			return nil, err
		}
		mv.At = time.UnixMilli(at).UTC()
		if clock.Valid {
			d := time.Duration(clock.Int64) * time.Millisecond
			mv.Clock = &d
		}
		moves = append(moves, mv)
	}
	return moves, rows.Err()
}

const (
	// sqlLoadChain reads the chain of log rows from a head (none for
	// head 0), one rowid lookup per row.
	sqlLoadChain = `WITH RECURSIVE c(prev, ply, seat, notation, at, clock_ms, cmd_id) AS (
			SELECT prev, ply, seat, notation, at, clock_ms, cmd_id FROM journal WHERE seq = ?1
			UNION ALL SELECT j.prev, j.ply, j.seat, j.notation, j.at, j.clock_ms, j.cmd_id FROM c JOIN journal AS j ON j.seq = c.prev)
		SELECT ply, seat, notation, at, clock_ms, cmd_id FROM c ORDER BY ply`
	// sqlLoadArchive reads a match's moves in the moves table before a ply.
	sqlLoadArchive = `SELECT ply, seat, notation, at, clock_ms, cmd_id FROM moves WHERE match_id = ? AND ply < ? ORDER BY ply`
)

// moveClock is the clock_ms column of a move: an int64 or nil (NULL), as
// the driver takes them (a sql.NullInt64 was boxed, then converted).
func moveClock(m store.Move) any {
	if m.Clock == nil {
		return nil
	}
	return m.Clock.Milliseconds()
}

// List returns matches matching f, most recently updated first.
//
// The match rows are current but for the matches whose last moves were
// stored alone (writerState.cur): the limit's newest of those come from
// memory, the newest match rows from the index on (status, updated), and
// the answer is the newest of both, each with its current values. A match
// in memory but not among its newest there has a match row older than its
// last move, so (a match's update time never goes back) older than every
// one of those: it cannot be in the answer.
func (db *DB) List(ctx context.Context, f store.Filter) ([]store.Match, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = defaultLimit
	}
	limit = min(limit, maxLimit)
	if f.All {
		limit = -1 // SQLite: no limit
	}
	mem := db.w.newest(f, limit)
	cond, args := filterSQL(f)
	ids := make([]byte, 0, 1+len(mem)*24)
	ids = append(ids, '[')
	for i, c := range mem {
		if i > 0 {
			ids = append(ids, ',')
		}
		ids = strconv.AppendQuote(ids, c.id)
	}
	ids = append(ids, ']')
	q := sqlSelectMatch + ` WHERE ` + cond + ` AND (id IN (SELECT value FROM json_each(?))
		OR id IN (SELECT id FROM matches WHERE ` + cond + ` ORDER BY updated DESC, id LIMIT ?))`
	all := append(append(append(slices.Clip(args), string(ids)), args...), limit)
	rows, err := db.read.QueryContext(ctx, q, all...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: list: %w", err)
	}
	defer rows.Close()
	var rs []row
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return nil, err
		}
		rs = append(rs, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: list: %w", err)
	}
	db.w.curMu.Lock()
	for i := range rs {
		if c, ok := db.w.cur[rs[i].id]; ok {
			rs[i].overlay(c)
		}
	}
	db.w.curMu.Unlock()
	if !f.UpdatedBefore.IsZero() {
		// A row in memory is newer than its match row: check it again.
		before := f.UpdatedBefore.UnixMilli()
		rs = slices.DeleteFunc(rs, func(r row) bool { return r.updated >= before })
	}
	slices.SortFunc(rs, func(a, b row) int { return newerFirst(a.updated, a.id, b.updated, b.id) })
	if limit >= 0 {
		rs = rs[:min(len(rs), limit)]
	}
	out := make([]store.Match, 0, len(rs))
	for _, r := range rs {
		m, err := r.decode()
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// filterSQL returns the WHERE condition of f on the match rows, and its
// arguments (Limit and All aside). A match row's status, game and time
// control are current (a change of status writes the row); its update
// time may be older than its last move's (see List).
func filterSQL(f store.Filter) (string, []any) {
	var where []string
	var args []any
	if len(f.Statuses) > 0 {
		where = append(where, "status IN (?"+strings.Repeat(", ?", len(f.Statuses)-1)+")")
		for _, s := range f.Statuses {
			args = append(args, s)
		}
	}
	if f.Game != "" {
		where = append(where, "game = ?")
		args = append(args, f.Game)
	}
	if !f.UpdatedBefore.IsZero() {
		where = append(where, "updated < ?")
		args = append(args, f.UpdatedBefore.UnixMilli())
	}
	if len(f.Kinds) > 0 {
		where = append(where, "json_extract(time_control, '$.kind') IN (?"+strings.Repeat(", ?", len(f.Kinds)-1)+")")
		for _, k := range f.Kinds {
			args = append(args, k)
		}
	}
	if len(where) == 0 {
		return "true", nil
	}
	return strings.Join(where, " AND "), args
}

// Count returns how many matches match f (Limit and All aside): the
// waiting matches, at start, for the cap on them. UpdatedBefore is
// checked against the match rows' update times, which for a match whose
// last move was stored alone is older than its last move.
func (db *DB) Count(ctx context.Context, f store.Filter) (int, error) {
	cond, args := filterSQL(f)
	var n int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM matches WHERE `+cond, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("sqlite: count: %w", err)
	}
	return n, nil
}

// newerFirst orders matches as List returns them: by update time, newest
// first, then by ID.
func newerFirst(aUpdated int64, aID string, bUpdated int64, bID string) int {
	if aUpdated != bUpdated {
		return cmp.Compare(bUpdated, aUpdated)
	}
	return strings.Compare(aID, bID)
}

// newest returns the IDs of the limit newest (by update time, then ID, as
// List orders) entries of cur that match f (their values cleared: List reads them under the lock);
// every one, in no order, when limit < 0.
func (w *writerState) newest(f store.Filter, limit int) []curChange {
	var top []curChange
	less := func(a, b curChange) int { return newerFirst(a.c.updated, a.id, b.c.updated, b.id) }
	w.curMu.Lock()
	defer w.curMu.Unlock()
	before := int64(math.MaxInt64)
	if !f.UpdatedBefore.IsZero() {
		before = f.UpdatedBefore.UnixMilli()
	}
	for id, c := range w.cur {
		// Kinds is not known here: the query checks it on the match rows.
		if (len(f.Statuses) > 0 && !slices.Contains(f.Statuses, c.status)) || (f.Game != "" && c.game != f.Game) || c.updated >= before {
			continue
		}
		e := curChange{id: id, c: c}
		if limit < 0 {
			top = append(top, e) // every one: no order needed
			continue
		}
		if len(top) == limit {
			if less(e, top[limit-1]) >= 0 {
				continue
			}
			top = top[:limit-1]
		}
		i, _ := slices.BinarySearchFunc(top, e, less)
		top = slices.Insert(top, i, e)
	}
	for i := range top {
		top[i].c = current{}
	}
	return top
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

// sqlSelectMatch reads match rows (see scanRow). A match's row is as
// new as its last move unless that move was stored alone since the last
// catch-up: then the writer's memory has the current version, ply, clock,
// update time and head (writerState.cur, row.overlay).
const sqlSelectMatch = `SELECT id, game, variant, players, seed, options, seats, time_control, status, result,
		version, ply, clock, rematch, created, updated, rated, coalesce(head, 0) FROM matches`

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
	rated                      bool
	head                       int64 // read, never written by encode
}

func (r row) args() []any {
	return []any{r.id, r.game, r.variant, int64(r.players), r.seed, r.options, r.seats, r.tc, r.status, nullString(r.result), r.version, int64(r.ply), r.clock, r.rematch, r.created, r.updated, r.rated}
}

func encode(m store.Match) (row, error) {
	r := row{id: m.ID, game: m.Game, variant: m.Variant, players: m.Players, seed: int64(m.Seed), status: m.Status,
		version: m.Version, ply: m.Ply, rematch: m.Rematch, created: m.Created.UnixMilli(), updated: m.Updated.UnixMilli(), rated: m.Rated}
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

// encodeChange encodes the columns Save writes, but the seats and the
// clock: the writer encodes the seats only when they changed, and the
// clock (saveOp.apply). A clock it cannot encode fails here.
func encodeChange(m store.Match) (row, error) {
	r := row{id: m.ID, status: m.Status, version: m.Version, ply: m.Ply, rematch: m.Rematch, updated: m.Updated.UnixMilli()}
	if y := m.Clock.Since.Year(); y < 0 || y > 9999 { // appendClock's only failure (JSON has no such times)
		if _, err := appendClock(nil, m.Clock); err != nil {
			return r, fmt.Errorf("sqlite: encode match %s: %w", m.ID, err)
		}
	}
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

// scanRow scans a row of sqlSelectMatch.
func scanRow(s scanner) (row, error) {
	var r row
	err := s.Scan(&r.id, &r.game, &r.variant, &r.players, &r.seed, &r.options, &r.seats, &r.tc, &r.status, &r.result,
		&r.version, &r.ply, &r.clock, &r.rematch, &r.created, &r.updated, &r.rated, &r.head)
	if errors.Is(err, sql.ErrNoRows) {
		return r, store.ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("sqlite: scan match: %w", err)
	}
	return r, nil
}

// overlay takes c's version, ply, clock, update time and head if c is
// newer (the match row may have been written after c was read).
func (r *row) overlay(c current) {
	if c.version > r.version {
		r.version, r.ply, r.clock, r.updated, r.head = c.version, c.ply, c.clock, c.updated, c.head
	}
}

// decode returns the match r holds.
func (r row) decode() (store.Match, error) {
	m := store.Match{ID: r.id, Game: r.game, Variant: r.variant, Players: r.players, Seed: uint64(r.seed), Status: r.status,
		Version: r.version, Ply: r.ply, Rematch: r.rematch, Rated: r.rated, Created: time.UnixMilli(r.created).UTC(), Updated: time.UnixMilli(r.updated).UTC()}
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
