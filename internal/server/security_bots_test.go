package server

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"maps"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/games/pathagon"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// raceEngine is an engine for the race game in sh (builtins only, so it
// starts no process of its own): it appends "start" to the file $1 when
// it starts and "go" per search, and always plays "+1", which is legal in
// every race position.
const raceEngine = `echo start >> "$1"
while read -r cmd rest; do
  case "$cmd" in
    tabula) echo tabulaok ;;
    go) echo go >> "$1"; echo "bestmove +1" ;;
    quit) exit 0 ;;
  esac
done
`

// brokenEngine records its start and exits before the handshake.
const brokenEngine = `echo start >> "$1"
exit 1
`

// lyingEngine records its start and answers every search with a coin
// toss, which is not a seat's move.
const lyingEngine = `echo start >> "$1"
while read -r cmd rest; do
  case "$cmd" in
    tabula) echo tabulaok ;;
    go) echo "bestmove h" ;;
    quit) exit 0 ;;
  esac
done
`

// engineScript writes an engine script and returns its argv and the file
// it logs to.
func engineScript(t *testing.T, script string) (argv []string, logFile string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "engine.sh")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{"/bin/sh", path, filepath.Join(dir, "engine.log")}, filepath.Join(dir, "engine.log")
}

// countLines counts the lines of file equal to line (0 when it is missing).
func countLines(t *testing.T, file, line string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for l := range strings.SplitSeq(string(data), "\n") {
		if l == line {
			n++
		}
	}
	return n
}

// children returns the test process's child processes (zombies
// included) as "PID:STATE", read from /proc.
func children(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	me := fmt.Sprint(os.Getpid())
	var out []string
	for _, e := range entries {
		if e.Name()[0] < '0' || e.Name()[0] > '9' {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue // gone meanwhile
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(data, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(data[i+1:]))
		if len(f) > 1 && f[1] == me {
			out = append(out, e.Name()+":"+f[0])
		}
	}
	return out
}

// waitNoChildren waits until the test process has no child left.
func waitNoChildren(t *testing.T, why string) {
	t.Helper()
	deadline := time.Now().Add(testTimeout)
	for {
		kids := children(t)
		if len(kids) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: child processes left: %v", why, kids)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func needProc(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("counts child processes in /proc")
	}
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh for the test engine")
	}
}

// logBuffer is a log sink safe for the server's goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// lines returns the logged lines that mention match id.
func (b *logBuffer) lines(id string) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for l := range strings.SplitSeq(b.buf.String(), "\n") {
		if strings.Contains(l, "match="+id) {
			out = append(out, l)
		}
	}
	return out
}

