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
// It is not part of the test run: it takes the whole machine for its budget.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
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

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games"
	"github.com/tabula-games/tabula/internal/protocol"
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
	url := flag.String("url", "http://127.0.0.1:8181", "server URL")
	metricsURL := flag.String("metrics-url", "", "where the server serves /metrics (tabula serve --metrics-addr), for example http://127.0.0.1:9090; default: -url")
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
	info, ok := games.ByID(*gameID)
	if !ok {
		fmt.Fprintf(os.Stderr, "loadtest: unknown game %q\n", *gameID)
		os.Exit(2)
	}
	if *metricsURL == "" {
		*metricsURL = *url
	}
	if _, err := run(config{url: *url, metricsURL: *metricsURL, info: info, mode: *mode, conns: *conns, delta: *delta, games: *nGames, duration: *duration, interval: *interval, timeline: *timeline, memProfile: *memProfile}, *cpuProfile); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// config is one load test.
type config struct {
	url, mode          string
	metricsURL         string // where /metrics is; "" reads none
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
}

// connsPerMatch is how many WebSocket connections one match uses.
func (c config) connsPerMatch() int {
	if c.mode == modeBot {
		return 1
	}
	return c.conns
}

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

// run sets up cfg.games matches, drives them for cfg.duration, prints the
// results and returns the counts behind them.
func run(cfg config, cpuProfile string) (*stats, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st := &stats{errors: map[string]int{}}
	cfg.stats, cfg.texts, cfg.positions = st, newInterner(), newPositions()
	http.DefaultTransport.(*http.Transport).MaxIdleConnsPerHost = setupConcurrency

	// Setup: create and connect every match.
	t0 := time.Now()
	matches := make([]*match, cfg.games)
	sem := make(chan struct{}, setupConcurrency)
	var wg sync.WaitGroup
	var setupErr atomic.Value
	for i := range matches {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			m := &match{rng: rand.New(rand.NewPCG(rand.Uint64(), 0)), out: make([]byte, 0, moveCommand)}
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
	before := serverMetrics(cfg.metricsURL)
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
		after = serverMetrics(cfg.metricsURL)
	}()
	schedule(mctx, matches, cfg, start, st)
	<-ended
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

// serverMetrics reads tabula_moves_total and process_cpu_seconds_total from
// /metrics (-1 each if unavailable).
func serverMetrics(url string) metricsReading {
	r := metricsReading{-1, -1, -1, map[string]map[float64]float64{}}
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

// match is one match under load: one client connection per automated seat
// (seat i on seats[i]), or one connection for all of them. The scheduler
// sends its moves; the reader of the connection a move went on takes its
// ack. A finished match is replaced by a new one in place (restart).
type match struct {
	rng *rand.Rand // scheduler only
	n   int        // commands sent; scheduler only
	out []byte     // the move command, reused; scheduler only

	mu    sync.Mutex // guards the fields below
	seats []*player
	// last is the seat whose connection saw the last acknowledged move,
	// so its latest state includes that move.
	last int
	// inflight: a move was sent at sentAt by sentSeat and is not yet
	// acknowledged.
	inflight   bool
	sentAt     time.Time
	sentSeat   int
	restarting bool // a replacement match is being created
	dead       bool // failed: no more moves
	lat        []time.Duration
	sent       []int64 // unix µs of each lat's send
}

// conn returns the connection acting for seat.
func (m *match) conn(seat int) *player {
	if len(m.seats) == 1 {
		return m.seats[0]
	}
	return m.seats[seat]
}

// connect creates a match on the server and connects its clients for m,
// returning them: in -mode clients both seats are open human seats, the
// creator joins seat 0 and a second join takes seat 1; in -mode bot seat 1
// is the server's random bot.
func connect(ctx context.Context, cfg config, m *match) ([]*player, error) {
	zero := 0
	req := protocol.CreateRequest{Game: cfg.info.ID, Join: &zero,
		Seats: []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatBot, Bot: "random"}}}
	if cfg.mode == modeClients {
		req.Seats = []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatHuman}}
	}
	var created protocol.CreateResponse
	if err := postJSON(cfg.url+"/api/matches", req, http.StatusCreated, &created); err != nil {
		return nil, fmt.Errorf("create: %w", err)
	}
	tokens := []string{created.Token}
	if cfg.mode == modeClients {
		one := 1
		var joined protocol.JoinResponse
		if err := postJSON(cfg.url+"/api/matches/"+created.Match.ID+"/join", protocol.JoinRequest{Seat: &one}, http.StatusOK, &joined); err != nil {
			return nil, fmt.Errorf("join: %w", err)
		}
		tokens = append(tokens, joined.Token)
	}
	hellos := [][]string{tokens}
	if cfg.connsPerMatch() == 2 {
		hellos = [][]string{tokens[:1], tokens[1:]}
	}
	var seats []*player
	for _, toks := range hellos {
		p, err := dial(ctx, cfg, created.Match.ID, toks, m)
		if err != nil {
			for _, p := range seats {
				p.retire()
			}
			return nil, err
		}
		seats = append(seats, p)
	}
	return seats, nil
}

