//go:build unix

package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store/storetest"
)

// BenchmarkSavePaced plays 10 000 matches, each moving once a second,
// as the load test's server sees them (BenchmarkSave saturates the writer:
// its batches are full, ~500 changes, where the server's hold ~20), and
// reports the process's CPU per move (getrusage: the writer, SQLite and
// the benchmark's own goroutines) with the writer's metrics.
func BenchmarkSavePaced(b *testing.B) {
	const matches, rate = 10_000, 10_000
	db := open(b, filepath.Join(b.TempDir(), "tabula.db"))
	defer db.Close()
	ctx := context.Background()
	every := time.Duration(matches) * time.Second / rate // one match's interval
	var n atomic.Int64
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
		for ply := 1; pb.Next(); ply++ {
			time.Sleep(time.Until(next))
			next = next.Add(every)
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
