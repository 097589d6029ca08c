// Package sqlite is the SQLite implementation of Tabula's store, through the
// pure-Go driver modernc.org/sqlite. The database runs in WAL mode with
// synchronous=FULL, so a committed change survives a process kill and a
// power cut. Writes go through one writer goroutine that commits the changes
// of many matches in one transaction (group commit): each change still gets
// its own error, and Save returns only after the transaction holding it has
// committed.
//
// Moves are appended to an unindexed journal table in commit order and
// folded into the moves table in bulk (migration 00004), a match's rows
// together (see foldMatches), in transactions of their own between the
// group commits (foldTx), so a move's commit never waits for a fold; a
// takeback folds only its own match (foldMatch); Load takes a match's moves from both tables
// as they are and never waits for a fold (the comment of migration 00004,
// which says reads fold first, predates this). A folded row stays in the
// journal until every older row is folded too, then goes in a range
// delete: Load takes a match's journal rows only past its last ply in
// moves (migration 00005). A move stored alone leaves its match row as it
// was; the writer keeps the match's current version, ply, clock and
// update time in memory for List and Load (writerState.cur), and Open
// writes them into the match rows. The writer checks
// each change's base version against the versions it keeps in memory for
// the matches it has written, so a DB must be the only writer of its file
// (one server per SQLite database, as the server's design has it).
package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/bits"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
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
	// walCheckpointPages is how many WAL pages make the writer checkpoint
	// in its own commit (the default is 1 000): a hot page rewritten by
	// many commits is copied into the database once per checkpoint, so
	// fewer checkpoints mean fewer page writes; recovery replays at most
	// this many pages (40 MiB). The checkpointer goroutine does most of
	// the copying first (see checkpointEvery).
	walCheckpointPages = 10_000
	// checkpointEvery is how often the checkpointer goroutine copies the
	// WAL into the database (a passive checkpoint on a read connection,
	// which runs beside the writer's commits): when the writer did it all
	// in the commit that crossed walCheckpointPages, that commit took
	// 30-130 ms every few seconds at 3 000 moves/s, and every move queued
	// behind it waited (the load test's p99). The writer's own checkpoint
	// then copies only the pages written since the last one.
	checkpointEvery = 200 * time.Millisecond
	// foldRows is the number of unfolded journal rows above which the
	// writer folds the matches with the oldest ones into the moves table,
	// in a transaction of its own after each batch it commits (foldTx):
	// the journal stays near 6 s of moves at 10 000 moves/s (~6 rows per
	// match at 10 000 matches, which a fold writes into one page of moves
	// together), and a fold transaction takes a few milliseconds instead
	// of one fold of the whole journal stalling every commit (~150 ms at
	// 10 000 matches when it was folded whole).
	foldRows  = 65_536
	foldChunk = 1024
	// foldPerChange and foldMinChunk size a fold transaction by the batch
	// before it when the journal is over foldHard: it folds foldPerChange
	// rows per change the batch committed (at least foldMinChunk, at most
	// foldChunk), so the journal shrinks: a fold takes out foldPerChange
	// times the rows the batch added.
	foldPerChange = 4
	foldMinChunk  = 64
	// foldStep is the rows one fold statement takes (whole matches, so a
	// little more); foldBudget is the time after which a fold transaction
	// stops taking steps and commits (at most foldChunk rows), so the
	// moves queued behind it wait a few milliseconds at most: a fold
	// chunk of up to foldChunk rows had a p99 of 32 ms at 10 000
	// matches, and every move of its batch and of the next waited for it.
	// The commit comes on top (its WAL frames, the page-cache scan):
	// with 3 ms a fold transaction took 4-8 ms in BenchmarkSavePaced on
	// a quiet machine, with 1 ms 2-4 ms, three times as many for the same
	// CPU per move.
	foldStep   = 64
	foldBudget = time.Millisecond
	// foldHard is the journal's bound: above it a fold transaction takes
	// its foldPerChange rows per change whatever the time, so the journal
	// cannot outgrow a writer too slow to fold within foldBudget. It
	// bounds what Open folds after a crash (about foldHard plus one
	// batch's rows).
	foldHard = 2 * foldRows
	// clearStep is the most journal rows a fold transaction deletes: the
	// rows below the oldest unfolded one are deleted in steps, because
	// that front moves in jumps (a second of moves, or several, once the
	// last match holding it back is folded) and one DELETE of them all
	// took 9-68 ms at 10 000 matches (10 000-60 000 rows), with every
	// move queued behind it. Twice foldChunk, so the folded rows waiting
	// to be deleted never pile up: a fold transaction deletes at least as
	// many as it folds.
	clearStep = 2 * foldChunk
	// commitGap is the least time from one group commit's start to the
	// next's: each commit pays a fsync (~75 µs of kernel CPU here) and
	// SQLite's fixed work, and at 10,000 moves/s an idle-as-soon-as-done
	// writer committed ~1,000 times a second (~10 moves each). Waiting
	// for the gap batches ~20-25 moves: the server's CPU per move fell
	// 95 -> 76 µs at 10,000 matches (docs/benchmarks/server.md, "Session
	// 6"); a move waits at most this much longer, and one arriving after
	// a quiet spell not at all.
	commitGap = 2 * time.Millisecond
	// defaultLimit and maxLimit bound List.
	defaultLimit, maxLimit = 50, 1000
)

