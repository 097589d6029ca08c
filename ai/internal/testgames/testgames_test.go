package testgames

import (
	"testing"

	"github.com/tabula-games/tabula/game/gametest"
)

func TestConformance(t *testing.T) {
	gametest.Run(t, Nim(), gametest.Config{MaxPlies: 21})
}
