package palago

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestPlaythrough plays seeded random games with 20 tiles and compares
// them, ply by ply, with testdata/playthroughs/seed-N.golden (gametest's
// playthrough format). Regenerate with -update.
func TestPlaythrough(t *testing.T) {
	for _, seed := range []uint64{1, 2} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 99))
			s, err := Info.New(game.Options{Values: map[string]string{OptFirstPlayer: "p1", OptTiles: "20"}})
			if err != nil {
				t.Fatal(err)
			}
			gametest.GoldenPlaythrough(t, filepath.Join("testdata", "playthroughs", fmt.Sprintf("seed-%d.golden", seed)), gametest.Playthrough{
				Title:   fmt.Sprintf("palago firstPlayer=p1 tiles=20, moves drawn by PCG(%d, 99)", seed),
				Start:   s,
				Choose:  func(_ game.State, moves []game.Move) game.Move { return moves[rng.IntN(len(moves))] },
				Diagram: func(s game.State) string { return s.(*State).Diagram() },
			})
		})
	}
}
