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
	"math/bits"
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
	// thousands of matches, and the default 2 MiB cache sent them to the
	// disk (pread was 6 % of the server's CPU at 5 000 matches).
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
	// catchRows is the number of log rows after log_state.caught that
	// starts a catch-up round: the writer writes the current head,
	// version, ply, clock and update time of every match moved since the
	// last round into its match row (a few hundred pages at 10 000
	// matches), so Open after a crash reads at most about this many log
	// rows plus those of one round (see catchMin). ~6.5 s of moves at
	// 10 000 moves/s.
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
	// catchRows + 2 × (matches + maxBatch) + maxBatch rows (87 072 at
	// 10 000 matches, when every batch is full; ~67 000 at the load
	// test's ~10 changes a batch).
	catchMin = 64
	// commitGap is the least time from one group commit's start to the
	// next's: each commit pays a fsync (~75 µs of kernel CPU here) and
	// SQLite's fixed work, and at 10,000 moves/s an idle-as-soon-as-done
	// writer committed ~1,000 times a second (~10 moves each). Waiting
	// for the gap batches ~20-25 moves: the server's CPU per move fell
	// 95 -> 76 µs at 10,000 matches (docs/benchmarks/server.md, "Session
	// 6"); a move waits at most this much longer, and one arriving after
	// a quiet spell not at all.
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
	// requests, reused: a Save per move made one.
	replies sync.Pool
	// ops are the *saveOp of answered Saves, each with its reply channel,
	// reused: one was ~320 bytes per move.
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

// writerState is what the writer knows beyond the database: the current
// version, head and row fields of every match it has written (the log's
// rows are not indexed by match, so the version check is made here), and
// the matches whose rows are behind their last moves. Changes to it inside
// a transaction are staged and kept only when the transaction commits.
type writerState struct {
	known  map[string]matchState
	staged map[string]matchState
	ended  []string // matches that ended since the last round, forgotten after it (some may be again)
	// cur holds, for reads, the current version, ply, clock, update time
	// and head of every match whose match row is older than its last move
	// (a move stored alone writes only its log row): List and Load take
	// them from here. Every other match's row is current (Open and the
	// catch-up rounds bring the rows up to date). The writer changes it
	// after each commit under curMu; readers copy what they need under
	// the same lock (the writer reads it without: it is the only one to
	// change it). Every match in cur is in known. txCur is the current
	// transaction's changes to it (del: the match row was written).
	curMu   sync.Mutex
	cur     map[string]current // values, not pointers: one allocation less per move
	txCur   []curChange
	nextSeq int64         // the seq of the next committed log row
	gap     time.Duration // the least time between commit starts (commitGap; tests change it)
	// caught is the seq below which every log row is reflected in its
	// match row (log_state.caught).
	caught int64
	// round lists the matches the current catch-up round writes, from
	// roundAt on, in rowid order (the match table's): each key is a
	// rowid<<roundBits | the match's index in roundIDs. mark is the next
	// seq when it started: caught once it is done. round is nil between
	// rounds.
	round    []uint64
	roundIDs []string
	roundAt  int
	mark     int64
	catchAt  int64         // start a round this many log rows after caught (catchRows; tests lower it)
	budget   time.Duration // a group commit's time for catch-up rows (catchBudget; tests lower it)
	least    int           // match rows a group commit catches up at least (catchMin; tests lower it)
	perRow   int           // and at least this many per change of its batch (1; tests set 0)
	// onCommit, if set (tests), is called after each commit (and after
	// the writer's state took it) with the number of log rows and of
	// caught-up match rows the transaction wrote.
	onCommit func(added, caught int)
	txSeq    int64 // the next seq the current transaction assigns
	txCaught int   // match rows the current transaction caught up
	txAt     int   // where the round goes on after the current transaction (roundAt until it catches up)
	txDone   bool  // the current transaction ends the round
	// conn is the writer's connection, set while the writer runs.
	conn *wconn
	// buf is where the writer encodes a change's clock, reused.
	buf []byte
	// rows are the log rows of the current transaction not inserted yet
	// (journalArgs values each): they go in as multi-row INSERTs.
	rows []driver.NamedValue
	// ats are the times (Unix ms) of the log rows in rows, one each:
	// flush passes them as offsets from their INSERT's earliest.
	ats []int64
}

