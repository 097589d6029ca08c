package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/storetest"
)

func open(t testing.TB, path string) *DB {
	t.Helper()
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// openWithMatch opens a fresh database holding one match, "m1", closed
// when the test ends.
func openWithMatch(t *testing.T) (*DB, store.Match) {
	t.Helper()
	db := open(t, filepath.Join(t.TempDir(), "tabula.db"))
	t.Cleanup(func() { db.Close() })
	m := storetest.NewMatch("m1", 0)
	if err := db.Create(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	return db, m
}

// onWriter runs f on the writer goroutine, between its transactions (after
// the fold that follows the last batch): tests read and change the
// writer's state there.
func onWriter(t testing.TB, db *DB, f func(w *writerState)) {
	t.Helper()
	if err := db.do(context.Background(), applyFunc(func(context.Context, *sql.Tx) error { f(&db.w); return nil })); err != nil {
		t.Fatal(err)
	}
}

// tune sets the writer's fold threshold and chunk (lowered by tests).
func tune(t testing.TB, db *DB, foldAt, chunk int) {
	t.Helper()
	onWriter(t, db, func(w *writerState) { w.foldAt, w.chunk = foldAt, chunk })
}

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Store {
		db := open(t, filepath.Join(t.TempDir(), "tabula.db"))
		t.Cleanup(func() { db.Close() })
		return db
	})
}

// TestReopen checks committed changes survive closing the database and that
// opening an existing database (migrations already applied) works.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	m := storetest.NewMatch("m1", 0)
	if err := db.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	next := m
	next.Version, next.Ply = 2, 1
	if err := db.Save(ctx, store.Change{Match: next, Prev: 1, Truncate: -1, Append: []store.Move{{Ply: 1, Text: "+1", At: m.Created}}}); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = open(t, path)
	defer db.Close()
	got, moves, err := db.Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != 2 || len(moves) != 1 {
		t.Fatalf("after reopening: version %d, %d moves; want 2, 1", got.Version, len(moves))
	}
}

// BenchmarkSave measures durable move commits from parallel matches (the
// group-commit path): each goroutine plays its own match. matches=32 is a
// small server; matches=4096 is the load test's scale, where every match in
// a batch has its own pages in the moves table.
func BenchmarkSave(b *testing.B) {
	for _, matches := range []int{32, 4096} {
		b.Run(fmt.Sprintf("matches=%d", matches), func(b *testing.B) { benchmarkSave(b, matches) })
	}
}

func benchmarkSave(b *testing.B, matches int) {
	db := open(b, filepath.Join(b.TempDir(), "tabula.db"))
	defer db.Close()
	ctx := context.Background()
	var n atomic.Int64
	b.SetParallelism(max(1, matches/runtime.GOMAXPROCS(0)))
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		m := storetest.NewMatch(fmt.Sprintf("m%d", n.Add(1)), 0)
		if err := db.Create(ctx, m); err != nil {
			b.Error(err)
			return
		}
		for ply := 1; pb.Next(); ply++ {
			var err error
			if m, err = appendMove(ctx, db, m, ply); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	reportWriter(b, db)
}

// reportWriter reports the writer's metrics over a benchmark: changes per
// group commit, fold transactions per 1 000 changes, and the p99 (the
// upper bound of its histogram bucket) of a commit and of a fold.
func reportWriter(b *testing.B, db *DB) {
	read := func(h prometheus.Histogram) *dto.Histogram {
		var m dto.Metric
		if err := h.Write(&m); err != nil {
			b.Fatal(err)
		}
		return m.GetHistogram()
	}
	p99 := func(h *dto.Histogram) float64 {
		for _, bk := range h.GetBucket() {
			if float64(bk.GetCumulativeCount()) >= 0.99*float64(h.GetSampleCount()) {
				return bk.GetUpperBound()
			}
		}
		return math.Inf(1)
	}
	batch, commit, fold := read(db.metrics.batch), read(db.metrics.commit), read(db.metrics.fold)
	for _, h := range []struct {
		name string
		h    *dto.Histogram
	}{{"commit", commit}, {"fold", fold}} {
		line := ""
		for _, bk := range h.h.GetBucket() {
			line += fmt.Sprintf(" ≤%gms:%d", 1e3*bk.GetUpperBound(), bk.GetCumulativeCount())
		}
		b.Logf("%s (%d, cumulative):%s", h.name, h.h.GetSampleCount(), line)
	}
	b.ReportMetric(batch.GetSampleSum()/float64(batch.GetSampleCount()), "changes/commit")
	b.ReportMetric(1e3*float64(fold.GetSampleCount())/float64(b.N), "folds/1k-op")
	b.ReportMetric(1e3*p99(commit), "commit-p99-ms")
	if fold.GetSampleCount() > 0 {
		b.ReportMetric(1e3*p99(fold), "fold-p99-ms")
	}
}

// appendMove saves move ply ("d4") of m as a plain move and returns the
// match after it.
func appendMove(ctx context.Context, db *DB, m store.Match, ply int) (store.Match, error) {
	next := m
	next.Version++
	next.Ply++
	err := db.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1, Append: []store.Move{{Ply: ply, Text: "d4", At: m.Created}}})
	return next, err
}

