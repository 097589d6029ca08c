package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/storetest"
)

// TestSaveAllocs pins the heap allocations of a plain move's Save in
// steady state (the match known to the writer, its Change and move
// reused by the caller, as the server's room does), counted over the
// whole process: the caller's side and the writer's transaction of its
// own (begin, one log row, commit; in a group commit the transaction's
// share is spread over its ~20 moves).
func TestSaveAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	ctx := context.Background()
	db, m := openWithMatch(t)
	onWriter(t, db, func(w *writerState) { w.gap = 0 }) // no pause: 1 Save, 1 commit
	var mv [1]store.Move
	d := 3 * time.Minute
	remaining := []time.Duration{d, d}
	at := time.Date(2026, 11, 21, 21, 0, 0, 0, time.UTC)
	save := func() {
		next := m
		next.Version++
		next.Ply++
		next.Updated = at.Add(time.Duration(next.Ply) * time.Second)
		next.Clock = store.Clock{Remaining: remaining, Running: next.Ply % 2, Since: next.Updated}
		mv[0] = store.Move{Ply: next.Ply, Seat: next.Ply % 2, Text: "d4xe5", At: next.Updated, Clock: &d, CmdID: "m12"}
		if err := db.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1, Append: mv[:]}); err != nil {
			t.Fatal(err)
		}
		m = next
	}
	for range 300 { // seqs, versions and plies past 255: boxed values allocate
		save()
	}
	got := testing.AllocsPerRun(200, save)
	t.Logf("%.1f allocations per Save", got)
	// Measured 17 (35 before the writer went to the driver's connection,
	// Save reused its saveOp and the log row passed fewer boxed values):
	// the clock's JSON text (1, made by the writer, which keeps it for
	// reads; the caller's side allocates nothing: TestSaveCallerAllocs);
	// the log row's values boxed for the driver (~6: the notation,
	// cmd_id and clock texts, clock_ms and prev; the seq's and the
	// time's bases once per INSERT); the driver's bind (3: its list of C text buffers
	// growing to 4), exec and result (~2); BEGIN and COMMIT, each a
	// driver statement, and the transaction (~5). The transaction's share
	// is spread over a group commit's ~20 moves under load.
	const bound = 17
	if got > bound {
		t.Errorf("%.1f allocations per Save, want at most %d", got, bound)
	}
}

// TestSaveCallerAllocs checks a Save allocates nothing on its caller's
// goroutine in steady state (one that allocates while the collector marks
// owes it an assist; under load the callers are ~10,000 connection
// goroutines): a writer that only answers stands in for the real one,
// whose allocations TestSaveAllocs counts.
func TestSaveCallerAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	db := &DB{reqs: make(chan request, 1)}
	go func() {
		for r := range db.reqs {
			r.reply <- nil
		}
	}()
	defer close(db.reqs)
	m := storetest.NewMatch("m1", 0)
	d := time.Minute
	moves := []store.Move{{Ply: 1, Text: "d4", At: m.Updated, Clock: &d, CmdID: "m12"}}
	ctx := context.Background()
	save := func() {
		if err := db.Save(ctx, store.Change{Match: m, Prev: m.Version - 1, Truncate: -1, Append: moves}); err != nil {
			t.Fatal(err)
		}
	}
	save() // fills the pool
	// A collection empties the pool: a Save after one allocates its
	// saveOp and channel again (2), which AllocsPerRun's whole-number
	// average over 1000 runs does not show.
	if got := testing.AllocsPerRun(1000, save); got > 0 {
		t.Errorf("%.3f allocations per Save on the caller's goroutine, want 0", got)
	}
}

// TestLogRowValues checks the values of log rows written in one group
// commit of 70 moves (INSERTs of 64, 4 and 2 rows): each row's seq (an
// offset from its INSERT's first), version (an offset from the ply) and
// update time (an offset from the move's time) as DB.journal passes them,
// with offsets of 0, small, large and negative, and move times up to 69 s
// apart (offsets from the INSERT's earliest).
func TestLogRowValues(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "tabula.db"))
	defer db.Close()
	type want struct {
		ply              int
		version, updated int64
		at               int64
	}
	const matches = maxInsertRows + 6
	wants := map[string]want{}
	ms := make([]store.Match, matches)
	for i := range ms {
		ms[i] = storetest.NewMatch(fmt.Sprintf("m%d", i), i)
		ms[i].Version = []int64{1, 5, 300, 1 << 40, 2, 7, 1000}[i%7]
		if err := db.Create(ctx, ms[i]); err != nil {
			t.Fatal(err)
		}
	}
	onWriter(t, db, func(w *writerState) { w.gap = 0 })
	// Hold the writer while the moves queue: its next batch takes them all.
	held, block := make(chan struct{}), make(chan struct{})
	go db.do(ctx, applyFunc(func(context.Context) error { close(held); <-block; return nil }))
	<-held
	var wg sync.WaitGroup
	for i := range ms {
		next := ms[i]
		next.Version++
		next.Ply = 1
		at := next.Updated.Add(time.Duration(i) * time.Second)
		next.Updated = at.Add([]time.Duration{0, time.Millisecond, time.Hour, -time.Second, 0, 255 * time.Millisecond, 256 * time.Millisecond}[i%7])
		wants[next.ID] = want{ply: 1, version: next.Version, updated: next.Updated.UnixMilli(), at: at.UnixMilli()}
		wg.Go(func() {
			if err := db.Save(ctx, store.Change{Match: next, Prev: ms[i].Version, Truncate: -1, Append: []store.Move{{Ply: 1, Text: "d4", At: at}}}); err != nil {
				t.Error(err)
			}
		})
	}
	for len(db.reqs) < matches {
		time.Sleep(time.Millisecond)
	}
	var added []int
	onCommit := func(w *writerState) { w.onCommit = func(n, _ int) { added = append(added, n) } }
	// The writer is blocked: its state is set before it takes the batch.
	onCommit(&db.w)
	close(block)
	wg.Wait()
	onWriter(t, db, func(w *writerState) { w.onCommit = nil })
	if !slices.Contains(added, matches) {
		t.Fatalf("commits of %v log rows, want one of %d", added, matches)
	}
	rows, err := db.read.QueryContext(ctx, `SELECT seq, match_id, ply, version, updated, at, prev FROM journal ORDER BY seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var seqs []int64
	for rows.Next() {
		var seq, version, updated, at int64
		var id string
		var ply int
		var prev sql.NullInt64
		if err := rows.Scan(&seq, &id, &ply, &version, &updated, &at, &prev); err != nil {
			t.Fatal(err)
		}
		seqs = append(seqs, seq)
		if w := wants[id]; ply != w.ply || version != w.version || updated != w.updated || at != w.at || prev.Valid {
			t.Errorf("log row %d of %s: ply %d, version %d, updated %d, at %d, prev %v; want %d, %d, %d, %d, NULL",
				seq, id, ply, version, updated, at, prev, w.ply, w.version, w.updated, w.at)
		}
		delete(wants, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(wants) > 0 || len(seqs) != matches || seqs[0] != 1 || seqs[matches-1] != matches {
		t.Errorf("log rows with seqs %v (missing %v), want 1 to %d", seqs, wants, matches)
	}
}
