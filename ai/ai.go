// Package ai defines the Agent contract shared by every player the program
// can put in a seat: the uniform random player, the search bots and external
// engines. Agents work on any game through the game contract alone.
package ai

import (
	"context"
	"time"

	"github.com/tabula-games/tabula/game"
)

// Budget limits one search. Zero fields are unlimited; an agent given no
// limit at all uses its own default.
type Budget struct {
	Time  time.Duration // wall time for this move
	Nodes int64         // positions visited or playouts, as the agent counts
	Depth int           // plies, for depth-limited searches
	// Clock, when set, is the game clock at this move: the agent plans
	// its own time from its seat's entries (MoveTime) and never flags when
	// it is the only limit. It is shared, not copied: do not change it.
	Clock *Clock
}

// Report is what an agent chose and what it thought.
type Report struct {
	Move     game.Move
	Score    float64     // from the mover's view; agent-specific scale, documented per agent
	Mate     int         // plies to a proven win (> 0) or loss (< 0); 0 when unproven
	Depth    int         // completed depth (alpha-beta)
	Nodes    int64       // nodes or playouts spent
	PV       []game.Move // principal variation starting with Move, where known
	Duration time.Duration
}

// Agent chooses moves. Implementations return only moves listed by
// s.LegalMoves, stop when ctx is done (returning their best move so far if
// they have one), and stay within the budget.
type Agent interface {
	// Name is the agent's spec, for example "random" or "bot:hard".
	Name() string
	// Choose picks a move for s.ToMove(), which must be a seat (not Chance
	// and not NoPlayer).
	Choose(ctx context.Context, s game.State, b Budget) (Report, error)
}
