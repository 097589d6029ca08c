package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Reports: the counts and round trips gathered, the server's metrics and
// the machine's load read before and after, profiles and the timeline.

type stats struct {
	mu        sync.Mutex
	latencies []time.Duration
	sent      []int64     // unix µs of each latency's send
	over      atomic.Bool // the measuring time is over: later acks are not counted
	errors    map[string]int
	moves     atomic.Int64
	ticks     atomic.Int64 // ticks that found a move to make (offered load)
	skipped   atomic.Int64 // ticks skipped: the previous move still unacknowledged
	restarts  atomic.Int64
	desyncs   atomic.Int64 // delta updates that did not fit a client's position (each resynced)
}

func (s *stats) fail(what string) {
	s.mu.Lock()
	s.errors[what]++
	s.mu.Unlock()
}

// writeHeapProfile writes the heap profile (allocations since the
// process started, and the live heap) to path+suffix; nothing when path
// is empty. It collects first: a profile holds the counts as of the last
// collection, and the measuring time may have none.
func writeHeapProfile(path, suffix string) error {
	if path == "" {
		return nil
	}
	runtime.GC()
	f, err := os.Create(path + suffix)
	if err != nil {
		return fmt.Errorf("memprofile: %w", err)
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return fmt.Errorf("memprofile: %w", err)
	}
	return f.Close()
}

// writeTimeline writes one "sent_unix_µs round_trip_µs" line per move.
func writeTimeline(path string, sent []int64, lat []time.Duration) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("timeline: %w", err)
	}
	w := bufio.NewWriter(f)
	for i, at := range sent {
		fmt.Fprintf(w, "%d %d\n", at, lat[i].Microseconds())
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("timeline: %w", err)
	}
	return f.Close()
}

// metricsReading is what the load generator reads from the server's
// /metrics: moves played and the process's CPU seconds (user + system).
type metricsReading struct {
	moves, cpu, slowDrops float64
	// hists are the server's latency histograms (serverStages), as
	// cumulative counts per upper bound.
	hists map[string]map[float64]float64
	// each is every process's own reading, when several were summed.
	each []metricsReading
}

// serverStages are the server's histograms the load generator reports
// percentiles of, with what they time: where a move's round trip went.
var serverStages = []struct{ name, what string }{
	{"tabula_move_latency_seconds", "move arrival → ack queued"},
	{"tabula_save_seconds", "room's Save (store queue + commit)"},
	{"tabula_store_queue_seconds", "store queue wait"},
	{"tabula_store_commit_seconds", "one group commit (per transaction)"},
	{"tabula_store_catchup_seconds", "a group commit's share of a catch-up round"},
}

// quantile returns the upper bound of the bucket holding quantile q of
// the observations between before and after (cumulative bucket counts),
// and the number of observations; 0, 0 without any.
func quantile(before, after map[float64]float64, q float64) (float64, float64) {
	les := make([]float64, 0, len(after))
	for le := range after {
		les = append(les, le)
	}
	slices.Sort(les)
	if len(les) == 0 {
		return 0, 0
	}
	total := after[les[len(les)-1]] - before[les[len(les)-1]]
	if total <= 0 {
		return 0, 0
	}
	for _, le := range les {
		if after[le]-before[le] >= q*total {
			return le, total
		}
	}
	return les[len(les)-1], total
}

// allMetrics reads every process's metrics and sums them (moves, CPU,
// slow drops, histograms); each is kept in each.
func allMetrics(urls []string) metricsReading {
	if len(urls) == 1 {
		return serverMetrics(urls[0])
	}
	sum := metricsReading{hists: map[string]map[float64]float64{}}
	for _, u := range urls {
		r := serverMetrics(u)
		sum.each = append(sum.each, r)
		sum.moves += max(r.moves, 0)
		sum.cpu += max(r.cpu, 0)
		sum.slowDrops += max(r.slowDrops, 0)
		for name, h := range r.hists {
			if sum.hists[name] == nil {
				sum.hists[name] = map[float64]float64{}
			}
			for le, n := range h {
				sum.hists[name][le] += n
			}
		}
	}
	return sum
}

// serverMetrics reads tabula_moves_total and process_cpu_seconds_total from
// /metrics (-1 each if unavailable).
func serverMetrics(url string) metricsReading {
	r := metricsReading{moves: -1, cpu: -1, slowDrops: -1, hists: map[string]map[float64]float64{}}
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		return r
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	for line := range strings.SplitSeq(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "tabula_moves_total "); ok {
			r.moves, _ = strconv.ParseFloat(strings.TrimSpace(v), 64)
		}
		if v, ok := strings.CutPrefix(line, "tabula_slow_client_drops_total "); ok {
			r.slowDrops, _ = strconv.ParseFloat(strings.TrimSpace(v), 64)
		}
		if v, ok := strings.CutPrefix(line, "process_cpu_seconds_total "); ok {
			r.cpu, _ = strconv.ParseFloat(strings.TrimSpace(v), 64)
		}
		// name_bucket{le="0.001"} 123
		name, rest, ok := strings.Cut(line, `_bucket{le="`)
		if !ok {
			continue
		}
		leText, count, ok := strings.Cut(rest, `"} `)
		if !ok {
			continue
		}
		le, err1 := strconv.ParseFloat(leText, 64)
		n, err2 := strconv.ParseFloat(strings.TrimSpace(count), 64)
		if err1 != nil || err2 != nil {
			continue
		}
		if r.hists[name] == nil {
			r.hists[name] = map[float64]float64{}
		}
		r.hists[name][le] = n
	}
	return r
}

// seconds formats a bucket bound; +Inf stays as is.
func seconds(s float64) string {
	if math.IsInf(s, 1) {
		return "+Inf"
	}
	return time.Duration(s * float64(time.Second)).String()
}

// ownCPU is the load generator's CPU time so far (user + system).
func ownCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loadAvg is the machine's load average (the first three fields of
// /proc/loadavg), or "?" where there is none.
func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// finish collects every match's round trips and closes its connections
// (after the measuring time: closing 10 000 was ~7 % of the load
// generator's CPU).
func finish(matches []*match, st *stats) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, setupConcurrency)
	total := 0
	for _, m := range matches {
		m.mu.Lock()
		total += len(m.lat)
		m.mu.Unlock()
	}
	st.latencies, st.sent = slices.Grow(st.latencies, total), slices.Grow(st.sent, total)
	for _, m := range matches {
		m.mu.Lock()
		st.latencies = append(st.latencies, m.lat...)
		st.sent = append(st.sent, m.sent...)
		seats := m.seats
		m.mu.Unlock()
		for _, p := range seats {
			sem <- struct{}{}
			wg.Go(func() {
				defer func() { <-sem }()
				p.retire()
				p.mu.Lock()
				st.desyncs.Add(int64(p.desync))
				p.mu.Unlock()
			})
		}
	}
	wg.Wait()
}
