package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// The writer goroutine and its group commits: every write goes through
// it (do, send), many matches' changes in one transaction.

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

// request is one write for the writer goroutine.
type request struct {
	op     applier
	reply  chan error // buffered, size 1
	queued time.Time  // when Save (or another write) queued it
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