// TestMoveOnlyWrite checks a plain move writes its own journal row and
// leaves the match row alone (the point of migrations 00003 and 00004),
// while a change of status rewrites the match row.
func TestMoveOnlyWrite(t *testing.T) {
	ctx := context.Background()
	db, m := openWithMatch(t)
	rowVersion := func() (v int64, moveVersion sql.NullInt64) {
		t.Helper()
		if err := db.read.QueryRowContext(ctx, `SELECT version FROM matches WHERE id = 'm1'`).Scan(&v); err != nil {
			t.Fatal(err)
		}
		if err := db.read.QueryRowContext(ctx, `SELECT version FROM journal WHERE match_id = 'm1' ORDER BY seq DESC LIMIT 1`).Scan(&moveVersion); err != nil {
			t.Fatal(err)
		}
		return v, moveVersion
	}
	next := m
	next.Version, next.Ply = 2, 1
	if err := db.Save(ctx, store.Change{Match: next, Prev: 1, Truncate: -1, Append: []store.Move{{Ply: 1, Text: "+1", At: m.Created}}}); err != nil {
		t.Fatal(err)
	}
	if v, mv := rowVersion(); v != 1 || mv.Int64 != 2 {
		t.Errorf("after a plain move: match row version %d, move row version %v; want 1 and 2", v, mv)
	}
	done := next
	done.Version, done.Ply, done.Status = 3, 2, store.StatusFinished
	if err := db.Save(ctx, store.Change{Match: done, Prev: 2, Truncate: -1, Append: []store.Move{{Ply: 2, Text: "+2", At: m.Created}}}); err != nil {
		t.Fatal(err)
	}
	if v, mv := rowVersion(); v != 3 || mv.Valid {
		t.Errorf("after a finishing move: match row version %d, move row version %v; want 3 and NULL", v, mv)
	}
}

// TestMigration00003 opens a database written before migration 00003 (its
// move rows carry no version) and checks it loads, takes moves, and that
// migrating down folds the move rows' versions back into the match rows.
func TestMigration00003(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := provider(t, raw).UpTo(ctx, 2); err != nil {
		t.Fatal(err)
	}
	old := storetest.NewMatch("m1", 0)
	old.Version, old.Ply = 2, 1
	r, err := encode(old)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.ExecContext(ctx, sqlCreateMatch, r.args()...); err != nil {
		t.Fatal(err)
	}
	if _, err := raw.ExecContext(ctx, `INSERT INTO moves (match_id, ply, seat, notation, at, clock_ms, cmd_id) VALUES (?, ?, ?, ?, ?, ?, ?)`, "m1", 1, 0, "+1", old.Created.UnixMilli(), nil, "c1"); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	db := open(t, path)
	got, moves, err := db.Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, old) || len(moves) != 1 {
		t.Fatalf("old database: Load = %+v, %d moves; want %+v, 1", got, len(moves), old)
	}
	next := old
	next.Version, next.Ply, next.Updated = 3, 2, old.Updated.Add(time.Second)
	next.Clock.Running = 1
	if err := db.Save(ctx, store.Change{Match: next, Prev: 2, Truncate: -1, Append: []store.Move{{Ply: 2, Seat: 1, Text: "+2", At: next.Updated}}}); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	raw, err = sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := provider(t, raw).DownTo(ctx, 2); err != nil {
		t.Fatal(err)
	}
	var version int64
	var ply int
	if err := raw.QueryRowContext(ctx, `SELECT version, ply FROM matches WHERE id = 'm1'`).Scan(&version, &ply); err != nil {
		t.Fatal(err)
	}
	if version != 3 || ply != 2 {
		t.Errorf("after migrating down: match row version %d, ply %d; want 3, 2", version, ply)
	}
}

// journalRows counts the rows of the move journal (migration 00004).
func journalRows(t testing.TB, db *sql.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), `SELECT count(*) FROM journal`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// playMoves saves n plain moves of m and returns it after them.
func playMoves(t *testing.T, db *DB, m store.Match, n int) store.Match {
	t.Helper()
	for range n {
		next := m
		next.Version++
		next.Ply++
		next.Updated = next.Updated.Add(time.Second)
		mv := store.Move{Ply: next.Ply, Seat: m.Ply % 2, Text: fmt.Sprintf("+%d", next.Ply), At: next.Updated}
		if err := db.Save(context.Background(), store.Change{Match: next, Prev: m.Version, Truncate: -1, Append: []store.Move{mv}}); err != nil {
			t.Fatalf("match %s ply %d: %v", m.ID, next.Ply, err)
		}
		m = next
	}
	return m
}

