// Package storetest is the behavioural suite every store implementation
// passes: SQLite always, PostgreSQL when a test database is configured.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// Store is what the suite exercises: the methods internal/server uses.
type Store interface {
	Create(ctx context.Context, m store.Match) error
	Save(ctx context.Context, c store.Change) error
	Load(ctx context.Context, id string) (store.Match, []store.Move, error)
	List(ctx context.Context, f store.Filter) ([]store.Match, error)
	Count(ctx context.Context, f store.Filter) (int, error)
	Unfinished(ctx context.Context) ([]string, error)
}

// Stores keep times in UTC with millisecond precision; the suite's times
// are already so, which reflect.DeepEqual needs.

// Run runs the suite; open returns a new, empty store for each subtest.
func Run(t *testing.T, open func(t *testing.T) Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s Store)
	}{
		{"CreateLoad", testCreateLoad},
		{"CreateDuplicate", testCreateDuplicate},
		{"LoadMissing", testLoadMissing},
		{"SaveMoves", testSaveMoves},
		{"SaveStaleVersion", testSaveStale},
		{"SaveDuplicatePly", testSaveDuplicatePly},
		{"Truncate", testTruncate},
		{"ListFilter", testList},
		{"Unfinished", testUnfinished},
		{"ConcurrentSaves", testConcurrent},
		{"MixedChanges", testMixed},
		{"ListCurrent", testListCurrent},
		{"CallerReusesBuffers", testCallerReuses},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, open(t)) })
	}
}

// base is a fixed instant with millisecond precision, what stores keep.
var base = time.UnixMilli(1_763_700_000_000).UTC()

// NewMatch returns a match for tests, created at base+i seconds.
func NewMatch(id string, i int) store.Match {
	return store.Match{
		ID: id, Game: "race", Variant: "standard", Players: 2, Seed: 1<<63 + uint64(i),
		Options:     map[string]string{"goal": "10"},
		Seats:       []store.Seat{{TokenHash: "abcd"}, {Bot: "random"}},
		TimeControl: store.TimeControl{Kind: "fischer", Base: 5 * time.Minute, Increment: 3 * time.Second},
		Status:      store.StatusLive, Version: 1,
		Clock:   store.Clock{Remaining: []time.Duration{5 * time.Minute, 5 * time.Minute}, Running: 0, Since: base},
		Created: base.Add(time.Duration(i) * time.Second), Updated: base.Add(time.Duration(i) * time.Second),
	}
}

func move(ply int, text string) store.Move {
	c := time.Duration(ply) * time.Second
	return store.Move{Ply: ply, Seat: (ply - 1) % 2, Text: text, At: base.Add(time.Duration(ply) * time.Second), Clock: &c, CmdID: fmt.Sprintf("cmd-%d", ply)}
}

// advance returns m after one more move.
func advance(m store.Match, moves int) store.Match {
	m.Version++
	m.Ply += moves
	m.Updated = m.Updated.Add(time.Second)
	return m
}

func testCreateLoad(t *testing.T, s Store) {
	ctx := context.Background()
	m := NewMatch("m1", 0)
	m.Result = &store.Result{Winners: []int{1}, Scores: []int{3, 4}, Reason: "timeout"}
	m.Rematch = "m9"
	m.Rated = true
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	got, moves, err := s.Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m) {
		t.Errorf("Load = %+v, want %+v", got, m)
	}
	if len(moves) != 0 {
		t.Errorf("Load moves = %v, want none", moves)
	}
}

func testCreateDuplicate(t *testing.T, s Store) {
	ctx := context.Background()
	if err := s.Create(ctx, NewMatch("m1", 0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, NewMatch("m1", 1)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("second Create = %v, want ErrConflict", err)
	}
}

func testLoadMissing(t *testing.T, s Store) {
	if _, _, err := s.Load(context.Background(), "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Load(nope) = %v, want ErrNotFound", err)
	}
}

