package main

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/protocol"
)

// shutdownClients is how many WebSockets are open when the server is told
// to stop; shutdownRounds is how many times the test does it (whether a
// close frame was lost depended on scheduling).
const (
	shutdownClients = 50
	shutdownRounds  = 5
	// shutdownPerMatch is the connections on one match: its player, then
	// spectators.
	shutdownPerMatch = 10
)

// TestServeShutdownGoingAway connects shutdownClients clients to a real
// tabula serve process, sends it SIGTERM and checks that every one of them
// reads the close frame 1001 (going away) before its socket closes, not a
// bare end of stream; shutdownRounds times.
func TestServeShutdownGoingAway(t *testing.T) {
	dir := t.TempDir()
	bin := buildTabula(t, dir)
	for round := range shutdownRounds {
		shutdownRound(t, bin, filepath.Join(dir, fmt.Sprintf("tabula-%d.db", round)))
	}
}

// shutdownRound starts the server, connects shutdownClients clients (a
// player and spectators on each of a few waiting matches), sends SIGTERM and checks every one of them reads
// close 1001.
func shutdownRound(t *testing.T, bin, db string) {
	t.Helper()
	srv := startServe(t, bin, db, "--no-client-limits") // one client opens every connection
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	seats := make([]*seatConn, shutdownClients)
	var created protocol.CreateResponse
	for i := range seats {
		token := "" // a spectator
		if i%shutdownPerMatch == 0 {
			zero := 0
			postJSON(t, srv.url+"/api/matches", protocol.CreateRequest{Game: "pathagon", Join: &zero}, &created)
			token = created.Token
		}
		c, err := dialSeat(ctx, srv.url, created.Match.ID, token)
		if err != nil {
			t.Fatalf("dial %d: %v", i, err)
		}
		seats[i] = c
	}
	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	statuses := make([]websocket.StatusCode, len(seats))
	errs := make([]error, len(seats))
	var wg sync.WaitGroup
	for i, c := range seats {
		wg.Go(func() {
			for {
				if _, err := c.next(ctx); err != nil {
					statuses[i], errs[i] = websocket.CloseStatus(err), err
					return
				}
			}
		})
	}
	wg.Wait()
	got := 0
	for i, st := range statuses {
		if st == websocket.StatusGoingAway {
			got++
		} else {
			t.Logf("client %d: status %d: %v", i, st, errs[i])
		}
	}
	if got != len(seats) {
		t.Errorf("%d of %d clients got close status 1001", got, len(seats))
	} else {
		t.Logf("%d of %d clients got close status 1001", got, len(seats))
	}
	if err := srv.cmd.Wait(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Errorf("serve: %v", err)
		}
		t.Errorf("serve exited with %v; stderr: %s", err, srv.stderr)
	}
}