// DB is a Tabula store in one SQLite file. It is safe for concurrent use.
type DB struct {
	read    *sql.DB
	write   *sql.DB
	stmts   statements // prepared on write
	reqs    chan request
	done    chan struct{} // closed when the writer exits
	ckpt    chan struct{} // closed when the checkpointer exits
	stop    context.CancelFunc
	lock    *os.File // holds the lock file (see lockFile); nil where unsupported
	metrics *metrics
	// replies are reply channels (chan error, size 1) of answered
	// requests, reused: a Save per move made one.
	replies sync.Pool

	w writerState // owned by the writer goroutine
}

// writerState is what the writer knows beyond the database: the current
// version and row fields of every match it has written (the journal's
// rows are not indexed, so the version check is made here), and where
// each match's unfolded journal rows are (the journal's index, kept in
// memory: an index in the database would cost a page write per move).
// Changes to it inside a transaction are staged and kept only when the
// transaction commits.
type writerState struct {
	known  map[string]matchState
	staged map[string]matchState
	ended  []string // matches that ended since the last fold, forgotten by it (some may be again)
	// unfolded are the seq numbers of each match's journal rows not yet
	// copied into moves, ascending; queue lists the matches that have
	// any, in the order of their oldest (so queue[0] holds the journal's
	// oldest unfolded row).
	unfolded     map[string][]int64
	queue        []string
	unfoldedRows int // committed unfolded rows
	// cur holds, for reads, the current version, ply, clock and update
	// time of every match whose match row is older than its last move
	// (a move stored alone writes only its journal row): List and Load
	// take them from here instead of finding each match's newest row in
	// the journal (a scan: it has no index) and in moves. Every other
	// match's row is current (Open brings the rows of the last run up to
	// date). The writer changes it after each commit under curMu;
	// readers copy what they need under the same lock. txCur is the
	// current transaction's changes to it (del: the match row was
	// written).
	curMu   sync.Mutex
	cur     map[string]current // values, not pointers: one allocation less per move
	txCur   []curChange
	nextSeq int64         // the seq of the next committed journal row
	foldAt  int           // fold while unfoldedRows is above this (foldRows; tests lower it)
	gap     time.Duration // the least time between commit starts (commitGap; tests change it)
	hard    int           // fold regardless of foldBudget above this (foldHard; tests lower it)
	chunk   int           // at most this many rows per fold transaction (foldChunk; tests lower it)
	step    int           // rows per fold statement (foldStep; tests lower it)
	budget  time.Duration // a fold transaction's time (foldBudget; tests lower it)
	clear   int64         // journal rows a fold transaction deletes at most (clearStep; tests lower it)
	// cleared is the seq below which the journal holds no row: rows
	// between it and front are folded and not yet deleted.
	cleared int64
	// onCommit, if set (tests), is called after each commit (and after
	// the writer's state took it) with the number of journal rows the
	// transaction added, folded in chunks and deleted after folding.
	onCommit  func(added, folded, deleted int)
	txDeleted int // journal rows the current fold transaction deleted
	// The current transaction's journal rows (match and seq, in order)
	// after its last full fold, the next seq it assigns, and how many
	// matches at the front of queue it folded.
	txRows   []seqRow
	txSeq    int64
	txPopped int
	txChunk  int      // rows folded in chunks by this transaction
	txGone   []string // matches whose journal rows this transaction deleted (foldMatch)
	chunked  bool     // this transaction folded a chunk
	folded   bool     // this transaction folded the journal
	seqs     []byte   // a chunk's seq numbers as a JSON array, reused
	// bound are the statements bound to the current transaction, made
	// once per transaction rather than once per use.
	bound map[*sql.Stmt]*sql.Stmt
	// rows are the journal rows of the current transaction not inserted
	// yet (journalCols values each): they go in as multi-row INSERTs.
	rows []any
}

// current is a match's current version, ply, clock and update time when
// its match row is older (see writerState.cur), with the status and game
// List filters by.
type current struct {
	version      int64
	ply          int
	clock        string
	updated      int64
	status, game string
}

// curChange is a change to writerState.cur: del deletes id's entry.
type curChange struct {
	id  string
	c   current
	del bool
}

// seqRow is a journal row written by the current transaction.
type seqRow struct {
	id  string
	seq int64
}

// matchState is a match as last committed: its version, the number of
// moves stored, and the match row's columns a move leaves alone (the seats
// as values: comparing them is cheaper than encoding them per move).
type matchState struct {
	version         int64
	moves           int
	status, rematch string
	seats           []store.Seat
	result          sql.NullString
}

// ended reports whether the match is over (finished or aborted).
func (st matchState) ended() bool {
	return st.status == store.StatusFinished || st.status == store.StatusAborted
}

// statements are the writer's prepared statements: parsing SQL was an
// eighth of the server's time under load.
type statements struct {
	createMatch, saveMatch, truncate, matchState, foldMoves, clearJournal *sql.Stmt
	foldChunk, clearChunk, maxSeq, foldMatch, clearMatch                  *sql.Stmt
	// journal[k] inserts 1<<k journal rows.
	journal [insertSizes]*sql.Stmt
}

func (st statements) all() []*sql.Stmt {
	return append([]*sql.Stmt{st.createMatch, st.saveMatch, st.truncate, st.matchState, st.foldMoves, st.clearJournal,
		st.foldChunk, st.clearChunk, st.maxSeq, st.foldMatch, st.clearMatch}, st.journal[:]...)
}

// stmt returns st bound to the current transaction.
func (db *DB) stmt(ctx context.Context, tx *sql.Tx, st *sql.Stmt) *sql.Stmt {
	b, ok := db.w.bound[st]
	if !ok {
		b = tx.StmtContext(ctx, st)
		db.w.bound[st] = b
	}
	return b
}

