// Command loadtest drives a running Tabula server with many concurrent
// matches over WebSocket and reports moves per second and the move
// round-trip latency (from sending a move to its ack, which the server sends
// only after the move is committed to its database).
//
// In the default mode (-mode clients) both seats of every match are held by
// automated clients, each with its own WebSocket connection (two per
// match). Each match moves once per -interval in total: at every tick the
// seat to move sends a random move from the legal list of the last state it
// received and waits for its ack. The ticks of the matches are staggered
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
// second, the round-trip percentiles, the machine's load average, and the
// CPU used per server move by the server (read from its /metrics) and by
// itself. Run the server in its own process (each process has its own
// file-descriptor limit):
//
//	go build -o /tmp/tabula ./cmd/tabula
//	/tmp/tabula serve --addr 127.0.0.1:8181 --db /tmp/load.db &
//	go run ./internal/loadtest -url http://127.0.0.1:8181 -games 1000 -duration 30s
//
// In -mode clients each match costs two file descriptors in this process
// and two in the server's: with a limit of 20 000 open files per process
// (this machine's hard limit), 9 900 matches is about the most one server
// can hold.
//
// It is not part of the test run: it takes the whole machine for its budget.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/protocol"
)

const (
	// setupConcurrency bounds matches being created and connected at
	// once, so the setup does not itself look like a denial of service.
	setupConcurrency = 64
	// readBuffer is a connection's initial frame buffer: a Pathagon state
	// with its legal moves is a few KiB.
	readBuffer = 8 << 10
)

// Modes: who holds the seats.
const (
	modeClients = "clients" // both seats automated clients, one connection each
	modeBot     = "bot"     // one client against the server's random bot
)

func main() {
	url := flag.String("url", "http://127.0.0.1:8181", "server URL")
	games := flag.Int("games", 100, "concurrent matches")
	duration := flag.Duration("duration", 30*time.Second, "measuring time after setup (the budget)")
	interval := flag.Duration("interval", time.Second, "time between a match's moves (its client moves in -mode bot)")
	mode := flag.String("mode", modeClients, "clients: both seats automated clients; bot: one client against the server's random bot")
	gameID := flag.String("game", "pathagon", "game to play")
	cpuProfile := flag.String("cpuprofile", "", "write the load generator's own CPU profile of the measuring time to this file")
	flag.Parse()
	if *mode != modeClients && *mode != modeBot {
		fmt.Fprintf(os.Stderr, "loadtest: unknown -mode %q (want clients or bot)\n", *mode)
		os.Exit(2)
	}
	if err := run(config{url: *url, game: *gameID, mode: *mode, games: *games, duration: *duration, interval: *interval}, *cpuProfile); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// config is one load test.
type config struct {
	url, game, mode    string
	games              int
	duration, interval time.Duration
}

type stats struct {
	mu        sync.Mutex
	latencies []time.Duration
	errors    map[string]int
	moves     atomic.Int64
	ticks     atomic.Int64 // ticks that found a move to make (offered load)
	skipped   atomic.Int64 // ticks skipped: the previous move still unacknowledged
	restarts  atomic.Int64
}

func (s *stats) fail(what string) {
	s.mu.Lock()
	s.errors[what]++
	s.mu.Unlock()
}

func run(cfg config, cpuProfile string) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st := &stats{errors: map[string]int{}}
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
			m, err := newMatch(ctx, cfg)
			if err != nil {
				setupErr.Store(err)
				return
			}
			matches[i] = m
		})
	}
	wg.Wait()
	if err, ok := setupErr.Load().(error); ok {
		return fmt.Errorf("setup: %w", err)
	}
	conns := 1
	if cfg.mode == modeClients {
		conns = 2
	}
	fmt.Printf("setup: %d matches (%d connections, mode %s) connected in %v\n", cfg.games, cfg.games*conns, cfg.mode, time.Since(t0).Round(time.Millisecond))
	fmt.Printf("load average at start: %s\n", loadAvg())
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	before := serverMetrics(cfg.url)
	ownBefore := ownCPU()

	// Measure.
	mctx, mcancel := context.WithTimeout(ctx, cfg.duration)
	defer mcancel()
	start := time.Now()
	for i, m := range matches {
		phase := time.Duration(int64(cfg.interval) * int64(i) / int64(cfg.games))
		wg.Go(func() { drive(mctx, m, cfg, start.Add(phase), st) })
	}
	wg.Wait()
	elapsed := time.Since(start)
	after := serverMetrics(cfg.url)
	ownUsed := ownCPU() - ownBefore
	moves := after.moves - before.moves

	lat := st.latencies
	slices.Sort(lat)
	q := func(f float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(f*float64(len(lat))))]
	}
	fmt.Printf("games=%d mode=%s interval=%v duration=%v offered=%.0f/s client_moves=%d (%.0f/s) skipped_ticks=%d server_moves=%.0f (%.0f/s) restarts=%d\n",
		cfg.games, cfg.mode, cfg.interval, elapsed.Round(time.Millisecond), float64(cfg.games)/cfg.interval.Seconds(),
		st.moves.Load(), float64(st.moves.Load())/elapsed.Seconds(), st.skipped.Load(),
		moves, moves/elapsed.Seconds(), st.restarts.Load())
	if moves > 0 {
		srvCPU := after.cpu - before.cpu
		fmt.Printf("cpu: server %.2f cores (%.0f µs per server move), load generator %.2f cores (%.0f µs per server move)\n",
			srvCPU/elapsed.Seconds(), srvCPU/moves*1e6, ownUsed.Seconds()/elapsed.Seconds(), ownUsed.Seconds()/moves*1e6)
	}
	fmt.Printf("load average at end: %s\n", loadAvg())
	fmt.Printf("move round trip: p50=%v p90=%v p99=%v max=%v\n", q(0.5).Round(10*time.Microsecond), q(0.9).Round(10*time.Microsecond),
		q(0.99).Round(10*time.Microsecond), q(1).Round(10*time.Microsecond))
	if len(st.errors) > 0 {
		fmt.Printf("errors: %v\n", st.errors)
	}
	return nil
}