// TestJournalFoldOnOpen checks moves left in the journal by a process that
// stopped without folding (as after kill -9) are folded into the moves
// table when the database is opened again, and read back whole.
func TestJournalFoldOnOpen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	m := storetest.NewMatch("m1", 0)
	if err := db.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	m = playMoves(t, db, m, 5)
	if n := journalRows(t, db.read); n != 5 {
		t.Fatalf("journal rows before close = %d, want 5", n)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = open(t, path)
	defer db.Close()
	if n := journalRows(t, db.read); n != 0 {
		t.Fatalf("journal rows after reopening = %d, want 0", n)
	}
	got, moves, err := db.Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m) || len(moves) != 5 || moves[4].Text != "+5" {
		t.Fatalf("after reopening: Load = %+v, %d moves; want %+v, 5", got, len(moves), m)
	}
	// The writer knows nothing of m1 now: its version is read back.
	if err := db.Save(ctx, store.Change{Match: m, Prev: m.Version - 1, Truncate: -1}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale save after reopening = %v, want ErrConflict", err)
	}
	playMoves(t, db, m, 1)
}

// TestChunkRows checks a batch's fold chunk follows its size within its
// bounds (foldPerChange, foldMinChunk, foldChunk).
func TestChunkRows(t *testing.T) {
	w := writerState{chunk: foldChunk}
	for _, tc := range []struct {
		name       string
		changes    int
		chunk, out int
	}{
		{"one change folds the minimum", 1, foldChunk, foldMinChunk},
		{"a batch folds per change", 40, foldChunk, 40 * foldPerChange},
		{"a full batch folds at most the chunk", maxBatch, foldChunk, foldChunk},
		{"a lowered chunk bounds the minimum", 1, 2, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w.chunk = tc.chunk
			if got := w.chunkRows(tc.changes); got != tc.out {
				t.Errorf("chunkRows(%d) with chunk %d = %d, want %d", tc.changes, tc.chunk, got, tc.out)
			}
		})
	}
}