// journal queues a journal row for the current transaction.
func (db *DB) journal(m store.Move, id string, version, updated, clock any) {
	w := &db.w
	// int64, not int: database/sql converts an int with reflection, a
	// second allocation.
	w.rows = append(w.rows, w.txSeq, id, int64(m.Ply), int64(m.Seat), m.Text, m.At.UnixMilli(), moveClock(m), m.CmdID, version, updated, clock)
	w.txRows = append(w.txRows, seqRow{id, w.txSeq})
	w.txSeq++
}

// flush inserts the queued journal rows, in multi-row INSERTs of the
// largest prepared sizes that fit.
func (db *DB) flush(ctx context.Context, tx *sql.Tx) error {
	rows := db.w.rows
	for len(rows) > 0 {
		k := min(bits.Len(uint(len(rows)/journalCols))-1, insertSizes-1)
		n := 1 << k
		if _, err := db.stmt(ctx, tx, db.stmts.journal[k]).ExecContext(ctx, rows[:n*journalCols]...); err != nil {
			return fmt.Errorf("sqlite: journal: %w", err)
		}
		rows = rows[n*journalCols:]
	}
	clear(db.w.rows) // drop the references to the texts
	db.w.rows = db.w.rows[:0]
	return nil
}

const (
	sqlCreateMatch = `INSERT INTO matches
		(id, game, variant, players, seed, options, seats, time_control, status, result, version, ply, clock, rematch, created, updated)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	// sqlSaveMatch writes the columns a match's life changes; game,
	// variant, players, seed, options, time control and creation time are
	// fixed at Create. The version was checked by the writer (matchState).
	sqlSaveMatch = `UPDATE matches SET
		seats = ?, status = ?, result = ?, version = ?, ply = ?, clock = ?, rematch = ?, updated = ?
		WHERE id = ?`
	sqlTruncate = `DELETE FROM moves WHERE match_id = ? AND ply > ?`
	// sqlJournalMove appends a move (more rows are added for multi-row
	// INSERTs). A move that changes nothing but the
	// version, ply, clock and update time carries them (the match row is
	// not written); a move stored with its match row has them NULL.
	// Its seq is given (the writer's counter), so the writer knows
	// every row's place without reading it back.
	sqlJournalMove = `INSERT INTO journal (seq, match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	// sqlMatchState reads what the writer keeps of a match it has not
	// written yet, or has forgotten (an ended match): the current version,
	// as selectMatch computes it but with the journal's rows too (a scan:
	// the journal has no index, and this is rare), and the number of
	// moves.
	sqlMatchState = `SELECT m.status, m.seats, m.rematch, m.result,
		max(iif(lm.version > m.version, lm.version, m.version),
			coalesce((SELECT max(version) FROM journal WHERE match_id = m.id), 0)),
		max(coalesce(lm.ply, 0), coalesce((SELECT max(ply) FROM journal WHERE match_id = m.id), 0))
	FROM matches AS m
	LEFT JOIN moves AS lm ON lm.match_id = m.id AND lm.ply = (SELECT max(ply) FROM moves WHERE match_id = m.id)
	WHERE m.id = ?`
	// sqlFoldMoves moves the journal into the moves table, sorted so each
	// match's rows go into its pages together. Rows already folded (still
	// in the journal, waiting for the range delete) are there already:
	// OR IGNORE skips them, and, unlike the default ABORT, needs no
	// statement journal (a copy of every page the statement changes, to
	// undo it alone).
	sqlFoldMoves = `INSERT OR IGNORE INTO moves (match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock)
		SELECT match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock FROM journal ORDER BY match_id, ply`
	sqlClearJournal = `DELETE FROM journal`
	// sqlFoldChunk folds the journal rows whose seq numbers are in the
	// JSON array given (a chunk of matches' unfolded rows, match by match,
	// each in ply order), found by rowid in the array's order (CROSS JOIN
	// keeps json_each the outer loop), so each match's rows go into its
	// pages together without a sort. OR FAIL, not the default ABORT: a
	// failing fold fails its whole transaction anyway (the writer rolls it
	// back), and ABORT needs a statement journal.
	sqlFoldChunk = `INSERT OR FAIL INTO moves (match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock)
		SELECT j.match_id, j.ply, j.seat, j.notation, j.at, j.clock_ms, j.cmd_id, j.version, j.updated, j.clock
		FROM json_each(?) AS s CROSS JOIN journal AS j ON j.seq = s.value`
	// sqlClearChunk deletes the journal rows below a seq number, all
	// folded: a range of whole pages.
	sqlClearChunk = `DELETE FROM journal WHERE seq < ?`
	sqlMaxSeq     = `SELECT coalesce(max(seq), 0) FROM journal`
	// sqlFoldMatch and sqlClearMatch move a match's journal rows into
	// moves (those already there are skipped) and delete them from the
	// journal: see foldMatch.
	sqlFoldMatch = `INSERT OR IGNORE INTO moves (match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock)
		SELECT match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock FROM journal WHERE match_id = ? ORDER BY ply`
	sqlClearMatch = `DELETE FROM journal WHERE match_id = ?`
	// sqlCurrentRows copies the version, ply, clock and update time of
	// each match's last move into its match row where the move is newer.
	sqlCurrentRows = `UPDATE matches AS m SET version = lm.version, ply = lm.ply, clock = lm.clock, updated = lm.updated
		FROM moves AS lm
		WHERE lm.match_id = m.id AND lm.ply = (SELECT max(ply) FROM moves WHERE match_id = m.id) AND lm.version > m.version`
	// journalCols is the number of values in a journal row.
	journalCols = 11
	// insertSizes is log2 of the largest multi-row INSERT plus one: the
	// journal INSERTs of 1, 2, 4, ... 64 rows are prepared (64 rows are
	// 704 values, under SQLite's 32 766 variables), and a batch goes in
	// as the binary digits of its row count.
	insertSizes = 7
)

func prepare(ctx context.Context, db *sql.DB) (statements, error) {
	var st statements
	for _, p := range []struct {
		dst **sql.Stmt
		sql string
	}{{&st.createMatch, sqlCreateMatch}, {&st.saveMatch, sqlSaveMatch}, {&st.truncate, sqlTruncate},
		{&st.matchState, sqlMatchState}, {&st.foldMoves, sqlFoldMoves}, {&st.clearJournal, sqlClearJournal},
		{&st.foldChunk, sqlFoldChunk}, {&st.clearChunk, sqlClearChunk}, {&st.maxSeq, sqlMaxSeq},
		{&st.foldMatch, sqlFoldMatch}, {&st.clearMatch, sqlClearMatch}} {
		var err error
		if *p.dst, err = db.PrepareContext(ctx, p.sql); err != nil {
			return st, fmt.Errorf("sqlite: prepare: %w", err)
		}
	}
	for k := range st.journal {
		q := sqlJournalMove + strings.Repeat(", (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", 1<<k-1)
		var err error
		if st.journal[k], err = db.PrepareContext(ctx, q); err != nil {
			return st, fmt.Errorf("sqlite: prepare: %w", err)
		}
	}
	return st, nil
}

// request is one write for the writer goroutine.
type request struct {
	op     applier
	reply  chan error // buffered, size 1
	queued time.Time  // when Save (or another write) queued it
}

// Open opens (creating if needed) the database at path, applies the
// migrations, and starts the writer. Close it when done.
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
		return nil, err
	}
	db.lock = lock
	return db, nil
}

