package villapaletti

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
)

var update = flag.Bool("update", false, "rewrite the golden playthroughs in testdata/playthroughs")

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
			path := filepath.Join("testdata", "playthroughs", tc.name+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got := b.String(); got != string(want) {
				gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
				for i := range min(len(gl), len(wl)) {
					if gl[i] != wl[i] {
						t.Fatalf("line %d differs:\n got %s\nwant %s", i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("length differs: %d lines, want %d", len(gl), len(wl))
			}
		})
	}
}