func testSaveMoves(t *testing.T, s Store) {
	ctx := context.Background()
	m := NewMatch("m1", 0)
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	var want []store.Move
	for ply := 1; ply <= 3; ply++ {
		next := advance(m, 1)
		next.Clock.Running = ply % 2
		mv := move(ply, fmt.Sprintf("+%d", ply))
		if err := s.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1, Append: []store.Move{mv}}); err != nil {
			t.Fatalf("Save ply %d: %v", ply, err)
		}
		m = next
		want = append(want, mv)
	}
	// A move without a clock reading.
	next := advance(m, 1)
	mv := store.Move{Ply: 4, Seat: -2, Text: "h", At: base}
	if err := s.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1, Append: []store.Move{mv}}); err != nil {
		t.Fatal(err)
	}
	m, want = next, append(want, mv)
	got, moves, err := s.Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m) {
		t.Errorf("Load = %+v, want %+v", got, m)
	}
	if !reflect.DeepEqual(moves, want) {
		t.Errorf("Load moves = %+v, want %+v", moves, want)
	}
}

func testSaveStale(t *testing.T, s Store) {
	ctx := context.Background()
	m := NewMatch("m1", 0)
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	next := advance(m, 1)
	err := s.Save(ctx, store.Change{Match: next, Prev: m.Version + 5, Truncate: -1, Append: []store.Move{move(1, "+1")}})
	if !errors.Is(err, store.ErrConflict) {
		t.Fatalf("Save at a wrong version = %v, want ErrConflict", err)
	}
	got, moves, err := s.Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != m.Version || len(moves) != 0 {
		t.Fatalf("after a refused Save: version %d, %d moves; want %d, 0", got.Version, len(moves), m.Version)
	}
	if err := s.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1}); err != nil {
		t.Fatal(err)
	}
	if err := s.Save(ctx, store.Change{Match: advance(next, 0), Prev: m.Version, Truncate: -1}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("second Save from the same version = %v, want ErrConflict", err)
	}
	if err := s.Save(ctx, store.Change{Match: NewMatch("ghost", 0), Prev: 1, Truncate: -1}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("Save of a missing match = %v, want ErrConflict", err)
	}
}

// testSaveDuplicatePly checks a change is all or nothing: a move row that
// clashes undoes the match update too.
func testSaveDuplicatePly(t *testing.T, s Store) {
	ctx := context.Background()
	m := NewMatch("m1", 0)
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	m2 := advance(m, 1)
	if err := s.Save(ctx, store.Change{Match: m2, Prev: m.Version, Truncate: -1, Append: []store.Move{move(1, "+1")}}); err != nil {
		t.Fatal(err)
	}
	m3 := advance(m2, 1)
	err := s.Save(ctx, store.Change{Match: m3, Prev: m2.Version, Truncate: -1, Append: []store.Move{move(1, "+2")}})
	if !errors.Is(err, store.ErrConflict) {
		t.Fatalf("Save with a duplicate ply = %v, want ErrConflict", err)
	}
	got, moves, err := s.Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != m2.Version || len(moves) != 1 || moves[0].Text != "+1" {
		t.Fatalf("after a refused Save: version %d, moves %+v; want version %d and [+1]", got.Version, moves, m2.Version)
	}
}

func testTruncate(t *testing.T, s Store) {
	ctx := context.Background()
	m := NewMatch("m1", 0)
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	next := advance(m, 3)
	if err := s.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1, Append: []store.Move{move(1, "+1"), move(2, "+2"), move(3, "+1")}}); err != nil {
		t.Fatal(err)
	}
	back := advance(next, -2)
	if err := s.Save(ctx, store.Change{Match: back, Prev: next.Version, Truncate: 1}); err != nil {
		t.Fatal(err)
	}
	_, moves, err := s.Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != 1 || moves[0].Text != "+1" {
		t.Fatalf("after truncating to 1: %+v", moves)
	}
	// Truncate and append in one change replaces a move.
	again := advance(back, 1)
	if err := s.Save(ctx, store.Change{Match: again, Prev: back.Version, Truncate: 1, Append: []store.Move{move(2, "+1")}}); err != nil {
		t.Fatal(err)
	}
	_, moves, err = s.Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != 2 || moves[1].Text != "+1" {
		t.Fatalf("after truncate and append: %+v", moves)
	}
}