// dsn is the driver's data source name for the database at path, with
// foreign-key enforcement on or off. The writer's connection runs without
// it: the only foreign key (moves.match_id) is guaranteed by the writer
// (a move is stored only through Save of a match it found, and folded
// from the journal only in the transaction that removes it there), and
// an enforced key makes SQLite keep a statement journal for the fold's
// multi-row INSERT (a copy of every page it changes, in case the
// statement fails halfway): that copy was ~40 % of the fold's CPU.
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
		// transaction (the journal fold: a page copy per page it changes)
		// stays in memory instead of spilling to a temporary file: its
		// pwrite calls were 10 % of the server's CPU at 10 000 matches.
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
		return nil, err
	}
	stmts, err := prepare(ctx, write)
	if err != nil {
		write.Close()
		return nil, err
	}
	read, err := sql.Open("sqlite", readDSN)
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	read.SetMaxOpenConns(readConns)
	wctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	db := &DB{read: read, write: write, stmts: stmts, reqs: make(chan request, writeQueue), done: make(chan struct{}), ckpt: make(chan struct{}), stop: stop, metrics: newMetrics(),
		w: writerState{foldAt: foldRows, gap: commitGap, hard: foldHard, clear: clearStep, chunk: foldChunk, step: foldStep, budget: foldBudget, known: map[string]matchState{}, staged: map[string]matchState{}, unfolded: map[string][]int64{}, cur: map[string]current{}, bound: map[*sql.Stmt]*sql.Stmt{}}}
	// A journal left by the last run (a crash) is folded before anyone
	// reads: the writer's counts start from an empty journal. Its seq
	// numbers continue the old ones (harmless either way: the journal is
	// empty after the fold).
	if err := db.write.QueryRowContext(ctx, sqlMaxSeq).Scan(&db.w.nextSeq); err != nil {
		db.closeAll()
		return nil, fmt.Errorf("sqlite: read journal: %w", err)
	}
	db.w.nextSeq++
	if err := db.runTx(ctx, []request{{op: applyFunc(db.foldOpen)}}); err != nil {
		db.closeAll()
		return nil, err
	}
	db.w.cleared = db.w.nextSeq // foldOpen emptied the journal
	go db.writer(wctx)          // exits when Close cancels wctx
	go db.checkpointer(wctx)    // likewise
	return db, nil
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

func (db *DB) closeAll() error {
	for _, st := range db.stmts.all() {
		st.Close()
	}
	err := errors.Join(db.write.Close(), db.read.Close())
	if db.lock != nil {
		err = errors.Join(err, db.lock.Close())
	}
	return err
}

// writer commits queued requests in batches until ctx is cancelled, then
// drains what is queued and exits.
func (db *DB) writer(ctx context.Context) {
	defer close(db.done)
	batch := make([]request, 0, maxBatch)
	pause := time.NewTimer(commitGap)
	pause.Stop()
	defer pause.Stop()
	var last time.Time // the last commit's start
	for {
		var first request
		select {
		case first = <-db.reqs:
		case <-ctx.Done():
			db.drain()
			return
		}
		if wait := db.w.gap - time.Since(last); wait > 0 && len(db.reqs) < maxBatch {
			pause.Reset(wait)
			select {
			case <-pause.C:
			case <-ctx.Done():
				db.commit(context.Background(), []request{first})
				db.drain()
				return
			}
		}
		last = time.Now()
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
		if db.w.unfoldedRows > db.w.foldAt {
			// A failed fold leaves the journal as it was: the next
			// batch's fold tries again.
			db.foldTx(context.WithoutCancel(ctx), len(batch))
		}
	}
}

// drain commits what is queued, one request at a time, when the writer
// stops.
func (db *DB) drain() {
	for {
		select {
		case r := <-db.reqs:
			db.commit(context.Background(), []request{r})
		default:
			return
		}
	}
}

