package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/deadline"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// TestSlowClientDropped checks a connection that stops reading is closed
// and forgotten by the room once it owes more than maxPending bytes
// beyond the kernel's socket buffers, that the room never waits for it
// (every broadcast returns at once: the socket never blocks), and that a
// connection that reads keeps every update.
func TestSlowClientDropped(t *testing.T) {
	h := start(t, "")
	id, _ := h.twoPlayers(protocol.TimeControl{})
	slow := h.connect(id, "") // never reads again
	fast := h.connect(id, "")
	r := h.room(id)
	// fast reads everything as it comes, counting the updates.
	var updates atomic.Int64
	go func() {
		for {
			_, data, err := fast.ws.Read(context.Background())
			if err != nil {
				return
			}
			if strings.HasPrefix(string(data), `{"type":"update"`) {
				updates.Add(1)
			}
		}
	}()
	// maxBroadcasts full states are far more than the socket buffers of
	// loopback (a few MB) and maxPending hold.
	const maxBroadcasts = 200_000
	type result struct {
		sent    int
		longest time.Duration
		dropped bool
	}
	done := make(chan result, 1)
	// Under the room's mutex, as everything touching its fields must be;
	// on a goroutine of its own, so a blocked room fails the test.
	go r.do(func() {
		var res result
		for res.sent < maxBroadcasts && !res.dropped {
			t0 := time.Now()
			r.broadcast(protocol.Event{Kind: protocol.EventJoined, Seat: 0})
			res.longest = max(res.longest, time.Since(t0))
			res.sent++
			res.dropped = len(r.subs) < 2
		}
		if len(r.subs) != 1 {
			t.Errorf("%d connections subscribed after the drop, want 1 (the reader)", len(r.subs))
		}
		done <- res
	})
	var res result
	select {
	case res = <-done:
	case <-time.After(testTimeout):
		t.Fatal("room blocked on a slow connection")
	}
	t.Logf("dropped after %d updates, longest broadcast %v", res.sent, res.longest)
	if !res.dropped {
		t.Fatalf("slow connection still subscribed after %d updates", res.sent)
	}
	// A broadcast is a view encoded and written without waiting; a
	// second is far beyond that even on a loaded machine, and far below
	// writeTimeout (what waiting for the peer would take).
	if res.longest > time.Second {
		t.Errorf("longest broadcast %v: the room waited", res.longest)
	}
	// The slow client's connection is closed: reading it drains what the
	// kernel holds and then fails.
	slow.waitClosed("slow connection not closed")
	resp, err := http.Get(h.metrics.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if want := "tabula_slow_client_drops_total 1\n"; !strings.Contains(string(body), want) {
		t.Errorf("/metrics has no %q", want)
	}
	deadline := time.Now().Add(testTimeout)
	for updates.Load() < int64(res.sent) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := updates.Load(); got != int64(res.sent) {
		t.Errorf("reading connection got %d updates, want %d", got, res.sent)
	}
}

// TestRestartDoesNotChargeDowntime checks the ruling in docs/protocol.md:
// the hour the server was down is not taken from the running clock.
func TestRestartDoesNotChargeDowntime(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h := start(t, "", func(c *Config) { c.Clock = fake })
	id, tokens := h.twoPlayers(protocol.TimeControl{Kind: "fischer", BaseMs: 60000})
	c0, c1 := h.connect(id, tokens[0]), h.connect(id, tokens[1])
	wantAck(t, c0.do(protocol.TypeMove, "+2")) // the first move, untimed
	c1.untilVersion(c0.version)
	fake.Advance(5 * time.Second)
	wantAck(t, c1.do(protocol.TypeMove, "+2")) // 4: no coin
	fake.Advance(3 * time.Second)              // seat 0 thinks for 3 s, then the server goes down
	path := h.path
	h.stop()
	fake.Advance(time.Hour)
	h2 := start(t, path, func(c *Config) { c.Clock = fake })
	was := c0.n.Load()
	c0 = h2.connect(id, tokens[0])
	c0.n.Store(was) // a new command ID: the server remembers the first connection's
	// The stored reading was taken at the move: seat 0 had 60 s then, and
	// neither the 3 s before the crash nor the hour of downtime is charged.
	if got := c0.state.Clocks.Remaining; got[0] != 60000 || got[1] != 55000 {
		t.Fatalf("clocks after restart %v ms, want [60000 55000]", got)
	}
	fake.Advance(2 * time.Second)
	wantAck(t, c0.do(protocol.TypeMove, "+1"))
	if got := h2.stored(id).Clock.Remaining[0]; got != 58*time.Second {
		t.Errorf("seat 0 after 2 s more: %v, want 58s", got)
	}
}

// TestStoredClocksAfterMoves checks the clock times stored with each
// move's row, over commits that reuse the room's two arrays of times in
// turn (commit's spareTimes): after four moves (and the game's chance
// events between them) and a restart, each seat has lost exactly its own
// thinking time.
func TestStoredClocksAfterMoves(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h := start(t, "", func(c *Config) { c.Clock = fake })
	id, tokens := h.twoPlayers(protocol.TimeControl{Kind: "fischer", BaseMs: 60000})
	c := [2]*client{h.connect(id, tokens[0]), h.connect(id, tokens[1])}
	want := [2]int64{60000, 60000}
	for i, think := range []time.Duration{5 * time.Second, 3 * time.Second, 2 * time.Second, time.Second} {
		// Both clients up to date: the mover's view says whose turn it is.
		for c[0].version != c[1].version || c[0].state.ToMove < 0 {
			if c[0].version <= c[1].version {
				c[0].read()
			} else {
				c[1].read()
			}
		}
		seat := c[0].state.ToMove
		fake.Advance(think)
		wantAck(t, c[seat].do(protocol.TypeMove, "+1"))
		if i > 0 { // the first move is not timed
			want[seat] -= think.Milliseconds()
		}
		c[1-seat].untilVersion(c[seat].version)
	}
	path := h.path
	h.stop()
	h2 := start(t, path, func(c *Config) { c.Clock = fake })
	c0 := h2.connect(id, tokens[0])
	if got := c0.state.Clocks.Remaining; got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("clocks after restart %v ms, want %v", got, want)
	}
}

