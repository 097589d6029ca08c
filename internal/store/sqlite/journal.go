package sqlite

import (
	"context"
	"database/sql/driver"
	"fmt"
	"math/bits"
	"slices"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// The move log (the journal table) and its catch-up rounds: how a move
// stored alone is written once, and how the match rows are brought up to
// date in bulk, riding on the group commits (see the package comment).

// roundBits is the width of a round key's index part: a round lists at
// most 1<<roundBits matches (those moved since the last round), and
// rowids below 1<<(64-roundBits) sort in its keys; packed keys sort
// without a comparison function, about twice as fast, which shortens the
// writer's stall at a round's start.
const roundBits = 24

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
		// in cur are forgotten. Only those that ended are looked at,
		// not every known match.
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
