// Command loadtest drives a running Tabula server with many concurrent
// matches over WebSocket and reports moves per second and the move
// round-trip latency (from sending a move to its ack, which the server sends
// only after the move is committed to its database).
//
// Each match seats one load client (a human seat) against the server's
// "random" bot; the client moves once per second (-interval) when it is its
// turn, at a random phase, choosing a random legal move from the last state.
// A finished match is replaced by a new one. With -interval 2s each match
// makes one move a second (client and bot alternating). At the end it
// prints moves per second, the round-trip percentiles, the machine's load
// average, and the CPU used per server move by the server (read from its
// /metrics) and by itself. Run the server in its own process (each process
// has its own file-descriptor limit):
//
//	go build -o /tmp/tabula ./cmd/tabula
//	/tmp/tabula serve --addr 127.0.0.1:8181 --db /tmp/load.db &
//	go run ./internal/loadtest -url http://127.0.0.1:8181 -games 1000 -duration 30s
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
	// readBuffer is a player's initial frame buffer: a Pathagon state
	// with its legal moves is a few KiB.
	readBuffer = 8 << 10
)

func main() {
	url := flag.String("url", "http://127.0.0.1:8181", "server URL")
	games := flag.Int("games", 100, "concurrent matches")
	duration := flag.Duration("duration", 30*time.Second, "measuring time after setup (the budget)")
	interval := flag.Duration("interval", time.Second, "time between a client's moves")
	gameID := flag.String("game", "pathagon", "game to play")
	cpuProfile := flag.String("cpuprofile", "", "write the load generator's own CPU profile of the measuring time to this file")
	flag.Parse()
	if err := run(*url, *gameID, *games, *duration, *interval, *cpuProfile); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

type stats struct {
	mu        sync.Mutex
	latencies []time.Duration
	errors    map[string]int
	moves     atomic.Int64
	restarts  atomic.Int64
}

func (s *stats) fail(what string) {
	s.mu.Lock()
	s.errors[what]++
	s.mu.Unlock()
}

func run(url, gameID string, games int, duration, interval time.Duration, cpuProfile string) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st := &stats{errors: map[string]int{}}
	http.DefaultTransport.(*http.Transport).MaxIdleConnsPerHost = setupConcurrency

	// Setup: create and connect every match.
	t0 := time.Now()
	players := make([]*player, games)
	sem := make(chan struct{}, setupConcurrency)
	var wg sync.WaitGroup
	var setupErr atomic.Value
	for i := range players {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			p, err := newPlayer(ctx, url, gameID)
			if err != nil {
				setupErr.Store(err)
				return
			}
			players[i] = p
		})
	}
	wg.Wait()
	if err, ok := setupErr.Load().(error); ok {
		return fmt.Errorf("setup: %w", err)
	}
	fmt.Printf("setup: %d matches connected in %v\n", games, time.Since(t0).Round(time.Millisecond))
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
	before := serverMetrics(url)
	ownBefore := ownCPU()

	// Measure.
	mctx, mcancel := context.WithTimeout(ctx, duration)
	defer mcancel()
	start := time.Now()
	for _, p := range players {
		wg.Go(func() { play(mctx, p, url, gameID, interval, st) })
	}
	wg.Wait()
	elapsed := time.Since(start)
	after := serverMetrics(url)
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
	fmt.Printf("games=%d duration=%v client_moves=%d (%.0f/s) server_moves=%.0f (%.0f/s, bot replies included) restarts=%d\n",
		games, elapsed.Round(time.Millisecond), st.moves.Load(), float64(st.moves.Load())/elapsed.Seconds(),
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

// player is one load client: one human seat against the server's bot. Its
// reader keeps the raw bytes of the last state it received, in buffers it
// reuses, and the player decodes them only when it is to move: the load
// generator shares the machine with the server, so it must stay cheap.
type player struct {
	ws   *websocket.Conn
	acks chan time.Time
	done chan struct{}

	mu     sync.Mutex
	latest []byte // the last update or welcome, raw; guarded by mu

	buf     bytes.Buffer // the frame being read; reader goroutine only
	scratch []byte       // a copy of latest being decoded; play goroutine only
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

func newPlayer(ctx context.Context, url, gameID string) (*player, error) {
	zero := 0
	body, _ := json.Marshal(protocol.CreateRequest{Game: gameID, Join: &zero,
		Seats: []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatBot, Bot: "random"}}})
	resp, err := http.Post(url+"/api/matches", "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		return nil, fmt.Errorf("create: %s", resp.Status)
	}
	var created protocol.CreateResponse
	if err := json.NewDecoder(resp.Body).Decode(&created); err != nil {
		return nil, err
	}
	ws, _, err := websocket.Dial(ctx, strings.Replace(url, "http", "ws", 1)+"/ws/matches/"+created.Match.ID, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	p := &player{ws: ws, acks: make(chan time.Time, 4), done: make(chan struct{})}
	p.buf.Grow(readBuffer)
	hello, _ := json.Marshal(protocol.ClientMessage{Type: protocol.TypeHello, Token: created.Token})
	if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
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

// play moves once per interval when it is the client's turn, until ctx
// ends; a finished match is replaced. It closes the connection at the end.
func play(ctx context.Context, p *player, url, gameID string, interval time.Duration, st *stats) {
	defer func() { p.close() }()
	rng := rand.New(rand.NewPCG(rand.Uint64(), 0))
	select {
	case <-time.After(time.Duration(rng.Int64N(int64(interval)))):
	case <-ctx.Done():
		return
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	var local []time.Duration
	defer func() {
		st.mu.Lock()
		st.latencies = append(st.latencies, local...)
		st.mu.Unlock()
	}()
	n := 0
	for {
		s, err := p.state()
		switch {
		case err != nil:
			st.fail("no state")
		case s.Status != protocol.StatusLive:
			np, err := newPlayer(ctx, url, gameID)
			if err != nil {
				if ctx.Err() == nil {
					st.fail("restart")
				}
				return
			}
			p.close()
			p = np
			st.restarts.Add(1)
		case s.ToMove == 0 && len(s.Legal) > 0:
			n++
			msg, _ := json.Marshal(protocol.ClientMessage{Type: protocol.TypeMove, ID: fmt.Sprint("m", n), Version: s.Version,
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
			case <-p.done:
				st.fail("connection closed")
				return
			case <-ctx.Done():
				return
			}
		default:
			// The bot has not answered yet; try at the next tick.
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			return
		}
	}
}