// withLog logs at Info and above into b.
func withLog(b *logBuffer) option {
	return func(c *Config) {
		c.Logger = slog.New(slog.NewTextHandler(b, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
}

// state reads a match's state over HTTP.
func (h *harness) state(id string) protocol.State {
	h.t.Helper()
	var st protocol.State
	if code := h.api("GET", "/api/matches/"+id, nil, &st); code != http.StatusOK {
		h.t.Fatalf("state of %s: status %d", id, code)
	}
	return st
}

// TestSecurityCmdSpecRefused: a seat naming a program (cmd:), or any
// name the server does not offer, is refused with unknown-bot before
// anything is stored or run, also when the operator offers an engine.
func TestSecurityCmdSpecRefused(t *testing.T) {
	dir := t.TempDir()
	pwned := filepath.Join(dir, "pwned")
	argv, _ := engineScript(t, raceEngine)
	eng, engName := withEngine("sh-engine", argv...)
	manyTries := func(c *Config) { c.Limits.Create = Rate{Every: time.Millisecond, Burst: 100} } // every refusal below is one try
	h := start(t, "", eng, manyTries)
	one := 1
	for _, bot := range []string{
		"cmd:touch " + pwned,
		`cmd:"touch ` + pwned + `"`,
		"cmd:/bin/sh -c touch\t" + pwned,
		"cmd:" + strings.Join(argv, " "), // the engine's own command line
		"bot",                            // FromSpec's alias, not offered
		"bot:godlike",
		"bot:max?Threads=64&Hash=16384", // engine options are the operator's, not a request's
		`cmd:"touch ` + pwned + `"?Threads=2`,
		"SH-ENGINE",
		engName + " ",
		"",
	} {
		var e protocol.ErrorBody
		req := protocol.CreateRequest{Game: "race", Join: &one, Seats: []protocol.SeatSpec{{Kind: protocol.SeatBot, Bot: bot}, {Kind: protocol.SeatHuman}}}
		if st := h.api("POST", "/api/matches", req, &e); st != http.StatusBadRequest || e.Error.Code != protocol.CodeUnknownBot {
			t.Errorf("bot %q: status %d %+v, want 400 unknown-bot", bot, st, e.Error)
		}
	}
	time.Sleep(300 * time.Millisecond) // time for a bot search, had one been started
	if _, err := os.Stat(pwned); !os.IsNotExist(err) {
		t.Errorf("a request ran a program: %s exists (%v)", pwned, err)
	}
	var list protocol.MatchList
	h.api("GET", "/api/matches?status=all", nil, &list)
	if len(list.Matches) != 0 {
		t.Errorf("refused requests stored %d matches: %+v", len(list.Matches), list.Matches)
	}
	// What the lobby offers: every built-in level and the engine.
	var games protocol.GameList
	h.api("GET", "/api/games", nil, &games)
	if want := append(ai.Specs(), engName); len(games.Games) != 1 || !slices.Equal(games.Games[0].Bots, want) {
		t.Errorf("offered bots %+v, want %v", games.Games, want)
	}
}

// TestSecurityRecoveredUnofferedBot: a stored match naming a bot the
// server no longer offers (a level taken out of the configuration, or a
// cmd: spec stored before seats were checked) is not started when the
// server comes back: it ends with reason bot-unavailable (aborted before
// the first move, else the bot's seat forfeits), with one log line.
func TestSecurityRecoveredUnofferedBot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tabula.db")
	pwned := filepath.Join(t.TempDir(), "pwned")
	oldBot := func(c *Config) {
		c.Bots = append(ai.Specs(), "old")
		c.NewAgent = func(name string, seed uint64) (ai.Agent, error) {
			if name == "old" {
				return ai.NewRandom(rand.New(rand.NewPCG(seed, 1))), nil
			}
			return ai.FromSpec(name, seed)
		}
	}
	h := start(t, path, oldBot)
	zero := 0
	// Moved: the human and the bot have each moved once.
	moved := h.create(protocol.CreateRequest{Game: "race", Join: &zero, Seats: []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatBot, Bot: "old"}}})
	c := h.connect(moved.Match.ID, moved.Token)
	wantAck(t, c.do(protocol.TypeMove, "+1"))
	for c.state.ToMove != 0 {
		c.read()
	}
	// Fresh: nobody has moved.
	fresh := h.create(protocol.CreateRequest{Game: "race", Join: &zero, Seats: []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatBot, Bot: "old"}}})
	// Stored: a program as a bot, to move, as an old server stored them.
	now := time.Now()
	cmd := store.Match{ID: "m_storedcmd0", Game: "race", Players: 2, Seed: 7, Seats: []store.Seat{{Bot: "cmd:touch " + pwned}, {TokenHash: hashToken("x")}},
		TimeControl: store.TimeControl{Kind: clock.None}, Status: store.StatusLive, Version: 1, Created: now, Updated: now,
		Clock: store.Clock{Remaining: []time.Duration{0, 0}, Running: -1, Since: now}}
	if err := h.db.Create(context.Background(), cmd); err != nil {
		t.Fatal(err)
	}
	h.stop()

	var logs logBuffer
	h = start(t, path, withLog(&logs)) // the default bots: no "old"
	time.Sleep(300 * time.Millisecond) // time for a bot search, had one been started
	for _, tc := range []struct {
		id      string
		status  string
		winners []int
	}{
		{moved.Match.ID, protocol.StatusFinished, []int{0}},
		{fresh.Match.ID, protocol.StatusAborted, []int{}},
		{cmd.ID, protocol.StatusAborted, []int{}},
	} {
		st := h.state(tc.id)
		if st.Status != tc.status || st.Result == nil || st.Result.Reason != ReasonBotUnavailable || !slices.Equal(st.Result.Winners, tc.winners) {
			t.Errorf("match %s: status %s result %+v, want %s, winners %v, reason %s", tc.id, st.Status, st.Result, tc.status, tc.winners, ReasonBotUnavailable)
		}
		if l := logs.lines(tc.id); len(l) != 1 {
			t.Errorf("match %s: %d log lines, want 1: %q", tc.id, len(l), l)
		}
	}
	if _, err := os.Stat(pwned); !os.IsNotExist(err) {
		t.Errorf("a recovered match ran a program: %s exists (%v)", pwned, err)
	}
}

