package cluster

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/server"
	"github.com/tabula-games/tabula/internal/store/postgres/pgtest"
)

// errorLog is a slog handler that keeps the error records.
type errorLog struct {
	mu   sync.Mutex
	msgs []string
}

func (l *errorLog) Enabled(_ context.Context, lv slog.Level) bool { return lv >= slog.LevelError }
func (l *errorLog) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	msg := r.Message
	r.Attrs(func(a slog.Attr) bool { msg += " " + a.String(); return true })
	l.msgs = append(l.msgs, msg)
	return nil
}
func (l *errorLog) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *errorLog) WithGroup(string) slog.Handler      { return l }
func (l *errorLog) errors() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.msgs...)
}

// sweep advances a node's clock past the waiting expiry and waits for
// the expiry pass that starts.
func sweep(t *testing.T, n *testNode, fake *clock.Fake) {
	t.Helper()
	before := n.srv.SweepPasses()
	fake.Advance(2 * time.Hour) // past the default waiting expiry, an hour
	for deadline := time.Now().Add(10 * time.Second); n.srv.SweepPasses() == before; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no sweep pass")
		}
	}
}

// TestSweepOwnerOnly: every node's expiry sweep reads the whole
// database, but only a match's owner ends it: another node's sweep skips
// an expired waiting match that a live node owns, logging nothing, and
// the owner's sweep aborts it.
func TestSweepOwnerOnly(t *testing.T) {
	dsn := pgtest.URL(t)
	natsURL := startNATS(t)
	start := time.Now()
	fa, fb := clock.NewFake(start), clock.NewFake(start)
	la, lb := &errorLog{}, &errorLog{}
	with := func(f *clock.Fake, l *errorLog) func(*server.Config) {
		return func(c *server.Config) { c.Clock, c.Logger = f, slog.New(l) }
	}
	a := startNode(t, dsn, natsURL, 0, with(fa, la))
	b := startNode(t, dsn, natsURL, 0, with(fb, lb))
	zero := 0
	var created protocol.CreateResponse
	postJSON(t, a.http.URL+"/api/matches", protocol.CreateRequest{Game: "pathagon", Join: &zero,
		Seats: []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatHuman}}}, &created)
	id := created.Match.ID
	if st := getState(t, a.http.URL, id); st.Status != protocol.StatusWaiting {
		t.Fatalf("match %s: %s, want waiting", id, st.Status)
	}

	sweep(t, b, fb) // b sees the match expired; a owns it
	if errs := lb.errors(); len(errs) > 0 {
		t.Errorf("b's sweep logged errors for a's match: %q", errs)
	}
	if st := getState(t, a.http.URL, id); st.Status != protocol.StatusWaiting {
		t.Fatalf("b's sweep ended a's match: %s", st.Status)
	}
	sweep(t, a, fa)
	if st := getState(t, b.http.URL, id); st.Status != protocol.StatusAborted {
		t.Errorf("after a's sweep the match is %s, want aborted", st.Status)
	}
	if errs := la.errors(); len(errs) > 0 {
		t.Errorf("a's sweep logged errors: %q", errs)
	}
}
