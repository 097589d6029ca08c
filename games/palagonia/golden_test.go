package palagonia

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestPlaythroughs plays one seeded random game for each player count and
// compares it, ply by ply, with testdata/playthroughs/<players>p.golden
// (gametest's playthrough format). Chance moves are drawn with their
// probabilities. Regenerate with -update.
func TestPlaythroughs(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players int
		opts    map[string]string
	}{
		{"1p", 1, nil},
		{"3p", 3, nil},
		{"4p", 4, nil},
		{"5p", 5, map[string]string{OptRotationScoring: ScoreMergeOnly}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := game.Options{Players: tc.players, Values: tc.opts}
			seed := uint64(tc.players)
			start, err := Info.New(o)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 2024))
			gametest.GoldenPlaythrough(t, filepath.Join("testdata", "playthroughs", tc.name+".golden"), gametest.Playthrough{
				Title: fmt.Sprintf("palagonia players=%d options=%v, moves drawn by PCG(%d, 2024), chance by its probabilities", o.Players, o.Values, seed),
				Start: start,
				Choose: func(s game.State, moves []game.Move) game.Move {
					if s.ToMove() == game.Chance {
						return ai.SampleChance(s, rng)
					}
					return moves[rng.IntN(len(moves))]
				},
				Diagram: func(s game.State) string { return s.(*State).Diagram() },
			})
		})
	}
}
