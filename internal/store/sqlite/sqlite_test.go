package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

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
// group-commit path): each goroutine plays its own match.
func BenchmarkSave(b *testing.B) {
	db := open(b, filepath.Join(b.TempDir(), "tabula.db"))
	defer db.Close()
	ctx := context.Background()
	var n atomic.Int64
	b.SetParallelism(32) // many matches at once, as on a busy server
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		m := storetest.NewMatch(fmt.Sprintf("m%d", n.Add(1)), 0)
		if err := db.Create(ctx, m); err != nil {
			b.Error(err)
			return
		}
		for ply := 1; pb.Next(); ply++ {
			next := m
			next.Version++
			next.Ply++
			if err := db.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1, Append: []store.Move{{Ply: ply, Text: "d4", At: m.Created}}}); err != nil {
				b.Error(err)
				return
			}
			m = next
		}
	})
}

// TestMoveOnlyWrite checks a plain move writes its own row and leaves the
// match row alone (the point of migration 00003), while a change of status
// rewrites the match row.
func TestMoveOnlyWrite(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "tabula.db"))
	defer db.Close()
	m := storetest.NewMatch("m1", 0)
	if err := db.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	rowVersion := func() (v int64, moveVersion sql.NullInt64) {
		t.Helper()
		if err := db.read.QueryRowContext(ctx, `SELECT version FROM matches WHERE id = 'm1'`).Scan(&v); err != nil {
			t.Fatal(err)
		}
		if err := db.read.QueryRowContext(ctx, `SELECT version FROM moves WHERE match_id = 'm1' ORDER BY ply DESC LIMIT 1`).Scan(&moveVersion); err != nil {
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
	provider := func(raw *sql.DB) *goose.Provider {
		t.Helper()
		sub, err := fs.Sub(migrations, "migrations")
		if err != nil {
			t.Fatal(err)
		}
		p, err := goose.NewProvider(goose.DialectSQLite3, raw, sub)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := provider(raw).UpTo(ctx, 2); err != nil {
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
	if _, err := raw.ExecContext(ctx, sqlInsertMove, "m1", 1, 0, "+1", old.Created.UnixMilli(), nil, "c1"); err != nil {
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
	if _, err := provider(raw).DownTo(ctx, 2); err != nil {
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