// commit runs batch in one transaction and replies to each request once it
// has committed. Changes fail rarely (a version conflict is a bug above), so
// the batch runs without savepoints; if one change fails, the transaction is
// rolled back and every change retried in a transaction of its own, so each
// gets its own result.
func (db *DB) commit(ctx context.Context, batch []request) {
	start := time.Now()
	for _, r := range batch {
		db.metrics.queue.Observe(start.Sub(r.queued).Seconds())
	}
	db.metrics.batch.Observe(float64(len(batch)))
	defer func() { db.metrics.commit.Observe(time.Since(start).Seconds()) }()
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

// begin resets the writer's per-transaction state and begins a
// transaction.
func (db *DB) begin(ctx context.Context) (*sql.Tx, error) {
	w := &db.w
	clear(w.staged)
	clear(w.bound)
	w.rows = w.rows[:0]
	w.txRows = w.txRows[:0]
	clear(w.txCur)
	w.txCur = w.txCur[:0]
	w.txSeq, w.txPopped, w.txChunk, w.txDeleted = w.nextSeq, 0, 0, 0
	w.folded, w.chunked = false, false
	w.txGone = w.txGone[:0]
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("sqlite: begin: %w", err)
	}
	return tx, nil
}

// runTx applies batch in one transaction and commits it; the writer's
// state keeps what the batch staged only if the commit succeeds. It
// never folds a chunk of the journal (foldTx does, in a transaction of
// its own), only the whole journal before a takeback.
func (db *DB) runTx(ctx context.Context, batch []request) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	for _, r := range batch {
		if err := r.op.apply(ctx, tx); err != nil {
			tx.Rollback()
			return err
		}
	}
	if err := db.flush(ctx, tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: commit: %w", err)
	}
	db.committed()
	return nil
}

// committed keeps what the committed transaction did in the writer's
// state.
func (db *DB) committed() {
	w := &db.w
	added, folded := len(w.txRows), w.txChunk
	w.commitJournal()
	if w.folded || w.chunked {
		// Ended matches rarely change again; one that does is read back
		// (sqlMatchState). Only those that ended are looked at: going
		// through every known match after each fold was 1.4 % of the
		// paced benchmark's CPU at 10 000 matches.
		for _, id := range w.ended {
			if st, ok := w.known[id]; ok && st.ended() {
				delete(w.known, id)
			}
		}
		clear(w.ended)
		w.ended = w.ended[:0]
	}
	for id, st := range w.staged {
		w.known[id] = st
		if st.ended() {
			w.ended = append(w.ended, id)
		}
	}
	if w.onCommit != nil {
		w.onCommit(added, folded, w.txDeleted)
	}
}

// foldTx folds, in a transaction of its own, the unfolded journal rows of
// the matches with the oldest ones, in steps of w.step rows until w.budget
// has passed or w.chunk rows are folded, then deletes the journal rows
// older than every unfolded one. One such transaction usually takes the
// journal back under w.foldAt, and the batches after it commit without
// a fold until the journal is over it again: few fold transactions, each
// paying its commit (and SQLite's scan of the page cache after balancing
// pages, see below) for a few hundred rows. Over w.hard (the writer
// folds slower than the batches add), it folds w.chunkRows(n) rows after
// a batch of n changes whatever the time, so the journal shrinks.
//
// Folded in the move commits, a batch's chunk made every move of the
// batch wait for it, and each of those commits balanced B-tree pages of
// moves, which made SQLite scan the whole page cache's hash table at its
// end (pcache1TruncateUnsafe, see docs/benchmarks/server.md): move
// commits now only append to the journal.
//
// It commits with synchronous=FULL as the changes do: with NORMAL (no
// fsync of its own, which would lose no move) the writer's CPU per move
// and the fold's time were the same in BenchmarkSavePaced (one fold
// transaction per ~600 moves).
func (db *DB) foldTx(ctx context.Context, n int) error {
	w := &db.w
	start := time.Now()
	defer func() { db.metrics.fold.Observe(time.Since(start).Seconds()) }()
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	target, budget := w.chunk, w.budget
	if w.unfoldedRows > w.hard {
		target, budget = w.chunkRows(n), 0
	}
	for w.txChunk < target && w.txPopped < len(w.queue) {
		if err := db.foldMatches(ctx, tx, min(w.step, target-w.txChunk)); err != nil {
			tx.Rollback()
			return err
		}
		if budget > 0 && time.Since(start) >= budget {
			break
		}
	}
	clearTo := min(w.front(), w.cleared+w.clear)
	res, err := db.stmt(ctx, tx, db.stmts.clearChunk).ExecContext(ctx, clearTo)
	if err != nil {
		tx.Rollback()
		return fmt.Errorf("sqlite: fold journal: %w", err)
	}
	deleted, err := res.RowsAffected()
	if err != nil {
		tx.Rollback()
		return fmt.Errorf("sqlite: fold journal: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: commit fold: %w", err)
	}
	w.cleared, w.txDeleted = max(w.cleared, clearTo), int(deleted)
	db.committed()
	return nil
}

