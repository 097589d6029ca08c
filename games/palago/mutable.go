package palago

import "github.com/tabula-games/tabula/game"

// Mutable returns a private copy of the state with in-place Apply and Undo
// for search.
func (s *State) Mutable() game.Mutable {
	c := s.clone()
	c.scratch = true
	return c
}

// Apply plays a legal move in place (a move from LegalMoves; anything else
// is undefined behaviour).
func (s *State) Apply(m game.Move) {
	var buf [2]Tile
	tiles := moveTilesInto(m, &buf)
	s.hist = append(s.hist, undoRecord{placed: s.board.Len(), over: s.over, outcome: s.outcome, hash: s.hash})
	s.apply(tiles)
}

// Undo takes back the most recent Apply.
func (s *State) Undo() {
	r := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	for s.board.Len() > r.placed {
		s.board.Undo()
	}
	s.over, s.outcome, s.hash = r.over, r.outcome, r.hash
}

// moveTilesInto decodes a listed move into buf without allocating.
func moveTilesInto(m game.Move, buf *[2]Tile) []Tile {
	x := uint64(m)
	buf[0], _ = decodeTile(x & tileMask)
	if x>>tileBits == 0 {
		return buf[:1]
	}
	buf[1], _ = decodeTile(x >> tileBits)
	return buf[:2]
}

// work returns a board that queries may place tiles on and must restore
// with Undo: the state's own board on a Mutable copy, a clone otherwise
// (a State from Play may be read by several goroutines).
func (s *State) work() *Board {
	if s.scratch {
		return &s.board
	}
	return s.board.Clone()
}
