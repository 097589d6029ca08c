package abalone

import "github.com/tabula-games/tabula/game"

var _ game.Noisy = (*State)(nil)

// Noisy reports whether m pushes an enemy marble off the board
// (game.Noisy). A push-off is the one move that changes the material, the
// Evaluator's main term, so alpha-beta searches such moves beyond its
// horizon (quiescence) and a position with one pending is not scored as it
// stands. A push that leaves the enemy marbles on the board changes no
// material and is left to the Evaluator, as is every other move: marking
// all pushes noisy would turn the quiescence search into a search of most
// of the middle game. m must be a move of s (from LegalMoves); the answer
// depends only on the move and the board's edge, so the encoding decides it.
func (s *State) Noisy(m game.Move) bool {
	k := movePushed(m)
	if k == 0 || isBroadside(m) {
		return false
	}
	d := moveDir(m)
	front := walk(moveFrom(m), d, moveSize(m)) // the first enemy marble
	return walk(front, d, k) == NoCell
}
