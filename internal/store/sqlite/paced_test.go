//go:build unix

package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store/storetest"
)

// BenchmarkSavePaced plays 10 000 matches, each moving once a second,
// as the load test's server sees them (BenchmarkSave saturates the writer:
// its batches are full, ~500 changes, where the server's hold ~20), and
// reports the process's CPU per move (getrusage: the writer, SQLite and
// the benchmark's own goroutines) with the writer's metrics, and the
// p50, p99 and p99.9 of a Save's time (queue and commit: what a move
// waits for in the server). A catch-up round starts every catchRows
// moves, so -benchtime 200000x holds three.
func BenchmarkSavePaced(b *testing.B) {
	const matches, rate = 10_000, 10_000
	db := open(b, filepath.Join(b.TempDir(), "tabula.db"))
	defer db.Close()
	ctx := context.Background()
	every := time.Duration(matches) * time.Second / rate // one match's interval
	var n atomic.Int64
	var mu sync.Mutex
	var saves []time.Duration // every goroutine's, added when it is done
	b.SetParallelism(max(1, matches/runtime.GOMAXPROCS(0)))
	b.ReportAllocs()
	before := cpuTime(b)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := n.Add(1)
		m := storetest.NewMatch(fmt.Sprintf("m%d", i), 0)
		if err := db.Create(ctx, m); err != nil {
			b.Error(err)
			return
		}
		// Spread the matches over the interval.
		next := time.Now().Add(time.Duration(i%matches) * every / matches)
		var took []time.Duration
		defer func() {
			mu.Lock()
			saves = append(saves, took...)
			mu.Unlock()
		}()
		for ply := 1; pb.Next(); ply++ {
			time.Sleep(time.Until(next))
			next = next.Add(every)
			start := time.Now()
			var err error
			if m, err = appendMove(ctx, db, m, ply); err != nil {
				b.Error(err)
				return
			}
			took = append(took, time.Since(start))
		}
	})
	b.StopTimer()
	b.ReportMetric(float64((cpuTime(b)-before).Microseconds())/float64(b.N), "cpu-µs/op")
	slices.Sort(saves)
	for _, q := range []struct {
		unit string
		q    float64
	}{{"save-p50-ms", 0.5}, {"save-p99-ms", 0.99}, {"save-p99.9-ms", 0.999}} {
		if len(saves) > 0 {
			b.ReportMetric(float64(saves[min(len(saves)-1, int(q.q*float64(len(saves))))])/1e6, q.unit)
		}
	}
	reportWriter(b, db)
}
