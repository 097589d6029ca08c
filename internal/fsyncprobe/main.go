// Command fsyncprobe measures the disk under the store: it appends a block
// to a file and flushes it (fsync), paced like the store writer's group
// commits, and prints the flush latency's percentiles. The store waits for
// one such flush per commit (synchronous=FULL) and a move waits for up to
// two commits, so these numbers bound the server's move latency from
// below on the same disk (docs/benchmarks/server.md, "Session 7").
//
//	go run ./internal/fsyncprobe -file /tmp/probe.dat -duration 60s
//
// It is not part of the test run: it writes for its whole duration.
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"time"
)

// wrapAt is where the probe starts writing at the top of its file again,
// as SQLite's WAL does after a checkpoint (the store's WAL stays under
// ~40 MB, see walCheckpointPages).
const wrapAt = 40 << 20

func main() {
	path := flag.String("file", "fsyncprobe.dat", "file to write and flush (removed at the end)")
	duration := flag.Duration("duration", 60*time.Second, "how long to probe")
	size := flag.Int("size", 8<<10, "bytes written before each flush (a commit of ~20 moves writes two 4-KiB WAL pages)")
	every := flag.Duration("every", 2700*time.Microsecond, "time from one write's start to the next (the store commits ~370 times a second at 10,000 moves a second)")
	flag.Parse()
	lat, err := probe(*path, *duration, *size, *every)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fsyncprobe:", err)
		os.Exit(1)
	}
	fmt.Println(summary(lat))
}

// probe writes size bytes and flushes them every interval for d, and
// returns each write-and-flush's time.
func probe(path string, d time.Duration, size int, every time.Duration) ([]time.Duration, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, err
	}
	defer os.Remove(path)
	defer f.Close()
	buf := make([]byte, size)
	var lat []time.Duration
	var off int64
	for end := time.Now().Add(d); time.Now().Before(end); {
		start := time.Now()
		if _, err := f.WriteAt(buf, off); err != nil {
			return nil, err
		}
		if off += int64(size); off >= wrapAt {
			off = 0
		}
		if err := f.Sync(); err != nil {
			return nil, err
		}
		took := time.Since(start)
		lat = append(lat, took)
		time.Sleep(every - took) // none when the flush took longer
	}
	return lat, nil
}

// summary is the latencies' percentiles and how many passed 5, 10 and 20 ms.
func summary(lat []time.Duration) string {
	if len(lat) == 0 {
		return "no flushes"
	}
	lat = slices.Sorted(slices.Values(lat))
	q := func(p float64) time.Duration { return lat[int(float64(len(lat)-1)*p)].Round(time.Microsecond) }
	over := func(x time.Duration) int {
		i, _ := slices.BinarySearch(lat, x+1)
		return len(lat) - i
	}
	return fmt.Sprintf("flushes=%d p50=%v p90=%v p99=%v p99.9=%v max=%v over 5/10/20 ms: %d/%d/%d",
		len(lat), q(0.5), q(0.9), q(0.99), q(0.999), lat[len(lat)-1].Round(time.Microsecond),
		over(5*time.Millisecond), over(10*time.Millisecond), over(20*time.Millisecond))
}
