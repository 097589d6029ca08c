package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/storetest"
)

// texts loads match id and returns it with its moves' texts, checking the
// moves' plies run 1, 2, ...
func texts(t *testing.T, db *DB, id string) (store.Match, []string) {
	t.Helper()
	m, moves, err := db.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, mv := range moves {
		if mv.Ply != i+1 {
			t.Fatalf("Load(%s): move %d has ply %d", id, i, mv.Ply)
		}
		out = append(out, mv.Text)
	}
	return m, out
}

// wantLoad checks match m loads as m with moves want.
func wantLoad(t *testing.T, db *DB, when string, m store.Match, want ...string) {
	t.Helper()
	got, moves := texts(t, db, m.ID)
	if !reflect.DeepEqual(got, m) || !slices.Equal(moves, want) {
		t.Errorf("%s: Load(%s) = %+v, moves %q; want %+v, %q", when, m.ID, got, moves, m, want)
	}
}

// plies returns "+1" ... "+n" (what playMoves plays) after the texts given.
func plies(from, to int, before ...string) []string {
	for i := from; i <= to; i++ {
		before = append(before, fmt.Sprintf("+%d", i))
	}
	return before
}

// takeBack saves a takeback of m to ply keep, appending the moves texts
// (plies keep+1, ...), and returns m after it.
func takeBack(t *testing.T, db *DB, m store.Match, keep int, texts ...string) store.Match {
	t.Helper()
	next := m
	next.Version++
	next.Ply = keep + len(texts)
	next.Updated = m.Updated.Add(time.Second)
	var moves []store.Move
	for i, text := range texts {
		moves = append(moves, store.Move{Ply: keep + 1 + i, Seat: (keep + i) % 2, Text: text, At: next.Updated})
	}
	if err := db.Save(context.Background(), store.Change{Match: next, Prev: m.Version, Truncate: keep, Append: moves}); err != nil {
		t.Fatalf("take back %s to ply %d: %v", m.ID, keep, err)
	}
	return next
}

// logState returns log_state.caught and the log's last seq.
func logState(t *testing.T, db *sql.DB) (caught, last int64) {
	t.Helper()
	if err := db.QueryRowContext(context.Background(), `SELECT caught, (SELECT coalesce(max(seq), 0) FROM journal) FROM log_state`).Scan(&caught, &last); err != nil {
		t.Fatal(err)
	}
	return caught, last
}