func testList(t *testing.T, s Store) {
	ctx := context.Background()
	for i, st := range []string{store.StatusWaiting, store.StatusLive, store.StatusFinished, store.StatusLive, store.StatusAborted} {
		m := NewMatch(fmt.Sprintf("m%d", i), i)
		m.Status = st
		if i == 3 {
			m.Game = "pathagon"
		}
		if i == 1 {
			m.TimeControl = store.TimeControl{Kind: "correspondence", Days: 3}
		}
		if err := s.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(ms []store.Match) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.ID)
		}
		return out
	}
	tests := []struct {
		name string
		f    store.Filter
		want []string
	}{
		{"all", store.Filter{}, []string{"m4", "m3", "m2", "m1", "m0"}},
		{"active", store.Filter{Statuses: []string{store.StatusWaiting, store.StatusLive}}, []string{"m3", "m1", "m0"}},
		{"finished", store.Filter{Statuses: []string{store.StatusFinished}}, []string{"m2"}},
		{"game", store.Filter{Game: "pathagon"}, []string{"m3"}},
		{"limit", store.Filter{Limit: 2}, []string{"m4", "m3"}},
		{"all lifts the limit", store.Filter{Limit: 2, All: true}, []string{"m4", "m3", "m2", "m1", "m0"}},
		{"updated before", store.Filter{UpdatedBefore: base.Add(2 * time.Second)}, []string{"m1", "m0"}},
		{"kinds", store.Filter{Kinds: []string{"correspondence"}}, []string{"m1"}},
		{"kinds and status", store.Filter{Kinds: []string{"fischer"}, Statuses: []string{store.StatusLive}}, []string{"m3"}},
		{"none", store.Filter{Game: "chess"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.List(ctx, tt.f)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(ids(got), tt.want) {
				t.Errorf("List(%+v) = %v, want %v", tt.f, ids(got), tt.want)
			}
			n, err := s.Count(ctx, tt.f)
			if err != nil {
				t.Fatal(err)
			}
			want := len(tt.want)
			if tt.f.Limit > 0 && !tt.f.All {
				want = 5 // Count ignores Limit
			}
			if n != want {
				t.Errorf("Count(%+v) = %d, want %d", tt.f, n, want)
			}
		})
	}
}

func testUnfinished(t *testing.T, s Store) {
	ctx := context.Background()
	for i, st := range []string{store.StatusWaiting, store.StatusFinished, store.StatusLive, store.StatusAborted} {
		m := NewMatch(fmt.Sprintf("m%d", i), i)
		m.Status = st
		if err := s.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Unfinished(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"m0", "m2"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Unfinished = %v, want %v", got, want)
	}
}

// testConcurrent saves moves of many matches at once (the group-commit path)
// with one bad change among them: every good change lands, the bad one alone
// fails.
func testConcurrent(t *testing.T, s Store) {
	ctx := context.Background()
	const matches, plies = 20, 10
	for i := range matches {
		if err := s.Create(ctx, NewMatch(fmt.Sprintf("m%d", i), i)); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, matches*plies+1)
	for i := range matches {
		wg.Go(func() {
			m := NewMatch(fmt.Sprintf("m%d", i), i)
			for ply := 1; ply <= plies; ply++ {
				next := advance(m, 1)
				if err := s.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1, Append: []store.Move{move(ply, "+1")}}); err != nil {
					errs <- fmt.Errorf("match %s ply %d: %w", m.ID, ply, err)
				}
				m = next
			}
		})
	}
	wg.Go(func() {
		bad := NewMatch("m0", 0)
		if err := s.Save(ctx, store.Change{Match: bad, Prev: 999, Truncate: -1}); !errors.Is(err, store.ErrConflict) {
			errs <- fmt.Errorf("bad change: %v, want ErrConflict", err)
		}
	})
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for i := range matches {
		m, moves, err := s.Load(ctx, fmt.Sprintf("m%d", i))
		if err != nil {
			t.Fatal(err)
		}
		if m.Ply != plies || len(moves) != plies {
			t.Errorf("match %s: ply %d, %d moves; want %d", m.ID, m.Ply, len(moves), plies)
		}
	}
}

