package sqlite

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// Save applies one change atomically: the match row (only if the stored
// version is c.Prev, else store.ErrConflict), the truncation and the new
// moves, which must continue the stored ones (ply n+1, n+2, ...; else
// store.ErrConflict). It returns once the change is committed. A change
// that appends one move and leaves the match's status, seats, result and
// rematch as they are (most moves) writes only the move's log row, which
// carries the new version, clock and update time.
//
// Save keeps nothing of c: the change is copied into the op the writer
// works on (its buffers pooled), so the caller may reuse what it passed as
// soon as Save returns, even when Save returned early on ctx while the
// writer still holds the op.
func (db *DB) Save(ctx context.Context, c store.Change) error {
	op, _ := db.ops.Get().(*saveOp)
	if op == nil {
		op = &saveOp{db: db, reply: make(chan error, 1)}
	}
	op.prev, op.truncate, op.game = c.Prev, c.Truncate, c.Match.Game
	op.copyChange(c)
	var err error
	if op.row, err = encodeChange(c.Match); err != nil {
		db.putOp(op)
		return err
	}
	done, err := db.send(ctx, op, op.reply)
	if done {
		db.putOp(op)
	}
	return err
}

// copyChange copies what the writer reads of c into op's own buffers:
// the moves with their clock readings, the seats, the clock's times (the
// writer encodes the clock) and the rating update.
func (op *saveOp) copyChange(c store.Change) {
	op.append = append(op.append[:0], c.Append...)
	if cap(op.moveClocks) < len(c.Append) {
		op.moveClocks = make([]time.Duration, len(c.Append))
	}
	op.moveClocks = op.moveClocks[:len(c.Append)]
	for i := range op.append {
		if mc := op.append[i].Clock; mc != nil {
			op.moveClocks[i] = *mc
			op.append[i].Clock = &op.moveClocks[i]
		}
	}
	op.seats = append(op.seats[:0], c.Match.Seats...)
	op.bind = append(op.bind[:0], c.Bind...)
	op.times = append(op.times[:0], c.Match.Clock.Remaining...)
	op.clock = c.Match.Clock
	op.clock.Remaining = op.times
	op.ratings = nil
	if c.Ratings != nil {
		op.rating = *c.Ratings
		op.ratings = &op.rating
	}
}

// putOp returns op to the pool, holding nothing of its change (its
// buffers emptied, their strings let go).
func (db *DB) putOp(op *saveOp) {
	clear(op.append)
	clear(op.seats)
	clear(op.bind)
	op.bind = op.bind[:0]
	op.row, op.append, op.seats, op.game, op.ratings, op.rating, op.clock = row{}, op.append[:0], op.seats[:0], "", nil, store.RatingUpdate{}, store.Clock{}
	db.ops.Put(op)
}

// saveOp is a Save for the writer: its copy of the change's fields it
// uses and the channel its answer comes on. Save takes one from DB.ops
// and puts it back once the writer answered (the writer keeps nothing of
// it then), so a move allocates neither an op nor its buffers.
type saveOp struct {
	db         *DB
	reply      chan error // buffered, size 1
	row        row        // all but the clock, which the writer encodes
	prev       int64
	truncate   int
	append     []store.Move    // the op's own, reused
	moveClocks []time.Duration // the moves' clock readings, append's Clock point here
	seats      []store.Seat    // the op's own, reused
	bind       []store.Binding // seats bound to accounts in this change; the op's own, reused
	game       string
	ratings    *store.RatingUpdate // &rating or nil
	rating     store.RatingUpdate
	clock      store.Clock     // the change's clock, its times in times
	times      []time.Duration // the op's own, reused
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
