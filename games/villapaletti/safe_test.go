package villapaletti

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// TestSearchMoves checks along random games that the search candidates are
// a non-empty, ordered subset of the legal moves that holds every safe
// column move and every move that is not a column move, and drops only
// column moves that would wobble or collapse the villa.
func TestSearchMoves(t *testing.T) {
	for _, players := range []int{2, 4} {
		s, err := Info.New(game.Options{Players: players, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(players), 5))
		dropped := 0
		for ply := 0; s.ToMove() != game.NoPlayer && ply < 60; ply++ {
			legal := s.LegalMoves(nil)
			st := s.(*State)
			cands := st.SearchMoves(nil)
			safe := st.SafeMoves(nil)
			if len(cands) == 0 {
				t.Fatalf("ply %d: no search candidates among %d legal moves", ply, len(legal))
			}
			i := 0
			for _, m := range legal {
				if i < len(cands) && cands[i] == m {
					i++
					continue
				}
				dm, _ := decode(m)
				if len(cands) < len(legal) && (slices.Contains(safe, m) || (dm.kind != kindTake && dm.kind != kindOnto)) {
					t.Fatalf("ply %d: %s is safe or not a column move but was dropped", ply, s.MoveString(m))
				}
				dropped++
			}
			if i != len(cands) {
				t.Fatalf("ply %d: candidates are not an ordered subset of the legal moves", ply)
			}
			m := legal[rng.IntN(len(legal))]
			if s, err = s.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if dropped == 0 {
			t.Errorf("%d players: no unsafe move was ever dropped; the test saw nothing", players)
		}
	}
}