// testMixed interleaves the changes of a match's life — moves, an event
// without a move (a draw offer), a seat change, a takeback, a finishing
// move and a rematch — and checks after each that Load returns exactly the
// match last saved. Stores may keep the per-move fields (version, ply,
// clock, update time) apart from the rest of the match; this is where
// mixing the two kinds of change would go wrong.
func testMixed(t *testing.T, s Store) {
	ctx := context.Background()
	m := NewMatch("m1", 0)
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	var moves []store.Move
	step := func(name string, next store.Match, truncate int, add ...store.Move) {
		t.Helper()
		if err := s.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: truncate, Append: add}); err != nil {
			t.Fatalf("%s: Save: %v", name, err)
		}
		m = next
		if truncate >= 0 {
			moves = moves[:truncate]
		}
		moves = append(moves, add...)
		got, gotMoves, err := s.Load(ctx, m.ID)
		if err != nil {
			t.Fatalf("%s: Load: %v", name, err)
		}
		if !reflect.DeepEqual(got, m) {
			t.Fatalf("%s: Load = %+v, want %+v", name, got, m)
		}
		if len(gotMoves) != len(moves) || (len(moves) > 0 && !reflect.DeepEqual(gotMoves, moves)) {
			t.Fatalf("%s: Load moves = %+v, want %+v", name, gotMoves, moves)
		}
	}
	play := func(name string, f func(*store.Match)) {
		t.Helper()
		next := advance(m, 1)
		next.Clock.Remaining = []time.Duration{time.Minute + time.Duration(next.Ply)*time.Millisecond, 2 * time.Minute}
		next.Clock.Running = next.Ply % 2
		next.Clock.Since = base.Add(time.Duration(next.Ply) * time.Second)
		if f != nil {
			f(&next)
		}
		step(name, next, -1, move(next.Ply, fmt.Sprintf("+%d", next.Ply)))
	}
	play("move 1", nil)
	play("move 2", nil)
	step("draw offer", advance(m, 0), -1)
	play("move 3", nil)
	seated := advance(m, 0)
	seated.Seats = []store.Seat{{TokenHash: "abcd"}, {TokenHash: "ef01"}}
	step("seat taken", seated, -1)
	play("move 4", nil)
	back := advance(m, -2)
	back.Clock.Running = 1
	step("takeback", back, 2)
	play("move 3 again", nil)
	play("seat change with a move", func(n *store.Match) { n.Seats = []store.Seat{{TokenHash: "abcd"}, {Bot: "random"}} })
	play("finishing move", func(n *store.Match) {
		n.Status = store.StatusFinished
		n.Result = &store.Result{Winners: []int{0}, Reason: "line"}
		n.Clock.Running = -1
	})
	rematch := advance(m, 0)
	rematch.Rematch = "m2"
	step("rematch", rematch, -1)
	if err := s.Save(ctx, store.Change{Match: advance(m, 1), Prev: m.Version - 1, Truncate: -1, Append: []store.Move{move(m.Ply+1, "+1")}}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a move based on an old version = %v, want ErrConflict", err)
	}
}

