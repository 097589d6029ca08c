package palago

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

func TestConformance(t *testing.T) {
	for _, opts := range []map[string]string{
		{OptTiles: "16"},
		{OptTiles: "13", OptHoleRule: HoleFirstTileOnly, OptTilesOutResult: TilesOutLargestGroup, OptFirstPlayer: "p2"},
		{},
	} {
		gametest.Run(t, Info, gametest.Config{
			Options:       game.Options{Values: opts},
			Playouts:      6,
			MaxPlies:      60,
			MovesPerState: 8,
		})
	}
}
