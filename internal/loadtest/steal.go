package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"time"
)

// The project's machine is a virtual one: its two cores are threads of a
// host that runs other work too, and the time a core wanted to run while
// the host ran something else is the steal column of /proc/stat. A second with 20 % steal leaves the server
// and the load generator 1.6 cores for the 1.3 they need at 10 000
// matches, and its round trips queue: the load test reports each second's
// steal and the round trips of the quiet seconds apart from the rest, so
// a row that missed the target because of the host says so.

// stealQuiet is the steal share under which a second counts as quiet:
// the host took less than 1/20 of the machine's CPU time.
const stealQuiet = 0.05

// cpuTimes is the machine's CPU time so far, in clock ticks, from the
// "cpu" line of /proc/stat: all of it (user, nice, system, idle, iowait,
// irq, softirq, steal; guest time is counted in user and nice already),
// and the steal.
type cpuTimes struct{ total, steal uint64 }

// errNoStealColumn: the kernel's /proc/stat has no steal column (before
// Linux 2.6.11).
var errNoStealColumn = errors.New("no steal column")

// parseCPUTimes reads the "cpu" line of the text of /proc/stat.
func parseCPUTimes(stat []byte) (cpuTimes, error) {
	line, _, _ := bytes.Cut(stat, []byte("\n"))
	f := bytes.Fields(line)
	if len(f) == 0 || string(f[0]) != "cpu" {
		return cpuTimes{}, fmt.Errorf("/proc/stat: first line %.40q is not the cpu line", line)
	}
	if len(f) < 9 {
		return cpuTimes{}, fmt.Errorf("/proc/stat: %w: %d columns", errNoStealColumn, len(f)-1)
	}
	var t cpuTimes
	for i, col := range f[1:9] {
		v, err := strconv.ParseUint(string(col), 10, 64)
		if err != nil {
			return cpuTimes{}, fmt.Errorf("/proc/stat: column %d: %w", i+1, err)
		}
		if t.total+v < t.total {
			return cpuTimes{}, fmt.Errorf("/proc/stat: column %d: total overflows", i+1)
		}
		t.total += v
		if i == 7 {
			t.steal = v
		}
	}
	return t, nil
}

// readCPUTimes reads /proc/stat.
func readCPUTimes() (cpuTimes, error) {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return cpuTimes{}, err
	}
	return parseCPUTimes(data)
}

// stealShare is the share of the CPU time between a and b that was
// stolen; 0 when no time passed (or the counters went back).
func stealShare(a, b cpuTimes) float64 {
	if b.total <= a.total || b.steal < a.steal {
		return 0
	}
	return float64(b.steal-a.steal) / float64(b.total-a.total)
}

// sampleSteal reads the CPU times at every tick until ctx is done and
// returns each interval's steal share, the first from prev (the reading
// at the start of the measuring time) to the first tick. On an error
// reading it stops and returns what it has with the error.
func sampleSteal(ctx context.Context, prev cpuTimes, ticks <-chan time.Time, read func() (cpuTimes, error)) ([]float64, error) {
	var shares []float64
	for {
		select {
		case <-ctx.Done():
			return shares, nil
		case <-ticks:
			cur, err := read()
			if err != nil {
				return shares, err
			}
			shares = append(shares, stealShare(prev, cur))
			prev = cur
		}
	}
}

// stealSplit is the round trips of a run split by the steal share of the
// second their move was sent in.
type stealSplit struct {
	mean          float64         // the run's mean steal share (over its sampled seconds)
	high          float64         // the largest one second's share
	quietSeconds  int             // seconds under stealQuiet
	stolenSeconds int             // seconds at stealQuiet or more
	quiet, stolen []time.Duration // their round trips, sorted
}

// splitBySteal splits the round trips lat (of moves sent at sent, unix
// µs) by the steal share of their second since start (shares[k] is
// second k). Moves sent after the last sampled second are left out.
func splitBySteal(start time.Time, shares []float64, sent []int64, lat []time.Duration) stealSplit {
	var s stealSplit
	for _, sh := range shares {
		s.mean += sh / float64(len(shares))
		s.high = max(s.high, sh)
		if sh < stealQuiet {
			s.quietSeconds++
		} else {
			s.stolenSeconds++
		}
	}
	t0 := start.UnixMicro()
	for i, at := range sent {
		k := (at - t0) / 1e6
		if at < t0 || k >= int64(len(shares)) {
			continue
		}
		if shares[k] < stealQuiet {
			s.quiet = append(s.quiet, lat[i])
		} else {
			s.stolen = append(s.stolen, lat[i])
		}
	}
	slices.Sort(s.quiet)
	slices.Sort(s.stolen)
	return s
}

// quantileOf is quantile q of the sorted round trips; 0 without any.
func quantileOf(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

// String is the report's line: the mean and largest steal, then the p50
// and p99 of the quiet seconds' round trips and of the others' ("-" for
// none).
func (s stealSplit) String() string {
	q := func(sorted []time.Duration, q float64) string {
		if len(sorted) == 0 {
			return "-"
		}
		return quantileOf(sorted, q).Round(10 * time.Microsecond).String()
	}
	return fmt.Sprintf("host steal: mean %.1f%% max %.1f%% of the machine's CPU time per second; round trip in the %d seconds under %.0f%%: n=%d p50=%s p99=%s; in the %d seconds at %.0f%% or more: n=%d p50=%s p99=%s",
		100*s.mean, 100*s.high, s.quietSeconds, 100*stealQuiet, len(s.quiet), q(s.quiet, 0.5), q(s.quiet, 0.99),
		s.stolenSeconds, 100*stealQuiet, len(s.stolen), q(s.stolen, 0.5), q(s.stolen, 0.99))
}
