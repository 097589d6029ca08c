package postgres

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/storetest"
)

// BenchmarkSave measures durable move commits from parallel matches, each
// goroutine playing its own match, as the SQLite store's BenchmarkSave
// does. Besides the time per move it reports the CPU per move of this
// process (cpu-µs/op) and, when the server runs on this machine and its
// processes can be read in /proc (scripts/pg.sh's as root), of the
// server's processes (pg-cpu-µs/op).
func BenchmarkSave(b *testing.B) {
	for _, matches := range []int{32, 256} {
		b.Run(fmt.Sprintf("matches=%d", matches), func(b *testing.B) { benchmarkSave(b, matches) })
	}
}

func benchmarkSave(b *testing.B, matches int) {
	db := openTest(b)
	ctx := context.Background()
	var n atomic.Int64
	// Enough goroutines for matches at once; the pool (pgx's default size)
	// bounds how many transactions the server sees at a time.
	b.SetParallelism(max(1, matches/runtime.GOMAXPROCS(0)))
	server := serverPIDs(b, db)
	selfBefore, serverBefore := cpuOf("self"), cpuOfAll(server)
	b.ResetTimer()
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
			if err := db.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1,
				Append: []store.Move{{Ply: ply, Text: "d4", At: m.Created}}}); err != nil {
				b.Error(err)
				return
			}
			m = next
		}
	})
	b.StopTimer()
	b.ReportMetric(float64((cpuOf("self")-selfBefore).Microseconds())/float64(b.N), "cpu-µs/op")
	if server = serverPIDs(b, db); server != nil {
		var spent time.Duration
		for _, pid := range server {
			spent += cpuOf(pid) - serverBefore[pid] // a process started since counts from 0
		}
		b.ReportMetric(float64(spent.Microseconds())/float64(b.N), "pg-cpu-µs/op")
	}
}

// serverPIDs returns the process IDs of the server's processes (its
// backends and its background writers), or nil when /proc does not show
// them (a server on another machine, or run by another user).
func serverPIDs(b *testing.B, db *DB) []string {
	rows, err := db.pool.Query(context.Background(), `SELECT pid FROM pg_stat_activity`)
	if err != nil {
		b.Fatal(err)
	}
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		b.Fatal(err)
	}
	var out []string
	for _, p := range pids {
		pid := strconv.Itoa(int(p))
		if _, err := os.Stat("/proc/" + pid + "/stat"); err != nil {
			return nil
		}
		out = append(out, pid)
	}
	return out
}

func cpuOfAll(pids []string) map[string]time.Duration {
	m := map[string]time.Duration{}
	for _, p := range pids {
		m[p] = cpuOf(p)
	}
	return m
}

// cpuOf is the user and system CPU time /proc reports for process pid
// ("self" for this one), 0 when it cannot be read. /proc counts in ticks
// of 1/100 s on Linux.
func cpuOf(pid string) time.Duration {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0
	}
	// The fields after the command name (in parentheses, which may hold
	// spaces): utime and stime are the 12th and 13th.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}