// TestViewMovesSurviveTakeback checks a published view keeps its move list
// when a takeback and a new move follow: a takeback must not overwrite
// what published views hold.
func TestViewMovesSurviveTakeback(t *testing.T) {
	h := start(t, "")
	id, _ := h.twoPlayers(protocol.TimeControl{})
	r := h.room(id)
	done := make(chan struct{})
	go r.do(func() {
		defer close(done)
		ctx := context.Background()
		for range 3 {
			legal := r.st.LegalMoves(nil)
			if err := r.play(ctx, int(r.st.ToMove()), legal[len(legal)-1], ""); err != nil {
				t.Error(err)
				return
			}
		}
		old := r.freshSnap()
		want := slices.Clone(old.Moves)
		r.takeback = int(r.movers[2])
		if err := r.doTakeback(ctx, 1-r.takeback); err != nil {
			t.Error(err)
			return
		}
		legal := r.st.LegalMoves(nil)
		if err := r.play(ctx, int(r.st.ToMove()), legal[0], ""); err != nil {
			t.Error(err)
			return
		}
		if !slices.Equal(old.Moves, want) {
			t.Errorf("published view's moves changed to %v, want %v", old.Moves, want)
		}
		if got := r.freshSnap().Moves; len(got) != 3 || got[2] != r.texts.At(2) {
			t.Errorf("new view's moves %v, room's %v", got, r.texts.Strings())
		}
	})
	select {
	case <-done:
	case <-time.After(testTimeout):
		t.Fatal("room did not run the test")
	}
}

// TestSaveContextReused checks a room's commits share one deadline
// context while it is live, and a new one replaces it after a commit
// timed out.
func TestSaveContextReused(t *testing.T) {
	r := &room{}
	defer r.stopSave()
	first := r.saveContext(t.Context())
	r.save.End()
	if again := r.saveContext(t.Context()); again != first {
		t.Error("a second commit got a new context")
	}
	r.save.End()
	if first.Err() != nil {
		t.Fatalf("commit context ended early: %v", first.Err())
	}
	r.save.Stop()
	r.save = deadline.New(t.Context(), time.Nanosecond) // one that times out into its commit
	r.save.Begin()
	for !r.save.Expired() {
		time.Sleep(time.Millisecond)
	}
	r.save.End()
	expired := r.save
	next := r.saveContext(t.Context())
	if r.save == expired || next.Err() != nil {
		t.Errorf("after a timeout: same deadline %v, err %v; want a fresh one", r.save == expired, next.Err())
	}
}

