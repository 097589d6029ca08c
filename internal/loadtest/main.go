// Command loadtest drives a running Tabula server with many concurrent
// matches over WebSocket and reports moves per second and the move
// round-trip latency (from sending a move to its ack, which the server sends
// only after the move is committed to its database).
//
// In the default mode (-mode clients) both seats of every match are held by
// automated clients. With -conns 1 (the default) one WebSocket connection
// holds both seats' tokens (hello "tokens"), as an engine playing both
// sides would; -conns 2 gives each seat its own connection (two per match).
// Each match moves once per -interval in total: at every tick the seat to
// move sends a random legal move and waits for its ack.
//
// With -delta (the default) the clients ask for delta updates and keep
// the position themselves with the Go rules engine (the games registry),
// picking their moves from the rules' legal moves, as real engine clients
// do; -delta=false reads the full state the server sends with every update
// (what the web client does) and picks from its legal-move list. The ticks of the matches are staggered
// evenly over the interval (match i ticks at i·interval/games), so the load
// is uniform: N matches at -interval 1s offer N moves per second. A tick
// that comes while the previous move is still unacknowledged is skipped,
// so an overloaded server sees less than the offered load (the output says
// how much was offered and how much was played).
//
// With -mode bot each match seats one client against the server's
// "random" bot, as earlier load tests did: every tick is a client move and
// a bot reply, two server moves per interval, and the bot's search runs on
// the server.
//
// A finished match is replaced by a new one. At the end it prints moves per
// second, the round-trip percentiles, the machine's load average, the CPU
// used per server move by the server (read from its /metrics) and by
// itself, and (on Linux) the host's CPU steal of each second with the
// round trips of the seconds under 5 % steal apart from the others
// (steal.go). Run the server in its own process (each process has its own
// file-descriptor limit):
//
//	go build -o /tmp/tabula ./cmd/tabula
//	/tmp/tabula serve --addr 127.0.0.1:8181 --db /tmp/load.db --no-client-limits &
//	go run ./internal/loadtest -url http://127.0.0.1:8181 -games 1000 -duration 30s
//
// Each connection costs a file descriptor in this process and one in the
// server's: with a limit of 20 000 open files per process (this machine's
// hard limit), -conns 1 and -mode bot fit 10 000 matches, -conns 2 about
// 9 900.
//
// The files read in order: main.go (the flags and the run), clients.go
// (matches, seats and their connections), positions.go (the delta
// clients' own positions), decode.go (reading the server's messages),
// timing.go (the scheduler), reports.go (counts, metrics, profiles) and
// steal.go (the host's CPU steal).
//
// With -accounts N it plays as N logged-in accounts, every match rated
// (accounts.go).
//
// It is not part of the test run: it takes the whole machine for its budget.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games"
)

const (
	// setupConcurrency bounds matches being created and connected at
	// once, so the setup does not itself look like a denial of service.
	setupConcurrency = 64
	// readBuffer is a connection's initial frame buffer: a Pathagon state
	// with its legal moves is a few KiB.
	readBuffer = 8 << 10
	// moveCommand is the room of a match's move command buffer, made at
	// the setup so that the scheduler's first moves do not grow it: a
	// command is ~80 bytes with a 7-digit ID and a move with captures.
	moveCommand = 128
)

// Modes: who holds the seats.
const (
	modeClients = "clients" // both seats automated clients, one connection each
	modeBot     = "bot"     // one client against the server's random bot
)

