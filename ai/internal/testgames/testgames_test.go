package testgames

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

func TestConformance(t *testing.T) {
	gametest.Run(t, TicTacToe(), gametest.Config{MaxPlies: 9})
	gametest.Run(t, Nim(), gametest.Config{MaxPlies: 21})
}

func TestTicTacToeGameCount(t *testing.T) {
	s, _ := TicTacToe().New(game.Options{})
	// 255168 games of tic-tac-toe (Schaefer's count), counted by perft to the end.
	if got := count(s); got != 255168 {
		t.Fatalf("games = %d, want 255168", got)
	}
}

func count(s game.State) int {
	if s.ToMove() == game.NoPlayer {
		return 1
	}
	n := 0
	for _, m := range s.LegalMoves(nil) {
		next, _ := s.Play(m)
		n += count(next)
	}
	return n
}
