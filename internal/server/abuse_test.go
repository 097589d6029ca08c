package server

// Tests of the limits on anonymous use with their default values (see
// limits.go and docs/deploy.md): rates, caps, expiry, abandonment and
// recovery, against a real server on a random port with a fake clock.

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// behindProxy makes the test client a trusted proxy, so a request's
// X-Forwarded-For names its client.
func behindProxy(c *Config) {
	c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("::1/128")}
}

// apiAs is api for the client named by X-Forwarded-For (behindProxy);
// "" sends none. It returns the status and the Retry-After header.
func (h *harness) apiAs(client, method, path string, body, out any) (int, string) {
	h.t.Helper()
	header := http.Header{"Content-Type": {"application/json"}}
	if client != "" {
		header.Set("X-Forwarded-For", client)
	}
	resp := h.send(method, path, body, out, header)
	return resp.StatusCode, resp.Header.Get("Retry-After")
}

// wantLimited checks a 429 answer with code and, for rate limits, a
// Retry-After of at least a second.
func wantLimited(t *testing.T, what string, status int, retry string, e protocol.ErrorBody, code protocol.Code) {
	t.Helper()
	if status != http.StatusTooManyRequests || e.Error.Code != code {
		t.Fatalf("%s: %d %+v, want 429 %s", what, status, e.Error, code)
	}
	if code == protocol.CodeRateLimited {
		if n, err := strconv.Atoi(retry); err != nil || n < 1 {
			t.Fatalf("%s: Retry-After %q, want whole seconds >= 1", what, retry)
		}
	}
}

// vsBot is a create request for a live match against a bot (no waiting
// match: only the create rate applies).
func vsBot() protocol.CreateRequest {
	zero := 0
	return protocol.CreateRequest{Game: "race", Join: &zero, Seats: []protocol.SeatSpec{{Kind: "human"}, {Kind: "bot", Bot: "random"}}}
}

func TestCreateRateLimit(t *testing.T) {
	fake := clock.NewFake(epoch)
	h := start(t, "", func(c *Config) { c.Clock = fake })
	for i := range 10 { // the default burst
		if st, _ := h.apiAs("", "POST", "/api/matches", vsBot(), nil); st != http.StatusCreated {
			t.Fatalf("create %d: status %d", i, st)
		}
	}
	var e protocol.ErrorBody
	st, retry := h.apiAs("", "POST", "/api/matches", vsBot(), &e)
	wantLimited(t, "11th create", st, retry, e, protocol.CodeRateLimited)
	if retry != "10" {
		t.Errorf("Retry-After %q, want 10 (one create every 10 s)", retry)
	}
	fake.Advance(10 * time.Second)
	if st, _ := h.apiAs("", "POST", "/api/matches", vsBot(), nil); st != http.StatusCreated {
		t.Fatalf("create after 10 s: status %d", st)
	}
}

func TestJoinRateAndSeatCap(t *testing.T) {
	fake := clock.NewFake(epoch)
	h := start(t, "", func(c *Config) { c.Clock = fake; behindProxy(c) })
	var ids []string
	for i := range 12 { // 24 open seats, made by 12 clients
		var resp protocol.CreateResponse
		if st, _ := h.apiAs(fmt.Sprintf("192.0.2.%d", i+1), "POST", "/api/matches", protocol.CreateRequest{Game: "race"}, &resp); st != http.StatusCreated {
			t.Fatalf("create %d: status %d", i, st)
		}
		ids = append(ids, resp.Match.ID)
	}
	join := func(n int) (int, string, protocol.ErrorBody) {
		var e protocol.ErrorBody
		seat := n % 2
		st, retry := h.apiAs("198.51.100.1", "POST", "/api/matches/"+ids[n/2]+"/join", protocol.JoinRequest{Seat: &seat}, &e)
		return st, retry, e
	}
	for n := range 20 { // the default join burst, and the default seat cap
		if st, _, e := join(n); st != http.StatusOK {
			t.Fatalf("join %d: %d %+v", n, st, e)
		}
	}
	st, retry, e := join(20)
	wantLimited(t, "21st join at once", st, retry, e, protocol.CodeRateLimited)
	fake.Advance(time.Minute)
	st, retry, e = join(20)
	wantLimited(t, "a 21st seat", st, retry, e, protocol.CodeTooManyMatches)
	// Another client may still take the open seats.
	seat := 0
	if st, _ := h.apiAs("203.0.113.5", "POST", "/api/matches/"+ids[10]+"/join", protocol.JoinRequest{Seat: &seat}, nil); st != http.StatusOK {
		t.Fatalf("join by another client: %d", st)
	}
}

