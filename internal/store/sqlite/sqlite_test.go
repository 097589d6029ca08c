package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"

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