// TestJournalFold lowers the fold threshold and chunk so the journal is
// folded two rows at a time while matches move, finish (the writer then
// forgets them, their last moves possibly still in the journal) and change
// again, and checks every match reads back as last saved and a stale
// change is still refused after its match was forgotten.
func TestJournalFold(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	defer func() { db.Close() }()
	tune(t, db, 3, 2)
	var ms []store.Match
	for i := range 4 {
		m := storetest.NewMatch(fmt.Sprintf("m%d", i), i)
		if err := db.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	// The matches' moves interleave in the journal, so a fold of one
	// match leaves its newer rows behind an older unfolded row of another.
	for round := range 6 {
		for i := range ms {
			if round < 2+i {
				ms[i] = playMoves(t, db, ms[i], 1)
			}
		}
	}
	// m1 finishes with a move; after the next folds the writer forgets it.
	done := ms[1]
	done.Version++
	done.Ply++
	done.Status = store.StatusFinished
	done.Result = &store.Result{Winners: []int{1}, Reason: "line"}
	if err := db.Save(ctx, store.Change{Match: done, Prev: ms[1].Version, Truncate: -1, Append: []store.Move{{Ply: done.Ply, Seat: 1, Text: "end", At: done.Updated}}}); err != nil {
		t.Fatal(err)
	}
	ms[1] = done
	ms[0] = playMoves(t, db, ms[0], 4)
	onWriter(t, db, func(w *writerState) {
		if _, ok := w.known["m1"]; ok {
			t.Error("the writer still keeps finished match m1 after folds")
		}
	})
	if err := db.Save(ctx, store.Change{Match: done, Prev: done.Version - 1, Truncate: -1}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale save of a forgotten match = %v, want ErrConflict", err)
	}
	rematch := done
	rematch.Version++
	rematch.Rematch = "m9"
	if err := db.Save(ctx, store.Change{Match: rematch, Prev: done.Version, Truncate: -1}); err != nil {
		t.Fatal(err)
	}
	ms[1] = rematch
	// Reopened, the journal is empty (folded at Open). Then m2, m3, m2
	// move, and a fold before m0's move folds m2's two rows: the older
	// goes with the range delete, the newer stays behind m3's unfolded
	// one, folded, until a later one.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = open(t, path)
	tune(t, db, 1<<30, foldChunk)
	ms[2] = playMoves(t, db, ms[2], 1)
	ms[3] = playMoves(t, db, ms[3], 1)
	ms[2] = playMoves(t, db, ms[2], 1)
	tune(t, db, 2, 2)
	ms[0] = playMoves(t, db, ms[0], 1)
	tune(t, db, 1<<30, foldChunk)
	// Reads take the journal as it is: some moves are still there
	// unfolded, some folded but not deleted yet (in both tables), the
	// rest in moves only, and m1's newest journal row was stored with its
	// match row (no version of its own).
	inJournal := journalRows(t, db.read)
	var both int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM journal AS j JOIN moves AS m ON m.match_id = j.match_id AND m.ply = j.ply`).Scan(&both); err != nil {
		t.Fatal(err)
	}
	t.Logf("journal: %d rows, %d of them folded", inJournal, both)
	if inJournal != 3 || both != 1 {
		t.Fatalf("journal: %d rows, %d of them folded; want 3, 1 (m3 and m0 unfolded, m2 folded)", inJournal, both)
	}
	listed, err := db.List(ctx, store.Filter{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(listed) != len(ms) {
		t.Fatalf("List gave %d matches, want %d", len(listed), len(ms))
	}
	for _, got := range listed {
		i := slices.IndexFunc(ms, func(m store.Match) bool { return m.ID == got.ID })
		if i < 0 || !reflect.DeepEqual(got, ms[i]) {
			t.Errorf("List: %+v, want it as last saved", got)
		}
	}
	loadAll := func(when string) {
		t.Helper()
		for _, m := range ms {
			got, moves, err := db.Load(ctx, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, m) || len(moves) != m.Ply {
				t.Errorf("%s: Load(%s) = %+v, %d moves; want %+v, %d", when, m.ID, got, len(moves), m, m.Ply)
			}
			for i, mv := range moves {
				if mv.Ply != i+1 {
					t.Errorf("%s: match %s: move %d has ply %d", when, m.ID, i, mv.Ply)
				}
			}
		}
	}
	loadAll("beside the journal")
	if n := journalRows(t, db.read); n != inJournal {
		t.Errorf("journal rows after the reads = %d, want %d (reads do not fold)", n, inJournal)
	}
	// Opened again (as after kill -9), the journal with its folded row is
	// folded whole, the folded row skipped, and every match reads back.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = open(t, path)
	if n := journalRows(t, db.read); n != 0 {
		t.Errorf("journal rows after reopening = %d, want 0", n)
	}
	loadAll("after reopening")
}

// TestMigration00004 checks migrating down folds the journal back into the
// moves table, and that migrating up again reads the match whole.
func TestMigration00004(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	m := storetest.NewMatch("m1", 0)
	if err := db.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	m = playMoves(t, db, m, 3)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	p := provider(t, raw)
	if _, err := p.DownTo(ctx, 3); err != nil {
		t.Fatal(err)
	}
	var n int
	var version int64
	if err := raw.QueryRowContext(ctx, `SELECT count(*), max(version) FROM moves WHERE match_id = 'm1'`).Scan(&n, &version); err != nil {
		t.Fatal(err)
	}
	if n != 3 || version != m.Version {
		t.Errorf("after migrating down: %d move rows, last version %d; want 3, %d", n, version, m.Version)
	}
	raw.Close()
	db = open(t, path)
	defer db.Close()
	got, moves, err := db.Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m) || len(moves) != 3 {
		t.Errorf("after migrating up again: Load = %+v, %d moves; want %+v, 3", got, len(moves), m)
	}
}

// TestMigration00005 leaves a folded row in the journal (in both tables),
// migrates down to 00003 (00005 deletes the folded rows, then 00004 folds
// the rest back into moves, which refused duplicates), and checks every
// move reads back once after migrating up again.
func TestMigration00005(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	a, b := foldedBehind(t, db)
	b = playMoves(t, db, b, 1)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	// A closed store leaves its journal as it is (as kill -9 does).
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	count := func(q string) int {
		t.Helper()
		var n int
		if err := raw.QueryRowContext(ctx, q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	const folded = `SELECT count(*) FROM journal AS j JOIN moves AS m ON m.match_id = j.match_id AND m.ply = j.ply`
	if n := count(folded); n != 1 {
		t.Fatalf("%d folded rows in the journal, want 1", n)
	}
	p := provider(t, raw)
	if _, err := p.DownTo(ctx, 4); err != nil {
		t.Fatal(err)
	}
	if n := count(folded); n != 0 {
		t.Fatalf("after migrating down to 00004: %d folded rows in the journal, want 0", n)
	}
	if _, err := p.DownTo(ctx, 3); err != nil {
		t.Fatal(err)
	}
	if n := count(`SELECT count(*) FROM moves`); n != 4 {
		t.Fatalf("after migrating down to 00003: %d moves, want 4", n)
	}
	raw.Close()
	db = open(t, path)
	defer db.Close()
	for _, m := range []store.Match{a, b} {
		got, moves, err := db.Load(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, m) || len(moves) != 2 || moves[0].Ply != 1 || moves[1].Ply != 2 {
			t.Errorf("after migrating up again: Load(%s) = %+v, %d moves; want %+v, 2", m.ID, got, len(moves), m)
		}
	}
}

// A second store on the same file is refused until the first is closed:
// the writer's in-memory version check assumes it is the only writer.
func TestOneWriterPerFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tabula.db")
	first := open(t, path)
	if db, err := Open(context.Background(), path); !errors.Is(err, ErrInUse) {
		if err == nil {
			db.Close()
		}
		t.Fatalf("second Open of %s: %v, want ErrInUse", path, err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	second := open(t, path) // the lock went with Close
	if err := second.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestCheckpointer checks the checkpointer copies committed pages into
// the database file while the WAL is far below walCheckpointPages (where
// the writer would checkpoint itself).
func TestCheckpointer(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	defer db.Close()
	// Wait for the migrations' pages to be checkpointed, then measure.
	time.Sleep(3 * checkpointEvery)
	size := func() int64 {
		t.Helper()
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	before := size()
	m := storetest.NewMatch("m1", 0)
	if err := db.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	for i := range 200 { // ~200 WAL frames of writes, well under walCheckpointPages
		n := storetest.NewMatch(fmt.Sprintf("n%03d-%s", i, strings.Repeat("x", 2000)), 0)
		if err := db.Create(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	for deadline := time.Now().Add(10 * time.Second); size() <= before; {
		if time.Now().After(deadline) {
			t.Fatalf("database file still %d bytes: nothing checkpointed", before)
		}
		time.Sleep(checkpointEvery)
	}
}

// TestMetrics checks the writer times every write it commits: one queue
// wait per change, one commit and one batch size per transaction.
func TestMetrics(t *testing.T) {
	db, m := openWithMatch(t)
	playMoves(t, db, m, 3)
	reg := prometheus.NewRegistry()
	reg.MustRegister(db.Collector())
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]uint64{}
	for _, f := range families {
		counts[f.GetName()] = f.GetMetric()[0].GetHistogram().GetSampleCount()
	}
	// Create and three moves: four writes, in one to four transactions.
	if got := counts["tabula_store_queue_seconds"]; got != 4 {
		t.Errorf("queue waits observed = %d, want 4", got)
	}
	for _, name := range []string{"tabula_store_commit_seconds", "tabula_store_batch_changes"} {
		if got := counts[name]; got < 1 || got > 4 {
			t.Errorf("%s observed %d times, want 1-4", name, got)
		}
	}
}

// BenchmarkListJournal times a lobby List while the journal holds
// foldRows moves of 4 096 matches (reads no longer fold it first), and
// reports what folding that journal costs the writer, for comparison.
func BenchmarkListJournal(b *testing.B) {
	ctx := context.Background()
	db := open(b, filepath.Join(b.TempDir(), "tabula.db"))
	defer db.Close()
	const matches = 4096
	ms := make([]store.Match, matches)
	for i := range ms {
		ms[i] = storetest.NewMatch(fmt.Sprintf("m%04d", i), 0)
		if err := db.Create(ctx, ms[i]); err != nil {
			b.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for i := range ms {
		wg.Go(func() {
			m := ms[i]
			for ply := 1; ply <= foldRows/matches; ply++ {
				var err error
				if m, err = appendMove(ctx, db, m, ply); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	rows := journalRows(b, db.read)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := db.List(ctx, store.Filter{Limit: 50}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	start := time.Now()
	if err := db.do(ctx, applyFunc(db.foldAll)); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(time.Since(start).Milliseconds()), "fold-ms")
	b.ReportMetric(float64(rows), "journal-rows")
	start = time.Now()
	if _, err := db.List(ctx, store.Filter{Limit: 50}); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(time.Since(start).Microseconds()), "list-folded-µs")
}

// TestListNewest checks List against every match loaded one by one, with
// more matches than the limit: some moves stored alone (their current
// values only in the writer's memory), some with their match row (a
// status change), games and statuses mixed, update times interleaved across matches, folds in between (a low
// threshold), and after a reopen (Open brings the match rows up to date).
func TestListNewest(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	tune(t, db, 8, 4)
	const n = 16
	ms := make([]store.Match, n)
	for i := range ms {
		ms[i] = storetest.NewMatch(fmt.Sprintf("m%02d", i), i)
		if i%3 == 0 {
			ms[i].Game = "other"
		}
		if err := db.Create(ctx, ms[i]); err != nil {
			t.Fatal(err)
		}
	}
	check := func(step int) {
		t.Helper()
		var all []store.Match
		for _, m := range ms {
			got, _, err := db.Load(ctx, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Version != m.Version || got.Ply != m.Ply || !got.Updated.Equal(m.Updated) {
				t.Fatalf("step %d: Load(%s) = version %d ply %d updated %v, want %d %d %v", step, m.ID, got.Version, got.Ply, got.Updated, m.Version, m.Ply, m.Updated)
			}
			all = append(all, got)
		}
		slices.SortFunc(all, func(a, b store.Match) int {
			if c := b.Updated.Compare(a.Updated); c != 0 {
				return c
			}
			return strings.Compare(a.ID, b.ID)
		})
		for _, f := range []store.Filter{
			{Limit: 5},
			{Limit: 5, Statuses: []string{store.StatusLive}},
			{Limit: 3, Statuses: []string{store.StatusWaiting, store.StatusFinished}},
			{Limit: 4, Game: "other"},
			{Limit: 100, Game: "race", Statuses: []string{store.StatusLive}},
		} {
			var want []string
			for _, m := range all {
				if (len(f.Statuses) == 0 || slices.Contains(f.Statuses, m.Status)) && (f.Game == "" || f.Game == m.Game) && len(want) < f.Limit {
					want = append(want, m.ID)
				}
			}
			got, err := db.List(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			var g []string
			for _, m := range got {
				g = append(g, m.ID)
			}
			if !slices.Equal(g, want) {
				t.Errorf("step %d: List(%+v) = %v, want %v", step, f, g, want)
			}
			for _, m := range got {
				i := slices.IndexFunc(ms, func(x store.Match) bool { return x.ID == m.ID })
				if m.Version != ms[i].Version || m.Ply != ms[i].Ply || !m.Updated.Equal(ms[i].Updated) || !reflect.DeepEqual(m.Clock, ms[i].Clock) {
					t.Errorf("step %d: List(%+v) has %s at version %d ply %d, want %d %d", step, f, m.ID, m.Version, m.Ply, ms[i].Version, ms[i].Ply)
				}
			}
		}
	}
	// A deterministic shuffle of who moves when: each step moves one
	// match, every fifth step changes a match's status instead.
	for step := range 80 {
		i := (step * 7) % n
		m := ms[i]
		next := m
		next.Version++
		next.Ply++
		// Update times go forward per match, unevenly across matches.
		next.Updated = m.Updated.Add(time.Duration(1+step*37%101) * time.Second)
		next.Clock.Remaining = []time.Duration{time.Duration(step) * time.Second, time.Minute}
		if step%5 == 4 {
			next.Status = []string{store.StatusWaiting, store.StatusLive, store.StatusFinished}[step%3]
		}
		if err := db.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1, Append: []store.Move{{Ply: next.Ply, Text: "d4", At: next.Updated}}}); err != nil {
			t.Fatal(err)
		}
		ms[i] = next
		if step%10 == 9 {
			check(step)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = open(t, path)
	defer db.Close()
	check(-1)
}

// BenchmarkNewest times what List holds the writer's memory lock for:
// picking the 50 newest of 10 000 matches whose last moves were stored
// alone (a commit with moves waits for it).
func BenchmarkNewest(b *testing.B) {
	w := writerState{cur: map[string]current{}}
	for i := range 10_000 {
		w.cur[fmt.Sprintf("m%05d", i)] = current{version: 2, updated: int64(i * 7919 % 10_000), status: store.StatusLive, game: "race"}
	}
	f := store.Filter{Statuses: []string{store.StatusWaiting, store.StatusLive}}
	b.ReportAllocs()
	for b.Loop() {
		if len(w.newest(f, 50)) != 50 {
			b.Fatal("not 50")
		}
	}
}

// TestListWhileWriting lists and loads while matches move (the writer
// changes its memory of current values after every commit): under -race
// this checks the memory's locking, and every match read must be one its
// writer saved (a version it reached, never ahead of it).
func TestListWhileWriting(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "tabula.db"))
	defer db.Close()
	tune(t, db, 16, 8)
	const matches, moves = 8, 40
	var reached [matches]atomic.Int64
	var wg sync.WaitGroup
	for i := range matches {
		m := storetest.NewMatch(fmt.Sprintf("w%d", i), i)
		if err := db.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
		reached[i].Store(m.Version)
		wg.Go(func() {
			for ply := 1; ply <= moves; ply++ {
				next := m
				next.Version++
				next.Ply++
				next.Updated = m.Updated.Add(time.Second)
				// Reached before the save: a reader may see it as soon
				// as it commits.
				reached[i].Store(next.Version)
				if err := db.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1, Append: []store.Move{{Ply: ply, Text: "d4", At: next.Updated}}}); err != nil {
					t.Error(err)
					return
				}
				m = next
			}
		})
	}
	stop := make(chan struct{})
	var readers sync.WaitGroup
	readers.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			ms, err := db.List(ctx, store.Filter{Limit: 3})
			if err != nil {
				t.Error(err)
				return
			}
			for _, m := range ms {
				var i int
				fmt.Sscanf(m.ID, "w%d", &i)
				if m.Version > reached[i].Load() {
					t.Errorf("List: %s at version %d, its writer reached %d", m.ID, m.Version, reached[i].Load())
				}
			}
			if m, _, err := db.Load(ctx, "w3"); err != nil || m.Version > reached[3].Load() {
				t.Errorf("Load: version %d (writer at %d), %v", m.Version, reached[3].Load(), err)
			}
		}
	})
	wg.Wait()
	close(stop)
	readers.Wait()
	ms, err := db.List(ctx, store.Filter{Limit: matches})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Version != 1+moves || m.Ply != moves {
			t.Errorf("%s at version %d ply %d, want %d %d", m.ID, m.Version, m.Ply, 1+moves, moves)
		}
	}
	if len(ms) != matches {
		t.Errorf("List: %d matches, want %d", len(ms), matches)
	}
}

// provider returns the migrations' provider for raw.
func provider(t *testing.T, raw *sql.DB) *goose.Provider {
	t.Helper()
	p, err := migrator(raw)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFoldOwnTransaction lowers the fold's threshold, bound, step and time
// so the journal is folded all along while matches move in parallel, and
// checks a move commit never carries a fold or a deletion (folds run in
// transactions of their own), a fold deletes at most its step of folded
// journal rows, the journal stays under its bound, every match reads back
// whole with its rows partly folded and partly not, and again after
// reopening with the journal left full (as after kill -9).
func TestFoldOwnTransaction(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	const matches, moves, foldAt, hard = 8, 60, 8, 32
	const clear = 3
	var mixed, folds, maxRows, deleted, overDeleted atomic.Int64
	onWriter(t, db, func(w *writerState) {
		w.foldAt, w.hard, w.chunk, w.step, w.budget, w.clear = foldAt, hard, 16, 2, time.Nanosecond, clear
		w.onCommit = func(added, folded, del int) {
			if added > 0 && (folded > 0 || del > 0) {
				mixed.Add(1)
			}
			deleted.Add(int64(del))
			if del > clear {
				overDeleted.Add(1)
			}
			if folded > 0 {
				folds.Add(1)
			}
			if int64(w.unfoldedRows) > maxRows.Load() {
				maxRows.Store(int64(w.unfoldedRows))
			}
		}
	})
	ms := make([]store.Match, matches)
	for i := range ms {
		ms[i] = storetest.NewMatch(fmt.Sprintf("f%d", i), i)
		if err := db.Create(ctx, ms[i]); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for i := range ms {
		wg.Go(func() { ms[i] = playMoves(t, db, ms[i], moves) })
	}
	wg.Wait()
	onWriter(t, db, func(w *writerState) { w.onCommit, w.foldAt = nil, 1<<30 })
	if n := mixed.Load(); n > 0 {
		t.Errorf("%d commits both added and folded journal rows, want none", n)
	}
	if folds.Load() == 0 {
		t.Error("no fold transaction ran")
	}
	// The folded rows leave the journal a few at a time.
	if n := overDeleted.Load(); n > 0 {
		t.Errorf("%d fold transactions deleted more than %d journal rows", n, clear)
	}
	if deleted.Load() == 0 {
		t.Error("no fold transaction deleted journal rows")
	}
	// After a batch over the bound, its fold takes foldPerChange rows per
	// change whatever the time: the journal never holds more than the
	// bound and one batch (at most one change per match).
	if got := maxRows.Load(); got > hard+matches {
		t.Errorf("the journal held %d unfolded rows, want at most %d", got, hard+matches)
	}
	var inJournal, folded int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*), count(m.ply) FROM journal AS j LEFT JOIN moves AS m ON m.match_id = j.match_id AND m.ply = j.ply`).Scan(&inJournal, &folded); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d folds; journal: %d rows, %d of them folded; at most %d unfolded", folds.Load(), inJournal, folded, maxRows.Load())
	if inJournal == folded {
		t.Fatalf("journal: %d rows, all folded; want some unfolded", inJournal)
	}
	loadAll := func(when string) {
		t.Helper()
		for _, m := range ms {
			got, mv, err := db.Load(ctx, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, m) || len(mv) != moves {
				t.Errorf("%s: Load(%s) = %+v, %d moves; want %+v, %d", when, m.ID, got, len(mv), m, moves)
			}
			for i, x := range mv {
				if x.Ply != i+1 || x.Text != fmt.Sprintf("+%d", i+1) {
					t.Errorf("%s: match %s: move %d is ply %d %q", when, m.ID, i, x.Ply, x.Text)
				}
			}
		}
	}
	loadAll("beside the journal")
	// Close leaves the journal as it is, as kill -9 does.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = open(t, path)
	defer db.Close()
	if n := journalRows(t, db.read); n != 0 {
		t.Errorf("journal rows after reopening = %d, want 0", n)
	}
	loadAll("after reopening")
}