func TestWaitingMatchesPerClient(t *testing.T) {
	h := start(t, "", behindProxy)
	var first string
	for i := range 5 { // the default cap
		var resp protocol.CreateResponse
		if st, _ := h.apiAs("192.0.2.1", "POST", "/api/matches", protocol.CreateRequest{Game: "race"}, &resp); st != http.StatusCreated {
			t.Fatalf("create %d: status %d", i, st)
		}
		if first == "" {
			first = resp.Match.ID
		}
	}
	var e protocol.ErrorBody
	st, retry := h.apiAs("192.0.2.1", "POST", "/api/matches", protocol.CreateRequest{Game: "race"}, &e)
	wantLimited(t, "6th waiting match", st, retry, e, protocol.CodeTooManyMatches)
	// A match against a bot does not wait: allowed.
	if st, _ := h.apiAs("192.0.2.1", "POST", "/api/matches", vsBot(), nil); st != http.StatusCreated {
		t.Fatalf("a match against a bot: status %d", st)
	}
	// Once a waiting match starts, its creator may make another.
	for seat := range 2 {
		if st, _ := h.apiAs("198.51.100.9", "POST", "/api/matches/"+first+"/join", protocol.JoinRequest{Seat: &seat}, nil); st != http.StatusOK {
			t.Fatalf("join seat %d: %d", seat, st)
		}
	}
	if st, _ := h.apiAs("192.0.2.1", "POST", "/api/matches", protocol.CreateRequest{Game: "race"}, nil); st != http.StatusCreated {
		t.Fatalf("create after one started: status %d", st)
	}
}

func TestConnectRateLimit(t *testing.T) {
	fake := clock.NewFake(epoch)
	h := start(t, "", func(c *Config) { c.Clock = fake })
	resp := h.create(protocol.CreateRequest{Game: "race"})
	url := strings.Replace(h.http.URL, "http", "ws", 1) + "/ws/matches/" + resp.Match.ID
	dial := func() (*websocket.Conn, *http.Response, error) {
		ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
		defer cancel()
		return websocket.Dial(ctx, url, nil)
	}
	for i := range 30 { // the default burst
		ws, _, err := dial()
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		defer ws.CloseNow()
	}
	ws, res, err := dial()
	if err == nil {
		ws.CloseNow()
		t.Fatal("31st connection at once accepted")
	}
	if res == nil || res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("31st connection: %v %+v", err, res)
	}
	fake.Advance(time.Second)
	ws, _, err = dial()
	if err != nil {
		t.Fatalf("connection after a second: %v", err)
	}
	ws.CloseNow()
}

// TestWrongTokenFlood checks that wrong seat tokens on a WebSocket are
// answered bad-token a few times, then rate-limited and the connection
// closed with 1008, on hello and on commands alike.
func TestWrongTokenFlood(t *testing.T) {
	h := start(t, "")
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	c := h.dial(id)
	for i := range 4 {
		wantCode(t, c.hello(fmt.Sprintf("guess-%d", i), nil), protocol.CodeBadToken)
	}
	// A command for a seat the connection holds no token for is a
	// wrong token too.
	if w := c.hello(tokens[0], nil); w.Type != protocol.TypeWelcome {
		t.Fatalf("hello: %+v", w)
	}
	one := 1
	c.sendJSON(protocol.ClientMessage{Type: protocol.TypeResign, ID: "x", Version: c.version, Seat: &one})
	wantCode(t, c.until(func(m protocol.ServerMessage) bool { return m.Type == protocol.TypeError }), protocol.CodeBadToken)
	wantCode(t, c.hello("guess-6", nil), protocol.CodeRateLimited)
	err := c.waitClosed("connection not closed after the flood")
	if s := websocket.CloseStatus(err); s != websocket.StatusPolicyViolation {
		t.Fatalf("closed with %v (%v), want 1008", s, err)
	}
	// The match is unharmed and its players still play.
	p := h.connect(id, tokens[0])
	wantAck(t, p.do(protocol.TypeMove, "+1"))
}

