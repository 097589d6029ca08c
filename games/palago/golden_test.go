package palago

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestPlaythrough replays a seeded random game and compares, ply by ply,
// the position text, the number of legal moves, the first and last listed
// moves (so reordering shows), the move played and the result with
// testdata/playthrough.golden. Regenerate with -update.
func TestPlaythrough(t *testing.T) {
	var b strings.Builder
	for _, seed := range []uint64{1, 2} {
		rng := rand.New(rand.NewPCG(seed, 99))
		st, _ := Info.New(game.Options{Values: map[string]string{OptFirstPlayer: "p1", OptTiles: "20"}})
		s := st.(*State)
		fmt.Fprintf(&b, "game seed=%d tiles=20\n", seed)
		for {
			moves := s.LegalMoves(nil)
			fmt.Fprintf(&b, "%s\n  moves %d", s, len(moves))
			if len(moves) == 0 {
				o, _ := s.Outcome()
				fmt.Fprintf(&b, "\n  result: %s\n", o.Describe(Info))
				break
			}
			m := moves[rng.IntN(len(moves))]
			fmt.Fprintf(&b, " first %s last %s play %s\n", s.MoveString(moves[0]), s.MoveString(moves[len(moves)-1]), s.MoveString(m))
			next, err := s.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			s = next.(*State)
		}
	}
	const path = "testdata/playthrough.golden"
	if gametest.Updating() {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("playthrough differs from %s (run with -update if the change is intended):\n%s", path, b.String())
	}
}
