package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/storetest"
)

// BenchmarkLoad times Load of a 400-ply match (a long game) whose moves
// interleave with those of 255 other matches played at the same time, as
// the server stores them: each of the match's moves sits on a different
// page of whatever table holds it.
func BenchmarkLoad(b *testing.B) {
	const matches, plies = 256, 400
	ctx := context.Background()
	db := open(b, filepath.Join(b.TempDir(), "tabula.db"))
	defer db.Close()
	var wg sync.WaitGroup
	for i := range matches {
		m := storetest.NewMatch(fmt.Sprintf("m%03d", i), i)
		if err := db.Create(ctx, m); err != nil {
			b.Fatal(err)
		}
		wg.Go(func() {
			for ply := 1; ply <= plies; ply++ {
				var err error
				if m, err = appendMove(ctx, db, m, ply); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	b.ReportAllocs()
	b.ResetTimer()
	var got store.Match
	var moves []store.Move
	for b.Loop() {
		var err error
		if got, moves, err = db.Load(ctx, "m100"); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if got.Ply != plies || len(moves) != plies || moves[plies-1].Ply != plies {
		b.Fatalf("Load: ply %d, %d moves; want %d", got.Ply, len(moves), plies)
	}
}