// commitJournal keeps what the committed transaction did to the journal:
// a full fold empties the unfolded rows, a chunk takes the matches it
// folded off the queue, and the transaction's own rows are added.
func (w *writerState) commitJournal() {
	if w.folded {
		clear(w.unfolded)
		w.queue, w.unfoldedRows = nil, 0
	}
	for _, id := range w.queue[:w.txPopped] {
		delete(w.unfolded, id)
	}
	w.queue = w.queue[w.txPopped:]
	w.unfoldedRows -= w.txChunk
	for _, id := range w.txGone {
		if l, ok := w.unfolded[id]; ok {
			w.unfoldedRows -= len(l)
			delete(w.unfolded, id)
			w.queue = slices.DeleteFunc(w.queue, func(q string) bool { return q == id })
		}
	}
	for _, r := range w.txRows {
		l := w.unfolded[r.id]
		if len(l) == 0 {
			w.queue = append(w.queue, r.id)
		}
		w.unfolded[r.id] = append(l, r.seq)
	}
	w.unfoldedRows += len(w.txRows)
	w.nextSeq = w.txSeq
	if len(w.txCur) > 0 {
		w.curMu.Lock()
		for _, c := range w.txCur {
			if c.del {
				delete(w.cur, c.id)
			} else {
				w.cur[c.id] = c.c
			}
		}
		w.curMu.Unlock()
		clear(w.txCur)
		w.txCur = w.txCur[:0]
	}
	clear(w.txRows) // drop the references to the IDs
	w.txRows = w.txRows[:0]
}

// front returns the oldest unfolded journal row's seq after the current
// transaction's chunk (every row below it is folded); its own rows, not
// added yet, are newer.
func (w *writerState) front() int64 {
	if w.txPopped < len(w.queue) {
		return w.unfolded[w.queue[w.txPopped]][0]
	}
	return w.nextSeq
}

// state returns what the writer knows of match id inside the current
// transaction, reading it from the database the first time.
// store.ErrNotFound when there is no such match.
func (db *DB) state(ctx context.Context, tx *sql.Tx, id string) (matchState, error) {
	if st, ok := db.w.staged[id]; ok {
		return st, nil
	}
	if st, ok := db.w.known[id]; ok {
		return st, nil
	}
	var st matchState
	var seats string
	err := db.stmt(ctx, tx, db.stmts.matchState).QueryRowContext(ctx, id).Scan(&st.status, &seats, &st.rematch, &st.result, &st.version, &st.moves)
	if errors.Is(err, sql.ErrNoRows) {
		return st, store.ErrNotFound
	}
	if err != nil {
		return st, fmt.Errorf("sqlite: read match %s: %w", id, err)
	}
	if err := json.Unmarshal([]byte(seats), &st.seats); err != nil {
		return st, fmt.Errorf("sqlite: decode match %s seats: %w", id, err)
	}
	return st, nil
}

// foldAll moves whatever the journal holds, counted or not, into the
// moves table and empties it (in the current transaction), folded rows
// too: at Open, where the journal is what the last run left.
func (db *DB) foldAll(ctx context.Context, tx *sql.Tx) error {
	if err := db.flush(ctx, tx); err != nil {
		return err
	}
	if _, err := db.stmt(ctx, tx, db.stmts.foldMoves).ExecContext(ctx); err != nil {
		return fmt.Errorf("sqlite: fold journal: %w", err)
	}
	if _, err := db.stmt(ctx, tx, db.stmts.clearJournal).ExecContext(ctx); err != nil {
		return fmt.Errorf("sqlite: fold journal: %w", err)
	}
	w := &db.w
	w.txRows, w.txPopped, w.txChunk, w.folded = w.txRows[:0], 0, 0, true
	return nil
}

// foldMatch moves match id's journal rows, folded or not, into moves
// and deletes them from the journal (in the current transaction), for a
// takeback: after a truncation of moves, a folded row left in the journal
// past the new last ply would read as an unfolded one. Two scans of the
// journal (it has no index on the match), where folding the whole journal
// for a takeback stalled the writer ~300 ms at 65 536 rows.
func (db *DB) foldMatch(ctx context.Context, tx *sql.Tx, id string) error {
	if err := db.flush(ctx, tx); err != nil {
		return err
	}
	if _, err := db.stmt(ctx, tx, db.stmts.foldMatch).ExecContext(ctx, id); err != nil {
		return fmt.Errorf("sqlite: fold match %s: %w", id, err)
	}
	if _, err := db.stmt(ctx, tx, db.stmts.clearMatch).ExecContext(ctx, id); err != nil {
		return fmt.Errorf("sqlite: fold match %s: %w", id, err)
	}
	w := &db.w
	w.txRows = slices.DeleteFunc(w.txRows, func(r seqRow) bool { return r.id == id })
	w.txGone = append(w.txGone, id)
	return nil
}

// foldOpen folds the journal left by the last run and brings every match
// row up to date with its last move (a move stored alone carried the
// match's version, ply, clock and update time in its row; the last run
// kept them in memory, see writerState.cur), so reads can take the match
// rows as they are.
func (db *DB) foldOpen(ctx context.Context, tx *sql.Tx) error {
	if err := db.foldAll(ctx, tx); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, sqlCurrentRows); err != nil {
		return fmt.Errorf("sqlite: bring matches up to date: %w", err)
	}
	return nil
}

// chunkRows is how many journal rows the fold after a batch of n changes
// takes when the journal is over its threshold: foldPerChange per
// change, at least foldMinChunk, at most w.chunk.
func (w *writerState) chunkRows(n int) int {
	return min(w.chunk, max(foldMinChunk, foldPerChange*n))
}