// BenchmarkOpenFullJournal times Open after a crash with the largest
// journal the writer leaves (foldHard unfolded rows and a full batch) over
// 10 000 matches with a match row each: Open folds it whole before it
// serves.
func BenchmarkOpenFullJournal(b *testing.B) {
	const matches, rows = 10_000, foldHard + maxBatch
	ctx := context.Background()
	template := filepath.Join(b.TempDir(), "template.db")
	db := open(b, template)
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	m := storetest.NewMatch("m", 0)
	for i := range matches {
		m.ID = fmt.Sprintf("m%d", i)
		r, err := encode(m)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tx.ExecContext(ctx, sqlCreateMatch, r.args()...); err != nil {
			b.Fatal(err)
		}
	}
	// Row seq goes to match seq % matches as its ply seq / matches + 1:
	// the matches' moves interleave, as they do under load.
	if _, err := tx.ExecContext(ctx, `WITH RECURSIVE s(seq) AS (SELECT 0 UNION ALL SELECT seq + 1 FROM s WHERE seq + 1 < ?)
		INSERT INTO journal (seq, match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock)
		SELECT seq + 1, 'm' || (seq % ?), seq / ? + 1, seq % 2, 'd4', 1700000000000 + seq, NULL, '', seq / ? + 2, 1700000000000 + seq, '{}' FROM s`,
		rows, matches, matches, matches); err != nil {
		b.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	// Stop the writer without its fold: the file holds what a crash leaves.
	db.stop()
	<-db.done
	<-db.ckpt
	if err := db.closeAll(); err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(template)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		path := filepath.Join(b.TempDir(), fmt.Sprintf("open%d.db", i))
		if err := os.WriteFile(path, data, 0o600); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		db := open(b, path)
		b.StopTimer()
		if n := journalRows(b, db.read); n != 0 {
			b.Fatalf("journal rows after Open = %d, want 0", n)
		}
		db.Close()
		b.StartTimer()
	}
}

