package villapaletti

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestPlaythroughs replays seeded random games and compares every ply (the
// position, the number of listed moves, the move chosen) and the result with
// testdata/playthroughs/*.golden. Regenerate with go test -update after a
// deliberate rules change, and review the diff.
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
			var b strings.Builder
			for ply := 1; s.ToMove() != game.NoPlayer; ply++ {
				moves := s.LegalMoves(nil)
				m := moves[rng.IntN(len(moves))]
				fmt.Fprintf(&b, "%s\n%d. %s: %s (of %d)\n", s, ply, Info.PlayerName(s.ToMove()), s.MoveString(m), len(moves))
				if s, err = s.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			o, _ := s.Outcome()
			fmt.Fprintf(&b, "%s\nresult: %s\n", s, o.Describe(Info))
			gametest.Golden(t, filepath.Join("testdata", "playthroughs", tc.name+".golden"), b.String())
		})
	}
}