// waitFor polls cond until it holds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(testTimeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// stored loads a match from the harness's store.
func (h *harness) stored(id string) store.Match {
	h.t.Helper()
	m, _, err := h.db.Load(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return m
}

// loaded reports whether match id has a room.
func (h *harness) loaded(id string) bool {
	h.srv.mu.Lock()
	defer h.srv.mu.Unlock()
	_, ok := h.srv.rooms[id]
	return ok
}

// waitingInStore creates a waiting match directly in the store (as one
// left by an earlier run of the server), not loaded.
func (h *harness) waitingInStore(id string, tc store.TimeControl, at time.Time) {
	h.t.Helper()
	m := store.Match{ID: id, Game: "race", Variant: "standard", Players: 2, Seed: 7, Options: map[string]string{"goal": "10"},
		Seats: make([]store.Seat, 2), TimeControl: tc, Status: store.StatusWaiting, Version: 1,
		Clock: store.Clock{Running: -1, Since: at}, Created: at, Updated: at}
	if tc.Kind == "correspondence" {
		m.Clock.Remaining = []time.Duration{time.Duration(tc.Days) * 24 * time.Hour, time.Duration(tc.Days) * 24 * time.Hour}
	}
	if err := h.db.Create(context.Background(), m); err != nil {
		h.t.Fatal(err)
	}
}

func TestWaitingMatchesExpire(t *testing.T) {
	fake := clock.NewFake(epoch)
	h := start(t, "", func(c *Config) { c.Clock = fake })
	live := h.create(protocol.CreateRequest{Game: "race", TimeControl: protocol.TimeControl{Kind: "fischer", BaseMs: 60000}})
	watcher := h.connect(live.Match.ID, "")
	h.waitingInStore("m_unloaded", store.TimeControl{Kind: "none"}, epoch)
	h.waitingInStore("m_corresp", store.TimeControl{Kind: "correspondence", Days: 3}, epoch)
	h.sweepAfter(fake, 59*time.Minute)
	fresh := h.create(protocol.CreateRequest{Game: "race"}) // 1 minute before the others expire: stays
	h.sweepAfter(fake, 2*time.Minute)

	m := watcher.until(func(m protocol.ServerMessage) bool { return m.Type == protocol.TypeUpdate })
	if m.Event.Kind != protocol.EventAbort || m.State.Status != protocol.StatusAborted || m.State.Result == nil || m.State.Result.Reason != "expired" {
		t.Fatalf("the watcher saw %+v, status %s, result %+v; want abort, aborted, expired", m.Event, m.State.Status, m.State.Result)
	}
	waitFor(t, "the unloaded match to expire", func() bool { return h.stored("m_unloaded").Status == store.StatusAborted })
	if r := h.stored("m_unloaded").Result; r == nil || r.Reason != "expired" {
		t.Fatalf("unloaded match result %+v", r)
	}
	if h.loaded("m_unloaded") {
		t.Error("the expired match that was not loaded stays loaded")
	}
	if st := h.stored(fresh.Match.ID).Status; st != store.StatusWaiting {
		t.Errorf("a match waiting for 2 minutes: %s", st)
	}
	if st := h.stored("m_corresp").Status; st != store.StatusWaiting {
		t.Errorf("a correspondence match waiting an hour: %s", st)
	}
	var view protocol.State
	if st := h.api("GET", "/api/matches/m_unloaded", nil, &view); st != http.StatusOK || view.Result == nil || view.Result.Reason != "expired" {
		t.Fatalf("GET expired match: %d %+v", st, view.Result)
	}
	h.sweepAfter(fake, 7*24*time.Hour)
	waitFor(t, "the correspondence match to expire after a week", func() bool { return h.stored("m_corresp").Status == store.StatusAborted })
}

// TestAbandonedMatchesEnd checks the abandonment rule (docs/protocol.md):
// a live match whose human seats are all disconnected for 30 minutes
// ends, unless a running Fischer clock decides or it is correspondence.
func TestAbandonedMatchesEnd(t *testing.T) {
	fischer := protocol.TimeControl{Kind: "fischer", BaseMs: 2 * 3600 * 1000}
	tests := []struct {
		name string
		tc   protocol.TimeControl
		bot  bool // seat 1 is a bot
		move bool // seat 0 moves first
		stay int  // how many humans stay connected
		// want
		status  string
		winners []int
	}{
		{"before the first move", protocol.TimeControl{}, false, false, 0, store.StatusAborted, []int{}},
		{"humans only, after moves", protocol.TimeControl{}, false, true, 0, store.StatusAborted, []int{}},
		{"the bot wins", protocol.TimeControl{}, true, true, 0, store.StatusFinished, []int{1}},
		{"one human still there", protocol.TimeControl{}, false, true, 1, store.StatusLive, nil},
		{"a running clock decides", fischer, false, true, 0, store.StatusLive, nil},
		{"correspondence is exempt", protocol.TimeControl{Kind: "correspondence", Days: 1}, false, true, 0, store.StatusLive, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := clock.NewFake(epoch)
			h := start(t, "", func(c *Config) { c.Clock = fake })
			var id string
			var conns []*client
			if tt.bot {
				resp := h.create(vsBot())
				id = resp.Match.ID
				conns = append(conns, h.connect(id, resp.Token))
			} else {
				var tokens [2]string
				id, tokens = h.twoPlayers(tt.tc)
				conns = append(conns, h.connect(id, tokens[0]), h.connect(id, tokens[1]))
			}
			if tt.move {
				wantAck(t, conns[0].do(protocol.TypeMove, "+1"))
				if tt.bot { // the bot replies (or a coin falls first)
					conns[0].until(func(m protocol.ServerMessage) bool {
						return m.Type == protocol.TypeUpdate && m.Event.Seat == 1
					})
				}
			}
			for _, c := range conns[tt.stay:] {
				c.ws.Close(websocket.StatusNormalClosure, "")
			}
			r := h.room(id)
			waitFor(t, "the room to see the connections go", func() bool {
				n := -1
				r.do(func() { n = len(r.subs) })
				return n == tt.stay
			})
			watcher := h.connect(id, "")
			h.sweepAfter(fake, 29*time.Minute)
			if st := h.stored(id).Status; st != store.StatusLive {
				t.Fatalf("after 29 minutes: %s", st)
			}
			h.sweepAfter(fake, 2*time.Minute)
			if tt.status == store.StatusLive {
				if st := h.stored(id).Status; st != store.StatusLive {
					t.Fatalf("status %s, want live", st)
				}
				return
			}
			m := watcher.until(func(m protocol.ServerMessage) bool {
				return m.Type == protocol.TypeUpdate && m.State.Status != protocol.StatusLive
			})
			res := m.State.Result
			if m.State.Status != tt.status || res == nil || res.Reason != "abandonment" || fmt.Sprint(res.Winners) != fmt.Sprint(tt.winners) {
				t.Fatalf("ended %s %+v (event %+v), want %s by abandonment, winners %v", m.State.Status, res, m.Event, tt.status, tt.winners)
			}
		})
	}
}

