package villapaletti

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestPlaythroughs replays seeded random games and compares every ply with
// testdata/playthroughs/*.golden (gametest's playthrough format).
// Regenerate with go test -update after a deliberate rules change, and
// review the diff.
func TestPlaythroughs(t *testing.T) {
	for _, tc := range []struct {
		name     string
		players  int
		seed     uint64
		unsteady bool
	}{
		{"4p-seed3", 4, 3, false},
		{"3p-seed5", 3, 5, false},
		{"2p-seed8", 2, 8, false},
		{"4p-seed9-unsteady", 4, 9, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := game.Options{Players: tc.players, Seed: tc.seed,
				Values: map[string]string{"unsteadyHands": fmt.Sprint(tc.unsteady)}}
			s, err := Info.New(opts)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(tc.seed, 99))
			gametest.GoldenPlaythrough(t, filepath.Join("testdata", "playthroughs", tc.name+".golden"), gametest.Playthrough{
				Title:   fmt.Sprintf("villapaletti players=%d seed=%d unsteadyHands=%v, moves drawn by PCG(%d, 99)", tc.players, tc.seed, tc.unsteady, tc.seed),
				Start:   s,
				Choose:  func(_ game.State, moves []game.Move) game.Move { return moves[rng.IntN(len(moves))] },
				Diagram: func(s game.State) string { return s.(*State).Diagram() },
			})
		})
	}
}
