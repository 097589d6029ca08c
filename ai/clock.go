package ai

import (
	"time"

	"github.com/tabula-games/tabula/game"
)

// Clock is every seat's clock when a move is asked for (a Fischer clock:
// each move adds the seat's increment after it is made).
type Clock struct {
	Remaining []time.Duration // time left on each seat's clock, indexed by seat
	Increment []time.Duration // added to each seat's clock after its move
}

// Seat returns seat p's remaining time and increment, zeros when the clock
// does not list p.
func (c *Clock) Seat(p game.Player) (remaining, increment time.Duration) {
	if c == nil || p < 0 {
		return 0, 0
	}
	if int(p) < len(c.Remaining) {
		remaining = c.Remaining[p]
	}
	if int(p) < len(c.Increment) {
		increment = c.Increment[p]
	}
	return remaining, increment
}

// The time manager (PlanTime). Its numbers keep a bot off its flag with
// any clock, including one it joins late with little time left.
const (
	// planMoves is how many more moves the plan spreads the remaining
	// time over: games are longer, but a plan that assumes fewer moves
	// keeps time for the middle game, where thinking pays most.
	planMoves = 30
	// planIncrementShare (in fifths) is the share of the increment spent
	// on top: the rest builds a reserve against overruns.
	planIncrementFifths = 4
	// planMaxShare caps a move at 1/planMaxShare of the remaining time,
	// so no single move, however the increment compares, risks the flag.
	planMaxShare = 5
	// planMargin is kept back from every move for what happens outside
	// the search: the search's last nodes after its deadline, the
	// protocol lines of an outside engine, scheduling on a busy machine.
	// A move of less than twice the margin keeps half of itself instead.
	planMargin = 50 * time.Millisecond
	// planMin is the least a move is given, so that a search always has a
	// deadline even on a clock that has (nearly) run out.
	planMin = time.Millisecond
)

// PlanTime is the time a seat with remaining time on its clock and the
// given increment thinks about its move:
//
//	t = min(remaining/30 + 0.8·increment, remaining/5)
//	think = t − min(50 ms, t/2), at least 1 ms
//
// It returns 0 when remaining is not positive and there is no increment
// (no clock).
func PlanTime(remaining, increment time.Duration) time.Duration {
	if remaining <= 0 && increment <= 0 {
		return 0
	}
	remaining = max(remaining, 0)
	t := remaining/planMoves + increment*planIncrementFifths/5
	t = min(t, remaining/planMaxShare)
	t -= min(planMargin, t/2)
	return max(t, planMin)
}

// MoveTime is the time a search for seat p may take: the smaller of Time
// and the clock's plan for p (PlanTime), or whichever of them is set; 0
// when neither is.
func (b Budget) MoveTime(p game.Player) time.Duration {
	plan := PlanTime(b.Clock.Seat(p))
	switch {
	case plan == 0:
		return b.Time
	case b.Time == 0:
		return plan
	}
	return min(b.Time, plan)
}
