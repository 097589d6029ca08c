package pathagon_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// TestAgainstNaive plays seeded random games with the package and with the
// naive implementation side by side and compares, at every ply, the legal
// moves (in order), the position text and the outcome.
func TestAgainstNaive(t *testing.T) {
	for _, tc := range []struct {
		name     string
		optional bool
		plyCap   int
		games    int
	}{
		{"automatic", false, 300, 3},
		{"optionalCaptures", true, 300, 2},
		{"plyCap=60", false, 60, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := game.Options{Values: map[string]string{
				pathagon.OptOptionalCaptures: strconv.FormatBool(tc.optional),
				pathagon.OptPlyCap:           strconv.Itoa(tc.plyCap),
			}}
			rng := rand.New(rand.NewPCG(3, 5))
			for g := range tc.games {
				var s game.State
				s, err := pathagon.New(opts)
				if err != nil {
					t.Fatal(err)
				}
				n := newNaive(s.String(), tc.optional, true, tc.plyCap)
				for ply := 0; ; ply++ {
					if got, want := s.String(), n.String(); got != want {
						t.Fatalf("game %d ply %d: position\n got %s\nwant %s", g, ply, got, want)
					}
					var got []string
					for _, m := range s.LegalMoves(nil) {
						got = append(got, s.MoveString(m))
					}
					var want []string
					nm := n.legal()
					for _, m := range nm {
						want = append(want, m.String())
					}
					if !slices.Equal(got, want) {
						t.Fatalf("game %d ply %d at %s: moves\n got %v\nwant %v", g, ply, s, got, want)
					}
					o, over := s.Outcome()
					if over != n.over {
						t.Fatalf("game %d ply %d: over %v, naive %v", g, ply, over, n.over)
					}
					if over {
						if o.Reason != n.reason || (n.winner >= 0) != !o.IsDraw() || (n.winner >= 0 && !o.Won(game.Player(n.winner))) {
							t.Fatalf("game %d: outcome %+v, naive winner %d by %s", g, o, n.winner, n.reason)
						}
						break
					}
					i := rng.IntN(len(nm))
					if s, err = s.Play(s.LegalMoves(nil)[i]); err != nil {
						t.Fatal(err)
					}
					n = n.play(nm[i])
				}
			}
		})
	}
}