// TestTakebackFoldsOneMatch checks a takeback moves only its own match's
// journal rows into moves (the unfolded ones and one folded but still in
// the journal) and deletes them from the journal, so the truncated moves
// do not come back from there, while the other match's rows stay as they
// were and the writer's count of unfolded rows matches the journal's.
func TestTakebackFoldsOneMatch(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	a, b := foldedBehind(t, db)
	tune(t, db, 1<<30, foldChunk)
	a = playMoves(t, db, a, 1)
	b = playMoves(t, db, b, 1)
	// The journal: b1, a2 (folded), a3, b2. Take back to ply 1, play x2.
	next := a
	next.Version++
	next.Ply = 2
	next.Updated = a.Updated.Add(time.Second)
	if err := db.Save(ctx, store.Change{Match: next, Prev: a.Version, Truncate: 1, Append: []store.Move{{Ply: 2, Seat: 1, Text: "x2", At: next.Updated}}}); err != nil {
		t.Fatal(err)
	}
	a = next
	check := func(when string, wantJournal int) {
		t.Helper()
		if n := journalRows(t, db.read); n != wantJournal {
			t.Errorf("%s: %d journal rows, want %d", when, n, wantJournal)
		}
		for _, tc := range []struct {
			m     store.Match
			texts []string
		}{{a, []string{"+1", "x2"}}, {b, []string{"+1", "+2"}}} {
			got, moves, err := db.Load(ctx, tc.m.ID)
			if err != nil {
				t.Fatal(err)
			}
			var texts []string
			for _, mv := range moves {
				texts = append(texts, mv.Text)
			}
			if !reflect.DeepEqual(got, tc.m) || !slices.Equal(texts, tc.texts) {
				t.Errorf("%s: Load(%s) = %+v, moves %q; want %+v, %q", when, tc.m.ID, got, texts, tc.m, tc.texts)
			}
		}
	}
	check("after the takeback", 3) // b1, b2, x2
	onWriter(t, db, func(w *writerState) {
		if w.unfoldedRows != 3 || len(w.unfolded["a"]) != 1 || !slices.Equal(w.queue, []string{"b", "a"}) {
			t.Errorf("writer: %d unfolded rows, a's %v, queue %v; want 3, one, [b a]", w.unfoldedRows, w.unfolded["a"], w.queue)
		}
	})
	// The next folds take the rest: b's two rows, then a's x2 (a fold
	// runs after the batch before it has replied: the last tune waits
	// for the second).
	tune(t, db, 0, 2)
	tune(t, db, 0, 2)
	tune(t, db, 1<<30, foldChunk)
	check("after folding the rest", 0)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = open(t, path)
	defer db.Close()
	check("after reopening", 0)
}

