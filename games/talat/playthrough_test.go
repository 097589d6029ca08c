package talat_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/talat"
)

// TestPlaythroughs compares seeded random games of Talat and Palat, ply by
// ply, with testdata/playthroughs/*.golden (gametest's playthrough format):
// any change in the move generator, its order, the notation, the position
// text, the closing of boards or the scoring shows. Regenerate with -update
// after an intended change. It also replays each game from its record.
func TestPlaythroughs(t *testing.T) {
	for _, tc := range []struct {
		variant string
		seed    uint64
	}{
		{talat.VariantTalat, 1},
		{talat.VariantPalat, 1},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			// firstPlayer is left random, so the seed also draws the first seat.
			start, err := talat.Info.New(game.Options{Variant: tc.variant, Seed: tc.seed})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(tc.seed, 0x74616c6174))
			gametest.GoldenPlaythrough(t, filepath.Join("testdata", "playthroughs", fmt.Sprintf("%s-%d.golden", tc.variant, tc.seed)), gametest.Playthrough{
				Title:   fmt.Sprintf("%s, Options.Seed %d, moves drawn by PCG(%d, 0x74616c6174)", tc.variant, tc.seed, tc.seed),
				Start:   start,
				Choose:  func(_ game.State, moves []game.Move) game.Move { return moves[rng.IntN(len(moves))] },
				Diagram: func(s game.State) string { return s.(*talat.State).Diagram() },
			})
		})
	}
}