func main() {
	url := flag.String("url", "http://127.0.0.1:8181", "server URL, or several nodes' URLs of one cluster separated by commas (each match is created on one node in turn and its socket opened on a node chosen as a load balancer would: one in N on the same node)")
	metricsURL := flag.String("metrics-url", "", "where the server's /metrics are (its --metrics-addr as http://host:port), one per process separated by commas, summed; empty: each -url")
	nGames := flag.Int("games", 100, "concurrent matches")
	duration := flag.Duration("duration", 30*time.Second, "measuring time after setup (the budget)")
	interval := flag.Duration("interval", time.Second, "time between a match's moves (its client moves in -mode bot)")
	mode := flag.String("mode", modeClients, "clients: both seats automated clients; bot: one client against the server's random bot")
	gameID := flag.String("game", "pathagon", "game to play (one without a hidden seed: the clients replay it with default options)")
	conns := flag.Int("conns", 1, "-mode clients: connections per match, 1 (one holds both seats) or 2 (one per seat)")
	delta := flag.Bool("delta", true, "ask for delta updates and keep the position with the rules; false: read the full state of every update")
	cpuProfile := flag.String("cpuprofile", "", "write the load generator's own CPU profile of the measuring time to this file")
	memProfile := flag.String("memprofile", "", "write the load generator's heap profiles at the start (FILE.start) and the end (FILE) of the measuring time, each after a collection; their difference (pprof -base) is what the measuring time allocated")
	timeline := flag.String("timeline", "", "write every measured move to this file as \"sent_unix_µs round_trip_µs\" lines, in send order per match (to line slow moves up with server events such as GC)")
	nAnalysis := flag.Int("analysis", 0, "analysis-board clients running through the measuring time, each a client of its own by X-Forwarded-For (run the server with --trust-proxy 127.0.0.1): the live moves' round trips with analysis load")
	resignWithin := flag.Int("resign-within", 0, "each match's mover resigns at a random ply from 1 to N, and the match is replaced (matches end and, with -accounts, are rated); 0: never")
	nAccounts := flag.Int("accounts", 0, "accounts mode: sign up this many accounts (at least 2) and play every match, rated, as two of them with their sessions; 0: guests")
	procs := flag.Int("procs", 1, "GOMAXPROCS of the load generator: one P leaves the other core to the server and spares the wake-ups of a second one; 0 keeps the default")
	flag.Parse()
	if *memProfile != "" {
		// One sample per 512 B allocated on average, not per 512 KiB: a
		// steady path that allocates a few bytes a move shows.
		runtime.MemProfileRate = 512
	}
	if *procs > 0 {
		runtime.GOMAXPROCS(*procs)
	}
	if *mode != modeClients && *mode != modeBot {
		fmt.Fprintf(os.Stderr, "loadtest: unknown -mode %q (want clients or bot)\n", *mode)
		os.Exit(2)
	}
	if *conns != 1 && *conns != 2 {
		fmt.Fprintf(os.Stderr, "loadtest: -conns %d (want 1 or 2)\n", *conns)
		os.Exit(2)
	}
	if *nAccounts == 1 || *nAccounts < 0 {
		fmt.Fprintf(os.Stderr, "loadtest: -accounts %d (want 0, or 2 or more)\n", *nAccounts)
		os.Exit(2)
	}
	info, ok := games.ByID(*gameID)
	if !ok {
		fmt.Fprintf(os.Stderr, "loadtest: unknown game %q\n", *gameID)
		os.Exit(2)
	}
	urls := strings.Split(*url, ",")
	murls := urls
	if *metricsURL != "" {
		murls = strings.Split(*metricsURL, ",")
	}
	if _, err := run(config{urls: urls, metricsURLs: murls, info: info, mode: *mode, conns: *conns, delta: *delta, games: *nGames, duration: *duration, interval: *interval, timeline: *timeline, memProfile: *memProfile, analysis: *nAnalysis, nAccounts: *nAccounts, resignWithin: *resignWithin}, *cpuProfile); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// config is one load test.
type config struct {
	urls               []string // the nodes
	metricsURLs        []string // each process's metrics
	mode               string
	info               *game.Info
	conns              int  // connections per match in modeClients
	delta              bool // delta updates, positions kept with the rules
	games              int
	duration, interval time.Duration
	timeline           string     // file for every move's send time and round trip; none when empty
	memProfile         string     // file for the heap profile at the end of the measuring time (FILE.start at its start); none when empty
	stats              *stats     // where the connections count
	texts              *interner  // the delta texts of the run
	positions          *positions // the free delta positions of the run
	analysis           int        // analysis-board clients during the measuring time
	nAccounts          int        // accounts mode: how many accounts to sign up; 0 guests
	resignWithin       int        // a match's mover resigns at a random ply up to this; 0 never
	accounts           []loadAccount
}

// node returns the URL a match talks to: its lobby requests go to node
// idx mod N, its socket (ws) to the node one further on per round of N
// matches, so a third of the sockets of three nodes meet their match's
// node and two thirds are relayed, as behind a load balancer.
func (c config) node(idx int, ws bool) string {
	n := len(c.urls)
	if !ws {
		return c.urls[idx%n]
	}
	return c.urls[(idx+idx/n)%n]
}

// connsPerMatch is how many WebSocket connections one match uses.
func (c config) connsPerMatch() int {
	if c.mode == modeBot {
		return 1
	}
	return c.conns
}

// run sets up cfg.games matches, drives them for cfg.duration, prints the
// results and returns the counts behind them.
func run(cfg config, cpuProfile string) (*stats, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st := &stats{errors: map[string]int{}}
	cfg.stats, cfg.texts, cfg.positions = st, newInterner(), newPositions()
	http.DefaultTransport.(*http.Transport).MaxIdleConnsPerHost = setupConcurrency

	// Setup: sign up the accounts (accounts mode), then create and
	// connect every match.
	t0 := time.Now()
	if cfg.nAccounts > 0 {
		var err error
		if cfg.accounts, err = signupAccounts(cfg.urls[0], cfg.nAccounts); err != nil {
			return st, fmt.Errorf("setup: %w", err)
		}
		fmt.Printf("accounts: %d signed up in %v; every match rated\n", len(cfg.accounts), time.Since(t0).Round(time.Millisecond))
	}
	matches := make([]*match, cfg.games)
	sem := make(chan struct{}, setupConcurrency)
	var wg sync.WaitGroup
	var setupErr atomic.Value
	for i := range matches {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			m := &match{idx: i, rng: rand.New(rand.NewPCG(rand.Uint64(), 0)), out: make([]byte, 0, moveCommand)}
			seats, err := connect(ctx, cfg, m)
			if err != nil {
				setupErr.Store(err)
				return
			}
			m.mu.Lock()
			m.seats = seats
			m.mu.Unlock()
			matches[i] = m
		})
	}
	wg.Wait()
	if err, ok := setupErr.Load().(error); ok {
		return st, fmt.Errorf("setup: %w", err)
	}
	// Room for every match's round trips at the offered rate: appending
	// to them as acks come in was a growing slice per match.
	perMatch := int(cfg.duration/cfg.interval) + 2
	for _, m := range matches {
		m.lat, m.sent = make([]time.Duration, 0, perMatch), make([]int64, 0, perMatch)
	}
	fmt.Printf("setup: %d matches (%d connections, mode %s, delta %v) connected in %v\n", cfg.games, cfg.games*cfg.connsPerMatch(), cfg.mode, cfg.delta, time.Since(t0).Round(time.Millisecond))
	fmt.Printf("load average at start: %s\n", loadAvg())
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			return st, err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return st, err
		}
		defer pprof.StopCPUProfile()
	}
	if err := writeHeapProfile(cfg.memProfile, ".start"); err != nil {
		return st, err
	}
	before := allMetrics(cfg.metricsURLs)
	ownBefore := ownCPU()
	var memBefore, memAfter runtime.MemStats
	runtime.ReadMemStats(&memBefore)

	// Measure.
	mctx, mcancel := context.WithTimeout(ctx, cfg.duration)
	defer mcancel()
	cpu0, stealErr := readCPUTimes()
	start := time.Now()
	var shares []float64
	stealDone := make(chan struct{})
	if stealErr == nil {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		go func() {
			defer close(stealDone)
			shares, stealErr = sampleSteal(mctx, cpu0, tick.C, readCPUTimes)
		}()
	} else {
		close(stealDone)
	}
	// The readings end with the measuring time, before the clients close
	// their connections (closing 10 000 was ~7 % of the load generator's
	// CPU, charged to the moves before).
	var elapsed, ownUsed time.Duration
	var after metricsReading
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		<-mctx.Done()
		st.over.Store(true)
		elapsed = time.Since(start)
		ownUsed = ownCPU() - ownBefore
		runtime.ReadMemStats(&memAfter)
		if cpuProfile != "" {
			// The profile covers what the CPU reading covers: closing the
			// connections afterwards was 5 % of its samples.
			pprof.StopCPUProfile()
		}
		after = allMetrics(cfg.metricsURLs)
	}()
	var an *analysisCounts
	var anWait *sync.WaitGroup
	if cfg.analysis > 0 {
		an, anWait = analysisLoad(mctx, cfg.urls[0], cfg.info.ID, cfg.analysis)
	}
	schedule(mctx, matches, cfg, start, st)
	<-ended
	if an != nil {
		anWait.Wait()
		fmt.Printf("analysis: %d clients, %d updates, %d analyses ended, %d refused (analysis-busy or rate-limited), %d failed; %d nodes in %d ms of search (%d nodes/s)\n",
			cfg.analysis, an.updates.Load(), an.finals.Load(), an.refused.Load(), an.failed.Load(), an.nodes.Load(), an.searchMS.Load(), an.nodesPerSecond())
	}
	if err := writeHeapProfile(cfg.memProfile, ""); err != nil {
		return st, err
	}
	finish(matches, st)
	moves := after.moves - before.moves

	if cfg.timeline != "" {
		if err := writeTimeline(cfg.timeline, st.sent, st.latencies); err != nil {
			return st, err
		}
	}
	<-stealDone
	split := splitBySteal(start, shares, st.sent, st.latencies)
	lat := st.latencies // sorted in place: the split and the timeline are done with the send order
	slices.Sort(lat)
	q := func(f float64) time.Duration { return quantileOf(lat, f) }
	fmt.Printf("games=%d mode=%s conns=%d delta=%v interval=%v duration=%v offered=%.0f/s client_moves=%d (%.0f/s) skipped_ticks=%d server_moves=%.0f (%.0f/s) restarts=%d\n",
		cfg.games, cfg.mode, cfg.connsPerMatch(), cfg.delta, cfg.interval, elapsed.Round(time.Millisecond), float64(cfg.games)/cfg.interval.Seconds(),
		st.moves.Load(), float64(st.moves.Load())/elapsed.Seconds(), st.skipped.Load(),
		moves, moves/elapsed.Seconds(), st.restarts.Load())
	if moves > 0 && len(cfg.metricsURLs) > 1 {
		for i, u := range cfg.metricsURLs {
			b, a := before.each[i], after.each[i]
			fmt.Printf("process %s: %.0f moves committed, %.2f cores (%.0f µs per server move of the whole run)\n", u, a.moves-b.moves, (a.cpu-b.cpu)/elapsed.Seconds(), (a.cpu-b.cpu)/moves*1e6)
		}
	}
	if moves > 0 {
		srvCPU := after.cpu - before.cpu
		fmt.Printf("cpu: server %.2f cores (%.0f µs per server move), load generator %.2f cores (%.0f µs per server move)\n",
			srvCPU/elapsed.Seconds(), srvCPU/moves*1e6, ownUsed.Seconds()/elapsed.Seconds(), ownUsed.Seconds()/moves*1e6)
	}
	if n := st.moves.Load(); n > 0 {
		fmt.Printf("load generator heap: %.0f B and %.2f allocations per client move, %d collections in the measuring time, heap %d MB at its end\n",
			float64(memAfter.TotalAlloc-memBefore.TotalAlloc)/float64(n), float64(memAfter.Mallocs-memBefore.Mallocs)/float64(n),
			memAfter.NumGC-memBefore.NumGC, memAfter.HeapAlloc>>20)
	}
	fmt.Printf("load average at end: %s\n", loadAvg())
	fmt.Printf("move round trip: p50=%v p90=%v p99=%v max=%v\n", q(0.5).Round(10*time.Microsecond), q(0.9).Round(10*time.Microsecond),
		q(0.99).Round(10*time.Microsecond), q(1).Round(10*time.Microsecond))
	if stealErr != nil {
		fmt.Printf("host steal: unknown (%v)\n", stealErr)
	} else {
		fmt.Println(split)
	}
	if n := st.desyncs.Load(); n > 0 {
		fmt.Printf("delta desyncs (resynced): %d\n", n)
	}
	if len(st.errors) > 0 {
		fmt.Printf("errors: %v\n", st.errors)
	}
	for _, s := range serverStages {
		p50, n := quantile(before.hists[s.name], after.hists[s.name], 0.5)
		if n == 0 {
			continue
		}
		p90, _ := quantile(before.hists[s.name], after.hists[s.name], 0.9)
		p99, _ := quantile(before.hists[s.name], after.hists[s.name], 0.99)
		fmt.Printf("server %s: n=%.0f p50<=%v p90<=%v p99<=%v (%s)\n", s.name, n, seconds(p50), seconds(p90), seconds(p99), s.what)
	}
	if d := after.slowDrops - before.slowDrops; d > 0 {
		fmt.Printf("server dropped %.0f slow connections (by design: a client this far behind is closed, never waited for)\n", d)
	}
	return st, nil
}

// seatsHeld is how many seats (0 .. n-1) the load clients hold: both in
// modeClients, seat 0 against the bot.
func seatsHeld(cfg config) int {
	if cfg.mode == modeBot {
		return 1
	}
	return 2
}
