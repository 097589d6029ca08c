package server

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
)

// TestSlowClientDropped checks a connection whose queue is full is closed
// and forgotten by the room, and the room does not wait for it.
func TestSlowClientDropped(t *testing.T) {
	h := start(t, "")
	id, _ := h.twoPlayers(protocol.TimeControl{})
	r, err := h.srv.room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	slow := &conn{out: make(chan frame, 1), cancel: cancel}
	fast := &conn{out: make(chan frame, sendBuffer), cancel: func() {}}
	done := make(chan struct{})
	// Run on the room's goroutine, as everything touching its fields must.
	r.in <- funcMsg(func() {
		r.subs[slow], r.subs[fast] = sub{}, sub{}
		for range 3 {
			r.broadcast(protocol.Event{Kind: protocol.EventJoined, Seat: 0})
		}
		if _, ok := r.subs[slow]; ok {
			t.Error("slow connection still subscribed")
		}
		if _, ok := r.subs[fast]; !ok {
			t.Error("fast connection dropped")
		}
		close(done)
	})
	select {
	case <-done:
	case <-time.After(testTimeout):
		t.Fatal("room blocked on a slow connection")
	}
	select {
	case <-ctx.Done():
	default:
		t.Fatal("slow connection not closed")
	}
	if got := len(fast.out); got != 3 {
		t.Errorf("fast connection got %d updates, want 3", got)
	}
}

// TestRestartDoesNotChargeDowntime checks the ruling in docs/protocol.md:
// the hour the server was down is not taken from the running clock.
func TestRestartDoesNotChargeDowntime(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h := start(t, "", func(c *Config) { c.Clock = fake })
	id, tokens := h.twoPlayers(protocol.TimeControl{Kind: "fischer", BaseMs: 60000})
	c0 := h.connect(id, tokens[0])
	fake.Advance(5 * time.Second)
	wantAck(t, c0.do(protocol.TypeMove, "+1"))
	fake.Advance(3 * time.Second) // seat 1 thinks for 3 s, then the server goes down
	path := h.path
	h.stop()
	fake.Advance(time.Hour)
	h2 := start(t, path, func(c *Config) { c.Clock = fake })
	c1 := h2.connect(id, tokens[1])
	// The stored reading was taken at the move: seat 1 had 60 s then, and
	// neither the 3 s before the crash nor the hour of downtime is charged.
	if got := c1.state.Clocks.Remaining; got[0] != 55000 || got[1] != 60000 {
		t.Fatalf("clocks after restart %v ms, want [55000 60000]", got)
	}
	fake.Advance(2 * time.Second)
	wantAck(t, c1.do(protocol.TypeMove, "+1"))
	if got := c1.state.Clocks.Remaining[1]; got != 58000 {
		t.Errorf("seat 1 after 2 s more: %d ms, want 58000", got)
	}
}

// TestViewMovesSurviveTakeback checks a published view keeps its move list
// when a takeback and a new move follow: views share the room's move texts,
// and a takeback must not overwrite what they hold.
func TestViewMovesSurviveTakeback(t *testing.T) {
	h := start(t, "")
	id, _ := h.twoPlayers(protocol.TimeControl{})
	r, err := h.srv.room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	r.in <- funcMsg(func() {
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
		r.takeback = int(r.moves[2].Seat)
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
		if got := r.freshSnap().Moves; len(got) != 3 || got[2] != r.moves[2].Text {
			t.Errorf("new view's moves %v, room's %v", got, r.moves)
		}
	})
	select {
	case <-done:
	case <-time.After(testTimeout):
		t.Fatal("room did not run the test")
	}
}

// TestSaveContextReused checks a room's commits share one deadline
// context while it is live, and a new one replaces it after it ended (a
// commit timed out).
func TestSaveContextReused(t *testing.T) {
	r := &room{}
	defer r.stopSave()
	first := r.saveContext(t.Context())
	r.save.timer.Stop()
	if again := r.saveContext(t.Context()); again != first {
		t.Error("a second commit got a new context")
	}
	r.save.timer.Stop()
	if first.Err() != nil {
		t.Fatalf("commit context ended early: %v", first.Err())
	}
	r.save.cancel() // as the timer does saveTimeout into a commit
	next := r.saveContext(t.Context())
	if next == first || next.Err() != nil {
		t.Errorf("after a timeout: same context %v, err %v; want a fresh one", next == first, next.Err())
	}
}
