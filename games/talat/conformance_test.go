package talat_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/talat"
)

// maxPlies bounds a game: 27 placements, at most 4 steps for each of the 27
// towers and at most 27 captures.
const maxPlies = 27 + 4*27 + 27

func TestConformance(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts game.Options
	}{
		{"talat", game.Options{Variant: "talat"}},
		{"talat/first=2", game.Options{Variant: "talat", Values: map[string]string{"firstPlayer": "2"}}},
		{"palat", game.Options{Variant: "palat"}},
		{"palat/first=1", game.Options{Variant: "palat", Values: map[string]string{"firstPlayer": "1"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gametest.Run(t, talat.Info, gametest.Config{Options: tc.opts, MaxPlies: maxPlies, Playouts: 5, MovesPerState: 6})
		})
	}
}
