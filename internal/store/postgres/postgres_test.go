package postgres

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/postgres/pgtest"
	"github.com/tabula-games/tabula/internal/store/storetest"
)

// The tests run against the PostgreSQL server TABULA_PG names, each in a
// schema of its own (pgtest), so they run in parallel.

// openTest opens a store in a new schema, closed when t ends.
func openTest(t testing.TB) *DB {
	t.Helper()
	return openAt(t, pgtest.URL(t))
}

// openAt opens a store at dsn, closed when t ends.
func openAt(t testing.TB, dsn string) *DB {
	t.Helper()
	db, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestStore(t *testing.T) {
	t.Parallel()
	pgtest.Server(t) // one skip, not one per subtest
	storetest.Run(t, func(t *testing.T) storetest.Store { return openTest(t) })
}

// TestAccounts runs the accounts suite: tabula serve on PostgreSQL has
// accounts (the server turns them on for a store with these methods).
func TestAccounts(t *testing.T) {
	t.Parallel()
	pgtest.Server(t)
	storetest.RunAccounts(t, func(t *testing.T) storetest.AccountStore { return openTest(t) })
}

// TestChat runs the chat and token suite.
func TestChat(t *testing.T) {
	t.Parallel()
	pgtest.Server(t)
	storetest.RunChat(t, func(t *testing.T) storetest.ChatStore { return openTest(t) })
}

// TestSettings runs the account settings suite on PostgreSQL.
func TestSettings(t *testing.T) {
	t.Parallel()
	pgtest.Server(t)
	storetest.RunSettings(t, func(t *testing.T) storetest.SettingsStore { return openTest(t) })
}

// TestAnalyses runs the reviews and puzzle ratings suite on PostgreSQL.
func TestAnalyses(t *testing.T) {
	t.Parallel()
	pgtest.Server(t)
	storetest.RunAnalyses(t, func(t *testing.T) storetest.AnalysisStore { return openTest(t) })
}

// TestRatings runs the ratings suite: rated matches, profiles, archives
// and leaderboards on PostgreSQL.
func TestRatings(t *testing.T) {
	t.Parallel()
	pgtest.Server(t)
	storetest.RunRatings(t, func(t *testing.T) storetest.RatingStore { return openTest(t) })
}

// TestMigrations migrates a database holding a match down to nothing and
// up again.
func TestMigrations(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openTest(t)
	if err := db.Create(ctx, storetest.NewMatch("m1", 0)); err != nil {
		t.Fatal(err)
	}
	p, closeDB, err := migrator(db.pool)
	if err != nil {
		t.Fatal(err)
	}
	defer closeDB()
	tables := func() []string {
		t.Helper()
		rows, err := db.pool.Query(ctx, `SELECT table_name FROM information_schema.tables
			WHERE table_schema = current_schema() AND table_name IN ('matches', 'moves', 'accounts', 'sessions', 'account_seats', 'ratings', 'rating_changes') ORDER BY table_name`)
		if err != nil {
			t.Fatal(err)
		}
		names, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		return names
	}
	if got, want := tables(), []string{"account_seats", "accounts", "matches", "moves", "rating_changes", "ratings", "sessions"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("after Open: tables %v, want %v", got, want)
	}
	if _, err := p.DownTo(ctx, 0); err != nil {
		t.Fatalf("down: %v", err)
	}
	if v, err := p.GetDBVersion(ctx); err != nil || v != 0 {
		t.Fatalf("after down: version %d, %v; want 0", v, err)
	}
	if got := tables(); len(got) != 0 {
		t.Fatalf("after down: tables %v, want none", got)
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatalf("up again: %v", err)
	}
	if _, _, err := db.Load(ctx, "m1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Load after down and up = %v, want ErrNotFound (an empty database)", err)
	}
	if err := db.Create(ctx, storetest.NewMatch("m1", 0)); err != nil {
		t.Fatalf("Create after down and up: %v", err)
	}
}

// TestOpenTogether opens several stores on one new schema at once, as
// servers started together do: the migration lock lets one migrate and
// the others find the schema migrated.
func TestOpenTogether(t *testing.T) {
	t.Parallel()
	dsn := pgtest.URL(t)
	const n = 3
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			db, err := Open(context.Background(), dsn)
			if err == nil {
				db.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("Open %d: %v", i, err)
		}
	}
}

