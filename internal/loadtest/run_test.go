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
			cfg := config{url: hs.URL, metricsURL: hs.URL, info: info, mode: tc.mode, conns: tc.conns, delta: tc.delta, games: nGames,
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
