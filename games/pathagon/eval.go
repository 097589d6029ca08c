package pathagon

import (
	"math"

	"github.com/tabula-games/tabula/game"
)

// unreachable is the distance of a player whose edges the enemy has cut
// apart: more than the 49 cells any path could need.
const unreachable = NumCells + 1

// Distance is the least number of pieces p must still add to join p's two
// edges through p's pieces and empty cells (enemy pieces block): a 0-1
// breadth-first search done with bitboards. It is 0 for a connected player
// and NumCells+1 when the enemy has cut every path.
func (s *State) Distance(p game.Player) int {
	return distance(s.pos.bb[p&1], s.pos.bb[p&1^1], p&1 == Light)
}

func distance(own, opp uint64, light bool) int {
	start, goal := fileA, fileG
	if light {
		start, goal = rank7, rank1
	}
	empty := full &^ (own | opp)
	// reach is the set of cells reachable at cost <= k, closed over own
	// pieces (cost 0 steps).
	closure := func(x uint64) uint64 {
		for {
			y := x | neighbours(x)&own
			if y == x {
				return x
			}
			x = y
		}
	}
	reach := closure(start & own)
	for k := 0; k <= NumCells; k++ {
		if reach&goal != 0 {
			return k
		}
		next := closure(reach | (neighbours(reach)|start)&empty)
		if next == reach {
			return unreachable
		}
		reach = next
	}
	return unreachable
}

// Evaluate returns a heuristic value in [-1, 1] for seat p (game.Evaluator):
// ±1 for a won or lost game, 0 for a draw, and otherwise tanh of half the
// difference of the two players' connection distances, counting half a
// piece for the side to move's tempo. Strictly inside (-1, 1) while the
// game goes on.
func (s *State) Evaluate(p game.Player) float64 {
	if o, over := s.Outcome(); over {
		switch {
		case o.IsDraw():
			return 0
		case o.Won(p):
			return 1
		}
		return -1
	}
	mine := float64(s.Distance(p))
	theirs := float64(s.Distance(p ^ 1))
	diff := theirs - mine
	if s.pos.toMove == p {
		diff += 0.5
	} else {
		diff -= 0.5
	}
	v := math.Tanh(diff / 2)
	return math.Max(-0.999, math.Min(0.999, v))
}
