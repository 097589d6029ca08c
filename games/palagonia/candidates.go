package palagonia

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// SearchMoves implements game.Candidates. On the last tile of a number
// action, and at a rotation, the moves that score at once (give birth to a
// creature worth 3 or more that the mover scores) are the only ones
// search considers when there are any: points are what the game is won
// by, and the mover shares them only with the seat before, so leaving them
// on the table for the next seats is never the better plan a search with a
// few hundred playouts would find among a hundred placements. On the
// earlier tiles of a number action, for the same reason, the placements
// that begin a way to finish the action scoring (plan.go) are the only
// ones when there are any: among the thousands of orders of 2 to 5 tiles
// such search found them too rarely to score in most games.
//
// Otherwise, on the second and later tiles of an action, it drops the
// placements that only repeat another order of the same tiles (see
// canonical): the tiles of an action can be laid in any order that keeps
// each touching the table, so a search over every order splits what it
// learns about one layout among up to 5! = 120 paths. At every other step,
// and when nothing is left, it lists every legal move.
func (s *State) SearchMoves(dst []game.Move) []game.Move {
	start := len(dst)
	dst = s.LegalMoves(dst)
	switch {
	case s.phase == phasePlace && s.left > 1 && s.board.Len() > 0:
		if n := s.mutable().scoringNext(dst[start:]); n > 0 {
			dst = dst[:start+n]
		}
		if s.placed > 0 {
			return s.canonical(dst, start)
		}
		return dst
	case s.phase == phasePlace && s.placed > 0:
		if s.board.Len() == 0 || s.left > 1 {
			return s.canonical(dst, start)
		}
	case s.phase != phaseRotate:
		return dst
	}
	m := s.mutable()
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
		if s.phase == phasePlace {
			return s.canonical(dst, start)
		}
		return dst // nothing scores: every move stays, in order
	}
	return dst[:start+n]
}

// canonical keeps, of the placements dst[start:] of an action's second or
// later tile, those on a cell after the last tile's cell (in Cell.Compare
// order) or not touching the table without the last tile: a tile on an
// earlier cell that could have been laid before the last one is the same
// layout reached in another order. Every layout keeps one order: lay, at
// each step, the tile on the first cell among those touching the table
// (a tile of the final layout that touches the table can be laid there,
// since the layout completes the action). When nothing is kept (an order
// the search did not choose, such as a random opening's), all stay.
func (s *State) canonical(dst []game.Move, start int) []game.Move {
	last := s.board.Tile(s.board.Len() - 1).Cell
	moves := dst[start:]
	n := 0
	for _, mv := range moves {
		a, _ := Decode(mv)
		if c := a.Tile.Cell; c.Compare(last) > 0 || !s.touchesBesides(c, last) {
			moves[n] = mv
			n++
		}
	}
	if n == 0 {
		return dst
	}
	return dst[:start+n]
}

// mutable returns s when it is a Mutable copy, else a Mutable copy of it.
func (s *State) mutable() *State {
	if s.work != nil {
		return s
	}
	return s.Mutable().(*State)
}

// touchesBesides reports whether c has a tile on a neighbouring cell other
// than x.
func (s *State) touchesBesides(c, x palago.Cell) bool {
	for k := range 6 {
		if d := c.Neighbour(k); d != x && s.board.Occupied(d) {
			return true
		}
	}
	return false
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