// TestIdleRoomStops checks the room of an ended match stops once it has
// had no connection for roomIdle, and only then: a live room arms no idle
// check; the check starts when a command on a connection's read loop ends
// the match; a stopped room refuses work and leaves the server's table;
// the next request loads the match again, as it was.
func TestIdleRoomStops(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h := start(t, "", func(c *Config) { c.Clock = fake })
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	c0 := h.connect(id, tokens[0])
	r := h.room(id)
	idle := func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.idle != nil
	}
	wantAck(t, c0.do(protocol.TypeMove, "+1"))
	if idle() {
		t.Fatal("a live room arms an idle check")
	}
	fake.Advance(2 * roomIdle)
	if r.stopped.Load() {
		t.Fatal("a live room stopped for idleness")
	}
	wantAck(t, c0.do(protocol.TypeResign, ""))
	if !idle() {
		t.Fatal("the room of an ended match armed no idle check")
	}
	// Connected: it stays.
	fake.Advance(2 * roomIdle)
	if r.stopped.Load() {
		t.Fatal("an ended room with a connection stopped")
	}
	c0.ws.Close(websocket.StatusNormalClosure, "")
	for deadline := time.Now().Add(testTimeout); ; time.Sleep(time.Millisecond) {
		r.mu.Lock()
		n := len(r.subs)
		r.mu.Unlock()
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the connection never left the room")
		}
	}
	for deadline := time.Now().Add(testTimeout); !r.stopped.Load(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("an idle ended room did not stop")
		}
		fake.Advance(roomIdle / 2)
	}
	if r.do(func() { t.Error("a stopped room ran work") }) {
		t.Error("a stopped room accepted work")
	}
	for deadline := time.Now().Add(testTimeout); ; time.Sleep(time.Millisecond) {
		h.srv.mu.Lock()
		_, there := h.srv.rooms[id]
		h.srv.mu.Unlock()
		if !there {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a stopped room stayed in the server's table")
		}
	}
	again := h.room(id)
	if again == r {
		t.Fatal("the stopped room was handed out again")
	}
	if v := again.snapshot(); v.Status != protocol.StatusFinished || v.Version != r.version.Load() {
		t.Errorf("reloaded match: status %s version %d, want finished at %d", v.Status, v.Version, r.version.Load())
	}
	c := h.connect(id, tokens[1])
	if c.state.Status != protocol.StatusFinished {
		t.Errorf("a connection to the reloaded match reads status %s", c.state.Status)
	}
}

// TestCloseStopsRooms checks the server's Close stops every room: its
// connections are closed, a timer firing afterwards and
// any later work are refused, the table is empty and no match loads.
func TestCloseStopsRooms(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h := start(t, "", func(c *Config) { c.Clock = fake })
	id, tokens := h.twoPlayers(protocol.TimeControl{Kind: "fischer", BaseMs: 10000})
	c0 := h.connect(id, tokens[0])
	wantAck(t, c0.do(protocol.TypeMove, "+1"))
	r := h.room(id)
	version := r.version.Load()
	h.srv.Close()
	err := c0.waitClosed("the connection stayed open after Close")
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusGoingAway || ce.Reason != "server shutting down" {
		t.Errorf("the client read %v, want a close frame with status going away (1001) and the reason", err)
	}
	if !r.stopped.Load() {
		t.Fatal("a room still runs after Close")
	}
	fake.Advance(time.Minute) // the flag timer fires into a stopped room
	if r.do(func() {}) {
		t.Error("a stopped room accepted work")
	}
	if got := r.snapshot(); got == nil || got.Version != version {
		t.Errorf("a stopped room's view %+v, want version %d", got, version)
	}
	h.srv.mu.Lock()
	n := len(h.srv.rooms)
	h.srv.mu.Unlock()
	if n != 0 {
		t.Errorf("%d rooms in the table after Close", n)
	}
	if _, err := h.srv.room(context.Background(), id); codeOf(err) != protocol.CodeUnavailable {
		t.Errorf("loading a match after Close: %v, want unavailable", err)
	}
	if v, _, err := h.db.Load(context.Background(), id); err != nil || v.Status != store.StatusLive || v.Version != version {
		t.Errorf("stored match after Close: %+v, %v; want live at version %d (no flag fall after Close)", v, err, version)
	}
}

// TestBotResultWhileRoomBusy checks a bot worker handing a search's result
// to a room in the middle of a change does not wait for it (other rooms'
// searches would queue behind one room's commit), and the result is
// applied once the room is free.
func TestBotResultWhileRoomBusy(t *testing.T) {
	h := start(t, "")
	id, _ := h.twoPlayers(protocol.TimeControl{})
	r := h.room(id)
	r.mu.Lock() // a change in progress
	v := r.m.Version
	res := botResult{version: v, move: r.st.LegalMoves(nil)[0]}
	returned := make(chan struct{})
	go func() {
		r.botDone(res)
		close(returned)
	}()
	select {
	case <-returned:
	case <-time.After(testTimeout):
		r.mu.Unlock()
		t.Fatal("botDone waited for a busy room")
	}
	r.mu.Unlock()
	for deadline := time.Now().Add(testTimeout); r.version.Load() != v+1; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the result was not applied: version %d, want %d", r.version.Load(), v+1)
		}
	}
}