// playAgainstEngine plays seat 1 of a race match against the engine in
// seat 0 until the engine has searched plies times or the match ends.
func playAgainstEngine(t *testing.T, h *harness, engine string, searches int) (*client, string) {
	t.Helper()
	one := 1
	resp := h.create(protocol.CreateRequest{Game: "race", Join: &one, Seats: []protocol.SeatSpec{{Kind: protocol.SeatBot, Bot: engine}, {Kind: protocol.SeatHuman}}})
	c := h.connect(resp.Match.ID, resp.Token)
	seen := 0
	for c.state.Status == protocol.StatusLive {
		if c.state.ToMove == 1 {
			if seen++; seen > searches {
				break
			}
			wantAck(t, c.do(protocol.TypeMove, c.state.Legal[0].Text))
			continue
		}
		c.read()
	}
	return c, resp.Match.ID
}

// TestSecurityEngineProcessPerRoom: an external engine is started once per
// room and reused for every move; when the match ends (played out or
// resigned) or the server closes, its process is ended and reaped: no
// child of the server's process, live or zombie, is left.
func TestSecurityEngineProcessPerRoom(t *testing.T) {
	needProc(t)
	waitNoChildren(t, "before the test")
	for _, tc := range []struct {
		name string
		end  func(t *testing.T, h *harness, c *client)
	}{
		{"played out", func(t *testing.T, h *harness, c *client) {
			for c.state.Status == protocol.StatusLive {
				if c.state.ToMove == 1 {
					wantAck(t, c.do(protocol.TypeMove, c.state.Legal[0].Text))
					continue
				}
				c.read()
			}
		}},
		{"resigned", func(t *testing.T, h *harness, c *client) { wantAck(t, c.do(protocol.TypeResign, "")) }},
		{"server closed", func(t *testing.T, h *harness, c *client) { h.stop() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			argv, log := engineScript(t, raceEngine)
			eng, name := withEngine("sh-engine", argv...)
			h := start(t, "", eng)
			c, _ := playAgainstEngine(t, h, name, 2)
			if kids := children(t); len(kids) != 1 {
				t.Errorf("during the match: children %v, want the engine alone", kids)
			}
			tc.end(t, h, c)
			waitNoChildren(t, "after the match")
			starts, searches := countLines(t, log, "start"), countLines(t, log, "go")
			if starts != 1 || searches < 2 {
				t.Errorf("engine started %d times for %d searches, want once for at least 2", starts, searches)
			}
		})
	}
}