// TestTakebackInLog plays a match whose moves are all in the log, takes
// moves back (with and without new ones, to the start too), and checks
// Load follows the chain from the new head while the rows taken back stay
// in the log, unreachable; then that a reopened database reads the same
// and continues the chain.
func TestTakebackInLog(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	defer func() { db.Close() }()
	tune(t, db, 1<<40) // no catch-up: the heads of moves stored alone live in memory
	m, other := storetest.NewMatch("m1", 0), storetest.NewMatch("m2", 1)
	for _, x := range []store.Match{m, other} {
		if err := db.Create(ctx, x); err != nil {
			t.Fatal(err)
		}
	}
	for range 3 { // the two matches' rows interleave in the log
		m = playMoves(t, db, m, 2)
		other = playMoves(t, db, other, 1)
	}
	wantLoad(t, db, "six moves", m, plies(1, 6)...)
	m = takeBack(t, db, m, 4, "x5")
	wantLoad(t, db, "back to 4, then x5", m, append(plies(1, 4), "x5")...)
	m = playMoves(t, db, m, 2)
	wantLoad(t, db, "then +6 +7", m, plies(6, 7, append(plies(1, 4), "x5")...)...)
	m = takeBack(t, db, m, 2)
	wantLoad(t, db, "back to 2", m, plies(1, 2)...)
	m = playMoves(t, db, m, 1)
	wantLoad(t, db, "then +3", m, plies(1, 3)...)
	m = takeBack(t, db, m, 0)
	wantLoad(t, db, "back to the start", m)
	m = playMoves(t, db, m, 2)
	wantLoad(t, db, "then +1 +2", m, plies(1, 2)...)
	wantLoad(t, db, "the other match", other, plies(1, 3)...)
	var rows int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM journal WHERE match_id = 'm1'`).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if rows != 6+1+2+1+2 {
		t.Errorf("m1 has %d log rows, want %d (the log keeps the rows taken back)", rows, 6+1+2+1+2)
	}
	for i := range 2 {
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		db = open(t, path)
		wantLoad(t, db, fmt.Sprintf("reopened %d", i), m, plies(1, m.Ply)...)
		m = playMoves(t, db, m, 1)
		wantLoad(t, db, fmt.Sprintf("reopened %d, one more", i), m, plies(1, m.Ply)...)
		m = takeBack(t, db, m, m.Ply-1)
		m = playMoves(t, db, m, 1)
		wantLoad(t, db, fmt.Sprintf("reopened %d, taken back and played again", i), m, plies(1, m.Ply)...)
		wantLoad(t, db, fmt.Sprintf("reopened %d, the other match", i), other, plies(1, 3)...)
	}
}

// TestArchiveAndLog opens a database written by the previous version
// (migration 00005: moves folded into the moves table, newer ones still in
// the journal, one of them in both), and checks its moves read back after
// migration 00006, that new moves continue them in the log, and that
// takebacks into the log and into the archive read back right, also after
// reopening.
func TestArchiveAndLog(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	m := storetest.NewMatch("m1", 0)
	raw, r := oldMatch(t, path, 5, m)
	at := func(ply int) int64 { return m.Created.Add(time.Duration(ply) * time.Second).UnixMilli() }
	for ply := 1; ply <= 3; ply++ {
		if _, err := raw.ExecContext(ctx, `INSERT INTO moves (match_id, ply, seat, notation, at, cmd_id, version, updated, clock) VALUES ('m1', ?, ?, ?, ?, '', ?, ?, ?)`,
			ply, (ply-1)%2, fmt.Sprintf("+%d", ply), at(ply), ply+1, at(ply), r.clock); err != nil {
			t.Fatal(err)
		}
	}
	for seq, ply := range []int{3, 4, 5} { // ply 3 folded, still in the journal
		if _, err := raw.ExecContext(ctx, `INSERT INTO journal (seq, match_id, ply, seat, notation, at, cmd_id, version, updated, clock) VALUES (?, 'm1', ?, ?, ?, ?, '', ?, ?, ?)`,
			seq+1, ply, (ply-1)%2, fmt.Sprintf("+%d", ply), at(ply), ply+1, at(ply), r.clock); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()
	m.Version, m.Ply, m.Updated = 6, 5, time.UnixMilli(at(5)).UTC()

	db := open(t, path)
	defer func() { db.Close() }()
	tune(t, db, 1<<40)
	wantLoad(t, db, "migrated", m, plies(1, 5)...)
	if n := journalRows(t, db.read); n != 0 {
		t.Errorf("the log holds %d rows after migrating, want 0 (folded into moves)", n)
	}
	m = playMoves(t, db, m, 2)
	wantLoad(t, db, "two moves in the log", m, plies(1, 7)...)
	m = takeBack(t, db, m, 6, "x7")
	wantLoad(t, db, "taken back in the log", m, append(plies(1, 6), "x7")...)
	m = takeBack(t, db, m, 3, "y4")
	wantLoad(t, db, "taken back into moves", m, append(plies(1, 3), "y4")...)
	var archived int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM moves WHERE match_id = 'm1'`).Scan(&archived); err != nil {
		t.Fatal(err)
	}
	if archived != 3 {
		t.Errorf("moves holds %d rows of m1 after the takeback to ply 3, want 3", archived)
	}
	m = playMoves(t, db, m, 1)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = open(t, path)
	wantLoad(t, db, "reopened", m, append(plies(1, 3), "y4", "+5")...)
}

