package main

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/sqlite"
)

// startLiveMatches is how many live matches TestServeListensFirst puts in
// the database: enough that bringing them back takes a second or more.
const startLiveMatches = 4_000

// TestServeListensFirst checks that tabula serve answers /healthz before
// it has brought back the live matches of its database, and brings them
// all back afterwards.
func TestServeListensFirst(t *testing.T) {
	dir := t.TempDir()
	bin := buildTabula(t, dir)
	db := filepath.Join(dir, "tabula.db")
	seedLive(t, db, startLiveMatches)

	srv := startServe(t, bin, db)
	url, stderr := srv.url, srv.stderr
	resp, err := http.Get(url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/healthz: %s", resp.Status)
	}
	if strings.Contains(stderr.String(), "recovered matches") {
		t.Fatalf("the server answered only once it had recovered every match:\n%s", stderr)
	}
	deadline := time.Now().Add(2 * time.Minute)
	want := fmt.Sprintf("recovered matches\" count=%d", startLiveMatches)
	for !strings.Contains(stderr.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in:\n%s", want, stderr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// seedLive writes n live Pathagon matches of two humans into a new
// database at path.
func seedLive(t *testing.T, path string, n int) {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Now().UTC().Truncate(time.Millisecond)
	var next atomic.Int64
	var wg sync.WaitGroup
	var failed atomic.Value
	for range 32 {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				m := store.Match{ID: fmt.Sprintf("m_live%06d", i), Game: "pathagon", Variant: "standard", Players: 2,
					Seed: uint64(i), Options: map[string]string{}, Seats: []store.Seat{{TokenHash: "a"}, {TokenHash: "b"}},
					TimeControl: store.TimeControl{Kind: "none"}, Status: store.StatusLive, Version: 1,
					Clock: store.Clock{Remaining: make([]time.Duration, 2), Running: 0, Since: now}, Created: now, Updated: now}
				if err := db.Create(ctx, m); err != nil {
					failed.Store(err)
					return
				}
			}
		})
	}
	wg.Wait()
	if err := failed.Load(); err != nil {
		t.Fatal(err)
	}
}