// TestSecurityBotBackoffBounded: an engine that fails (dies, or plays
// what is not a move) is started again after 1 s, 2 s, 4 s (the room's
// timer, on the server's clock), then its seat forfeits (aborted before
// the first move) with reason bot-failed and one log line; no process is
// left.
func TestSecurityBotBackoffBounded(t *testing.T) {
	needProc(t)
	for _, tc := range []struct {
		name       string
		script     string
		engineSeat int
		status     string
		winners    []int
	}{
		{"dies before the first move", brokenEngine, 0, protocol.StatusAborted, []int{}},
		{"dies after a move", brokenEngine, 1, protocol.StatusFinished, []int{0}},
		{"illegal move", lyingEngine, 0, protocol.StatusAborted, []int{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			argv, log := engineScript(t, tc.script)
			eng, name := withEngine("broken", argv...)
			fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
			var logs logBuffer
			h := start(t, "", eng, withLog(&logs), func(c *Config) { c.Clock = fake })
			human := 1 - tc.engineSeat
			seats := make([]protocol.SeatSpec, 2)
			seats[tc.engineSeat] = protocol.SeatSpec{Kind: protocol.SeatBot, Bot: name}
			resp := h.create(protocol.CreateRequest{Game: "race", Join: &human, Seats: seats})
			id := resp.Match.ID
			if human == 0 {
				c := h.connect(id, resp.Token)
				wantAck(t, c.do(protocol.TypeMove, "+1"))
			}
			begin := fake.Now()
			// The first start fails; no retry comes before the clock moves.
			for deadline := time.Now().Add(testTimeout); countLines(t, log, "start") < 1; time.Sleep(5 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatal("the engine never started")
				}
			}
			time.Sleep(300 * time.Millisecond)
			if n := countLines(t, log, "start"); n != 1 {
				t.Fatalf("%d starts with the clock standing still, want 1 (no backoff)", n)
			}
			var st protocol.State
			for deadline := time.Now().Add(testTimeout); ; {
				st = h.state(id)
				if st.Status != protocol.StatusLive {
					break
				}
				if n := countLines(t, log, "start"); n > botAttempts {
					t.Fatalf("%d starts, want at most %d", n, botAttempts)
				}
				if time.Now().After(deadline) {
					t.Fatalf("still live after %d starts", countLines(t, log, "start"))
				}
				h.settle(id)
				fake.Advance(100 * time.Millisecond)
				time.Sleep(2 * time.Millisecond)
			}
			if n := countLines(t, log, "start"); n != botAttempts {
				t.Errorf("%d starts, want %d", n, botAttempts)
			}
			if waited, want := fake.Now().Sub(begin), botBackoff*(1<<(botAttempts-1)-1); waited < want {
				t.Errorf("gave up after %v on the server's clock, want at least %v of backoff", waited, want)
			}
			if st.Status != tc.status || st.Result == nil || st.Result.Reason != ReasonBotFailed || !slices.Equal(st.Result.Winners, tc.winners) {
				t.Errorf("ended %s %+v, want %s, winners %v, reason %s", st.Status, st.Result, tc.status, tc.winners, ReasonBotFailed)
			}
			if l := logs.lines(id); len(l) != 1 {
				t.Errorf("%d log lines for the match, want 1: %q", len(l), l)
			}
			waitNoChildren(t, "after the forfeit")
		})
	}
}

// illegalAgent plays a coin toss, which is never a seat's move.
type illegalAgent struct{ calls *atomic.Int64 }

func (illegalAgent) Name() string { return "liar" }

func (a illegalAgent) Choose(context.Context, game.State, ai.Budget) (ai.Report, error) {
	a.calls.Add(1)
	return ai.Report{Move: race.Heads}, nil
}

// TestSecurityIllegalBotMoveBounded: a bot whose move the rules refuse is
// retried with the same backoff, not at once, and its seat forfeits.
func TestSecurityIllegalBotMoveBounded(t *testing.T) {
	var calls atomic.Int64
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	var logs logBuffer
	h := start(t, "", withLog(&logs), func(c *Config) {
		c.Clock = fake
		c.Bots = []string{"liar"}
		c.NewAgent = func(string, uint64) (ai.Agent, error) { return illegalAgent{&calls}, nil }
	})
	one := 1
	id := h.create(protocol.CreateRequest{Game: "race", Join: &one, Seats: []protocol.SeatSpec{{Kind: protocol.SeatBot, Bot: "liar"}, {Kind: protocol.SeatHuman}}}).Match.ID
	time.Sleep(300 * time.Millisecond)
	if n := calls.Load(); n != 1 {
		t.Fatalf("%d searches with the clock standing still, want 1", n)
	}
	for deadline := time.Now().Add(testTimeout); h.state(id).Status == protocol.StatusLive; {
		if time.Now().After(deadline) {
			t.Fatalf("still live after %d searches", calls.Load())
		}
		h.settle(id)
		fake.Advance(100 * time.Millisecond)
		time.Sleep(2 * time.Millisecond)
	}
	st := h.state(id)
	if n := calls.Load(); n != botAttempts || st.Status != protocol.StatusAborted || st.Result == nil || st.Result.Reason != ReasonBotFailed {
		t.Errorf("%d searches, ended %s %+v; want %d, aborted, %s", n, st.Status, st.Result, botAttempts, ReasonBotFailed)
	}
	if l := logs.lines(id); len(l) != 1 {
		t.Errorf("%d log lines for the match, want 1: %q", len(l), l)
	}
}

