// Command abuse measures what one anonymous client can do to a Tabula
// server, and how fast the server starts afterwards. It runs the server
// binary it is given on a loopback port of its own, on a database in a
// directory it is given, and stops everything by itself.
//
// With -flood D (default 60s) one client floods POST /api/matches with
// -workers requests in flight for D; it reports the matches created, the
// answers refused, the server's resident memory (VmRSS, sampled every
// second) and the database's growth (file, WAL and shared memory), per
// minute of flood, then restarts the server on the same database and
// reports the time from its start to its first /healthz answer.
//
// With -seed N it first writes N waiting matches directly into the
// database (internal/store/sqlite), as a flood would have left them, and
// reports the start time over them; -flood 0 skips the flood.
//
// Both report the host's CPU steal over the run (from /proc/stat): on a
// shared virtual machine, timings taken while steal is high are slower
// than the program's own work.
//
//	go build -o /tmp/tabula ./cmd/tabula
//	go run ./internal/abuse -bin /tmp/tabula -dir /tmp/abuse -flood 60s
//	go run ./internal/abuse -bin /tmp/tabula -dir /tmp/abuse -seed 65000 -flood 0
//	go run ./internal/abuse -bin /tmp/other -dir /tmp/abuse2 -copy /tmp/abuse/abuse.db -flood 0
//
// It is not part of the test run: it takes the machine for its budget.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/sqlite"
)

func main() {
	bin := flag.String("bin", "", "the tabula binary to run (required)")
	dir := flag.String("dir", "", "a directory for the database, emptied first (required)")
	flood := flag.Duration("flood", 60*time.Second, "how long to flood create (0: no flood); at most 10m")
	workers := flag.Int("workers", 8, "create requests in flight at once, 1..64")
	seed := flag.Int("seed", 0, "waiting matches to write into the database before starting, at most 200000")
	age := flag.Duration("seed-age", 0, "how old the seeded matches are (past the expiry, 1h, the server's first sweep ends them)")
	from := flag.String("copy", "", "start from a copy of this database (a stopped server's, e.g. DIR/abuse.db of a -seed run) instead of an empty one")
	startLimit := flag.Duration("start-timeout", 3*time.Minute, "the longest wait for a server to answer /healthz")
	extra := flag.String("serve-args", "", "more arguments for tabula serve, space-separated")
	flag.Parse()
	switch {
	case *bin == "" || *dir == "":
		fail(errors.New("-bin and -dir are required"))
	case *flood < 0 || *flood > 10*time.Minute:
		fail(fmt.Errorf("-flood %v outside 0..10m", *flood))
	case *workers < 1 || *workers > 64:
		fail(fmt.Errorf("-workers %d outside 1..64", *workers))
	case *seed < 0 || *seed > 200_000:
		fail(fmt.Errorf("-seed %d outside 0..200000", *seed))
	}
	if err := run(*bin, *dir, *from, *flood, *workers, *seed, *age, *startLimit, strings.Fields(*extra)); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "abuse:", err)
	os.Exit(1)
}

func run(bin, dir, from string, flood time.Duration, workers, seed int, age, startLimit time.Duration, extra []string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	db := filepath.Join(dir, "abuse.db")
	if from != "" {
		for _, suffix := range []string{"", "-wal"} {
			data, err := os.ReadFile(from + suffix)
			if errors.Is(err, os.ErrNotExist) && suffix != "" {
				continue
			}
			if err != nil {
				return err
			}
			if err := os.WriteFile(db+suffix, data, 0o644); err != nil {
				return err
			}
		}
	}
	steal0 := readSteal()
	if seed > 0 {
		t0 := time.Now()
		if err := seedWaiting(db, seed, age); err != nil {
			return err
		}
		fmt.Printf("seeded %d waiting matches in %.1f s; database %.1f MB\n", seed, time.Since(t0).Seconds(), mb(dbSize(db)))
	}
	srv, took, err := startServer(bin, db, startLimit, extra)
	if err != nil {
		return err
	}
	fmt.Printf("start: first /healthz answer %.2f s after exec (database %.1f MB)\n", took.Seconds(), mb(dbSize(db)))
	if flood == 0 {
		srv.stop()
		fmt.Println(stealLine(steal0))
		return nil
	}
	size0, rss0 := dbSize(db), srv.rss()
	res := floodCreate(srv, flood, workers)
	size1, rss1 := dbSize(db), srv.rss()
	mins := flood.Minutes()
	fmt.Printf("flood %v, %d workers, one client: %d created (%.0f/s), %d refused %v, %d failed\n",
		flood, workers, res.created, float64(res.created)/flood.Seconds(), res.refused, res.codes, res.failed)
	fmt.Printf("server RSS %.1f -> %.1f MB (peak %.1f MB): %+.1f MB per minute\n", mb(rss0), mb(rss1), mb(res.peakRSS), mb(rss1-rss0)/mins)
	fmt.Printf("database %.2f -> %.2f MB: %+.2f MB per minute\n", mb(size0), mb(size1), mb(size1-size0)/mins)
	srv.stop()
	srv, took, err = startServer(bin, db, startLimit, extra)
	if err != nil {
		return err
	}
	fmt.Printf("restart: first /healthz answer %.2f s after exec\n", took.Seconds())
	srv.stop()
	fmt.Println(stealLine(steal0))
	return nil
}

