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
		{"default", nil, 20},
		{"firstPlayer=dark", map[string]string{pathagon.OptFirstPlayer: "dark"}, 5},
		{"optionalCaptures", map[string]string{pathagon.OptOptionalCaptures: "true"}, 10},
		{"repetitionDraw=false", map[string]string{pathagon.OptRepetitionDraw: "false"}, 5},
		{"plyCap=40", map[string]string{pathagon.OptPlyCap: "40"}, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gametest.Run(t, pathagon.Info, gametest.Config{
				Options:  game.Options{Values: tc.values},
				Playouts: tc.playouts,
				MaxPlies: maxPlies,
				Seed:     7,
			})
		})
	}
}
