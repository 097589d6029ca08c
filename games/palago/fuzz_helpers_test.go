package palago

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

func gametestFuzzMove(t *testing.T, s *State, text string) { gametest.FuzzMove(t, s, text) }

func gametestFuzzPosition(t *testing.T, text string) {
	gametest.FuzzPosition(t, Info, game.Options{}, text)
}
