package tictactoe_test

import (
	"testing"

	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// TestConformance plays random games and checks every invariant of the
// game.State contract at every state, the Mutable fast path included. No
// game lasts more than nine plies.
func TestConformance(t *testing.T) {
	gametest.Run(t, tictactoe.Info, gametest.Config{MaxPlies: 9, Playouts: 200})
}