// TestRecoverLoadsLiveMatchesOnly checks that a restart brings back the
// live matches (their flags fall) and leaves the waiting ones in the
// store until asked for.
func TestRecoverLoadsLiveMatchesOnly(t *testing.T) {
	fake := clock.NewFake(epoch)
	h := start(t, "", func(c *Config) { c.Clock = fake })
	waiting := h.create(protocol.CreateRequest{Game: "race"}).Match.ID
	live, tokens := h.twoPlayers(protocol.TimeControl{Kind: "fischer", BaseMs: 10000})
	c0 := h.connect(live, tokens[0])
	wantAck(t, c0.do(protocol.TypeMove, "+1"))
	path := h.path
	h.stop()

	h2 := start(t, path, func(c *Config) { c.Clock = fake })
	if h2.loaded(waiting) {
		t.Error("a waiting match was loaded at start")
	}
	if !h2.loaded(live) {
		t.Fatal("the live match was not recovered")
	}
	h2.settle(live)
	fake.Advance(11 * time.Second)
	waitFor(t, "the recovered match's flag to fall", func() bool { return h2.stored(live).Status == store.StatusFinished })
	// The waiting match loads when asked for.
	var view protocol.State
	if st := h2.api("GET", "/api/matches/"+waiting, nil, &view); st != http.StatusOK || view.Status != protocol.StatusWaiting {
		t.Fatalf("GET waiting match: %d %s", st, view.Status)
	}
	if !h2.loaded(waiting) {
		t.Error("the waiting match is not loaded after a request")
	}
}
