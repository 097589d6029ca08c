package openings

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// plain is the reference the solver is checked against: minimax over
// every legal move, no pruning, no table, no symmetry, no shortcut at the
// last move. It returns the score of s for its side to move, ply plies
// below the root, as the solver scores it (a win ending the game n plies
// from the root is win-n), and the positions it visited.
func plain(s game.Mutable, ply int) (int, int64) {
	mover := s.ToMove()
	best, nodes := -win-1, int64(1)
	for _, m := range s.LegalMoves(nil) {
		s.Apply(m)
		var v int
		if o, over := s.Outcome(); over {
			switch {
			case len(o.Winners) == 0:
				v = 0
			case o.Winners[0] == mover:
				v = win - (ply + 1)
			default:
				v = -(win - (ply + 1))
			}
		} else {
			var n int64
			v, n = plain(s, ply+1)
			v, nodes = -v, nodes+n
		}
		s.Undo()
		best = max(best, v)
	}
	return best, nodes
}

// valueOf turns a root score into a value and a distance in plies (0 for a
// draw).
func valueOf(score int) (Value, int) {
	switch {
	case score > 0:
		return Win, win - score
	case score < 0:
		return Loss, win + score
	}
	return Draw, 0
}

var _ game.Mutable = (*palago.State)(nil)