// seedWaiting writes n waiting Pathagon matches, each with both seats
// open, as the server creates them, age ago.
func seedWaiting(path string, n int, age time.Duration) error {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		return err
	}
	defer db.Close()
	now := time.Now().Add(-age).UTC().Truncate(time.Millisecond)
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for range 64 { // concurrent creates share the writer's group commits
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				m := store.Match{ID: fmt.Sprintf("m_seed%06d", i), Game: "pathagon", Variant: "standard", Players: 2,
					Seed: uint64(i), Options: map[string]string{}, Seats: make([]store.Seat, 2),
					TimeControl: store.TimeControl{Kind: "none"}, Status: store.StatusWaiting, Version: 1,
					Clock: store.Clock{Remaining: make([]time.Duration, 2), Running: -1, Since: now}, Created: now, Updated: now}
				if err := db.Create(ctx, m); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// server is a running tabula serve.
type server struct {
	cmd  *exec.Cmd
	url  string
	done chan error
}

// startServer runs bin serve on a free loopback port and waits for its
// first /healthz answer, which it times from the exec.
func startServer(bin, db string, limit time.Duration, extra []string) (*server, time.Duration, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, 0, err
	}
	addr := ln.Addr().String()
	ln.Close()
	args := append([]string{"serve", "--addr", addr, "--db", db}, extra...)
	cmd := exec.Command(bin, args...)
	logf, err := os.Create(db + ".log")
	if err != nil {
		return nil, 0, err
	}
	cmd.Stdout, cmd.Stderr = io.Discard, logf
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, 0, err
	}
	s := &server{cmd: cmd, url: "http://" + addr, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait(); logf.Close() }()
	hc := &http.Client{Timeout: time.Second}
	for time.Since(t0) < limit {
		resp, err := hc.Get(s.url + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, time.Since(t0), nil
			}
		}
		select {
		case err := <-s.done:
			return nil, 0, fmt.Errorf("server exited before answering: %v (see %s.log)", err, db)
		case <-time.After(10 * time.Millisecond):
		}
	}
	s.stop()
	return nil, 0, fmt.Errorf("no /healthz answer in %v", limit)
}

// stop ends the server with SIGTERM, and SIGKILL after 30 s.
func (s *server) stop() {
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		<-s.done
	}
}

// rss returns the server's resident memory in bytes (0 if unknown).
func (s *server) rss() int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

type floodResult struct {
	created, refused, failed int64
	codes                    map[int]int64
	peakRSS                  int64
}

// floodCreate posts create requests from workers goroutines for d.
func floodCreate(s *server, d time.Duration, workers int) floodResult {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}, Timeout: 10 * time.Second}
	body := []byte(`{"game":"pathagon"}`)
	var mu sync.Mutex
	res := floodResult{codes: map[int]int64{}}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, "POST", s.url+"/api/matches", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				resp, err := hc.Do(req)
				mu.Lock()
				switch {
				case err != nil:
					if ctx.Err() == nil {
						res.failed++
					}
				case resp.StatusCode == http.StatusCreated:
					res.created++
				default:
					res.refused++
					res.codes[resp.StatusCode]++
				}
				mu.Unlock()
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			}
		})
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for ctx.Err() == nil {
		select {
		case <-tick.C:
			if r := s.rss(); r > res.peakRSS {
				res.peakRSS = r
			}
		case <-ctx.Done():
		}
	}
	wg.Wait()
	return res
}

// dbSize is the database's size on disk: the file, its WAL and its
// shared memory.
func dbSize(path string) int64 {
	var n int64
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if fi, err := os.Stat(path + suffix); err == nil {
			n += fi.Size()
		}
	}
	return n
}

func mb(b int64) float64 { return float64(b) / (1 << 20) }

// steal is the host's CPU time counters from /proc/stat: steal and the
// total, in ticks.
type steal struct{ steal, total int64 }

func readSteal() steal {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return steal{}
	}
	line, _, _ := strings.Cut(string(data), "\n")
	f := strings.Fields(line)
	var s steal
	for i, v := range f[1:] {
		n, _ := strconv.ParseInt(v, 10, 64)
		if i < 8 { // user nice system idle iowait irq softirq steal; guest is in user
			s.total += n
		}
		if i == 7 {
			s.steal = n
		}
	}
	return s
}

// stealLine reports the share of CPU time stolen by the host since s0.
func stealLine(s0 steal) string {
	s1 := readSteal()
	if s1.total <= s0.total {
		return "steal: unknown"
	}
	return fmt.Sprintf("steal over the run: %.1f %% of CPU time", 100*float64(s1.steal-s0.steal)/float64(s1.total-s0.total))
}