func postJSON(url string, body any, want int, out any) error {
	data, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(data))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != want {
		return errors.New(resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// player is one client connection holding one seat or several. In full
// mode its reader keeps the raw bytes of the last state it received, in
// buffers it reuses, and the scheduler decodes them only when a move is due;
// in delta mode the reader applies every move to a position kept with the
// rules. The load generator shares the machine with the server, so it must
// stay cheap.
type player struct {
	ws    *websocket.Conn
	m     *match
	stats *stats
	done  chan struct{}
	info  *game.Info
	// retired is set (under m.mu) when the match is done with this
	// connection, before closing it: its end is no failure.
	retired bool
	// delta: the connection asked for deltas; tokens are for a resync.
	delta  bool
	tokens []string

	texts     *interner  // delta mode: the run's move texts and statuses
	positions *positions // delta mode: the run's free positions

	// welcomed is closed by the reader once the first state has arrived:
	// setup waits for it, so no tick finds a player without a position.
	welcomed chan struct{}

	mu     sync.Mutex
	latest []byte       // full mode: the last update or welcome, raw
	pos    game.State   // delta mode: the position at version
	mut    game.Mutable // delta mode: pos itself when the game has the Mutable fast path, else nil
	// applied counts the plies applied to mut since the start of its
	// game (of kind), which rewind takes back.
	applied int
	kind    gameKind
	light   lightState // delta mode: version, status, to move (no legal list)
	desync  int        // delta mode: deltas that did not fit the position
	// closed is why the reader stopped, set before done is closed.
	closed error

	buf     bytes.Buffer // the frame being read; reader goroutine only
	scratch []byte       // a copy of latest being decoded; scheduler only
}

// lightState is the part of a State the client reads.
type lightState struct {
	Version int64       `json:"version"`
	Status  string      `json:"status"`
	ToMove  int         `json:"toMove"`
	Legal   []legalMove `json:"legal"`
}

// legalMove is the part of a protocol.Move the client reads.
type legalMove struct {
	Text string `json:"text"`
}

func dial(ctx context.Context, cfg config, id string, tokens []string, m *match) (*player, error) {
	ws, _, err := websocket.Dial(ctx, strings.Replace(cfg.url, "http", "ws", 1)+"/ws/matches/"+id, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	p := &player{ws: ws, m: m, stats: cfg.stats, done: make(chan struct{}), welcomed: make(chan struct{}), info: cfg.info, delta: cfg.delta, tokens: tokens, texts: cfg.texts, positions: cfg.positions}
	p.buf.Grow(readBuffer)
	if err := p.hello(ctx); err != nil {
		ws.CloseNow()
		return nil, err
	}
	go p.read(ctx) // until the connection closes
	select {
	case <-p.welcomed:
		return p, nil
	case <-p.done:
		return nil, fmt.Errorf("match %s: connection closed before its welcome: %v", id, p.closed)
	case <-ctx.Done():
		ws.CloseNow()
		return nil, ctx.Err()
	case <-time.After(welcomeTimeout):
		ws.CloseNow()
		return nil, fmt.Errorf("match %s: no welcome in %v", id, welcomeTimeout)
	}
}

// welcomeTimeout bounds setup's wait for a connection's first state: a
// server that greets nobody fails the run instead of hanging it.
const welcomeTimeout = 30 * time.Second

// hello claims the player's seats; it is also the delta client's resync.
func (p *player) hello(ctx context.Context) error {
	msg := protocol.ClientMessage{Type: protocol.TypeHello, Delta: p.delta}
	if len(p.tokens) == 1 {
		msg.Token = p.tokens[0] // the shape every server version reads
	} else {
		msg.Tokens = p.tokens
	}
	hello, _ := json.Marshal(msg)
	return p.ws.Write(ctx, websocket.MessageText, hello)
}

var (
	ackPrefix    = []byte(`{"type":"ack"`)
	errPrefix    = []byte(`{"type":"error"`)
	updatePrefix = []byte(`{"type":"update"`)
	stateMarker  = []byte(`"state":`)
	deltaMarker  = []byte(`,"delta":{`)
)

func (p *player) read(ctx context.Context) {
	defer close(p.done)
	defer p.release() // after ended has marked a failed match dead
	defer p.ended(ctx)
	welcomed := false
	for {
		// Without ctx, as for writes: the connection is closed when
		// the match ends, which ends this loop.
		_, r, err := p.ws.Reader(context.Background())
		if err != nil {
			p.closed = err
			return
		}
		p.buf.Reset()
		if _, err := p.buf.ReadFrom(r); err != nil {
			p.closed = err
			return
		}
		p.handle(ctx, p.buf.Bytes())
		if !welcomed && p.hasState() {
			welcomed = true
			close(p.welcomed)
		}
	}
}

// hasState reports whether a state has arrived (the welcome).
func (p *player) hasState() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.pos != nil || len(p.latest) > 0
}

// handle takes one message from the server: an ack (or error) ends the
// match's move in flight, a delta or state brings the position up to
// date. On the steady path (an ack, a delta) it allocates nothing
// (TestHandleAllocs).
func (p *player) handle(ctx context.Context, data []byte) {
	switch {
	case bytes.HasPrefix(data, ackPrefix), bytes.HasPrefix(data, errPrefix):
		p.acked(time.Now())
	case p.delta:
		if err := p.apply(data); err != nil {
			p.mu.Lock()
			p.desync++
			p.mu.Unlock()
			p.hello(ctx) // a full resync
		}
	case bytes.Contains(data, stateMarker):
		p.mu.Lock()
		p.latest = append(p.latest[:0], data...)
		p.mu.Unlock()
	}
}

// acked ends the match's move in flight if it was sent on this
// connection: its round trip ends at at.
func (p *player) acked(at time.Time) {
	m := p.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.inflight || p.retired || m.conn(m.sentSeat) != p || p.stats.over.Load() {
		return
	}
	m.lat = append(m.lat, at.Sub(m.sentAt))
	m.sent = append(m.sent, m.sentAt.UnixMicro())
	m.last, m.inflight = m.sentSeat, false
	p.stats.moves.Add(1)
}

// ended marks the match failed when a connection it still uses closes
// before the measuring time is over.
func (p *player) ended(ctx context.Context) {
	m := p.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if p.retired || ctx.Err() != nil || m.dead {
		return
	}
	// When the measuring time ends during a write, the websocket
	// library closes the connection for the cancelled context: that is
	// the end of the run, not a failure.
	m.dead = true
	p.stats.fail(p.closeReason())
}

// apply brings a delta player's position up to date with one server
// message: a delta is applied with the rules, a full state replaces the
// position (replayed from its move list).
//
// A delta allocates nothing (TestHandleAllocs): its move text and status
// come from the run's interned texts, and a game with the Mutable fast
// path (Pathagon) plays the move in place, in an undo stack reserved when
// the Mutable was made (and kept: a closed connection's position goes
// back to the run's free list for the next match). Each of the thousands
// of reader goroutines that allocated while a collection was marking owed
// the collector an assist of at least 64 KiB of scan work, more than
// there was, and parked until marking ended: every round trip around a
// collection took its mark time. Only the full-state path (the welcome of
// a new match, a resync) allocates: its decoding, and a new Mutable when
// none is free.
func (p *player) apply(data []byte) error {
	if bytes.HasPrefix(data, updatePrefix) && bytes.Contains(data, deltaMarker) {
		d, err := parseDelta(data, p.texts)
		if err != nil {
			return err
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.pos == nil || d.version != p.light.Version+1 {
			return errVersion
		}
		m, err := p.pos.ParseMove(d.move)
		if err != nil {
			return err
		}
		next := p.pos
		if p.mut != nil {
			p.mut.Apply(m) // legal: ParseMove checked it
			p.applied++
		} else if next, err = p.pos.Play(m); err != nil {
			return err
		}
		if d.toMove >= 0 && int(next.ToMove()) != d.toMove {
			if p.mut != nil {
				p.mut.Undo()
				p.applied--
			}
			return errToMove
		}
		p.pos, p.light.Version, p.light.ToMove = next, d.version, d.toMove
		if d.status != "" {
			p.light.Status = d.status
		}
		return nil
	}
	if !bytes.Contains(data, stateMarker) {
		return nil // a welcome before replayed updates, a pong
	}
	var msg struct {
		State *struct {
			Version int64    `json:"version"`
			Status  string   `json:"status"`
			ToMove  int      `json:"toMove"`
			Variant string   `json:"variant"`
			Players int      `json:"players"`
			Moves   []string `json:"moves"`
		} `json:"state"`
	}
	if err := json.Unmarshal(data, &msg); err != nil || msg.State == nil {
		return fmt.Errorf("state: %v", err)
	}
	kind := gameKind{msg.State.Variant, msg.State.Players}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.mut == nil || p.kind != kind {
		p.releaseLocked()
		p.mut = p.positions.get(kind)
	}
	p.rewind()
	if p.mut == nil {
		st, err := p.info.New(game.Options{Variant: kind.variant, Players: kind.players})
		if err != nil {
			return err
		}
		if p.mut = p.positions.mutable(st, kind); p.mut == nil { // a game without the fast path
			if st, err = game.PlayAll(st, msg.State.Moves); err != nil {
				return err
			}
			p.pos, p.light = st, lightState{Version: msg.State.Version, Status: msg.State.Status, ToMove: msg.State.ToMove}
			return nil
		}
	}
	p.pos, p.kind = p.mut, kind
	for i, text := range msg.State.Moves {
		m, err := p.mut.ParseMove(text)
		if err != nil {
			p.rewind()
			p.pos = nil
			return fmt.Errorf("state: move %d: %w", i+1, err)
		}
		p.mut.Apply(m)
		p.applied++
	}
	p.light = lightState{Version: msg.State.Version, Status: msg.State.Status, ToMove: msg.State.ToMove}
	return nil
}

// rewind takes back every ply applied to p.mut, back to the start of its
// game. p.mu is held.
func (p *player) rewind() {
	for ; p.applied > 0; p.applied-- {
		p.mut.Undo()
	}
}

// release hands the player's position back to the run's free list once
// its connection is closed.
func (p *player) release() {
	p.mu.Lock()
	p.releaseLocked()
	p.mu.Unlock()
}

func (p *player) releaseLocked() {
	if p.mut != nil {
		p.rewind()
		p.positions.put(p.kind, p.mut)
	}
	p.mut, p.pos = nil, nil
}

// Errors of a delta that does not fit the position (each one resyncs).
var (
	errVersion = errors.New("delta: not the next version")
	errToMove  = errors.New("delta: another seat to move than the rules say")
)

// undoRoom is how many plies a delta client's Mutable position takes in
// place before its undo stack has to grow (an allocation on the reader):
// Pathagon's default ply cap, 300, ends every game before.
const undoRoom = 320

// mutable returns a Mutable copy of st, the start of a game of kind,
// with room for undoRoom plies, or nil when the game has no Mutable fast
// path. The moves that reserve the room are found once per kind (~1 ms
// for Pathagon, most of it listing legal moves) and replayed for every
// later Mutable of that kind.
func (ps *positions) mutable(st game.State, kind gameKind) game.Mutable {
	mm, ok := st.(game.Mutabler)
	if !ok {
		return nil
	}
	mut := mm.Mutable()
	if ps == nil {
		reserve(mut, undoRoom, nil)
		return mut
	}
	ps.mu.Lock()
	line := ps.lines[kind]
	ps.mu.Unlock()
	if line == nil {
		line = reserve(mut, undoRoom, nil)
		ps.mu.Lock()
		ps.lines[kind] = line
		ps.mu.Unlock()
	} else {
		reserve(mut, undoRoom, line)
	}
	return mut
}

// gameKind is what a game's start depends on in a load test: the
// variant and number of players its states report (the other options
// keep their defaults).
type gameKind struct {
	variant string
	players int
}

// positions is the run's free list of delta positions, each a Mutable
// rewound to the start of its game. A player whose connection closed (its
// match ended, or the run) puts its own back; the welcome of a new match
// takes one. A new Mutable costs its reserve (for Pathagon ~46 KB and
// ~90 µs replaying 320 plies), a reused one only its rewind.
type positions struct {
	mu    sync.Mutex
	free  map[gameKind][]game.Mutable
	lines map[gameKind][]game.Move // reserve's moves from each kind's start
}

// freePositions bounds the free list: far more than the matches that end
// while their replacements connect, and a bound on the memory held.
const freePositions = 1024

func newPositions() *positions {
	return &positions{free: map[gameKind][]game.Mutable{}, lines: map[gameKind][]game.Move{}}
}

// get returns a free position of kind, or nil.
func (ps *positions) get(kind gameKind) game.Mutable {
	if ps == nil {
		return nil
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	free := ps.free[kind]
	if len(free) == 0 {
		return nil
	}
	m := free[len(free)-1]
	ps.free[kind] = free[:len(free)-1]
	return m
}

// put adds m, at the start of its game, to the free list.
func (ps *positions) put(kind gameKind, m game.Mutable) {
	if ps == nil {
		return
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if len(ps.free[kind]) < freePositions {
		ps.free[kind] = append(ps.free[kind], m)
	}
}

// reserve grows m's undo stack to hold plies moves, if the game lasts
// that long, by playing them and taking them back: the contract has no
// other way to size it. It plays line when given (moves legal from the
// position of m, as played from the same start), otherwise it picks
// moves that do not end the game while others remain, so that the stack
// gets as deep as a long game needs. It returns the moves it played.
func reserve(m game.Mutable, plies int, line []game.Move) []game.Move {
	if line != nil {
		for _, mv := range line {
			m.Apply(mv)
		}
		for range line {
			m.Undo()
		}
		return line
	}
	var legal []game.Move
	line = []game.Move{}
	for len(line) < plies {
		legal = m.LegalMoves(legal[:0])
		if len(legal) == 0 {
			break
		}
		pick := legal[0]
		for _, mv := range legal {
			m.Apply(mv)
			_, over := m.Outcome()
			m.Undo()
			if !over {
				pick = mv
				break
			}
		}
		m.Apply(pick)
		line = append(line, pick)
	}
	for range line {
		m.Undo()
	}
	return line
}

// interner hands out one string per distinct text: the move texts and
// statuses of a run's deltas (a Pathagon game has a few thousand moves in
// its notation). A reader that finds its text here allocates nothing.
type interner struct {
	mu sync.RWMutex
	m  map[string]string
}

// internLimit bounds the texts kept: past it a new text is allocated
// each time, so a server sending endless distinct texts costs time, not
// memory.
const internLimit = 1 << 16

func newInterner() *interner { return &interner{m: map[string]string{}} }

// intern returns b as a string, the same one for the same bytes; a nil
// interner allocates each time.
func (in *interner) intern(b []byte) string {
	if in == nil {
		return string(b)
	}
	in.mu.RLock()
	s, ok := in.m[string(b)] // no allocation: the compiler looks up with b's bytes
	in.mu.RUnlock()
	if ok {
		return s
	}
	return in.add(string(b))
}

// internString returns the interned copy of s, adding s when it is new.
func (in *interner) internString(s string) string {
	if in == nil {
		return s
	}
	in.mu.RLock()
	t, ok := in.m[s]
	in.mu.RUnlock()
	if ok {
		return t
	}
	return in.add(s)
}

// add interns s (up to internLimit texts) and returns the interned copy.
func (in *interner) add(s string) string {
	in.mu.Lock()
	defer in.mu.Unlock()
	if t, ok := in.m[s]; ok { // another goroutine added it meanwhile
		return t
	}
	if len(in.m) < internLimit {
		in.m[s] = s
	}
	return s
}

// delta is what the load generator reads from a delta update.
type delta struct {
	version int64
	move    string
	toMove  int
	status  string
}

// Keys parseDelta looks for.
var (
	versionKey = []byte(`,"version":`)
	eventKey   = []byte(`,"event":{`)
	moveKey    = []byte(`,"move":`)
	toMoveKey  = []byte(`,"toMove":`)
	statusKey  = []byte(`,"status":`)
)

// parseDelta reads a delta update as the server writes it (the fields in
// protocol.ServerMessage order): version, the event's move, the delta's
// toMove and status. Keys preceded by a comma or brace cannot occur inside
// a JSON string (quotes there are escaped). It runs for every move, so it
// takes the texts from texts (allocating only a text not seen before, or
// one with escapes) and builds errors only on failure (the status is
// absent from most deltas).
func parseDelta(raw []byte, texts *interner) (delta, error) {
	var d delta
	v, ok := after(raw, versionKey)
	if !ok {
		return d, errors.New("delta: no version")
	}
	if d.version, ok = jsonInt(v); !ok {
		return d, errors.New("delta: version is not an integer")
	}
	ev, ok := after(raw, eventKey)
	if !ok {
		return d, errors.New("delta: no event")
	}
	dl, ok := after(raw, deltaMarker)
	if !ok {
		return d, errors.New("delta: no delta")
	}
	if v, ok = after(ev[:len(ev)-len(dl)], moveKey); !ok {
		return d, errors.New("delta: no move in the event")
	}
	var err error
	if d.move, err = jsonString(v, texts); err != nil {
		return d, err
	}
	if v, ok = after(dl, toMoveKey); !ok {
		return d, errors.New("delta: no toMove")
	}
	toMove, ok := jsonInt(v)
	if !ok {
		return d, errors.New("delta: toMove is not an integer")
	}
	d.toMove = int(toMove)
	if v, ok = after(dl, statusKey); ok {
		if d.status, err = jsonString(v, texts); err != nil {
			return d, err
		}
	}
	return d, nil
}

// after returns what follows the first key in in.
func after(in, key []byte) ([]byte, bool) {
	k := bytes.Index(in, key)
	if k < 0 {
		return nil, false
	}
	return in[k+len(key):], true
}

// jsonInt reads the integer at the start of v, ended by a comma or a
// closing brace, without allocating.
func jsonInt(v []byte) (int64, bool) {
	neg := len(v) > 0 && v[0] == '-'
	if neg {
		v = v[1:]
	}
	var n int64
	i := 0
	for ; i < len(v) && v[i] >= '0' && v[i] <= '9'; i++ {
		if i == 18 { // more digits could overflow; versions never get there
			return 0, false
		}
		n = n*10 + int64(v[i]-'0')
	}
	if i == 0 || i == len(v) || (v[i] != ',' && v[i] != '}') {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// jsonString reads the JSON string at the start of v, interned in texts;
// only one with escapes goes through encoding/json.
func jsonString(v []byte, texts *interner) (string, error) {
	if len(v) == 0 || v[0] != '"' {
		return "", errors.New("delta: not a string")
	}
	j := 1
	for ; j < len(v) && v[j] != '"'; j++ {
		if v[j] == '\\' {
			j++
		}
	}
	if j >= len(v) {
		return "", errors.New("delta: unterminated string")
	}
	if bytes.IndexByte(v[:j], '\\') < 0 {
		return texts.intern(v[1:j]), nil
	}
	var s string
	err := json.Unmarshal(v[:j+1], &s)
	return s, err
}

// closeReason names why the connection closed, once done is closed: the
// server's close status and reason (a slow client is dropped with a
// policy violation, "too slow", by design), or the transport error.
func (p *player) closeReason() string {
	if code := websocket.CloseStatus(p.closed); code != -1 {
		var ce websocket.CloseError
		errors.As(p.closed, &ce)
		return fmt.Sprintf("connection closed by the server: %v %q", code, ce.Reason)
	}
	return fmt.Sprintf("connection lost: %v", p.closed)
}

// appendMove appends the move command as encoding/json writes a
// protocol.ClientMessage (seat -1: none), without reflection.
func appendMove(b []byte, id int, version int64, move string, seat int) []byte {
	b = append(b, `{"type":"move","id":"m`...)
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, `","version":`...)
	b = strconv.AppendInt(b, version, 10)
	b = append(b, `,"move":`...)
	b = strconv.AppendQuote(b, move)
	if seat >= 0 {
		b = append(b, `,"seat":`...)
		b = strconv.AppendInt(b, int64(seat), 10)
	}
	return append(b, '}')
}

// retire closes a connection the match no longer uses.
func (p *player) retire() {
	p.m.mu.Lock()
	p.retired = true
	p.m.mu.Unlock()
	p.ws.Close(websocket.StatusNormalClosure, "")
}

// picker is the scheduler's scratch for next, one for all players.
type picker struct {
	// legal holds a position's legal moves: one slice per player grew
	// with every player's longest list (a Pathagon relocation has
	// hundreds), ~4 % of the load generator's CPU in growing and clearing
	// slices.
	legal []game.Move
	// texts holds the text MoveString gave for each move, so that the
	// scheduler sends a move without building its text again.
	texts map[game.Move]string
	// interned is the run's texts, where each new move text goes too:
	// the delta that comes back for the move then finds its text there,
	// and the reader allocates nothing even for a move new to the run
	// (only the scheduler, one goroutine, does).
	interned *interner
}

func newPicker(interned *interner) *picker {
	return &picker{texts: map[game.Move]string{}, interned: interned}
}

// text returns the notation of m, legal in pos: the text kept for m when
// pos reads it as m (the server, in the same position, reads it the
// same; ParseMove(MoveString(m)) == m is the contract's round trip, and
// in Pathagon a move's text does not depend on the position), otherwise
// pos.MoveString(m), which it keeps (up to internLimit moves).
func (k *picker) text(pos game.State, m game.Move) string {
	if t, ok := k.texts[m]; ok {
		if back, err := pos.ParseMove(t); err == nil && back == m {
			return t
		}
	}
	t := k.interned.internString(pos.MoveString(m))
	if len(k.texts) < internLimit {
		k.texts[m] = t
	}
	return t
}

// next returns the player's view of the match and a random legal move for
// the seat to move ("" when there is none), with k's scratch.
func (p *player) next(rng *rand.Rand, k *picker) (lightState, string, error) {
	if p.delta {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.pos == nil {
			return lightState{}, "", errors.New("no state yet")
		}
		s := p.light
		if s.ToMove < 0 || s.Status != protocol.StatusLive {
			return s, "", nil
		}
		k.legal = p.pos.LegalMoves(k.legal[:0])
		if len(k.legal) == 0 {
			return s, "", nil
		}
		return s, k.text(p.pos, k.legal[rng.IntN(len(k.legal))]), nil
	}
	p.mu.Lock()
	p.scratch = append(p.scratch[:0], p.latest...)
	p.mu.Unlock()
	if len(p.scratch) == 0 {
		return lightState{}, "", errors.New("no state yet")
	}
	s, err := parseState(p.scratch)
	if err != nil || len(s.Legal) == 0 {
		return s, "", err
	}
	return s, s.Legal[rng.IntN(len(s.Legal))].Text, nil
}

// parseState reads the fields a player needs from a raw welcome or update
// without decoding the whole state (its move list grows with the game):
// it finds each field by its key inside the state object and decodes only
// the legal-move array. A key preceded by a comma cannot occur inside a
// JSON string (a quote there is escaped), and these keys occur only at the
// state's top level.
func parseState(raw []byte) (lightState, error) {
	var s lightState
	i := bytes.Index(raw, stateMarker)
	if i < 0 {
		return s, errors.New("no state in message")
	}
	obj := raw[i+len(stateMarker):]
	field := func(key string) ([]byte, error) {
		k := bytes.Index(obj, []byte(`,"`+key+`":`))
		if k < 0 {
			return nil, fmt.Errorf("state has no %s", key)
		}
		return obj[k+len(key)+4:], nil
	}
	number := func(key string) (int64, error) {
		v, err := field(key)
		if err != nil {
			return 0, err
		}
		end := bytes.IndexAny(v, ",}")
		if end < 0 {
			return 0, fmt.Errorf("state %s unterminated", key)
		}
		return strconv.ParseInt(string(v[:end]), 10, 64)
	}
	var err error
	if s.Version, err = number("version"); err != nil {
		return s, err
	}
	toMove, err := number("toMove")
	if err != nil {
		return s, err
	}
	s.ToMove = int(toMove)
	v, err := field("status")
	if err != nil {
		return s, err
	}
	if err := json.NewDecoder(bytes.NewReader(v)).Decode(&s.Status); err != nil {
		return s, fmt.Errorf("state status: %w", err)
	}
	if v, err = field("legal"); err != nil {
		return s, err
	}
	if s.Legal, err = legalTexts(v); err != nil {
		return s, fmt.Errorf("state legal moves: %w", err)
	}
	return s, nil
}

// legalTexts reads the "text" of every object in the JSON array of moves
// at the start of v: strings are scanned with their escapes, and a string
// following the key "text" is decoded as the value.
func legalTexts(v []byte) ([]legalMove, error) {
	if len(v) == 0 || v[0] != '[' {
		return nil, errors.New("not an array")
	}
	out := []legalMove{}
	var last []byte // the last string read, raw with its quotes
	wantText := false
	depth := 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '"':
			j := i + 1
			for ; j < len(v) && v[j] != '"'; j++ {
				if v[j] == '\\' {
					j++
				}
			}
			if j >= len(v) {
				return nil, errors.New("unterminated string")
			}
			last = v[i : j+1]
			if wantText {
				text := string(last[1 : len(last)-1])
				if bytes.IndexByte(last, '\\') >= 0 {
					if err := json.Unmarshal(last, &text); err != nil {
						return nil, err
					}
				}
				out = append(out, legalMove{Text: text})
				wantText = false
			}
			i = j
		case ':':
			wantText = depth == 2 && string(last) == `"text"`
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return out, nil
			}
		}
	}
	return nil, errors.New("unterminated array")
}

// seatsHeld is how many seats (0 .. n-1) the load clients hold: both in
// modeClients, seat 0 against the bot.
func seatsHeld(cfg config) int {
	if cfg.mode == modeBot {
		return 1
	}
	return 2
}

// tickSlack is how early the scheduler makes a move rather than sleep
// until it is due: sleeping per move was a timer and a wake-up per move;
// moves due within this slack go out together.
const tickSlack = time.Millisecond

// schedule makes every match's moves until ctx ends, on one goroutine:
// match i ticks at start + i·interval/games + k·interval. At a tick, the
// seat to move (if it is a client's) sends a random legal move; the
// reader of its connection takes the ack. A tick that finds the last move
// unacknowledged (or the match being replaced) is skipped and counted. A
// finished match is replaced on a goroutine of its own.
//
// One goroutine for all matches, instead of one per match waking on its
// own timer and again on each ack: a move costs the load generator one
// wake-up (the reader's), where it was three.
func schedule(ctx context.Context, matches []*match, cfg config, start time.Time, st *stats) {
	n := len(matches)
	if n == 0 {
		return
	}
	timer := time.NewTimer(time.Hour)
	pick := newPicker(cfg.texts) // next's scratch
	defer timer.Stop()
	for k := 0; ; k++ {
		i := k % n
		due := start.Add(time.Duration(k/n)*cfg.interval + time.Duration(int64(cfg.interval)*int64(i)/int64(n)))
		if d := time.Until(due); d > tickSlack {
			timer.Reset(d)
			select {
			case <-timer.C:
			case <-ctx.Done():
				return
			}
		} else if ctx.Err() != nil {
			return
		}
		tick(ctx, matches[i], cfg, st, pick)
	}
}

// tick makes match m's move for one tick, if one is due.
func tick(ctx context.Context, m *match, cfg config, st *stats, k *picker) {
	m.mu.Lock()
	if m.dead {
		m.mu.Unlock()
		return
	}
	if m.inflight || m.restarting {
		m.mu.Unlock()
		st.skipped.Add(1)
		return
	}
	p := m.conn(m.last)
	m.mu.Unlock()
	s, text, err := p.next(m.rng, k)
	switch {
	case err != nil:
		st.fail("no state")
	case s.Status != protocol.StatusLive:
		m.mu.Lock()
		m.restarting = true
		m.mu.Unlock()
		go restart(ctx, m, cfg, st)
	case s.ToMove >= 0 && s.ToMove < seatsHeld(cfg) && text != "":
		st.ticks.Add(1)
		m.mu.Lock()
		q := m.conn(s.ToMove)
		m.inflight, m.sentAt, m.sentSeat = true, time.Now(), s.ToMove
		m.mu.Unlock()
		m.n++
		seat := -1
		if len(q.tokens) > 1 {
			seat = s.ToMove
		}
		m.out = appendMove(m.out[:0], m.n, s.Version, text, seat)
		// Without ctx: a cancellable context costs the library a
		// context.AfterFunc per frame, and cancelling it mid-write
		// would close the connection.
		if err := q.ws.Write(context.Background(), websocket.MessageText, m.out); err != nil {
			m.mu.Lock()
			if !m.dead && ctx.Err() == nil {
				st.fail("write")
			}
			m.dead = true
			m.mu.Unlock()
		}
	default:
		// The bot has not answered yet; try at the next tick.
	}
}

// restart replaces finished match m with a new one.
func restart(ctx context.Context, m *match, cfg config, st *stats) {
	seats, err := connect(ctx, cfg, m)
	m.mu.Lock()
	if err != nil {
		if ctx.Err() == nil {
			st.fail("restart")
		}
		m.dead = true
		m.mu.Unlock()
		return
	}
	old := m.seats
	m.seats, m.last, m.inflight, m.restarting = seats, 0, false, false
	m.mu.Unlock()
	st.restarts.Add(1)
	for _, p := range old {
		p.retire()
	}
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
