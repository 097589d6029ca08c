package sqlite

import (
	"context"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store"
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
	// Measured 20 (35 before the writer went to the driver's connection
	// and Save reused its saveOp): the caller's clock JSON text (1; the
	// writer keeps it for reads); the log row's values boxed for the
	// driver (~7: the texts, and the integers past 255); the driver's
	// bind (3: its list of C text buffers growing to 4), exec and result
	// (~2); BEGIN and COMMIT, each a driver statement, and the
	// transaction (~5). The transaction's share is spread over a group
	// commit's ~20 moves under load.
	const bound = 20
	if got > bound {
		t.Errorf("%.1f allocations per Save, want at most %d", got, bound)
	}
}
