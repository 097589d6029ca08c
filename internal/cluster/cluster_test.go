package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	natsserver "github.com/nats-io/nats-server/v2/server"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/games"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/server"
	"github.com/tabula-games/tabula/internal/store/postgres"
	"github.com/tabula-games/tabula/internal/store/postgres/pgtest"
)

// startNATS runs a NATS server with JetStream on a random loopback port.
func startNATS(t *testing.T) string {
	t.Helper()
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: t.TempDir(), NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("nats server did not start")
	}
	t.Cleanup(ns.Shutdown)
	return ns.ClientURL()
}

// hostLog is a Host that records what the node asks of it (the lease
// tests need no server).
type hostLog struct {
	mu      sync.Mutex
	evicted []string
}

func (h *hostLog) Evict(id string) {
	h.mu.Lock()
	h.evicted = append(h.evicted, id)
	h.mu.Unlock()
}
func (h *hostLog) Adopt(context.Context, string) (bool, error) { return false, nil }
func (h *hostLog) BotMove(string, int64, string, error)        {}
func (h *hostLog) evictions() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.evicted...)
}

func joinNode(t *testing.T, url string, h Host) *Node {
	t.Helper()
	ctx := context.Background()
	n, err := Join(ctx, Config{URL: url, Local: http.NotFoundHandler()}, h)
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Close)
	return n
}

// TestLease checks ownership: one owner per match; an owner's claim is
// idempotent; a node cut off from NATS stops acting for its matches before
// its lease can lapse in the bucket, and another node can claim them only
// after that.
func TestLease(t *testing.T) {
	url := startNATS(t)
	ctx := context.Background()
	ha, hb := &hostLog{}, &hostLog{}
	a, b := joinNode(t, url, ha), joinNode(t, url, hb)
	claim := func(n *Node, id string) bool {
		t.Helper()
		ok, err := n.Claim(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	for _, tt := range []struct {
		node *Node
		id   string
		want bool
	}{
		{a, "m1", true}, {b, "m1", false}, {a, "m1", true},
		{b, "m2", true}, {a, "m2", false},
	} {
		if got := claim(tt.node, tt.id); got != tt.want {
			t.Fatalf("%s claims %s: %v, want %v", tt.node.id, tt.id, got, tt.want)
		}
	}
	// A released match is free.
	b.Release("m2")
	if !claim(a, "m2") {
		t.Fatal("a could not claim the match b released")
	}
	// Cut a off: it must stop acting for m1 and m2 within
	// LeaseTTL-leaseMargin of its last renewal, while b must not get them
	// before a has stopped.
	cut := time.Now()
	a.nc.Close()
	var stopped time.Duration
	for time.Since(cut) < 2*LeaseTTL {
		if ok, _ := b.Claim(ctx, "m1"); ok {
			if len(ha.evictions()) < 2 {
				t.Fatalf("b claimed m1 %v after a was cut off, before a stopped (evicted %v)", time.Since(cut), ha.evictions())
			}
			t.Logf("a stopped after %v, b claimed after %v", stopped, time.Since(cut))
			if time.Since(cut) > LeaseTTL+time.Second {
				t.Errorf("b claimed only %v after a was cut off", time.Since(cut))
			}
			return
		}
		if stopped == 0 && len(ha.evictions()) == 2 {
			stopped = time.Since(cut)
			if stopped > LeaseTTL-leaseMargin+RenewEvery/4+100*time.Millisecond {
				t.Errorf("a stopped %v after it was cut off", stopped)
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("b never claimed a's match (a evicted %v)", ha.evictions())
}

// cluster is in-process nodes on one PostgreSQL schema and NATS server.
type testNode struct {
	srv  *server.Server
	node *Node
	http *httptest.Server
}

func startNode(t *testing.T, dsn, natsURL string, botWorkers int, opts ...func(*server.Config)) *testNode {
	t.Helper()
	ctx := context.Background()
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	scfg := server.Config{Games: games.All(), Store: db, Limits: server.Limits{Off: true}, BotBudget: ai.Budget{Time: 200 * time.Millisecond}}
	for _, o := range opts {
		o(&scfg)
	}
	srv, err := server.New(scfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{URL: natsURL, Local: srv.Handler(), BotWorkers: botWorkers}
	if botWorkers > 0 {
		cfg.Games = games.All()
	}
	n, err := Join(ctx, cfg, srv)
	if err != nil {
		t.Fatal(err)
	}
	srv.SetCluster(n)
	srv.SetBotQueue(n)
	if err := n.Start(ctx); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(n.Handler())
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
		n.Close()
		db.Close()
	})
	return &testNode{srv, n, hs}
}

func postJSON(t *testing.T, url string, body, out any) {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		t.Fatalf("POST %s: %s", url, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
}

func getState(t *testing.T, url, id string) protocol.State {
	t.Helper()
	resp, err := http.Get(url + "/api/matches/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET match %s: %s", id, resp.Status)
	}
	var st protocol.State
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestRelayAndBotQueue runs two in-process nodes: a match created on node
// A is served to a client of node B (its state by the lobby relay, its
// moves by the WebSocket relay), and its bot's searches go through the
// work queue: with no worker consuming it the bot does not move; once a
// worker runs, it does.
func TestRelayAndBotQueue(t *testing.T) {
	dsn := pgtest.URL(t)
	natsURL := startNATS(t)
	a := startNode(t, dsn, natsURL, 0)
	b := startNode(t, dsn, natsURL, 0)
	zero := 0
	var created protocol.CreateResponse
	postJSON(t, a.http.URL+"/api/matches", protocol.CreateRequest{Game: "pathagon", Join: &zero,
		Seats: []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatBot, Bot: "random"}}}, &created)
	id := created.Match.ID
	if got := a.node.Owned(); len(got) != 1 || got[0] != id {
		t.Fatalf("a owns %v, want [%s]", got, id)
	}
	st := getState(t, b.http.URL, id) // relayed to a
	if st.Match != id || len(st.Legal) == 0 {
		t.Fatalf("state through b: %+v", st)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, strings.Replace(b.http.URL, "http", "ws", 1)+"/ws/matches/"+id, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	send := func(m protocol.ClientMessage) {
		data, _ := json.Marshal(m)
		if err := ws.Write(ctx, websocket.MessageText, data); err != nil {
			t.Fatal(err)
		}
	}
	read := func() protocol.ServerMessage {
		_, data, err := ws.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var m protocol.ServerMessage
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	send(protocol.ClientMessage{Type: protocol.TypeHello, Token: created.Token})
	if w := read(); w.Type != protocol.TypeWelcome {
		t.Fatalf("through b: %+v", w)
	}
	send(protocol.ClientMessage{Type: protocol.TypeMove, ID: "c1", Version: st.Version, Move: st.Legal[0].Text})
	var acked int64
	for acked == 0 {
		if m := read(); m.Type == protocol.TypeAck && m.ID == "c1" {
			acked = m.Version
		} else if m.Type == protocol.TypeError {
			t.Fatalf("move through b: %+v", m.Error)
		}
	}
	// The bot is to move; nobody consumes the queue.
	time.Sleep(2 * time.Second)
	if v := getState(t, a.http.URL, id).Version; v != acked {
		t.Fatalf("the bot moved (version %d, was %d) with no worker on the queue", v, acked)
	}
	wctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- RunWorkers(wctx, b.node.nc, WorkerConfig{Games: games.All(), Workers: 1}) }()
	defer func() { stop(); <-done }()
	for {
		m := read() // the bot's move comes over the relayed socket
		if m.Type == protocol.TypeUpdate && m.Event != nil && m.Event.Seat == 1 {
			break
		}
	}
}
