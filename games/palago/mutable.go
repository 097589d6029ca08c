package palago

import "github.com/tabula-games/tabula/game"

// Mutable returns a private copy of the state with in-place Apply and Undo
// for search.
func (s *State) Mutable() game.Mutable {
	c := s.clone()
	return c
}

// Apply plays a legal move in place (a move from LegalMoves; anything else
// is undefined behaviour).
func (s *State) Apply(m game.Move) {
	tiles, _ := MoveTiles(m)
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
