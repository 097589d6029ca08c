package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/internal/protocol"
)

// TestServeHiddenGames: tabula serve offers tic-tac-toe, the template game,
// only with --game-hidden; the lobby lists every other game either way.
func TestServeHiddenGames(t *testing.T) {
	for _, tc := range []struct {
		flags []string
		want  bool
	}{
		{nil, false},
		{[]string{"--game-hidden"}, true},
	} {
		ids := serveGameIDs(t, tc.flags...)
		if got := strings.Contains(ids, " tictactoe "); got != tc.want {
			t.Errorf("serve %v lists %s; tictactoe listed = %v, want %v", tc.flags, ids, got, tc.want)
		}
		if !strings.Contains(ids, " pathagon ") {
			t.Errorf("serve %v lists %s, without pathagon", tc.flags, ids)
		}
	}
}

// serveGameIDs runs tabula serve in the test's process with the real
// registry and returns the IDs of GET /api/games, each with a space on
// either side.
func serveGameIDs(t *testing.T, flags ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stdout, w := io.Pipe()
	done := make(chan int, 1)
	args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "t.db")}, flags...)
	var stderr strings.Builder // written by serve until done
	go func() {
		code := run(ctx, testRegistry(), args, strings.NewReader(""), w, &stderr)
		w.Close() // a serve that stops early ends the read below
		done <- code
	}()
	defer func() { cancel(); go io.Copy(io.Discard, stdout); <-done }()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		code := <-done
		done <- code
		t.Fatalf("serve printed no address (exit %d): %v; stderr %s", code, err, stderr.String())
	}
	url := strings.TrimSpace(strings.TrimPrefix(line, "listening on "))
	resp, err := http.Get(url + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list protocol.GameList
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	ids := " "
	for _, g := range list.Games {
		ids += g.ID + " "
	}
	return ids
}
