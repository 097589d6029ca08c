package villapaletti_test

import (
	"strconv"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/villapaletti"
)

// TestConformance runs the conformance kit's random playouts for 2, 3 and 4
// players, with and without unsteady hands.
func TestConformance(t *testing.T) {
	for _, tc := range []struct {
		players  int
		unsteady bool
		setup    string
	}{{4, false, "standard"}, {3, false, "standard"}, {2, false, "standard"}, {3, true, "standard"}, {4, false, "custom"}} {
		t.Run(strconv.Itoa(tc.players)+"p/unsteady="+strconv.FormatBool(tc.unsteady)+"/"+tc.setup, func(t *testing.T) {
			opts := game.Options{Players: tc.players, Seed: 7,
				Values: map[string]string{"unsteadyHands": strconv.FormatBool(tc.unsteady), "setup": tc.setup}}
			gametest.Run(t, villapaletti.Info, gametest.Config{
				Options: opts, Playouts: 3, MaxPlies: 600, MovesPerState: 8, Seed: uint64(tc.players),
			})
		})
	}
}
