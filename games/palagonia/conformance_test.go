package palagonia

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

func TestConformance(t *testing.T) {
	for _, tc := range []struct {
		name     string
		players  int
		opts     map[string]string
		playouts int
	}{
		{"solo", 1, nil, 1},
		{"3 players", 3, nil, 1},
		{"4 players mergeOnly", 4, map[string]string{OptRotationScoring: ScoreMergeOnly}, 1},
		{"5 players", 5, map[string]string{OptTiles: "96"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gametest.Run(t, Info, gametest.Config{
				Options:       game.Options{Players: tc.players, Values: tc.opts},
				Playouts:      tc.playouts,
				MaxPlies:      3000,
				MovesPerState: 2,
				Seed:          uint64(tc.players),
			})
		})
	}
}