// hookAgent is a random test bot that calls before with its name at
// the start of every search.
type hookAgent struct {
	name   string
	before func(name string)
	inner  ai.Agent
}

func (a hookAgent) Name() string { return a.name }

func (a hookAgent) Choose(ctx context.Context, s game.State, b ai.Budget) (ai.Report, error) {
	a.before(a.name)
	return a.inner.Choose(ctx, s, b)
}

// hookedBots configures workers bot workers and the bots "vs-bot" (for
// matches between bots) and "vs-human", each a hookAgent calling before.
func hookedBots(workers int, before func(name string)) func(*Config) {
	return func(c *Config) {
		c.BotWorkers = workers
		c.Bots = []string{"vs-bot", "vs-human"}
		c.NewAgent = func(name string, seed uint64) (ai.Agent, error) {
			return hookAgent{name: name, before: before, inner: ai.NewRandom(rand.New(rand.NewPCG(seed, 1)))}, nil
		}
	}
}

// storeBotOnly stores n live race matches between two "vs-bot" bots in
// h's database (the network cannot create them; a restart recovers them).
func storeBotOnly(t *testing.T, h *harness, n int) {
	t.Helper()
	now := time.Now()
	for i := range n {
		m := store.Match{ID: fmt.Sprintf("m_botsonly%02d", i), Game: "race", Players: 2, Seed: uint64(i), Seats: []store.Seat{{Bot: "vs-bot"}, {Bot: "vs-bot"}},
			TimeControl: store.TimeControl{Kind: clock.None}, Status: store.StatusLive, Version: 1, Created: now, Updated: now,
			Clock: store.Clock{Remaining: []time.Duration{0, 0}, Running: -1, Since: now}}
		if err := h.db.Create(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSecurityHumanBotRepliesFirst: with every bot worker busy and
// searches of bot-only matches queued, a search for a match with a human
// seat is served before them.
func TestSecurityHumanBotRepliesFirst(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tabula.db")
	// The searches by name in order; the first waits at the gate.
	var (
		mu      sync.Mutex
		order   []string
		entered = make(chan struct{}) // closed by the first search
		gate    = make(chan struct{})
	)
	bots := hookedBots(1, func(name string) {
		mu.Lock()
		order = append(order, name)
		first := len(order) == 1
		mu.Unlock()
		if first {
			close(entered)
			<-gate
		}
	})
	// Bot-only matches: their searches fill the queue behind the gate.
	const botMatches = 6
	h := start(t, path, bots)
	storeBotOnly(t, h, botMatches)
	h.stop()
	h = start(t, path, bots)
	defer close(gate)
	select {
	case <-entered:
	case <-time.After(testTimeout):
		t.Fatal("no bot search started")
	}
	for deadline := time.Now().Add(testTimeout); h.srv.bots.depth() < botMatches-1; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("queue depth %d, want %d", h.srv.bots.depth(), botMatches-1)
		}
	}
	one := 1
	h.create(protocol.CreateRequest{Game: "race", Join: &one, Seats: []protocol.SeatSpec{{Kind: protocol.SeatBot, Bot: "vs-human"}, {Kind: protocol.SeatHuman}}})
	for deadline := time.Now().Add(testTimeout); h.srv.bots.depth() < botMatches; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the human match's search was not queued: depth %d", h.srv.bots.depth())
		}
	}
	gate <- struct{}{}
	for deadline := time.Now().Add(testTimeout); ; time.Sleep(time.Millisecond) {
		mu.Lock()
		order := slices.Clone(order)
		mu.Unlock()
		if len(order) >= 2 {
			if order[1] != "vs-human" {
				t.Fatalf("searches after the gate: %v, want vs-human first", order)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("searches %v", order)
		}
	}
}

