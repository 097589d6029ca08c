package server

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
)

// TestRateTableBounded floods the create route from 2,000 distinct
// clients: the rate table keeps at most Limits.Clients of them, the rest
// share one set of rates (so the flood is limited as one client), and
// idle clients are forgotten.
func TestRateTableBounded(t *testing.T) {
	fake := clock.NewFake(epoch)
	h := start(t, "", func(c *Config) {
		c.Clock = fake
		behindProxy(c)
		c.Limits = Limits{Clients: 100}
	})
	limited := 0
	for i := range 2000 {
		// An empty body: the rate is taken before the body is read, and
		// nothing is created.
		st, _ := h.apiAs(fmt.Sprintf("10.%d.%d.1", i/250, i%250), "POST", "/api/matches", nil, nil)
		if st == http.StatusTooManyRequests {
			limited++
		}
	}
	if n := h.srv.rates.size(); n > 100 {
		t.Fatalf("the rate table holds %d clients, want at most 100", n)
	}
	// 100 clients in the table, 1,900 sharing the overflow's burst of 10.
	if want := 1900 - defaultCreateBurst; limited != want {
		t.Errorf("%d requests limited, want %d", limited, want)
	}
	fake.Advance(clientIdle)
	h.apiAs("192.0.2.1", "POST", "/api/matches", nil, nil)
	if n := h.srv.rates.size(); n != 1 {
		t.Errorf("after %v idle the table holds %d clients, want 1", clientIdle, n)
	}
}

// TestWaitingTotalSurvivesRestart checks the server-wide cap on waiting
// matches, counted from the store at start.
func TestWaitingTotalSurvivesRestart(t *testing.T) {
	limits := func(c *Config) { behindProxy(c); c.Limits = Limits{WaitingTotal: 3} }
	h := start(t, "", limits)
	for i := range 3 {
		if st, _ := h.apiAs(fmt.Sprintf("192.0.2.%d", i+1), "POST", "/api/matches", protocol.CreateRequest{Game: "race"}, nil); st != http.StatusCreated {
			t.Fatalf("create %d: %d", i, st)
		}
	}
	refused := func(h *harness, what string) {
		t.Helper()
		var e protocol.ErrorBody
		st, retry := h.apiAs("198.51.100.7", "POST", "/api/matches", protocol.CreateRequest{Game: "race"}, &e)
		wantLimited(t, what, st, retry, e, protocol.CodeTooManyMatches)
	}
	refused(h, "a 4th waiting match")
	path := h.path
	h.stop()
	h2 := start(t, path, limits)
	if n := h2.srv.usage.waitingCount(); n != 3 {
		t.Fatalf("after a restart %d waiting matches counted, want 3", n)
	}
	refused(h2, "a 4th waiting match after a restart")
	// A match against a bot does not wait: the cap does not apply.
	if st, _ := h2.apiAs("198.51.100.7", "POST", "/api/matches", vsBot(), nil); st != http.StatusCreated {
		t.Fatalf("a match against a bot: %d", st)
	}
}

// TestLimitsOff checks that Limits.Off lifts the per-client limits (load
// tests) and keeps the total.
func TestLimitsOff(t *testing.T) {
	h := start(t, "", func(c *Config) { c.Limits = Limits{Off: true, WaitingTotal: 30} })
	for i := range 30 {
		if st, _ := h.apiAs("", "POST", "/api/matches", protocol.CreateRequest{Game: "race"}, nil); st != http.StatusCreated {
			t.Fatalf("create %d: %d", i, st)
		}
	}
	var e protocol.ErrorBody
	st, retry := h.apiAs("", "POST", "/api/matches", protocol.CreateRequest{Game: "race"}, &e)
	wantLimited(t, "the 31st waiting match", st, retry, e, protocol.CodeTooManyMatches)
}
