package main

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"
	"time"
)

// procStat is the start of a real /proc/stat of this machine.
const procStat = `cpu  7426762 129126 1709973 2983472 116374 0 301580 182319 0 0
cpu0 3713381 64563 854986 1491736 58187 0 150790 91159 0 0
intr 1 2 3
`

func TestParseCPUTimes(t *testing.T) {
	for _, tc := range []struct {
		name, stat string
		want       cpuTimes
		err        error // errors.Is, when the parse fails for a reason the caller tells apart
		fails      bool
	}{
		{name: "real", stat: procStat, want: cpuTimes{total: 7426762 + 129126 + 1709973 + 2983472 + 116374 + 0 + 301580 + 182319, steal: 182319}},
		{name: "guest columns not counted twice", stat: "cpu 1 2 3 4 5 6 7 8 100 200\n", want: cpuTimes{total: 36, steal: 8}},
		{name: "no newline", stat: "cpu 1 1 1 1 1 1 1 1", want: cpuTimes{total: 8, steal: 1}},
		{name: "old kernel without steal", stat: "cpu 1 2 3 4 5 6 7\n", err: errNoStealColumn, fails: true},
		{name: "empty", stat: "", fails: true},
		{name: "per-cpu line first", stat: "cpu0 1 2 3 4 5 6 7 8\n", fails: true},
		{name: "not a number", stat: "cpu 1 2 x 4 5 6 7 8\n", fails: true},
		{name: "negative", stat: "cpu 1 2 -3 4 5 6 7 8\n", fails: true},
		{name: "total overflows", stat: "cpu 18446744073709551615 1 0 0 0 0 0 0\n", fails: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseCPUTimes([]byte(tc.stat))
			if tc.fails {
				if err == nil {
					t.Fatalf("parsed %+v, want an error", got)
				}
				if tc.err != nil && !errors.Is(err, tc.err) {
					t.Fatalf("error %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func FuzzParseCPUTimes(f *testing.F) {
	for _, s := range []string{procStat, "cpu 1 2 3 4 5 6 7\n", "cpu 18446744073709551615 1 0 0 0 0 0 0\n", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, stat []byte) {
		got, err := parseCPUTimes(stat)
		if err == nil && got.steal > got.total {
			t.Fatalf("steal %d over total %d", got.steal, got.total)
		}
	})
}

func TestStealShare(t *testing.T) {
	for _, tc := range []struct {
		a, b cpuTimes
		want float64
	}{
		{cpuTimes{1000, 10}, cpuTimes{1200, 30}, 0.1},
		{cpuTimes{1000, 10}, cpuTimes{1200, 10}, 0},
		{cpuTimes{1000, 10}, cpuTimes{1000, 10}, 0}, // no time passed
		{cpuTimes{1000, 10}, cpuTimes{900, 20}, 0},  // counters went back
		{cpuTimes{1000, 10}, cpuTimes{1100, 5}, 0},
	} {
		if got := stealShare(tc.a, tc.b); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("stealShare(%+v, %+v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestSampleSteal feeds scripted readings at scripted ticks: a share per
// tick, from the start reading on, and a failed reading ends the
// sampling with what it had.
func TestSampleSteal(t *testing.T) {
	readings := []cpuTimes{{1200, 20}, {1400, 20}, {1600, 70}}
	fail := errors.New("gone")
	for _, tc := range []struct {
		name    string
		ticks   int
		failAt  int // the reading that fails; -1 for none
		want    []float64
		wantErr error
	}{
		{"three seconds", 3, -1, []float64{0.1, 0, 0.25}, nil},
		{"cancelled before a tick", 0, -1, nil, nil},
		{"reading fails", 3, 1, []float64{0.1}, fail},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			ticks := make(chan time.Time)
			n := 0
			read := func() (cpuTimes, error) {
				defer func() { n++ }()
				if n == tc.failAt {
					return cpuTimes{}, fail
				}
				return readings[n], nil
			}
			type result struct {
				shares []float64
				err    error
			}
			done := make(chan result)
			go func() {
				shares, err := sampleSteal(ctx, cpuTimes{1000, 0}, ticks, read)
				done <- result{shares, err}
			}()
			for range tc.ticks {
				select {
				case ticks <- time.Time{}:
				case r := <-done: // it stopped early, on the failed reading
					check(t, r.shares, r.err, tc.want, tc.wantErr)
					return
				}
			}
			cancel()
			r := <-done
			check(t, r.shares, r.err, tc.want, tc.wantErr)
		})
	}
}

func check(t *testing.T, shares []float64, err error, want []float64, wantErr error) {
	t.Helper()
	if !errors.Is(err, wantErr) {
		t.Errorf("error %v, want %v", err, wantErr)
	}
	if !slices.EqualFunc(shares, want, func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }) {
		t.Errorf("shares %v, want %v", shares, want)
	}
}

func TestSplitBySteal(t *testing.T) {
	start := time.UnixMicro(1_000_000_000)
	shares := []float64{0.01, 0.20, 0.049, 0.05}
	at := func(ms int64) int64 { return start.UnixMicro() + ms*1000 }
	ms := time.Millisecond
	sent := []int64{at(-1), at(0), at(999), at(1000), at(1999), at(2500), at(3000), at(3999), at(4000), at(9000)}
	lat := []time.Duration{100 * ms, 3 * ms, 1 * ms, 40 * ms, 50 * ms, 2 * ms, 30 * ms, 20 * ms, 200 * ms, 300 * ms}
	s := splitBySteal(start, shares, sent, lat)
	if want := []time.Duration{1 * ms, 2 * ms, 3 * ms}; !slices.Equal(s.quiet, want) {
		t.Errorf("quiet round trips %v, want %v (seconds 0 and 2)", s.quiet, want)
	}
	if want := []time.Duration{20 * ms, 30 * ms, 40 * ms, 50 * ms}; !slices.Equal(s.stolen, want) {
		t.Errorf("stolen round trips %v, want %v (seconds 1 and 3; none before the start or after the last second)", s.stolen, want)
	}
	if s.quietSeconds != 2 || s.stolenSeconds != 2 {
		t.Errorf("%d quiet and %d stolen seconds, want 2 and 2", s.quietSeconds, s.stolenSeconds)
	}
	if math.Abs(s.mean-0.07725) > 1e-12 || s.high != 0.20 {
		t.Errorf("mean %v max %v, want 0.07725 and 0.2", s.mean, s.high)
	}
	const want = "host steal: mean 7.7% max 20.0% of the machine's CPU time per second; round trip in the 2 seconds under 5%: n=3 p50=2ms p99=3ms; in the 2 seconds at 5% or more: n=4 p50=40ms p99=50ms"
	if got := s.String(); got != want {
		t.Errorf("report\n%s\nwant\n%s", got, want)
	}
}

func TestSplitByStealEmpty(t *testing.T) {
	s := splitBySteal(time.Unix(0, 0), nil, []int64{5}, []time.Duration{time.Millisecond})
	if len(s.quiet)+len(s.stolen) != 0 || s.mean != 0 || s.quietSeconds+s.stolenSeconds != 0 {
		t.Errorf("no seconds sampled: %+v", s)
	}
	if got := quantileOf(nil, 0.99); got != 0 {
		t.Errorf("quantile of nothing %v", got)
	}
	const want = "host steal: mean 0.0% max 0.0% of the machine's CPU time per second; round trip in the 0 seconds under 5%: n=0 p50=- p99=-; in the 0 seconds at 5% or more: n=0 p50=- p99=-"
	if got := s.String(); got != want {
		t.Errorf("report\n%s\nwant\n%s", got, want)
	}
}