// TestWritersOnOneDatabase has the writers of one match spread over two
// stores on one database, as two server processes would be: each writer
// loads the match and saves the next move from the version it read, so
// they race. The database must accept exactly one change per version:
// every accepted move is stored, in order, once, and every refusal is
// store.ErrConflict.
func TestWritersOnOneDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dsn := pgtest.URL(t)
	dbs := []*DB{openAt(t, dsn), openAt(t, dsn)}
	if err := dbs[0].Create(ctx, storetest.NewMatch("m1", 0)); err != nil {
		t.Fatal(err)
	}
	const writers, tries = 8, 25
	var mu sync.Mutex
	won := map[int]string{} // ply: the command ID of the move accepted for it
	var wg sync.WaitGroup
	for w := range writers {
		db := dbs[w%len(dbs)]
		wg.Go(func() {
			for i := range tries {
				m, _, err := db.Load(ctx, "m1")
				if err != nil {
					t.Error(err)
					return
				}
				next := m
				next.Version++
				next.Ply++
				cmd := fmt.Sprintf("w%d-%d", w, i)
				mv := store.Move{Ply: next.Ply, Seat: w % 2, Text: "+1", At: m.Created, CmdID: cmd}
				err = db.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1, Append: []store.Move{mv}})
				switch {
				case err == nil:
					mu.Lock()
					if other, ok := won[next.Ply]; ok {
						t.Errorf("ply %d accepted twice: %s and %s", next.Ply, other, cmd)
					}
					won[next.Ply] = cmd
					mu.Unlock()
				case !errors.Is(err, store.ErrConflict):
					t.Errorf("Save: %v, want nil or ErrConflict", err)
				}
			}
		})
	}
	wg.Wait()
	m, moves, err := dbs[1].Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if len(won) == 0 || m.Ply != len(won) || m.Version != int64(1+len(won)) || len(moves) != len(won) {
		t.Fatalf("%d moves accepted; stored ply %d, version %d, %d moves", len(won), m.Ply, m.Version, len(moves))
	}
	for i, mv := range moves {
		if mv.Ply != i+1 || mv.CmdID != won[mv.Ply] {
			t.Errorf("move %d: ply %d by %s; want ply %d by %s", i, mv.Ply, mv.CmdID, i+1, won[i+1])
		}
	}
	t.Logf("%d of %d saves accepted", len(won), writers*tries)
}

// TestSaveKeepsNothing changes everything a saved change refers to after
// Save returned (a room reuses its buffers): the stored match and moves
// stay as saved.
func TestSaveKeepsNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openTest(t)
	m := storetest.NewMatch("m1", 0)
	if err := db.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	next := m
	next.Version, next.Ply = 2, 1
	next.Seats = []store.Seat{{TokenHash: "abcd"}, {TokenHash: "ef01"}}
	next.Clock.Remaining = []time.Duration{time.Minute, 2 * time.Minute}
	next.Result = &store.Result{Winners: []int{0}, Reason: "line"}
	clock := 3 * time.Second
	moves := []store.Move{{Ply: 1, Text: "+1", At: m.Created, Clock: &clock, CmdID: "c1"}}
	wantMatch := next
	wantMatch.Seats = []store.Seat{{TokenHash: "abcd"}, {TokenHash: "ef01"}}
	wantMatch.Clock.Remaining = []time.Duration{time.Minute, 2 * time.Minute}
	wantMatch.Result = &store.Result{Winners: []int{0}, Reason: "line"}
	wantClock := clock
	wantMoves := []store.Move{{Ply: 1, Text: "+1", At: m.Created, Clock: &wantClock, CmdID: "c1"}}
	if err := db.Save(ctx, store.Change{Match: next, Prev: 1, Truncate: -1, Append: moves}); err != nil {
		t.Fatal(err)
	}
	next.Seats[1].TokenHash = "ffff"
	next.Clock.Remaining[0] = 0
	next.Result.Winners[0] = 1
	moves[0].Text, clock = "x", 0
	got, gotMoves, err := db.Load(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, wantMatch) || !reflect.DeepEqual(gotMoves, wantMoves) {
		t.Fatalf("Load = %+v, %+v; want %+v, %+v", got, gotMoves, wantMatch, wantMoves)
	}
}