// TestSecurityHumanBotReplyWhileBotGamesSearch: matches between bots only
// never hold every bot worker, so a human's bot reply is searched at once
// even while their searches are running (which take seconds at bot:max),
// not after one of them ends.
func TestSecurityHumanBotReplyWhileBotGamesSearch(t *testing.T) {
	const workers = 3
	path := filepath.Join(t.TempDir(), "tabula.db")
	// "vs-bot" searches wait until gate is closed, counted in running;
	// the others answer at once.
	var running atomic.Int64
	gate := make(chan struct{})
	bots := hookedBots(workers, func(name string) {
		if name == "vs-bot" {
			running.Add(1)
			defer running.Add(-1)
			<-gate
		}
	})
	h := start(t, path, bots)
	storeBotOnly(t, h, 2*workers)
	h.stop()
	h = start(t, path, bots)
	t.Cleanup(func() { close(gate) }) // before the server's Close, which waits for the searches
	for deadline := time.Now().Add(testTimeout); running.Load() < workers-1; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d bot-only searches running, want %d", running.Load(), workers-1)
		}
	}
	one := 1
	id := h.create(protocol.CreateRequest{Game: "race", Join: &one, Seats: []protocol.SeatSpec{{Kind: protocol.SeatBot, Bot: "vs-human"}, {Kind: protocol.SeatHuman}}}).Match.ID
	for deadline := time.Now().Add(testTimeout); len(h.state(id).Moves) == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the human's bot did not move while %d bot-only searches ran", running.Load())
		}
	}
	if n := running.Load(); n != workers-1 {
		t.Errorf("%d bot-only searches at once, want %d (one worker kept for people's games)", n, workers-1)
	}
}

