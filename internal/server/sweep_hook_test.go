package server

import (
	"time"

	"github.com/tabula-games/tabula/internal/clock"
)

// sweepAfter advances the fake clock by d and waits until the sweep pass
// it starts (if one is due) has completed and armed the next.
func (h *harness) sweepAfter(fake *clock.Fake, d time.Duration) {
	h.t.Helper()
	before := h.srv.sweep.passes.Load()
	fake.Advance(d)
	deadline := time.Now().Add(testTimeout)
	for h.srv.sweep.passes.Load() == before {
		if time.Now().After(deadline) {
			h.t.Fatal("no sweep pass")
		}
		time.Sleep(time.Millisecond)
	}
}