// TestOpenErrorHidesPassword checks a connection string Open cannot use
// does not reach the error (and so the log) with its password.
func TestOpenErrorHidesPassword(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, dsn := range []string{
		"postgres://tabula:s3cret-pw@127.0.0.1:notaport/tabula",
		"postgres://tabula:s3cret-pw@127.0.0.1:1/tabula?connect_timeout=5",
		"host=127.0.0.1 port=1 user=tabula password=s3cret-pw connect_timeout=5",
	} {
		db, err := Open(ctx, dsn)
		if err == nil {
			db.Close()
			t.Errorf("Open(%q) succeeded", dsn)
			continue
		}
		if strings.Contains(err.Error(), "s3cret-pw") {
			t.Errorf("Open error shows the password: %v", err)
		}
	}
}

// TestCollector checks the pool's metrics are consistent (a pedantic
// registry checks them against their descriptions) and count the store's
// use of the pool.
func TestCollector(t *testing.T) {
	t.Parallel()
	db := openTest(t)
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(db.Collector())
	acquires := func() float64 {
		t.Helper()
		mfs, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		for _, mf := range mfs {
			if mf.GetName() == "tabula_store_pg_acquires_total" {
				return mf.GetMetric()[0].GetCounter().GetValue()
			}
		}
		t.Fatal("no tabula_store_pg_acquires_total")
		return 0
	}
	before := acquires()
	if err := db.Create(context.Background(), storetest.NewMatch("m1", 0)); err != nil {
		t.Fatal(err)
	}
	if after := acquires(); after != before+1 {
		t.Errorf("acquires: %v before a Create, %v after; want one more", before, after)
	}
}

// TestAccountsAcrossServers races signups of one name, bindings of one
// seat and logins of one account over two stores on one database, as two
// server processes would: the database keeps one account per name, one
// holder per seat, and at most the session cap, and refuses the losers
// with store.ErrConflict.
func TestAccountsAcrossServers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dsn := pgtest.URL(t)
	dbs := []*DB{openAt(t, dsn), openAt(t, dsn)}
	const racers, sessionCap = 16, 3
	race := func(do func(i int, db *DB) error) (won []int) {
		t.Helper()
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i := range racers {
			wg.Go(func() {
				err := do(i, dbs[i%len(dbs)])
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					won = append(won, i)
				case !errors.Is(err, store.ErrConflict):
					t.Errorf("racer %d: %v; want nil or ErrConflict", i, err)
				}
			})
		}
		wg.Wait()
		return won
	}

	won := race(func(i int, db *DB) error {
		return db.CreateAccount(ctx, storetest.NewAccount(fmt.Sprintf("a_%d", i), []string{"Alice", "ALICE", "alice"}[i%3], 0))
	})
	if len(won) != 1 {
		t.Fatalf("signups of one name accepted: %v; want one", won)
	}
	a, err := dbs[1].AccountByName(ctx, "alice")
	if err != nil || a.ID != fmt.Sprintf("a_%d", won[0]) {
		t.Fatalf("the account of the name: %+v, %v; want a_%d", a, err, won[0])
	}
	for i := range racers {
		if i != won[0] {
			if err := dbs[0].CreateAccount(ctx, storetest.NewAccount(fmt.Sprintf("a_%d", i), fmt.Sprintf("player%d", i), 0)); err != nil {
				t.Fatal(err)
			}
		}
	}

	if err := dbs[0].Create(ctx, storetest.NewMatch("m1", 0)); err != nil {
		t.Fatal(err)
	}
	won = race(func(i int, db *DB) error {
		return db.BindSeat(ctx, fmt.Sprintf("a_%d", i), store.SeatRef{Match: "m1", Seat: 1})
	})
	if len(won) != 1 {
		t.Fatalf("bindings of one seat by different accounts accepted: %v; want one", won)
	}
	if got, err := dbs[1].SeatAccounts(ctx, "m1"); err != nil || !reflect.DeepEqual(got, map[int]string{1: fmt.Sprintf("a_%d", won[0])}) {
		t.Fatalf("SeatAccounts = %v, %v; want seat 1 held by a_%d", got, err, won[0])
	}

	race(func(i int, db *DB) error {
		se := store.Session{Hash: fmt.Sprintf("s%d", i), Account: a.ID, Created: a.Created, Seen: a.Created, Expires: a.Created.Add(time.Hour)}
		return db.CreateSession(ctx, se, sessionCap)
	})
	var left int
	if err := dbs[0].pool.QueryRow(ctx, `SELECT count(*) FROM sessions WHERE account_id = $1`, a.ID).Scan(&left); err != nil {
		t.Fatal(err)
	}
	if left != sessionCap {
		t.Errorf("%d logins at once with a cap of %d left %d sessions", racers, sessionCap, left)
	}
}
