package palago

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

func TestConformance(t *testing.T) {
	// Every listed move is round-tripped through notation in every visited
	// state, so a few playouts suffice; short supplies reach the tiles-out
	// endings, the default supply reaches creatures.
	for _, tc := range []struct {
		opts     map[string]string
		playouts int
	}{
		{map[string]string{OptTiles: "16"}, 4},
		{map[string]string{OptTiles: "13", OptHoleRule: HoleFirstTileOnly, OptTilesOutResult: TilesOutLargestGroup, OptFirstPlayer: "p2"}, 4},
		{nil, 2},
	} {
		gametest.Run(t, Info, gametest.Config{
			Options:       game.Options{Values: tc.opts},
			Playouts:      tc.playouts,
			MaxPlies:      60,
			MovesPerState: 8,
		})
	}
}