// foldedBehind creates matches a and b, plays a1, b1, a2 and folds a's
// two rows: a2 is folded but stays in the journal behind the unfolded b1
// (the journal: b1, a2). It returns the matches after their moves.
func foldedBehind(t *testing.T, db *DB) (a, b store.Match) {
	t.Helper()
	ctx := context.Background()
	a, b = storetest.NewMatch("a", 0), storetest.NewMatch("b", 1)
	for _, m := range []store.Match{a, b} {
		if err := db.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	tune(t, db, 1<<30, foldChunk)
	a = playMoves(t, db, a, 1)
	b = playMoves(t, db, b, 1)
	a = playMoves(t, db, a, 1)
	tune(t, db, 2, 2)
	return a, b
}

// TestCommitGap checks the writer's pacing (commitGap): a change queued
// right after a commit waits until the gap since that commit's start has
// passed, a change queued after a quiet spell does not wait, and a change
// still waiting for the gap when the database closes is committed, not
// dropped.
func TestCommitGap(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	m := storetest.NewMatch("m1", 0)
	if err := db.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	const gap = 300 * time.Millisecond
	onWriter(t, db, func(w *writerState) { w.gap = gap })

	// Two changes back to back: the second commit starts a gap after the
	// first began, and the first began after start.
	start := time.Now()
	m = playMoves(t, db, m, 1)
	m = playMoves(t, db, m, 1)
	if took := time.Since(start); took < gap {
		t.Errorf("two changes back to back took %v; want at least the gap %v", took, gap)
	}

	// After a quiet spell longer than the gap, a change commits at once.
	time.Sleep(gap + 50*time.Millisecond)
	start = time.Now()
	m = playMoves(t, db, m, 1)
	if took := time.Since(start); took >= gap {
		t.Errorf("a change after a quiet spell took %v; want less than the gap %v", took, gap)
	}

	// A change waiting for a long gap when the database closes.
	onWriter(t, db, func(w *writerState) { w.gap = time.Hour })
	next := m
	next.Version, next.Ply = m.Version+1, m.Ply+1
	wait, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	err := db.Save(wait, store.Change{Match: next, Prev: m.Version, Truncate: -1, Append: []store.Move{{Ply: next.Ply, Text: "+4", At: next.Updated}}})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a change behind an hour's gap: %v; want it still waiting (%v)", err, context.DeadlineExceeded)
	}
	start = time.Now()
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > time.Minute {
		t.Errorf("Close took %v behind an hour's gap", took)
	}
	db = open(t, path)
	defer db.Close()
	_, moves, err := db.Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != 4 {
		t.Errorf("after closing with a change waiting: %d moves stored, want 4 (the waiting one committed)", len(moves))
	}
}
