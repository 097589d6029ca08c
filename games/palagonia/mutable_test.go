package palagonia

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// TestMutableMatchesPlay plays seeded random games twice, through Play and
// in place through Apply, then takes every ply back with Undo. After every
// Apply and every Undo the in-place state must equal the immutable one:
// position text, hash, legal moves in order and outcome. The games mix
// placements with removals and rotations, whose undo rebuilds the board,
// so the fallback of an undone placement after a rebuild is exercised too.
func TestMutableMatchesPlay(t *testing.T) {
	for _, tc := range []struct {
		players int
		seed    uint64 // picked so that the game has removals and rotations
	}{{1, 11}, {3, 12}, {4, 11}, {5, 12}} {
		players := tc.players
		rng := rand.New(rand.NewPCG(uint64(players), tc.seed))
		s0, err := Info.New(game.Options{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		mut := s0.(*State).Mutable().(*State)
		path := []game.State{s0}
		var kinds [KindPass + 1]int
		same := func(when string, want game.State) {
			t.Helper()
			if mut.String() != want.String() || mut.Hash() != want.Hash() {
				t.Fatalf("%d players, %s:\nin place  %s (hash %x)\nimmutable %s (hash %x)", players, when, mut, mut.Hash(), want, want.Hash())
			}
			if got, exp := mut.LegalMoves(nil), want.LegalMoves(nil); !slices.Equal(got, exp) {
				t.Fatalf("%d players, %s: legal moves differ at %s", players, when, want)
			}
		}
		for s := s0; s.ToMove() != game.NoPlayer; {
			m := randomMove(s, rng)
			a, _ := Decode(m)
			kinds[a.Kind]++
			next, err := s.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			mut.Apply(m)
			same("after "+s.MoveString(m), next)
			path = append(path, next)
			s = next
		}
		if kinds[KindRemove] == 0 || kinds[KindRotate] == 0 {
			t.Errorf("%d players: the game had %d removals and %d rotations; pick a seed with both", players, kinds[KindRemove], kinds[KindRotate])
		}
		for i := len(path) - 2; i >= 0; i-- {
			mut.Undo()
			same("after an undo", path[i])
		}
	}
}

// Evaluate ranks a seat by its points against every other seat, as the
// standings that score a finished game do (docs/rules/palagonia.md#end-and-winner): sharing a creature with
// the leading seat before the mover still improves the mover's value, a
// lead over more seats is worth more, and level scores are even.
func TestEvaluateStandings(t *testing.T) {
	eval := func(scores string, p game.Player) float64 {
		t.Helper()
		s := pos(t, "roll p1 scores="+scores+" bag=47 table=(0,0):0", nil)
		return s.Evaluate(p)
	}
	for _, tc := range []struct {
		name          string
		better, worse string // scores after and before, for seat 1
	}{
		// Seat 1 scores 5 and shares it with seat 0, the leader.
		{"shared with the leader (C.7)", "20,5,0,0", "15,0,0,0"},
		{"ahead of two rather than one", "10,6,4,4", "10,6,8,4"},
		{"points gained", "0,3,0,0", "0,0,0,0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if b, w := eval(tc.better, 1), eval(tc.worse, 1); b <= w {
				t.Errorf("seat 1 at %s: %.3f, at %s: %.3f; want the first higher", tc.better, b, tc.worse, w)
			}
		})
	}
	if v := eval("4,4,4,4", 2); v != 0 {
		t.Errorf("level scores: %.3f, want 0", v)
	}
	if v := eval("9", 0); v <= 0 || v >= 1 {
		t.Errorf("solo with 9 points: %.3f, want in (0, 1)", v)
	}
}
