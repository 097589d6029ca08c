package pathagon_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/pathagon"
)

// maxPlies bounds a conformance playout: the default plyCap (300) ends every
// game, so one more ply than that is a failure.
const maxPlies = 301

func TestConformance(t *testing.T) {
	for _, tc := range []struct {
		name     string
		values   map[string]string
		playouts int
	}{
		{"default", nil, 8},
		{"firstPlayer=dark", map[string]string{pathagon.OptFirstPlayer: "dark"}, 2},
		{"optionalCaptures", map[string]string{pathagon.OptOptionalCaptures: "true"}, 4},
		{"repetitionDraw=false", map[string]string{pathagon.OptRepetitionDraw: "false"}, 2},
		{"plyCap=40", map[string]string{pathagon.OptPlyCap: "40"}, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gametest.Run(t, pathagon.Info, gametest.Config{
				Options:  game.Options{Values: tc.values},
				Playouts: tc.playouts,
				MaxPlies: maxPlies,
				Seed:     7,
				// Relocation-phase states list ~300 moves; playing 16 of
				// them per state keeps the run short under -race.
				MovesPerState: 16,
			})
		})
	}
}
