package server

import (
	"slices"
	"time"

	"github.com/tabula-games/tabula/internal/clock"
)

// The first move of a match with a Fischer clock is not timed (issue 24,
// defect 17; docs/protocol.md, "Clocks"): the clocks stand still until a
// seat has moved, so a player who opens a match and looks at it is not
// charged for it. Nobody is stuck meanwhile: every seat that has not moved
// may abort, and a match whose humans all leave before the first move is
// aborted as abandoned. Correspondence keeps its deadline from the start:
// its matches are never abandoned, and only the deadline ends one whose
// first mover never moves.

// waitsFirstMove reports whether clocks of kind stand still because no
// seat has made a move among movers (chance moves, -2, do not count).
func waitsFirstMove(kind string, movers []int8) bool {
	return kind == clock.Fischer && !slices.ContainsFunc(movers, func(m int8) bool { return m >= 0 })
}

// startFirstMove starts seat's clock at the match's first move, just
// before the clocks switch, so that the switch charges it nothing and
// adds its increment like any other move's. mu held.
func (r *room) startFirstMove(seat int, now time.Time) {
	if seat >= 0 && r.clocks.Running < 0 && waitsFirstMove(r.clocks.Control.Kind, r.movers) {
		r.clocks.Running, r.clocks.Since = seat, now
	}
}
