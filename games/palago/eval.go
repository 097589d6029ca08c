package palago

import (
	"math"

	"github.com/tabula-games/tabula/game"
)

// Threats counts, per colour, the empty cells next to the palago where one
// tile (in some orientation) completes a creature of that colour alone.
// A player with a threat wins on their turn by playing it as a one-tile
// move; three or more threats of one colour cannot all be blocked by one
// two-tile move (a fork).
func (s *State) Threats() [2]int {
	var n [2]int
	if s.board.Len() == 0 {
		return n
	}
	b := s.board.Clone()
	var fr CellSet
	b.Frontier(&fr)
	for _, c := range fr.Cells() {
		var hit [2]bool
		for o := range Orientation(NumOrientations) {
			b.place(Tile{c, o})
			ca, cb := b.lastCreatures()
			b.Undo()
			if ca != cb {
				hit[A] = hit[A] || ca
				hit[B] = hit[B] || cb
			}
		}
		for col := range hit {
			if hit[col] {
				n[col]++
			}
		}
	}
	return n
}

// Evaluate returns a heuristic value in [-1, 1] for seat p: ±1 once the
// game is over (0 for a draw); otherwise built from threats (§B.4: a
// player to move with a threat of their colour wins at once), forks of the
// opponent, and the size in arches of each colour's largest open group.
func (s *State) Evaluate(p game.Player) float64 {
	if s.over {
		switch {
		case s.outcome.Won(p):
			return 1
		case len(s.outcome.Winners) == 0:
			return 0
		}
		return -1
	}
	mover := s.ToMove()
	mine := s.ColourOf(mover)
	th := s.Threats()
	var v float64
	if th[mine] > 0 {
		v = 0.95
	} else {
		big := s.board.largestOpen()
		x := 0.2*float64(th[mine]-th[mine.Other()]) + 0.03*float64(big[mine]-big[mine.Other()])
		if th[mine.Other()] >= 3 {
			x -= 1
		}
		v = 0.9 * math.Tanh(x)
	}
	if p != mover {
		v = -v
	}
	return v
}
