package palagonia

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// SearchMoves implements game.Candidates. On the last tile of a number
// action, and at a rotation, the moves that score at once (give birth to a
// creature worth 3 or more that the mover scores, §C.5) are the only ones
// search considers when there are any: points are what the game is won
// by, and the mover shares them only with the seat before, so leaving them
// on the table for the next seats is never the better plan a search with a
// few hundred playouts would find among a hundred placements. Otherwise,
// and at every other step, it lists every legal move.
func (s *State) SearchMoves(dst []game.Move) []game.Move {
	start := len(dst)
	dst = s.LegalMoves(dst)
	if !(s.phase == phasePlace && s.left == 1 && s.board.Len() > 0) && s.phase != phaseRotate {
		return dst
	}
	m := s
	if s.work == nil {
		m = s.Mutable().(*State)
	}
	moves := dst[start:]
	n := 0
	p := m.turn
	for _, mv := range moves {
		if m.gain(mv, p) > 0 {
			moves[n] = mv
			n++
		}
	}
	if n == 0 {
		return dst // nothing scores: every move stays, in order
	}
	return dst[:start+n]
}

// gain returns the points seat p earns by the legal move mv, played and
// taken back in place (s is a Mutable copy).
func (s *State) gain(mv game.Move, p game.Player) int {
	a, _ := Decode(mv)
	if a.Kind == KindPlace {
		// Most last tiles close nothing: the group status of the action's
		// tiles tells without scoring anything.
		_ = s.board.Place(a.Tile)
		var pbuf [MaxPlace + 1]palago.Cell
		closes := s.creatureThrough(append(s.actionCells(pbuf[:0]), a.Tile.Cell))
		s.board.Undo()
		if !closes {
			return 0
		}
	}
	before := s.scores[p]
	s.Apply(mv)
	after := s.scores[p]
	s.Undo()
	return after - before
}