// TestParseEngine checks --engine's form and names.
func TestParseEngine(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Engine
		err  bool
	}{
		{in: `strong=/usr/bin/engine --level 3`, want: Engine{Name: "strong", Argv: []string{"/usr/bin/engine", "--level", "3"}}},
		{in: `strong="/usr/bin/engine --level 3"`, want: Engine{Name: "strong", Argv: []string{"/usr/bin/engine", "--level", "3"}}},
		{in: `ab.v2@abalone,talat=engine`, want: Engine{Name: "ab.v2", Argv: []string{"engine"}, Games: []string{"abalone", "talat"}}},
		{in: `strong`, err: true},
		{in: `=engine`, err: true},
		{in: `strong=`, err: true},
		{in: `cmd:x=engine`, err: true},
		{in: `bot:hard=engine`, err: true},
		{in: `random=engine`, err: true},
		{in: `a b=engine`, err: true},
		{in: `x@=engine`, err: true},
		{in: strings.Repeat("n", maxEngineName+1) + "=engine", err: true},
	} {
		got, err := ParseEngine(tc.in)
		if (err != nil) != tc.err || !tc.err && (got.Name != tc.want.Name || !slices.Equal(got.Argv, tc.want.Argv) || !slices.Equal(got.Games, tc.want.Games)) {
			t.Errorf("ParseEngine(%q) = %+v, %v; want %+v, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// TestBotConfigChecked: New refuses a configuration that would offer a
// program under a built-in name or a cmd: spec, twice the same name, or
// an engine for an unknown game.
func TestBotConfigChecked(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  func(*Config)
	}{
		{"cmd in Bots", func(c *Config) { c.Bots = []string{"cmd:sh"} }},
		{"unknown level", func(c *Config) { c.Bots = []string{"bot:godlike"} }},
		{"engine clashes with level", func(c *Config) { c.Engines = []Engine{{Name: "random", Argv: []string{"x"}}} }},
		{"engine twice", func(c *Config) {
			c.Engines = []Engine{{Name: "e", Argv: []string{"x"}}, {Name: "e", Argv: []string{"y"}}}
		}},
		{"engine without program", func(c *Config) { c.Engines = []Engine{{Name: "e"}} }},
		{"engine for unknown game", func(c *Config) { c.Engines = []Engine{{Name: "e", Argv: []string{"x"}, Games: []string{"chess"}}} }},
	} {
		cfg := Config{Games: []*game.Info{}, Store: nopStore{}}
		tc.cfg(&cfg)
		if srv, err := New(cfg); err == nil {
			srv.Close()
			t.Errorf("%s: New accepted %+v", tc.name, cfg)
		}
	}
}

// nopStore is a store New accepts; TestBotConfigChecked never uses it.
type nopStore struct{ Store }

// budgetAgent records the budget of every search and plays the first
// legal move.
type budgetAgent struct {
	mu      sync.Mutex
	budgets []ai.Budget
}

func (a *budgetAgent) Name() string { return "budget" }

func (a *budgetAgent) Choose(_ context.Context, s game.State, b ai.Budget) (ai.Report, error) {
	a.mu.Lock()
	a.budgets = append(a.budgets, b)
	a.mu.Unlock()
	return ai.Report{Move: s.LegalMoves(nil)[0]}, nil
}

func (a *budgetAgent) seen() []ai.Budget {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.budgets)
}

// TestBotSearchesSeeTheClock: a bot in a match with a clock is given the
// match's clock (every seat's time left and the increment) with its
// budget, so it plans its time and does not flag; an untimed match gives
// none. Before, every bot thought for the server's fixed budget whatever
// its clock said.
func TestBotSearchesSeeTheClock(t *testing.T) {
	for _, tc := range []struct {
		name string
		tc   protocol.TimeControl
		want func(*ai.Clock) string // "" when the clock is as expected
	}{
		{"fischer", protocol.TimeControl{Kind: "fischer", BaseMs: 3000, IncrementMs: 100}, func(c *ai.Clock) string {
			if c == nil || len(c.Remaining) != 2 || c.Remaining[0] <= 0 || c.Remaining[0] > 3*time.Second || c.Increment[0] != 100*time.Millisecond {
				return fmt.Sprintf("clock %+v, want two seats with at most 3 s left and 100 ms increment", c)
			}
			return ""
		}},
		{"correspondence", protocol.TimeControl{Kind: "correspondence", Days: 2}, func(c *ai.Clock) string {
			if c == nil || c.Remaining[0] <= 47*time.Hour || c.Increment[0] != 0 {
				return fmt.Sprintf("clock %+v, want two days left and no increment", c)
			}
			return ""
		}},
		{"untimed", protocol.TimeControl{Kind: "none"}, func(c *ai.Clock) string {
			if c != nil {
				return fmt.Sprintf("clock %+v, want none", c)
			}
			return ""
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			agent := &budgetAgent{}
			h := start(t, "", func(c *Config) {
				c.NewAgent = func(name string, seed uint64) (ai.Agent, error) {
					if name == "bot:easy" {
						return agent, nil
					}
					return ai.FromSpec(name, seed)
				}
			})
			one := 1
			resp := h.create(protocol.CreateRequest{Game: "race", Join: &one, TimeControl: tc.tc,
				Seats: []protocol.SeatSpec{{Kind: protocol.SeatBot, Bot: "bot:easy"}, {Kind: protocol.SeatHuman}}})
			c := h.connect(resp.Match.ID, resp.Token)
			for c.state.ToMove != 1 {
				c.read()
			}
			seen := agent.seen()
			if len(seen) == 0 {
				t.Fatal("the bot never searched")
			}
			if msg := tc.want(seen[0].Clock); msg != "" {
				t.Error(msg)
			}
			if seen[0].Time <= 0 {
				t.Errorf("budget time %v: the server's budget still bounds the search", seen[0].Time)
			}
		})
	}
}

// TestLobbySaysBotMoveTimes: GET /api/games says how long each offered
// bot thinks per move at the server's bot time (a level's share of it),
// so "--bot-time 1s" showing hard thinking a quarter second is no
// surprise; random answers at once and has no entry.
func TestLobbySaysBotMoveTimes(t *testing.T) {
	h := start(t, "", func(c *Config) {
		c.Games = []*game.Info{pathagon.Info}
		c.BotBudget = ai.Budget{Time: time.Second}
	})
	var games protocol.GameList
	h.api("GET", "/api/games", nil, &games)
	want := map[string]int64{"bot:easy": 62, "bot:medium": 125, "bot:hard": 250, "bot:max": 1000} // Pathagon searches with alpha-beta
	if len(games.Games) != 1 || !maps.Equal(games.Games[0].BotMoveMs, want) {
		t.Errorf("botMoveMs %v, want %v", games.Games, want)
	}
}
