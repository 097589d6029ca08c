package main

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store/postgres/pgtest"
	"github.com/tabula-games/tabula/internal/store/sqlite"
)

// TestOpenStore checks which store --db opens, and that a PostgreSQL URL
// holding a password is refused without the password reaching the error.
func TestOpenStore(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name    string
		db      string
		wantErr string // "" for success
	}{
		{"sqlite file", filepath.Join(t.TempDir(), "tabula.db"), ""},
		{"password in the URL", "postgres://tabula:s3cret@127.0.0.1:1/tabula", "password"},
		{"password parameter", "postgresql://tabula@127.0.0.1:1/tabula?password=s3cret", "password"},
		{"malformed URL", "postgres://tabula:s3cret@[::1/tabula", "not a valid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, err := openStore(ctx, tt.db)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				if _, ok := db.(*sqlite.DB); !ok {
					t.Errorf("openStore(%q) = %T, want *sqlite.DB", tt.db, db)
				}
				return
			}
			if err == nil {
				db.Close()
				t.Fatalf("openStore(%q) succeeded", tt.db)
			}
			if !strings.Contains(err.Error(), tt.wantErr) || strings.Contains(err.Error(), "s3cret") {
				t.Errorf("openStore(%q) = %v; want an error about %q without the password", tt.db, err, tt.wantErr)
			}
		})
	}
}

// TestServeOnPostgres runs two tabula serve processes on one PostgreSQL
// database: moves played on the first, which is then killed with SIGKILL,
// are all found by the second, where play goes on.
func TestServeOnPostgres(t *testing.T) {
	if testing.Short() { // before pgtest.URL, which fails under CI without a database
		t.Skip("builds and runs the binary")
	}
	db := pgtest.URL(t)
	dir := t.TempDir()
	bin := buildTabula(t, dir)
	a, b := startServe(t, bin, db), startServe(t, bin, db)

	var created protocol.CreateResponse
	zero := 0
	postJSON(t, a.url+"/api/matches", protocol.CreateRequest{Game: "pathagon", Join: &zero,
		Options: map[string]string{"plyCap": "0", "repetitionDraw": "false"}}, &created)
	id := created.Match.ID
	var joined protocol.JoinResponse
	postJSON(t, a.url+"/api/matches/"+id+"/join", protocol.JoinRequest{}, &joined)
	tokens := []string{created.Token, joined.Token}

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var seats []*seatConn
	for _, tok := range tokens {
		c, err := dialSeat(ctx, a.url, id, tok)
		if err != nil {
			t.Fatal(err)
		}
		seats = append(seats, c)
	}
	const plies = 6
	var acked []string
	for n := range plies {
		// Both seats see the last move before the next.
		v := max(seats[0].state.Version, seats[1].state.Version)
		for _, s := range seats {
			for s.state.Version < v {
				if _, err := s.next(ctx); err != nil {
					t.Fatal(err)
				}
			}
		}
		mover := seats[seats[0].state.ToMove]
		text := mover.state.Legal[n*7%len(mover.state.Legal)].Text
		if err := mover.move(ctx, fmt.Sprintf("c%d", n), text); err != nil {
			t.Fatalf("move %d on the first server: %v", n, err)
		}
		acked = append(acked, text)
	}
	if err := a.cmd.Process.Kill(); err != nil { // SIGKILL: no shutdown code runs
		t.Fatal(err)
	}
	a.cmd.Wait()

	st := matchState(t, b.url, id)
	if !slices.Equal(st.Moves, acked) || st.Status != protocol.StatusLive {
		t.Fatalf("second server: status %s, moves %v; want live, %v", st.Status, st.Moves, acked)
	}
	c, err := dialSeat(ctx, b.url, id, tokens[st.ToMove])
	if err != nil {
		t.Fatal(err)
	}
	defer c.ws.CloseNow()
	if err := c.move(ctx, "on-b", c.state.Legal[0].Text); err != nil {
		t.Fatalf("move on the second server: %v", err)
	}
}
