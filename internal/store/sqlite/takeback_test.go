package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/storetest"
)

// BenchmarkTakeback times a takeback (a Save that truncates a match's moves
// and appends one) while the log holds catchRows rows of 10 000 other
// matches: the writer's stall for every move queued behind it.
func BenchmarkTakeback(b *testing.B) {
	const matches, rows = 10_000, catchRows
	ctx := context.Background()
	db := open(b, filepath.Join(b.TempDir(), "tabula.db"))
	defer db.Close()
	if err := db.do(ctx, applyFunc(func(ctx context.Context) error {
		return createRows(func(q string, args ...any) error { _, err := db.w.conn.execSQL(ctx, q, args...); return err }, matches)
	})); err != nil {
		b.Fatal(err)
	}
	m := storetest.NewMatch("t", 0)
	if err := db.Create(ctx, m); err != nil {
		b.Fatal(err)
	}
	for ply := 1; ply <= 2; ply++ {
		var err error
		if m, err = appendMove(ctx, db, m, ply); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		// Other matches' rows as the writer leaves them (its own are in
		// its memory), with new plies each time: not in moves yet.
		writerExec(b, db, `DELETE FROM journal WHERE match_id != 't'`)
		writerExec(b, db, `WITH RECURSIVE s(seq) AS (SELECT 0 UNION ALL SELECT seq + 1 FROM s WHERE seq + 1 < ?)
			INSERT INTO journal (seq, match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock)
			SELECT ? + seq, 'm' || (seq % ?), ? + seq / ? + 1, seq % 2, 'd4', 1700000000000 + seq, NULL, '', seq / ? + 2, 1700000000000 + seq, '{}' FROM s`,
			int64(rows), int64(1_000_000_000*(i+1)), int64(matches), int64(1000*i), int64(matches), int64(matches))
		next := m
		next.Version++
		next.Updated = m.Updated.Add(time.Second)
		b.StartTimer()
		if err := db.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: 1, Append: []store.Move{{Ply: 2, Text: "x", At: next.Updated}}}); err != nil {
			b.Fatal(err)
		}
		m = next
	}
}

// createRows writes n fresh match rows, m0 to m(n-1), straight into the
// matches table through exec (a benchmark's setup, past the writer).
func createRows(exec func(q string, args ...any) error, n int) error {
	m := storetest.NewMatch("m", 0)
	for i := range n {
		m.ID = fmt.Sprintf("m%d", i)
		r, err := encode(m)
		if err != nil {
			return err
		}
		if err := exec(sqlCreateMatch, r.args()...); err != nil {
			return err
		}
	}
	return nil
}