// foldMatches folds the unfolded journal rows of the matches with the
// oldest ones not folded yet by the current transaction, whole matches
// until at least n rows (foldTx then deletes the journal rows older than
// every unfolded one). A match's rows go into moves together: at thousands of matches, a
// chunk of the oldest rows had one row per match, and each cost a page
// of moves written (with its WAL frame and checkpoint copy); a match's
// rows together share it. The folded rows left in the journal (newer
// than an unfolded one) stay until a later range delete; reads skip them.
func (db *DB) foldMatches(ctx context.Context, tx *sql.Tx, n int) error {
	w := &db.w
	w.seqs = append(w.seqs[:0], '[')
	rows := 0
	for w.txPopped < len(w.queue) && rows < n {
		for _, seq := range w.unfolded[w.queue[w.txPopped]] {
			if rows > 0 {
				w.seqs = append(w.seqs, ',')
			}
			w.seqs = strconv.AppendInt(w.seqs, seq, 10)
			rows++
		}
		w.txPopped++
	}
	w.seqs = append(w.seqs, ']')
	if rows == 0 {
		return nil
	}
	if _, err := db.stmt(ctx, tx, db.stmts.foldChunk).ExecContext(ctx, string(w.seqs)); err != nil {
		return fmt.Errorf("sqlite: fold journal: %w", err)
	}
	w.txChunk += rows
	w.chunked = true
	if len(w.seqs) > 64<<10 {
		w.seqs = nil // an unusually long match need not keep its buffer
	}
	return nil
}

// applier is a write the writer applies in its transaction: a Save
// (saveOp) or a function (applyFunc).
type applier interface {
	apply(ctx context.Context, tx *sql.Tx) error
}

// applyFunc is a function as an applier.
type applyFunc func(ctx context.Context, tx *sql.Tx) error

func (f applyFunc) apply(ctx context.Context, tx *sql.Tx) error { return f(ctx, tx) }

// do queues apply for the writer and waits until it is committed. If ctx
// ends first, the write may still happen.
func (db *DB) do(ctx context.Context, apply applier) error {
	reply, _ := db.replies.Get().(chan error)
	if reply == nil {
		reply = make(chan error, 1)
	}
	r := request{op: apply, reply: reply, queued: time.Now()}
	select {
	case db.reqs <- r: // the queue has room (nearly always): no select over ctx
	default:
		select {
		case db.reqs <- r:
		case <-ctx.Done():
			db.replies.Put(reply)
			return fmt.Errorf("sqlite: queue write: %w", ctx.Err())
		}
	}
	select {
	case err := <-reply:
		db.replies.Put(reply)
		return err
	case <-ctx.Done():
		// The writer may still answer: the channel is not reused.
		return fmt.Errorf("sqlite: wait for commit: %w", ctx.Err())
	}
}

// Create stores a new match. A duplicate ID gives store.ErrConflict.
func (db *DB) Create(ctx context.Context, m store.Match) error {
	row, err := encode(m)
	if err != nil {
		return err
	}
	return db.do(ctx, applyFunc(func(ctx context.Context, tx *sql.Tx) error {
		_, err := db.stmt(ctx, tx, db.stmts.createMatch).ExecContext(ctx, row.args()...)
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE constraint failed") {
				return fmt.Errorf("sqlite: create match %s: %w", m.ID, store.ErrConflict)
			}
			return fmt.Errorf("sqlite: create match %s: %w", m.ID, err)
		}
		db.w.staged[m.ID] = matchState{version: m.Version, status: row.status, seats: slices.Clone(m.Seats), rematch: row.rematch, result: row.result}
		return nil
	}))
}

// Save applies one change atomically: the match row (only if the stored
// version is c.Prev, else store.ErrConflict), the truncation and the new
// moves, which must continue the stored ones (ply n+1, n+2, ...; else
// store.ErrConflict). It returns once the change is committed. A change
// that appends one move and leaves the match's status, seats, result and
// rematch as they are (most moves) writes only the move's journal row,
// which carries the new version, clock and update time.
func (db *DB) Save(ctx context.Context, c store.Change) error {
	op := &saveOp{db: db, prev: c.Prev, truncate: c.Truncate, append: c.Append, seats: c.Match.Seats, game: c.Match.Game}
	var err error
	if op.row, err = encodeChange(c.Match); err != nil {
		return err
	}
	return db.do(ctx, op)
}

// saveOp is a Save for the writer: the change's fields it uses, in one
// allocation (a closure over the change took three: the change, its row
// and the closure).
type saveOp struct {
	db       *DB
	row      row
	prev     int64
	truncate int
	append   []store.Move
	seats    []store.Seat
	game     string
}

func (op *saveOp) apply(ctx context.Context, tx *sql.Tx) error {
	db, row := op.db, &op.row
	st, err := db.state(ctx, tx, row.id)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("sqlite: save match %s: %w", row.id, store.ErrConflict)
	}
	if err != nil {
		return err
	}
	if st.version != op.prev {
		return fmt.Errorf("sqlite: save match %s at version %d (stored %d): %w", row.id, op.prev, st.version, store.ErrConflict)
	}
	if op.truncate >= 0 {
		// Takebacks are rare: the moves to drop are put where an
		// index finds them.
		if err := db.foldMatch(ctx, tx, row.id); err != nil {
			return err
		}
		if _, err := db.stmt(ctx, tx, db.stmts.truncate).ExecContext(ctx, row.id, op.truncate); err != nil {
			return fmt.Errorf("sqlite: truncate match %s: %w", row.id, err)
		}
		st.moves = min(st.moves, op.truncate)
	}
	for i, m := range op.append {
		if m.Ply != st.moves+1+i {
			return fmt.Errorf("sqlite: match %s ply %d after %d stored moves: %w", row.id, m.Ply, st.moves+i, store.ErrConflict)
		}
	}
	moveOnly := op.truncate < 0 && len(op.append) == 1 && op.append[0].Ply == row.ply &&
		row.status == st.status && slices.Equal(op.seats, st.seats) && row.rematch == st.rematch && row.result == st.result
	if moveOnly {
		db.journal(op.append[0], row.id, row.version, row.updated, row.clock)
		db.w.txCur = append(db.w.txCur, curChange{id: row.id, c: current{version: row.version, ply: row.ply, clock: row.clock,
			updated: row.updated, status: row.status, game: op.game}})
	} else {
		db.w.txCur = append(db.w.txCur, curChange{id: row.id, del: true})
		b, err := appendSeats(nil, op.seats)
		if err != nil {
			return fmt.Errorf("sqlite: encode match %s: %w", row.id, err)
		}
		row.seats = string(b)
		if _, err := db.stmt(ctx, tx, db.stmts.saveMatch).ExecContext(ctx,
			row.seats, row.status, row.result, row.version, int64(row.ply), row.clock, row.rematch, row.updated, row.id); err != nil {
			return fmt.Errorf("sqlite: save match %s: %w", row.id, err)
		}
		for _, m := range op.append {
			db.journal(m, row.id, nil, nil, nil)
		}
	}
	st.version, st.moves = row.version, st.moves+len(op.append)
	if !moveOnly {
		st.seats = slices.Clone(op.seats)
	}
	st.status, st.rematch, st.result = row.status, row.rematch, row.result
	db.w.staged[row.id] = st
	return nil
}

