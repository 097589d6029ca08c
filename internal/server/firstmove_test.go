package server

import (
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
)

// TestFirstMoveUntimed checks that a Fischer clock stands still until the
// match's first move (issue 24, defect 17): the first mover may think as
// long as it likes (the others may abort meanwhile), its move still earns
// the increment, and from then on the clocks run as usual.
func TestFirstMoveUntimed(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h := start(t, "", func(c *Config) { c.Clock = fake })
	id, tokens := h.twoPlayers(protocol.TimeControl{Kind: "fischer", BaseMs: 10000, IncrementMs: 2000})
	c0, c1 := h.connect(id, tokens[0]), h.connect(id, tokens[1])
	if c := c0.state.Clocks; c == nil || c.Running != -1 || c.Remaining[0] != 10000 {
		t.Fatalf("clocks before the first move %+v, want none running and 10000 ms each", c)
	}
	h.settle(id)
	fake.Advance(time.Minute) // longer than seat 0's whole time: no flag falls
	h.settle(id)
	if c0.state.Status != protocol.StatusLive {
		t.Fatalf("status %s after a minute before the first move, want live", c0.state.Status)
	}
	wantAck(t, c0.do(protocol.TypeMove, "+1"))
	if c := c0.state.Clocks; c.Running != 1 || c.Remaining[0] != 12000 || c.Remaining[1] != 10000 {
		t.Fatalf("clocks after the first move %+v, want seat 1 running, [12000 10000] ms", c)
	}
	c1.untilVersion(c0.version)
	h.settle(id)
	fake.Advance(3 * time.Second)
	wantAck(t, c1.do(protocol.TypeMove, "+1"))
	if got := c1.state.Clocks.Remaining; got[0] != 12000 || got[1] != 9000 {
		t.Fatalf("clocks after seat 1's move %v ms, want [12000 9000]", got)
	}
}

// TestFirstMoveCorrespondence checks that a correspondence match's first
// move keeps its deadline: nobody could otherwise end a match whose first
// mover never moves (correspondence matches are never abandoned).
func TestFirstMoveCorrespondence(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h := start(t, "", func(c *Config) { c.Clock = fake })
	id, tokens := h.twoPlayers(protocol.TimeControl{Kind: "correspondence", Days: 1})
	c0 := h.connect(id, tokens[0])
	if c := c0.state.Clocks; c == nil || c.Running != 0 {
		t.Fatalf("correspondence clocks before the first move %+v, want seat 0 running", c)
	}
}