// metricsReading is what the load generator reads from the server's
// /metrics: moves played and the process's CPU seconds (user + system).
type metricsReading struct {
	moves, cpu float64
}

// serverMetrics reads tabula_moves_total and process_cpu_seconds_total from
// /metrics (-1 each if unavailable).
func serverMetrics(url string) metricsReading {
	r := metricsReading{-1, -1}
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
		if v, ok := strings.CutPrefix(line, "process_cpu_seconds_total "); ok {
			r.cpu, _ = strconv.ParseFloat(strings.TrimSpace(v), 64)
		}
	}
	return r
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
// (seat i on seats[i]).
type match struct {
	seats []*player
	// last is the seat whose connection saw the last acknowledged move,
	// so its latest state includes that move.
	last int
}

// newMatch creates a match and connects its clients: in -mode clients both
// seats are open human seats, the creator joins seat 0 and a second join
// takes seat 1; in -mode bot seat 1 is the server's random bot.
func newMatch(ctx context.Context, cfg config) (*match, error) {
	zero := 0
	req := protocol.CreateRequest{Game: cfg.game, Join: &zero,
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
	m := &match{}
	for _, tok := range tokens {
		p, err := dial(ctx, cfg.url, created.Match.ID, tok)
		if err != nil {
			m.close()
			return nil, err
		}
		m.seats = append(m.seats, p)
	}
	return m, nil
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

func (m *match) close() {
	for _, p := range m.seats {
		p.close()
	}
}

// player is one client connection holding one seat. Its reader keeps the
// raw bytes of the last state it received, in buffers it reuses, and the
// driver decodes them only when a move is due: the load generator shares
// the machine with the server, so it must stay cheap.
type player struct {
	ws   *websocket.Conn
	acks chan time.Time
	done chan struct{}

	mu     sync.Mutex
	latest []byte // the last update or welcome, raw; guarded by mu

	buf     bytes.Buffer // the frame being read; reader goroutine only
	scratch []byte       // a copy of latest being decoded; driver only
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

func dial(ctx context.Context, url, id, token string) (*player, error) {
	ws, _, err := websocket.Dial(ctx, strings.Replace(url, "http", "ws", 1)+"/ws/matches/"+id, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	p := &player{ws: ws, acks: make(chan time.Time, 4), done: make(chan struct{})}
	p.buf.Grow(readBuffer)
	hello, _ := json.Marshal(protocol.ClientMessage{Type: protocol.TypeHello, Token: token})
	if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
		ws.CloseNow()
		return nil, err
	}
	go p.read(ctx) // until the connection closes
	return p, nil
}

var (
	ackPrefix   = []byte(`{"type":"ack"`)
	errPrefix   = []byte(`{"type":"error"`)
	stateMarker = []byte(`"state":`)
)

func (p *player) read(ctx context.Context) {
	defer close(p.done)
	for {
		_, r, err := p.ws.Reader(ctx)
		if err != nil {
			return
		}
		p.buf.Reset()
		if _, err := p.buf.ReadFrom(r); err != nil {
			return
		}
		data := p.buf.Bytes()
		switch {
		case bytes.HasPrefix(data, ackPrefix), bytes.HasPrefix(data, errPrefix):
			select {
			case p.acks <- time.Now():
			default:
			}
		case bytes.Contains(data, stateMarker):
			p.mu.Lock()
			p.latest = append(p.latest[:0], data...)
			p.mu.Unlock()
		}
	}
}

func (p *player) close() {
	p.ws.Close(websocket.StatusNormalClosure, "")
}

func (p *player) state() (lightState, error) {
	p.mu.Lock()
	p.scratch = append(p.scratch[:0], p.latest...)
	p.mu.Unlock()
	if len(p.scratch) == 0 {
		return lightState{}, errors.New("no state yet")
	}
	return parseState(p.scratch)
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

// drive makes the match's moves until ctx ends: at first, then every
// interval, the seat to move (if it is a client's) sends a random legal
// move and waits for its ack. A finished match is replaced. It closes the
// connections at the end.
func drive(ctx context.Context, m *match, cfg config, first time.Time, st *stats) {
	defer func() { m.close() }()
	rng := rand.New(rand.NewPCG(rand.Uint64(), 0))
	due := first
	timer := time.NewTimer(time.Until(due))
	defer timer.Stop()
	select {
	case <-timer.C:
	case <-ctx.Done():
		return
	}
	var local []time.Duration
	defer func() {
		st.mu.Lock()
		st.latencies = append(st.latencies, local...)
		st.mu.Unlock()
	}()
	n := 0
	for {
		s, err := m.seats[m.last].state()
		switch {
		case err != nil:
			st.fail("no state")
		case s.Status != protocol.StatusLive:
			nm, err := newMatch(ctx, cfg)
			if err != nil {
				if ctx.Err() == nil {
					st.fail("restart")
				}
				return
			}
			m.close()
			*m = *nm
			st.restarts.Add(1)
		case s.ToMove >= 0 && s.ToMove < len(m.seats) && len(s.Legal) > 0:
			st.ticks.Add(1)
			p := m.seats[s.ToMove]
			n++
			msg, _ := json.Marshal(protocol.ClientMessage{Type: protocol.TypeMove, ID: "m" + strconv.Itoa(n), Version: s.Version,
				Move: s.Legal[rng.IntN(len(s.Legal))].Text})
			sent := time.Now()
			if err := p.ws.Write(ctx, websocket.MessageText, msg); err != nil {
				if ctx.Err() == nil {
					st.fail("write")
				}
				return
			}
			select {
			case at := <-p.acks:
				local = append(local, at.Sub(sent))
				st.moves.Add(1)
				m.last = s.ToMove
			case <-p.done:
				st.fail("connection closed")
				return
			case <-ctx.Done():
				return
			}
		default:
			// The bot has not answered yet; try at the next tick.
		}
		// Ticks that passed while waiting for the ack are skipped, not
		// made up in a burst.
		due = due.Add(cfg.interval)
		if late := time.Since(due); late >= cfg.interval {
			k := late / cfg.interval
			st.skipped.Add(int64(k))
			due = due.Add(k * cfg.interval)
		}
		timer.Reset(time.Until(due))
		select {
		case <-timer.C:
		case <-ctx.Done():
			return
		}
	}
}
