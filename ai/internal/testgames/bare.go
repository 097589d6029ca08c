// Package testgames holds what the search code's tests need beside the real
// games: Nim (a small game with known theory and no fast path at all) and
// Bare, which hides a state's fast paths. Tic-tac-toe, the game with every
// fast path, is games/tictactoe.
package testgames

import "github.com/tabula-games/tabula/game"

// Bare hides every optional interface of a state, so tests can run the
// search's slow paths: only the game.State methods are visible.
type Bare struct{ game.State }

// Play wraps the next state too.
func (b Bare) Play(m game.Move) (game.State, error) {
	n, err := b.State.Play(m)
	if err != nil {
		return nil, err
	}
	return Bare{n}, nil
}
