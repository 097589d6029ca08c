package pathagon

import "github.com/tabula-games/tabula/game"

var _ game.Noisy = (*State)(nil)

// Noisy reports whether m captures (game.Noisy): a capture changes the
// material, returns pieces to a reserve and opens cells, so
// alpha-beta searches captures beyond its horizon (quiescence) instead of
// scoring a position with one pending as it stands. m must be a move of s
// (from LegalMoves); the captured pieces are part of its encoding.
func (s *State) Noisy(m game.Move) bool {
	_, _, caps := decode(m)
	return caps != 0
}