// current is a match's current version, ply, clock, update time and head
// when its match row is older (see writerState.cur), with the status and
// game List filters by.
type current struct {
	version      int64
	ply          int
	clock        string
	updated      int64
	head         int64
	status, game string
}

// curChange is a change to writerState.cur: del deletes id's entry.
type curChange struct {
	id  string
	c   current
	del bool
}

// roundBits is the width of a round key's index part: a round lists at
// most 1<<roundBits matches (those moved since the last round), and
// rowids below 1<<(64-roundBits) sort in its keys; packed keys sort
// without a comparison function, twice as fast for 10 000 matches
// (1.5 ms against 2.9 ms on a loaded machine), the writer's stall at a
// round's start.
const roundBits = 24

// matchState is a match as last committed: its version, the number of
// moves stored, its head (the seq of its last log row, 0 when the moves
// table holds all its moves), its match row's rowid, and the match row's
// columns a move leaves alone (the seats as values: comparing them is
// cheaper than encoding them per move).
type matchState struct {
	version         int64
	moves           int
	head, rowid     int64
	status, rematch string
	seats           []store.Seat
	result          sql.NullString
	// key is the match's ID as a driver value, boxed once (set by
	// journal): boxing it per log row was an allocation.
	key any
}

// ended reports whether the match is over (finished or aborted).
func (st matchState) ended() bool {
	return st.status == store.StatusFinished || st.status == store.StatusAborted
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

// journal queues a log row of match st (whose ID is id) for the current
// transaction, after prev (the match's head, 0 for none), and returns its
// seq. A move stored alone (r non-nil) carries the match's new version,
// update time and clock from r; else they are NULL.
//
// Each integer past 255 or text given to the driver is an allocation
// (boxed in an interface), so the row's values are given as few and as
// small as they can be (see sqlJournalRow): the seq as an offset from the
// INSERT's first and the move's time from its earliest (flush: the moves
// of one group commit are made within milliseconds of each other), the
// version as an offset from the ply and the update time from the move's
// time (0 or near it for a plain move: no allocation), the ply boxed once
// for both uses, the match's ID boxed once per match (matchState.key).
func (db *DB) journal(m store.Move, st *matchState, id string, prev int64, r *row) int64 {
	w := &db.w
	if st.key == nil {
		st.key = id
	}
	var p any // NULL
	if prev != 0 {
		p = prev
	}
	ply, atMS := int64(m.Ply), m.At.UnixMilli()
	plyV := any(ply)
	var version, updated, clock any // NULL
	if r != nil {
		version, updated, clock = r.version-ply, r.updated-atMS, r.clock
	}
	// The seq's and the time's bases and offsets and the ordinals are set
	// by flush, which numbers each INSERT's values.
	w.rows = append(w.rows, driver.NamedValue{}, driver.NamedValue{Value: st.key}, driver.NamedValue{Value: plyV},
		driver.NamedValue{Value: int64(m.Seat)}, driver.NamedValue{Value: m.Text}, driver.NamedValue{}, driver.NamedValue{},
		driver.NamedValue{Value: moveClock(m)}, driver.NamedValue{Value: m.CmdID}, driver.NamedValue{Value: plyV},
		driver.NamedValue{Value: version}, driver.NamedValue{}, driver.NamedValue{}, driver.NamedValue{Value: updated},
		driver.NamedValue{Value: clock}, driver.NamedValue{Value: p})
	w.ats = append(w.ats, atMS)
	seq := w.txSeq
	w.txSeq++
	return seq
}

// flush inserts the queued log rows, in multi-row INSERTs of the largest
// sizes that fit (see maxInsertLog).
func (db *DB) flush(ctx context.Context) error {
	rows, ats := db.w.rows, db.w.ats
	seq := db.w.txSeq - int64(len(ats)) // the first queued row's
	for len(rows) > 0 {
		k := min(bits.Len(uint(len(ats)))-1, maxInsertLog)
		n := 1 << k
		st, err := db.w.conn.journal(ctx, k)
		if err != nil {
			return fmt.Errorf("sqlite: journal: %w", err)
		}
		args := rows[:n*journalArgs]
		earliest := slices.Min(ats[:n])
		seqBase, atBase := any(seq), any(earliest) // row i's seq is seqBase + i
		for i := range n {
			r := args[i*journalArgs:]
			atOffset := any(ats[i] - earliest)
			r[0].Value = seqBase
			r[5].Value, r[6].Value, r[11].Value, r[12].Value = atBase, atOffset, atBase, atOffset
		}
		for i := range args {
			args[i].Ordinal = i + 1
		}
		if _, err := st.ExecContext(ctx, args); err != nil {
			return fmt.Errorf("sqlite: journal: %w", err)
		}
		rows, ats = rows[n*journalArgs:], ats[n:]
		seq += int64(n)
	}
	clear(db.w.rows) // drop the references to the texts
	db.w.rows, db.w.ats = db.w.rows[:0], db.w.ats[:0]
	return nil
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
	// made fewer allocations (one run, not ~3, per commit) but more
	// bytes: ~37 more per move in BenchmarkSavePaced, the list's
	// capacity past the row count (docs/benchmarks/server.md, "Session
	// 7").
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

// request is one write for the writer goroutine.
type request struct {
	op     applier
	reply  chan error // buffered, size 1
	queued time.Time  // when Save (or another write) queued it
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
		// instead of spilling to a temporary file: its pwrite calls were
		// 10 % of the server's CPU at 10 000 matches.
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

// catchUpOpen brings the match rows up to date with the log rows after
// log_state.caught and moves caught to the log's end.
func (db *DB) catchUpOpen(ctx context.Context) error {
	c := db.w.conn
	dest := make([]driver.Value, 1)
	if err := c.querySQL(ctx, `SELECT caught FROM log_state`, dest); err != nil {
		return fmt.Errorf("sqlite: read log state: %w", err)
	}
	caught, err := asInt64(dest[0])
	if err != nil {
		return fmt.Errorf("sqlite: read log state: %w", err)
	}
	if caught < db.w.nextSeq {
		if _, err := c.execSQL(ctx, sqlCatchUpOpen, caught); err != nil {
			return fmt.Errorf("sqlite: bring matches up to date: %w", err)
		}
		if _, err := c.execSQL(ctx, sqlSetCaught, db.w.nextSeq); err != nil {
			return fmt.Errorf("sqlite: bring matches up to date: %w", err)
		}
	}
	db.w.caught = db.w.nextSeq
	return nil
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

// writer commits queued requests in batches until ctx is cancelled, then
// drains what is queued and exits.
func (db *DB) writer(ctx context.Context) {
	batch := make([]request, 0, maxBatch)
	pause := time.NewTimer(commitGap)
	pause.Stop()
	defer pause.Stop()
	var last time.Time // the last commit's start
	// Transactions run to their end once begun (and without a watcher
	// goroutine in the driver): made once, not per batch.
	txCtx := context.WithoutCancel(ctx)
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
		db.commit(txCtx, batch)
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

// commit runs batch in one transaction, with the next rows of the
// catch-up round when one is running or due, and replies to each request
// once it has committed. Changes fail rarely (a version conflict is a bug
// above), so the batch runs without savepoints; if one change fails, or
// the catch-up does, the transaction is rolled back and every change
// retried in a transaction of its own without the catch-up, so each gets
// its own result (a failed catch-up leaves the round as it was: the next
// batch's tries again).
func (db *DB) commit(ctx context.Context, batch []request) {
	start := time.Now()
	for _, r := range batch {
		db.metrics.queue.Observe(start.Sub(r.queued).Seconds())
	}
	db.metrics.batch.Observe(float64(len(batch)))
	defer func() { db.metrics.commit.Observe(time.Since(start).Seconds()) }()
	w := &db.w
	catchUp := w.round != nil || w.nextSeq-w.caught >= w.catchAt
	if len(batch) > 1 || catchUp {
		if err := db.runTx(ctx, batch, catchUp); err == nil {
			for _, r := range batch {
				r.reply <- nil
			}
			return
		}
	}
	for _, r := range batch {
		r.reply <- db.runTx(ctx, []request{r}, false)
	}
}

// begin resets the writer's per-transaction state and begins a
// transaction.
func (db *DB) begin(ctx context.Context) error {
	w := &db.w
	clear(w.staged)
	clear(w.rows)
	w.rows, w.ats = w.rows[:0], w.ats[:0]
	clear(w.txCur)
	w.txCur = w.txCur[:0]
	w.txSeq, w.txCaught, w.txAt, w.txDone = w.nextSeq, 0, w.roundAt, false
	if err := w.conn.begin(ctx); err != nil {
		return fmt.Errorf("sqlite: begin: %w", err)
	}
	return nil
}

// runTx applies batch in one transaction and commits it, with catchUp
// the next rows of the catch-up round first; the writer's state keeps
// what the transaction did only if the commit succeeds. A storage failure
// is returned wrapped in store.ErrUnavailable and kept for Health; a
// commit clears it.
func (db *DB) runTx(ctx context.Context, batch []request, catchUp bool) error {
	err := unavailable(db.tryTx(ctx, batch, catchUp))
	switch {
	case err == nil:
		if db.failed.Load() != nil {
			db.failed.Store(nil)
		}
	case errors.Is(err, store.ErrUnavailable):
		f := &writeFailure{err: err, at: time.Now()}
		if prev := db.failed.Load(); prev != nil {
			f.at = prev.at // failing since the first failure
		}
		db.failed.Store(f)
	}
	return err
}

// tryTx is runTx but for the failure's bookkeeping.
func (db *DB) tryTx(ctx context.Context, batch []request, catchUp bool) error {
	if err := db.begin(ctx); err != nil {
		return err
	}
	c := db.w.conn
	if catchUp {
		if err := db.catchUp(ctx, len(batch)); err != nil {
			c.rollback()
			return err
		}
	}
	for _, r := range batch {
		if err := r.op.apply(ctx); err != nil {
			c.rollback()
			return err
		}
	}
	if err := db.flush(ctx); err != nil {
		c.rollback()
		return err
	}
	if err := c.commit(); err != nil {
		return fmt.Errorf("sqlite: commit: %w", err)
	}
	db.committed()
	return nil
}

// committed keeps what the committed transaction did in the writer's
// state.
func (db *DB) committed() {
	w := &db.w
	added := int(w.txSeq - w.nextSeq)
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
	for id, st := range w.staged {
		w.known[id] = st
		if st.ended() {
			w.ended = append(w.ended, id)
		}
	}
	w.roundAt = w.txAt
	if w.txDone {
		w.caught, w.round, w.roundIDs, w.roundAt = w.mark, nil, nil, 0
		// Ended matches rarely change again; one that does is read back
		// (sqlMatchState), which needs its row current: only those not
		// in cur are forgotten. Only those that ended are looked at:
		// going through every known match was 1.4 % of the paced
		// benchmark's CPU at 10 000 matches.
		kept := w.ended[:0]
		for _, id := range w.ended {
			st, ok := w.known[id]
			if !ok || !st.ended() {
				continue
			}
			if _, dirty := w.cur[id]; dirty {
				kept = append(kept, id)
				continue
			}
			delete(w.known, id)
		}
		clear(w.ended[len(kept):])
		w.ended = kept
	}
	if w.onCommit != nil {
		w.onCommit(added, w.txCaught)
	}
}

// catchUp writes, in the current transaction and before its batch's
// changes, the current head, version, ply, clock and update time of the
// next matches of the catch-up round into their match rows (starting a
// round first if none is running): at least w.least rows or n (the
// changes of the batch), then until w.budget has passed; the transaction
// that ends the round records its mark in log_state.caught. A round writes
// the matches moved since the last one, each row once (in rowid order, so
// a transaction's rows share pages), where the fold of earlier versions
// wrote every move a second time into the moves table. Riding on the
// group commits, a round costs no commit (and no flush) of its own: in
// transactions of their own, each move behind a catch-up waited for two
// flushes. Before the changes, so a change that writes its match row
// (and takes it out of cur, see committed) comes after the round's
// write of it.
func (db *DB) catchUp(ctx context.Context, n int) error {
	w := &db.w
	start := time.Now()
	defer func() { db.metrics.catchUp.Observe(time.Since(start).Seconds()) }()
	if w.round == nil {
		w.mark, w.roundAt = w.nextSeq, 0
		w.round, w.roundIDs = make([]uint64, 0, len(w.cur)), make([]string, 0, len(w.cur))
		for id := range w.cur {
			rowid := w.known[id].rowid
			if rowid >= 1<<(64-roundBits) || len(w.roundIDs) >= 1<<roundBits {
				w.round, w.roundIDs = nil, nil
				return fmt.Errorf("sqlite: catch up: match %s: rowid %d or round of %d matches out of range", id, rowid, len(w.cur))
			}
			w.round = append(w.round, uint64(rowid)<<roundBits|uint64(len(w.roundIDs)))
			w.roundIDs = append(w.roundIDs, id)
		}
		slices.Sort(w.round)
	}
	c := w.conn
	at, least := w.roundAt, max(w.least, w.perRow*n)
	for at < len(w.round) && (w.txCaught < least || time.Since(start) < w.budget) {
		key := w.round[at]
		at++
		rowid, id := int64(key>>roundBits), w.roundIDs[key&(1<<roundBits-1)]
		cur, ok := w.cur[id]
		if !ok {
			continue // a change wrote its row since the round started
		}
		var head any // NULL
		if cur.head != 0 {
			head = cur.head
		}
		if _, err := c.exec(ctx, c.stmts.catchUp, head, cur.version, int64(cur.ply), cur.clock, cur.updated, rowid, id); err != nil {
			return fmt.Errorf("sqlite: catch up match %s: %w", id, err)
		}
		w.txCur = append(w.txCur, curChange{id: id, del: true})
		w.txCaught++
	}
	if at == len(w.round) {
		if _, err := c.exec(ctx, c.stmts.setCaught, w.mark); err != nil {
			return fmt.Errorf("sqlite: catch up: %w", err)
		}
		w.txDone = true
	}
	w.txAt = at
	return nil
}

// state returns what the writer knows of match id inside the current
// transaction, reading it from the database the first time.
// store.ErrNotFound when there is no such match.
func (db *DB) state(ctx context.Context, id string) (matchState, error) {
	if st, ok := db.w.staged[id]; ok {
		return st, nil
	}
	if st, ok := db.w.known[id]; ok {
		return st, nil
	}
	var st matchState
	c := db.w.conn
	v := make([]driver.Value, 8)
	err := c.queryRow(ctx, c.stmts.matchState, v, id)
	if errors.Is(err, sql.ErrNoRows) {
		return st, store.ErrNotFound
	}
	if err != nil {
		return st, fmt.Errorf("sqlite: read match %s: %w", id, err)
	}
	var seats string
	var moves int64
	errs := make([]error, 8)
	st.rowid, errs[0] = asInt64(v[0])
	st.status, errs[1] = asString(v[1])
	seats, errs[2] = asString(v[2])
	st.rematch, errs[3] = asString(v[3])
	st.result, errs[4] = asNullString(v[4])
	st.version, errs[5] = asInt64(v[5])
	st.head, errs[6] = asInt64(v[6])
	moves, errs[7] = asInt64(v[7])
	st.moves = int(moves)
	if err := errors.Join(errs...); err != nil {
		return st, fmt.Errorf("sqlite: read match %s: %w", id, err)
	}
	if err := json.Unmarshal([]byte(seats), &st.seats); err != nil {
		return st, fmt.Errorf("sqlite: decode match %s seats: %w", id, err)
	}
	return st, nil
}

// applier is a write the writer applies in its transaction: a Save
// (saveOp) or a function (applyFunc).
type applier interface {
	apply(ctx context.Context) error
}

// applyFunc is a function as an applier.
type applyFunc func(ctx context.Context) error

func (f applyFunc) apply(ctx context.Context) error { return f(ctx) }

// do queues apply for the writer and waits until it is committed. If ctx
// ends first, the write may still happen.
func (db *DB) do(ctx context.Context, apply applier) error {
	reply, _ := db.replies.Get().(chan error)
	if reply == nil {
		reply = make(chan error, 1)
	}
	done, err := db.send(ctx, apply, reply)
	if done {
		db.replies.Put(reply)
	}
	return err
}

// send queues apply for the writer, to answer on reply (a buffered
// channel, size 1), and waits for the answer. done reports whether the
// writer is done with the request (it answered, or it never got it): if
// ctx ended first, the writer may still apply it and answer on reply,
// and neither may be reused.
func (db *DB) send(ctx context.Context, apply applier, reply chan error) (done bool, err error) {
	r := request{op: apply, reply: reply, queued: time.Now()}
	select {
	case db.reqs <- r: // the queue has room (nearly always): no select over ctx
	default:
		select {
		case db.reqs <- r:
		case <-ctx.Done():
			return true, fmt.Errorf("sqlite: queue write: %w", ctx.Err())
		}
	}
	select {
	case err := <-reply:
		return true, err
	case <-ctx.Done():
		return false, fmt.Errorf("sqlite: wait for commit: %w", ctx.Err())
	}
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

// Save applies one change atomically: the match row (only if the stored
// version is c.Prev, else store.ErrConflict), the truncation and the new
// moves, which must continue the stored ones (ply n+1, n+2, ...; else
// store.ErrConflict). It returns once the change is committed. A change
// that appends one move and leaves the match's status, seats, result and
// rematch as they are (most moves) writes only the move's log row, which
// carries the new version, clock and update time.
func (db *DB) Save(ctx context.Context, c store.Change) error {
	op, _ := db.ops.Get().(*saveOp)
	if op == nil {
		op = &saveOp{db: db, reply: make(chan error, 1)}
	}
	op.prev, op.truncate, op.append, op.seats, op.game, op.ratings, op.bind = c.Prev, c.Truncate, c.Append, c.Match.Seats, c.Match.Game, c.Ratings, c.Bind
	var err error
	if op.row, err = encodeChange(c.Match); err != nil {
		db.putOp(op)
		return err
	}
	// The clock's times are copied (the caller may reuse its own once
	// Save returned) and encoded by the writer.
	op.times = append(op.times[:0], c.Match.Clock.Remaining...)
	op.clock = c.Match.Clock
	op.clock.Remaining = op.times
	done, err := db.send(ctx, op, op.reply)
	if done {
		db.putOp(op)
	}
	return err
}

// putOp returns op to the pool, holding nothing of its change.
func (db *DB) putOp(op *saveOp) {
	op.row, op.append, op.seats, op.game, op.ratings, op.bind, op.clock = row{}, nil, nil, "", nil, nil, store.Clock{}
	db.ops.Put(op)
}

// saveOp is a Save for the writer: the change's fields it uses and the
// channel its answer comes on. Save takes one from DB.ops and puts it
// back once the writer answered (the writer keeps nothing of it then),
// so a move allocates none (a closure over the change took three
// allocations: the change, its row and the closure; a saveOp per Save
// was ~320 bytes).
type saveOp struct {
	db       *DB
	reply    chan error // buffered, size 1
	row      row        // all but the clock, which the writer encodes
	prev     int64
	truncate int
	append   []store.Move
	seats    []store.Seat
	game     string
	ratings  *store.RatingUpdate
	bind     []store.Binding
	clock    store.Clock     // the change's clock, its times in times
	times    []time.Duration // the op's own, reused
}

func (op *saveOp) apply(ctx context.Context) error {
	db, row := op.db, &op.row
	// The clock's text is made here rather than in Save: an allocation
	// on the one writer goroutine rather than on each caller's (a
	// connection's goroutine, under load: each that allocates while the
	// collector marks owes an assist).
	b, err := appendClock(db.w.buf[:0], op.clock)
	if err != nil {
		return fmt.Errorf("sqlite: encode match %s: %w", row.id, err)
	}
	db.w.buf = b
	row.clock = string(b)
	st, err := db.state(ctx, row.id)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("sqlite: save match %s: %w", row.id, store.ErrConflict)
	}
	if err != nil {
		return err
	}
	if st.version != op.prev {
		return fmt.Errorf("sqlite: save match %s at version %d (stored %d): %w", row.id, op.prev, st.version, store.ErrConflict)
	}
	if op.truncate >= 0 && op.truncate < st.moves {
		if st.head, err = db.takeBack(ctx, row.id, st.head, op.truncate); err != nil {
			return err
		}
		st.moves = op.truncate
	}
	for i, m := range op.append {
		if m.Ply != st.moves+1+i {
			return fmt.Errorf("sqlite: match %s ply %d after %d stored moves: %w", row.id, m.Ply, st.moves+i, store.ErrConflict)
		}
	}
	moveOnly := op.truncate < 0 && len(op.append) == 1 && op.append[0].Ply == row.ply && op.ratings == nil && len(op.bind) == 0 &&
		row.status == st.status && slices.Equal(op.seats, st.seats) && row.rematch == st.rematch && row.result == st.result
	if moveOnly {
		st.head = db.journal(op.append[0], &st, row.id, st.head, row)
		db.w.txCur = append(db.w.txCur, curChange{id: row.id, c: current{version: row.version, ply: row.ply, clock: row.clock,
			updated: row.updated, head: st.head, status: row.status, game: op.game}})
	} else {
		for _, m := range op.append {
			st.head = db.journal(m, &st, row.id, st.head, nil)
		}
		db.w.txCur = append(db.w.txCur, curChange{id: row.id, del: true})
		b, err := appendSeats(nil, op.seats)
		if err != nil {
			return fmt.Errorf("sqlite: encode match %s: %w", row.id, err)
		}
		row.seats = string(b)
		var head any // NULL
		if st.head != 0 {
			head = st.head
		}
		c := db.w.conn
		if _, err := c.exec(ctx, c.stmts.saveMatch,
			row.seats, row.status, nullString(row.result), row.version, int64(row.ply), row.clock, row.rematch, row.updated, head, row.id); err != nil {
			return fmt.Errorf("sqlite: save match %s: %w", row.id, err)
		}
		st.seats = slices.Clone(op.seats)
		for _, b := range op.bind {
			if err := db.bind(ctx, b.Account, store.SeatRef{Match: row.id, Seat: b.Seat}); err != nil {
				return err
			}
		}
		if op.ratings != nil {
			if err := db.rate(ctx, row.id, op.ratings); err != nil {
				return err
			}
		}
	}
	st.version, st.moves = row.version, st.moves+len(op.append)
	st.status, st.rematch, st.result = row.status, row.rematch, row.result
	db.w.staged[row.id] = st
	return nil
}

// takeBack drops match id's moves past ply keep (in the current
// transaction) and returns its new head: the seq of ply keep's log row
// if the chain from head reaches it, else 0, and then the moves past keep
// are deleted from the moves table. The rows past keep stay in the log,
// unreachable. The caller writes the match row with the new head.
func (db *DB) takeBack(ctx context.Context, id string, head int64, keep int) (int64, error) {
	c := db.w.conn
	if head != 0 {
		// The chain may end in this transaction's rows.
		if err := db.flush(ctx); err != nil {
			return 0, err
		}
		dest := make([]driver.Value, 1)
		err := c.queryRow(ctx, c.stmts.plyRow, dest, head, int64(keep))
		if err == nil {
			head, err = asInt64(dest[0])
		}
		if err != nil {
			return 0, fmt.Errorf("sqlite: take back match %s: %w", id, err)
		}
	}
	if head == 0 {
		if _, err := c.exec(ctx, c.stmts.truncate, id, int64(keep)); err != nil {
			return 0, fmt.Errorf("sqlite: truncate match %s: %w", id, err)
		}
	}
	return head, nil
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
