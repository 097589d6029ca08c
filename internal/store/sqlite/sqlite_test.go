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
	db, m := createAt(t, filepath.Join(t.TempDir(), "tabula.db"))
	t.Cleanup(func() { db.Close() })
	return db, m
}

// createAt opens (creating) the database at path and creates match "m1"
// in it; the caller closes it.
func createAt(t *testing.T, path string) (*DB, store.Match) {
	t.Helper()
	db := open(t, path)
	m := storetest.NewMatch("m1", 0)
	if err := db.Create(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	return db, m
}

// onWriter runs f on the writer goroutine, between its transactions (after
// the catch-up that may follow the last batch): tests read and change the
// writer's state there.
func onWriter(t testing.TB, db *DB, f func(w *writerState)) {
	t.Helper()
	if err := db.do(context.Background(), applyFunc(func(context.Context) error { f(&db.w); return nil })); err != nil {
		t.Fatal(err)
	}
}

// writerExec runs q with args on the writer's connection, in a
// transaction of the writer's own (a benchmark's setup past the writer's
// state: the writer owns the write pool's only connection).
func writerExec(t testing.TB, db *DB, q string, args ...any) {
	t.Helper()
	if err := db.do(context.Background(), applyFunc(func(ctx context.Context) error {
		_, err := db.w.conn.execSQL(ctx, q, args...)
		return err
	})); err != nil {
		t.Fatal(err)
	}
}

// tune sets the number of log rows after which the writer starts a
// catch-up round (lowered by tests).
func tune(t testing.TB, db *DB, catchAt int64) {
	t.Helper()
	onWriter(t, db, func(w *writerState) { w.catchAt = catchAt })
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
	db, m := createAt(t, path)
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
	before := cpuTime(b)
	b.ResetTimer() // not Open's work (its migrations allocate ~30 MB)
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
	b.ReportMetric(float64((cpuTime(b)-before).Microseconds())/float64(b.N), "cpu-µs/op")
	reportWriter(b, db)
}

// reportWriter reports the writer's metrics over a benchmark: changes per
// group commit, group commits carrying catch-up rows per 1 000 changes,
// and the p99 (the upper bound of its histogram bucket) of a commit and
// of a commit's catch-up rows.
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
	batch, commit, catchUp := read(db.metrics.batch), read(db.metrics.commit), read(db.metrics.catchUp)
	for _, h := range []struct {
		name string
		h    *dto.Histogram
	}{{"commit", commit}, {"catch-up", catchUp}} {
		line := ""
		for _, bk := range h.h.GetBucket() {
			line += fmt.Sprintf(" ≤%gms:%d", 1e3*bk.GetUpperBound(), bk.GetCumulativeCount())
		}
		b.Logf("%s (%d, cumulative):%s", h.name, h.h.GetSampleCount(), line)
	}
	b.ReportMetric(batch.GetSampleSum()/float64(batch.GetSampleCount()), "changes/commit")
	b.ReportMetric(1e3*float64(catchUp.GetSampleCount())/float64(b.N), "catchups/1k-op")
	b.ReportMetric(1e3*p99(commit), "commit-p99-ms")
	if catchUp.GetSampleCount() > 0 {
		b.ReportMetric(1e3*p99(catchUp), "catchup-p99-ms")
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
	old := storetest.NewMatch("m1", 0)
	old.Version, old.Ply = 2, 1
	raw, _ := oldMatch(t, path, 2, old)
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

	raw = migrateDown(t, db, path, 2)
	defer raw.Close()
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

// TestMigration00004 checks migrating down folds the journal back into the
// moves table, and that migrating up again reads the match whole.
func TestMigration00004(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db, m := createAt(t, path)
	m = playMoves(t, db, m, 3)
	raw := migrateDown(t, db, path, 3)
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

// TestListNewest checks List against every match loaded one by one, with
// more matches than the limit: some moves stored alone (their current
// values only in the writer's memory), some with their match row (a
// status change), games and statuses mixed, update times interleaved across matches, catch-up rounds in between (a low
// threshold), and after a reopen (Open brings the match rows up to date).
func TestListNewest(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	tune(t, db, 8)
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
	tune(t, db, 16)
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

// oldMatch opens the database at path through the migrations up to
// version only, as an older release left it, and writes m's match row
// there as that release's writer did (the caller closes raw).
func oldMatch(t *testing.T, path string, version int64, m store.Match) (*sql.DB, row) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := provider(t, raw).UpTo(context.Background(), version); err != nil {
		t.Fatal(err)
	}
	r, err := encode(m)
	if err != nil {
		t.Fatal(err)
	}
	q, args := sqlCreateMatch, r.args()
	if version < 9 { // before matches.rated
		q, args = strings.Replace(strings.Replace(q, ", rated)", ")", 1), ", ?)", ")", 1), args[:len(args)-1]
	}
	if _, err := raw.ExecContext(context.Background(), q, args...); err != nil {
		t.Fatal(err)
	}
	return raw, r
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

// migrateDown closes db, opens the file at path without the store and
// migrates it down to version, as an operator rolling back a release
// would (the caller closes raw).
func migrateDown(t *testing.T, db *DB, path string, version int64) (raw *sql.DB) {
	t.Helper()
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := provider(t, raw).DownTo(context.Background(), version); err != nil {
		raw.Close()
		t.Fatal(err)
	}
	return raw
}

// TestCommitGap checks the writer's pacing (commitGap): a change queued
// right after a commit waits until the gap since that commit's start has
// passed, a change queued after a quiet spell does not wait, and a change
// still waiting for the gap when the database closes is committed, not
// dropped.
func TestCommitGap(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db, m := createAt(t, path)
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

func TestAccounts(t *testing.T) {
	storetest.RunAccounts(t, func(t *testing.T) storetest.AccountStore {
		db := open(t, filepath.Join(t.TempDir(), "tabula.db"))
		t.Cleanup(func() { db.Close() })
		return db
	})
}

func TestRatings(t *testing.T) {
	storetest.RunRatings(t, func(t *testing.T) storetest.RatingStore {
		db := open(t, filepath.Join(t.TempDir(), "tabula.db"))
		t.Cleanup(func() { db.Close() })
		return db
	})
}

// TestSaveAbandonedKeepsNothing checks a Save whose context ends while the
// writer is busy keeps nothing of the caller's change: the writer may
// still commit it after Save returned, and by then the caller has reused
// its buffers (the moves, their clock readings, the seats, the times).
func TestSaveAbandonedKeepsNothing(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "tabula.db"))
	defer db.Close()
	m := storetest.NewMatch("m1", 0)
	if err := db.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	entered, release := make(chan struct{}), make(chan struct{})
	busy := make(chan error, 1)
	go func() {
		busy <- db.do(ctx, applyFunc(func(context.Context) error { close(entered); <-release; return nil }))
	}()
	<-entered
	next := m
	next.Version, next.Ply, next.Updated = 2, 1, m.Updated.Add(time.Second)
	next.Seats = []store.Seat{{TokenHash: "abcd"}, {TokenHash: "ef01"}}
	next.Clock.Remaining = []time.Duration{time.Minute, 2 * time.Minute}
	clock := 3 * time.Second
	moves := []store.Move{{Ply: 1, Text: "+1", At: m.Created, Clock: &clock, CmdID: "c1"}}
	want := next
	want.Seats = []store.Seat{{TokenHash: "abcd"}, {TokenHash: "ef01"}}
	want.Clock.Remaining = []time.Duration{time.Minute, 2 * time.Minute}
	wantClock := clock
	wantMoves := []store.Move{{Ply: 1, Text: "+1", At: m.Created, Clock: &wantClock, CmdID: "c1"}}
	sctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	err := db.Save(sctx, store.Change{Match: next, Prev: 1, Truncate: -1, Append: moves})
	cancel()
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Save behind a busy writer = %v, want its context's end", err)
	}
	moves[0].Text, moves[0].CmdID, clock = "scribbled", "c9", time.Hour
	next.Seats[1].TokenHash, next.Clock.Remaining[0] = "ffff", 0
	close(release)
	if err := <-busy; err != nil {
		t.Fatal(err)
	}
	onWriter(t, db, func(*writerState) {}) // the abandoned Save has been applied
	got, gotMoves, err := db.Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotMoves, wantMoves) {
		t.Fatalf("Load = %+v, %+v; want %+v, %+v", got, gotMoves, want, wantMoves)
	}
}

func TestChat(t *testing.T) {
	storetest.RunChat(t, func(t *testing.T) storetest.ChatStore {
		db := open(t, filepath.Join(t.TempDir(), "tabula.db"))
		t.Cleanup(func() { db.Close() })
		return db
	})
}

func TestSettings(t *testing.T) {
	storetest.RunSettings(t, func(t *testing.T) storetest.SettingsStore {
		db := open(t, filepath.Join(t.TempDir(), "tabula.db"))
		t.Cleanup(func() { db.Close() })
		return db
	})
}

func TestAnalyses(t *testing.T) {
	storetest.RunAnalyses(t, func(t *testing.T) storetest.AnalysisStore {
		db := open(t, filepath.Join(t.TempDir(), "tabula.db"))
		t.Cleanup(func() { db.Close() })
		return db
	})
}