// moveClock is the clock_ms column of a move: an int64 or nil (NULL), as
// the driver takes them (a sql.NullInt64 was boxed, then converted).
func moveClock(m store.Move) any {
	if m.Clock == nil {
		return nil
	}
	return m.Clock.Milliseconds()
}

// Load returns a match and its moves in ply order.
func (db *DB) Load(ctx context.Context, id string) (store.Match, []store.Move, error) {
	var cur current
	w := &db.w
	w.curMu.Lock()
	cur = w.cur[id] // the zero value (version 0) if there is none: overlay keeps the row
	w.curMu.Unlock()
	r, err := scanRow(db.read.QueryRowContext(ctx, sqlSelectMatch+` WHERE id = ?`, id))
	if err != nil {
		return store.Match{}, nil, err
	}
	r.overlay(cur)
	m, err := r.decode()
	if err != nil {
		return store.Match{}, nil, err
	}
	rows, err := db.read.QueryContext(ctx, sqlLoadMoves, id, id, id)
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
	mem := db.w.newest(f, limit)
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
	cond := "true"
	if len(where) > 0 {
		cond = strings.Join(where, " AND ")
	}
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
	slices.SortFunc(rs, func(a, b row) int { return newerFirst(a.updated, a.id, b.updated, b.id) })
	out := make([]store.Match, 0, min(len(rs), limit))
	for _, r := range rs[:min(len(rs), limit)] {
		m, err := r.decode()
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
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
// List orders) entries of cur that match f (their values cleared: List reads them under the lock).
func (w *writerState) newest(f store.Filter, limit int) []curChange {
	var top []curChange
	less := func(a, b curChange) int { return newerFirst(a.c.updated, a.id, b.c.updated, b.id) }
	w.curMu.Lock()
	defer w.curMu.Unlock()
	for id, c := range w.cur {
		if (len(f.Statuses) > 0 && !slices.Contains(f.Statuses, c.status)) || (f.Game != "" && c.game != f.Game) {
			continue
		}
		e := curChange{id: id, c: c}
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
// new as its last move unless that move was stored alone: then the
// writer's memory has the current version, ply, clock and update time
// (writerState.cur, row.overlay). Reads used to find them in each match's
// last row in moves and newest in the journal, a scan of the journal (it
// has no index) in every List and Load: 130-165 ms for a lobby List at
// 4 096 matches.
const sqlSelectMatch = `SELECT id, game, variant, players, seed, options, seats, time_control, status, result,
		version, ply, clock, rematch, created, updated FROM matches`

// sqlLoadMoves reads a match's moves from both tables: the journal holds
// the newest, not yet folded, past the last ply in moves, and folded ones
// waiting for their range delete, which it skips (a match's rows are
// folded all at once, so the unfolded ones are exactly those past it).
const sqlLoadMoves = `SELECT ply, seat, notation, at, clock_ms, cmd_id FROM moves WHERE match_id = ?
	UNION ALL SELECT ply, seat, notation, at, clock_ms, cmd_id FROM journal
		WHERE match_id = ? AND ply > (SELECT coalesce(max(ply), 0) FROM moves WHERE match_id = ?)
	ORDER BY ply`

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

// encodeChange encodes the columns Save writes, but the seats: the writer
// encodes them only when they changed.
func encodeChange(m store.Match) (row, error) {
	r := row{id: m.ID, status: m.Status, version: m.Version, ply: m.Ply, rematch: m.Rematch, updated: m.Updated.UnixMilli()}
	var buf [128]byte // the clock of a 2-player match fits
	b, err := appendClock(buf[:0], m.Clock)
	if err != nil {
		return r, fmt.Errorf("sqlite: encode match %s: %w", m.ID, err)
	}
	r.clock = string(b)
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
		&r.version, &r.ply, &r.clock, &r.rematch, &r.created, &r.updated)
	if errors.Is(err, sql.ErrNoRows) {
		return r, store.ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("sqlite: scan match: %w", err)
	}
	return r, nil
}

// overlay takes c's version, ply, clock and update time if c is newer
// (the match row may have been written after c was read).
func (r *row) overlay(c current) {
	if c.version > r.version {
		r.version, r.ply, r.clock, r.updated = c.version, c.ply, c.clock, c.updated
	}
}

// decode returns the match r holds.
func (r row) decode() (store.Match, error) {
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