// TestOpenAfterCrash leaves a log tail no catch-up has brought into the
// match rows (moves stored alone, a takeback without moves whose rows
// taken back are newer in the log than the match row, a finishing move
// written with its match row), as kill -9 leaves it, and checks Open
// brings every match row up to date from the tail and records it, that
// Load and List see every saved move, and that the matches go on.
func TestOpenAfterCrash(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	defer func() { db.Close() }()
	tune(t, db, 1<<40)
	ms := make([]store.Match, 4)
	for i := range ms {
		ms[i] = storetest.NewMatch(fmt.Sprintf("m%d", i), i)
		if err := db.Create(ctx, ms[i]); err != nil {
			t.Fatal(err)
		}
	}
	want := make([][]string, len(ms))
	for round := range 5 {
		for i := range ms {
			if round < 5-i {
				ms[i] = playMoves(t, db, ms[i], 1)
			}
		}
	}
	ms[1] = takeBack(t, db, ms[1], 2)
	done := ms[2]
	done.Version++
	done.Ply++
	done.Status = store.StatusFinished
	done.Result = &store.Result{Winners: []int{0}, Reason: "line"}
	if err := db.Save(ctx, store.Change{Match: done, Prev: ms[2].Version, Truncate: -1, Append: []store.Move{{Ply: done.Ply, Text: "end", At: done.Updated}}}); err != nil {
		t.Fatal(err)
	}
	ms[2] = done
	want[0], want[1], want[2], want[3] = plies(1, 5), plies(1, 2), append(plies(1, 3), "end"), plies(1, 2)
	if err := db.Close(); err != nil { // no catch-up at Close: what kill -9 leaves
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if caught, last := logState(t, raw); caught > 1 || last != 5+4+3+2+1 {
		t.Fatalf("before reopening: caught %d, last seq %d; want caught at the start and 15 rows", caught, last)
	}
	var version int64
	if err := raw.QueryRowContext(ctx, `SELECT version FROM matches WHERE id = 'm0'`).Scan(&version); err != nil {
		t.Fatal(err)
	}
	if version != 1 {
		t.Fatalf("m0's row at version %d before reopening, want 1 (its moves were stored alone)", version)
	}
	db = open(t, path)
	if caught, last := logState(t, raw); caught != last+1 {
		t.Errorf("after reopening: caught %d, last seq %d; want caught past it", caught, last)
	}
	for i, m := range ms {
		var v int64
		var ply int
		if err := raw.QueryRowContext(ctx, `SELECT version, ply FROM matches WHERE id = ?`, m.ID).Scan(&v, &ply); err != nil {
			t.Fatal(err)
		}
		if v != m.Version || ply != m.Ply {
			t.Errorf("after reopening: %s's row at version %d ply %d, want %d %d", m.ID, v, ply, m.Version, m.Ply)
		}
		wantLoad(t, db, "reopened", m, want[i]...)
	}
	listed, err := db.List(ctx, store.Filter{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, got := range listed {
		i := slices.IndexFunc(ms, func(m store.Match) bool { return m.ID == got.ID })
		if i < 0 || !reflect.DeepEqual(got, ms[i]) {
			t.Errorf("List after reopening: %+v, want it as last saved", got)
		}
	}
	ms[0] = playMoves(t, db, ms[0], 1)
	ms[1] = playMoves(t, db, ms[1], 1)
	wantLoad(t, db, "reopened, played on", ms[0], plies(1, 6)...)
	wantLoad(t, db, "reopened, played on", ms[1], plies(1, 3)...)
}

// TestCatchUpRidesCommits lowers the catch-up's threshold, budget and
// minimum so rounds run all along while matches move in parallel, and
// (with perRow) so they last several transactions or not, and checks
// the match rows are caught up only in the group commits of moves (no
// transaction, and no flush, of their own), rounds complete (caught
// moves on), the log after caught stays under its bound, the match rows
// a round wrote are current, and every match reads back whole, also after
// reopening.
func TestCatchUpRidesCommits(t *testing.T) {
	for _, perRow := range []int{0, 1} {
		t.Run(fmt.Sprintf("perRow=%d", perRow), func(t *testing.T) { testCatchUpRidesCommits(t, perRow) })
	}
}

func testCatchUpRidesCommits(t *testing.T, perRow int) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	defer func() { db.Close() }()
	const matches, moves, catchAt, least = 8, 60, 8, 2
	var alone, catchUps, maxTail, rounds atomic.Int64
	onWriter(t, db, func(w *writerState) {
		w.catchAt, w.budget, w.least, w.perRow = catchAt, time.Nanosecond, least, perRow
		caught := w.caught
		w.onCommit = func(added, n int) {
			if added == 0 && n > 0 {
				alone.Add(1)
			}
			if n > 0 {
				catchUps.Add(1)
			}
			if w.caught != caught {
				rounds.Add(1)
				caught = w.caught
			}
			maxTail.Store(max(maxTail.Load(), w.nextSeq-w.caught))
		}
	})
	ms := make([]store.Match, matches)
	for i := range ms {
		ms[i] = storetest.NewMatch(fmt.Sprintf("c%d", i), i)
		if err := db.Create(ctx, ms[i]); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for i := range ms {
		wg.Go(func() { ms[i] = playMoves(t, db, ms[i], moves) })
	}
	wg.Wait()
	var dirty map[string]bool
	onWriter(t, db, func(w *writerState) {
		w.onCommit, w.catchAt = nil, 1<<40
		dirty = map[string]bool{}
		for id := range w.cur {
			dirty[id] = true
		}
	})
	if n := alone.Load(); n > 0 {
		t.Errorf("%d transactions caught match rows up without appending moves, want none (every change here is a move)", n)
	}
	if catchUps.Load() == 0 || rounds.Load() == 0 {
		t.Fatalf("%d commits caught rows up, %d rounds ended; want some", catchUps.Load(), rounds.Load())
	}
	// A group commit catches up at least as many rows as its batch adds,
	// so a round's batches add at most its matches and one batch (at most
	// one change per match): see catchMin. Without perRow a round takes
	// at most matches/least transactions.
	r := matches + matches
	if perRow == 0 {
		r = (matches/least + 1) * matches
	}
	if got, bound := maxTail.Load(), int64(catchAt+2*r+matches); got > bound {
		t.Errorf("the log held %d rows after caught, want at most %d", got, bound)
	}
	t.Logf("%d commits with catch-up rows, %d rounds, at most %d rows after caught, %d matches behind at the end", catchUps.Load(), rounds.Load(), maxTail.Load(), len(dirty))
	for _, m := range ms {
		wantLoad(t, db, "beside the log", m, plies(1, moves)...)
		if dirty[m.ID] {
			continue
		}
		var v int64
		if err := db.read.QueryRowContext(ctx, `SELECT version FROM matches WHERE id = ?`, m.ID).Scan(&v); err != nil {
			t.Fatal(err)
		}
		if v != m.Version {
			t.Errorf("%s's row at version %d, caught up and not moved since; want %d", m.ID, v, m.Version)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = open(t, path)
	for _, m := range ms {
		wantLoad(t, db, "reopened", m, plies(1, moves)...)
	}
}

// TestForgetEnded checks the writer forgets a finished match once a
// catch-up round has ended after it, and that a stale change to it is
// still refused and a good one taken (its state read back from its row).
func TestForgetEnded(t *testing.T) {
	ctx := context.Background()
	db, m := openWithMatch(t)
	tune(t, db, 1)
	m = playMoves(t, db, m, 2)
	done := m
	done.Version++
	done.Ply++
	done.Status = store.StatusFinished
	done.Result = &store.Result{Winners: []int{1}, Reason: "line"}
	if err := db.Save(ctx, store.Change{Match: done, Prev: m.Version, Truncate: -1, Append: []store.Move{{Ply: done.Ply, Seat: 1, Text: "end", At: done.Updated}}}); err != nil {
		t.Fatal(err)
	}
	other := storetest.NewMatch("o", 1)
	if err := db.Create(ctx, other); err != nil {
		t.Fatal(err)
	}
	playMoves(t, db, other, 3) // rounds run after these batches
	onWriter(t, db, func(w *writerState) {
		if _, ok := w.known["m1"]; ok {
			t.Error("the writer still keeps finished match m1 after catch-up rounds")
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
	wantLoad(t, db, "rematch agreed", rematch, append(plies(1, 2), "end")...)
}

// TestMigration00006Down migrates a database with a takeback (rows left
// unreachable in the log) and a tail no catch-up brought into the match
// rows down to 00005, and checks moves then holds each match's chain and
// nothing else, the match rows are current, the journal is empty, and the
// matches read back after migrating up again.
func TestMigration00006Down(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabula.db")
	db := open(t, path)
	tune(t, db, 1<<40)
	a, b := storetest.NewMatch("a", 0), storetest.NewMatch("b", 1)
	for _, m := range []store.Match{a, b} {
		if err := db.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	a = playMoves(t, db, a, 4)
	b = playMoves(t, db, b, 2)
	a = takeBack(t, db, a, 2, "x3")
	b = playMoves(t, db, b, 1)
	raw := migrateDown(t, db, path, 5)
	if n := journalRows(t, raw); n != 0 {
		t.Errorf("after migrating down: %d journal rows, want 0", n)
	}
	for _, tc := range []struct {
		m     store.Match
		texts []string
	}{{a, append(plies(1, 2), "x3")}, {b, plies(1, 3)}} {
		var got []string
		rows, err := raw.QueryContext(ctx, `SELECT notation FROM moves WHERE match_id = ? ORDER BY ply`, tc.m.ID)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			got = append(got, s)
		}
		rows.Close()
		var v int64
		if err := raw.QueryRowContext(ctx, `SELECT version FROM matches WHERE id = ?`, tc.m.ID).Scan(&v); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, tc.texts) || v != tc.m.Version {
			t.Errorf("after migrating down: %s has moves %q at version %d, want %q at %d", tc.m.ID, got, v, tc.texts, tc.m.Version)
		}
	}
	raw.Close()
	db = open(t, path)
	defer db.Close()
	wantLoad(t, db, "migrated up again", a, append(plies(1, 2), "x3")...)
	wantLoad(t, db, "migrated up again", b, plies(1, 3)...)
}

// BenchmarkOpenTail times Open after a crash with the longest log tail
// the writer leaves behind its last catch-up (see catchMin: catchRows and
// two rounds' rows with full batches), over 10 000 matches with a match
// row each: Open brings their rows up to date from it.
func BenchmarkOpenTail(b *testing.B) {
	const matches = 10_000
	const rows = catchRows + 2*(matches+maxBatch) + maxBatch
	ctx := context.Background()
	template := filepath.Join(b.TempDir(), "template.db")
	// A migrated database, its rows written past the writer, closed:
	// the file holds what a crash leaves.
	if err := open(b, template).Close(); err != nil {
		b.Fatal(err)
	}
	raw, err := sql.Open("sqlite", dsn(template, false))
	if err != nil {
		b.Fatal(err)
	}
	tx, err := raw.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	if err := createRows(func(q string, args ...any) error { _, err := tx.ExecContext(ctx, q, args...); return err }, matches); err != nil {
		b.Fatal(err)
	}
	// Row seq goes to match seq % matches as its ply seq / matches + 1,
	// after its previous row: the matches' moves interleave, as they do
	// under load.
	if _, err := tx.ExecContext(ctx, `WITH RECURSIVE s(seq) AS (SELECT 0 UNION ALL SELECT seq + 1 FROM s WHERE seq + 1 < ?1)
		INSERT INTO journal (seq, match_id, ply, seat, notation, at, clock_ms, cmd_id, version, updated, clock, prev)
		SELECT seq + 1, 'm' || (seq % ?2), seq / ?2 + 1, seq % 2, 'd4', 1700000000000 + seq, NULL, '', seq / ?2 + 2, 1700000000000 + seq, '{}',
			iif(seq >= ?2, seq + 1 - ?2, NULL) FROM s`,
		rows, matches); err != nil {
		b.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	if err := raw.Close(); err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(template)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(rows, "tail-rows")
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
		var version int64
		if err := db.read.QueryRowContext(ctx, `SELECT version FROM matches WHERE id = 'm0'`).Scan(&version); err != nil {
			b.Fatal(err)
		}
		if want := int64((rows-1)/matches + 2); version != want {
			b.Fatalf("m0 at version %d after Open, want %d", version, want)
		}
		db.Close()
		b.StartTimer()
	}
}

// BenchmarkCatchUp times a catch-up round of 10 000 matches, each with a
// move stored alone since the last one, in one transaction (the writer
// splits it into ~1 ms transactions), after the commit of a Create that
// triggers it: the cost per match row.
func BenchmarkCatchUp(b *testing.B) {
	const matches = 10_000
	ctx := context.Background()
	db := open(b, filepath.Join(b.TempDir(), "tabula.db"))
	defer db.Close()
	tune(b, db, 1<<40)
	ms := make([]store.Match, matches)
	for i := range ms {
		ms[i] = storetest.NewMatch(fmt.Sprintf("m%05d", i), i)
		if err := db.Create(ctx, ms[i]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		var wg sync.WaitGroup
		for j := range ms {
			wg.Go(func() {
				var err error
				if ms[j], err = appendMove(ctx, db, ms[j], i+1); err != nil {
					b.Error(err)
				}
			})
		}
		wg.Wait()
		onWriter(b, db, func(w *writerState) { w.catchAt, w.least = 0, matches })
		b.StartTimer()
		if err := db.Create(ctx, storetest.NewMatch(fmt.Sprintf("t%d", i), 0)); err != nil {
			b.Fatal(err)
		}
		onWriter(b, db, func(w *writerState) {
			if w.round != nil || len(w.cur) != 0 {
				b.Errorf("after a round of %d: round %v, %d matches behind", matches, w.round != nil, len(w.cur))
			}
			w.catchAt, w.least = 1<<40, catchMin
		})
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*matches), "µs/match")
}

// TestCatchUpFailureKeepsBatch makes every catch-up fail (a match in the
// round whose rowid does not fit the round's keys) and checks the batch
// it rode with is retried without it and committed, and no round starts.
func TestCatchUpFailureKeepsBatch(t *testing.T) {
	db, m := openWithMatch(t)
	const ghost = "ghost"
	onWriter(t, db, func(w *writerState) {
		w.catchAt = 1
		w.known[ghost] = matchState{rowid: 1 << (64 - roundBits)}
		w.curMu.Lock()
		w.cur[ghost] = current{}
		w.curMu.Unlock()
	})
	m = playMoves(t, db, m, 3)
	onWriter(t, db, func(w *writerState) {
		if w.round != nil {
			t.Error("a round started though its catch-up failed")
		}
		w.catchAt = 1 << 40
		delete(w.known, ghost)
		w.curMu.Lock()
		delete(w.cur, ghost)
		w.curMu.Unlock()
	})
	wantLoad(t, db, "after failed catch-ups", m, plies(1, 3)...)
}
