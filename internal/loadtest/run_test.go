package main

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/tabula-games/tabula/games"
	"github.com/tabula-games/tabula/internal/server"
	"github.com/tabula-games/tabula/internal/store/sqlite"
)

// TestRun drives a real server (SQLite in a temporary directory) for a
// short while in each shape: every match makes moves at its ticks, each
// move is acknowledged and timed, and nothing fails or desyncs.
func TestRun(t *testing.T) {
	info, ok := games.ByID("pathagon")
	if !ok {
		t.Fatal("no pathagon")
	}
	for _, tc := range []struct {
		name        string
		mode        string
		conns       int
		delta       bool
		minPerMatch int // moves each match makes at least in the time
	}{
		{"one connection, deltas", modeClients, 1, true, 4},
		{"two connections, full states", modeClients, 2, false, 4},
		{"against the bot", modeBot, 1, true, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "load.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			srv, err := server.New(server.Config{Games: games.All(), Store: db, BotWorkers: 1, Limits: server.Limits{Off: true}}) // one client plays every match
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			hs := httptest.NewServer(srv.Handler())
			defer hs.Close()
			const nGames = 4
			cfg := config{urls: []string{hs.URL}, metricsURLs: []string{hs.URL}, info: info, mode: tc.mode, conns: tc.conns, delta: tc.delta, games: nGames,
				duration: 1500 * time.Millisecond, interval: 100 * time.Millisecond}
			st, err := run(cfg, "")
			if err != nil {
				t.Fatal(err)
			}
			if len(st.errors) > 0 {
				t.Errorf("errors: %v", st.errors)
			}
			if n := st.desyncs.Load(); n > 0 {
				t.Errorf("%d delta desyncs", n)
			}
			moves := st.moves.Load()
			if moves < nGames*int64(tc.minPerMatch) {
				t.Errorf("%d moves acknowledged, want at least %d", moves, nGames*tc.minPerMatch)
			}
			if int64(len(st.latencies)) != moves {
				t.Errorf("%d round trips timed for %d moves", len(st.latencies), moves)
			}
			for _, l := range st.latencies {
				if l <= 0 || l > testTimeout {
					t.Fatalf("round trip %v", l)
				}
			}
		})
	}
}

// testTimeout bounds a round trip in TestRun; generous because the
// machine is shared.
const testTimeout = 15 * time.Second

// TestNodes checks how matches spread over several nodes: lobby requests
// to each node in turn, and one socket in N on the match's own node, the
// rest on the others as evenly.
func TestNodes(t *testing.T) {
	for _, tc := range []struct {
		urls      []string
		idx       int
		lobby, ws string
	}{
		{[]string{"a"}, 5, "a", "a"},
		{[]string{"a", "b", "c"}, 0, "a", "a"},
		{[]string{"a", "b", "c"}, 1, "b", "b"},
		{[]string{"a", "b", "c"}, 3, "a", "b"},
		{[]string{"a", "b", "c"}, 5, "c", "a"},
		{[]string{"a", "b", "c"}, 6, "a", "c"},
	} {
		cfg := config{urls: tc.urls}
		if got := cfg.node(tc.idx, false); got != tc.lobby {
			t.Errorf("%v match %d: lobby on %s, want %s", tc.urls, tc.idx, got, tc.lobby)
		}
		if got := cfg.node(tc.idx, true); got != tc.ws {
			t.Errorf("%v match %d: socket on %s, want %s", tc.urls, tc.idx, got, tc.ws)
		}
	}
	cfg := config{urls: []string{"a", "b", "c"}}
	same := 0
	for i := range 900 {
		if cfg.node(i, false) == cfg.node(i, true) {
			same++
		}
	}
	if same != 300 {
		t.Errorf("%d of 900 sockets on their match's node, want 300", same)
	}
}