// testListCurrent checks List reports each match as last saved (version,
// ply, clock, update time after its moves) and orders by the last update.
func testListCurrent(t *testing.T, s Store) {
	ctx := context.Background()
	want := map[string]store.Match{}
	for i := range 3 {
		m := NewMatch(fmt.Sprintf("m%d", i), i)
		if err := s.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
		// m0 moves last, so it is the most recently updated.
		for ply := 1; ply <= 2-i; ply++ {
			next := advance(m, 1)
			next.Updated = base.Add(time.Duration(10*(3-i)+ply) * time.Second)
			next.Clock.Remaining = []time.Duration{time.Duration(ply) * time.Minute, time.Minute}
			next.Clock.Running = ply % 2
			if err := s.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1, Append: []store.Move{move(ply, "+1")}}); err != nil {
				t.Fatal(err)
			}
			m = next
		}
		want[m.ID] = m
	}
	got, err := s.List(ctx, store.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range got {
		ids = append(ids, m.ID)
		if !reflect.DeepEqual(m, want[m.ID]) {
			t.Errorf("List: %+v, want %+v", m, want[m.ID])
		}
	}
	if w := []string{"m0", "m1", "m2"}; !reflect.DeepEqual(ids, w) {
		t.Errorf("List order = %v, want %v", ids, w)
	}
}

// testCallerReuses checks a store copies what it keeps: a caller that
// writes over everything it passed to Create and Save once they returned
// (seats, clock times, the result, the moves and their clock readings:
// the way a server reuses its buffers) changes nothing the store holds,
// for moves alone and for changes of the match row, and for the next
// change built from the same buffers.
func testCallerReuses(t *testing.T, s Store) {
	ctx := context.Background()
	m := NewMatch("m1", 0)
	seats := m.Seats
	want := m
	want.Seats = []store.Seat{seats[0], seats[1]}
	want.Clock.Remaining = []time.Duration{m.Clock.Remaining[0], m.Clock.Remaining[1]}
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	seats[0].TokenHash, m.Clock.Remaining[0] = "scribbled", time.Hour
	times := m.Clock.Remaining // the caller's one array of times, reused
	moves := make([]store.Move, 1)
	var wantMoves []store.Move
	for ply := 1; ply <= 4; ply++ {
		next := advance(want, 1)
		next.Seats, next.Clock.Remaining = seats, times
		copy(seats, want.Seats)
		times[0], times[1] = time.Duration(ply)*time.Minute, time.Duration(ply)*time.Second
		if ply == 3 { // a change of the match row, not a move alone
			seats[1] = store.Seat{TokenHash: "joined"}
			next.Status = store.StatusFinished
			next.Result = &store.Result{Winners: []int{0}, Scores: []int{2, 1}, Reason: "line"}
		}
		moves[0] = move(ply, fmt.Sprintf("+%d", ply))
		keep := next
		keep.Seats = []store.Seat{seats[0], seats[1]}
		keep.Clock.Remaining = []time.Duration{times[0], times[1]}
		if r := next.Result; r != nil {
			keep.Result = &store.Result{Winners: []int{r.Winners[0]}, Scores: []int{r.Scores[0], r.Scores[1]}, Reason: r.Reason}
		}
		mv := moves[0]
		c := *mv.Clock
		mv.Clock = &c
		if err := s.Save(ctx, store.Change{Match: next, Prev: want.Version, Truncate: -1, Append: moves}); err != nil {
			t.Fatalf("Save ply %d: %v", ply, err)
		}
		*moves[0].Clock, moves[0].Text = time.Hour, "scribbled"
		seats[0].TokenHash, times[0] = "scribbled", time.Hour
		if r := next.Result; r != nil {
			r.Winners[0], r.Scores[0], r.Reason = 1, 9, "scribbled"
		}
		want, wantMoves = keep, append(wantMoves, mv)
		got, gotMoves, err := s.Load(ctx, "m1")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("after ply %d and the caller's scribbles: Load = %+v, want %+v", ply, got, want)
		}
		if !reflect.DeepEqual(gotMoves, wantMoves) {
			t.Fatalf("after ply %d and the caller's scribbles: moves = %+v, want %+v", ply, gotMoves, wantMoves)
		}
	}
}
