package abalone

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestPerft checks testdata/perft.txt (docs/rules/abalone.md "Test
// vectors") with the fast Perfter path, and the small counts also through
// Play alone and the Mutable path.
func TestPerft(t *testing.T) {
	gametest.CheckPerft(t, Info, "testdata/perft.txt", gametest.PerftConfig{SlowMax: 10_000})
}

// TestStartPositions checks docs/rules/abalone.md#layouts-are-variants and docs/rules/abalone.md#layouts-variants: each variant starts from the
// position text of docs/rules/abalone.md#position-text, and printing the standard start gives exactly
// that text.
func TestStartPositions(t *testing.T) {
	for _, v := range Info.Variants {
		t.Run(v, func(t *testing.T) {
			s, err := Info.New(game.Options{Variant: v})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.String(); got != layouts[v] {
				t.Errorf("String() = %q, want %q", got, layouts[v])
			}
			if s.ToMove() != Black {
				t.Errorf("ToMove() = %v, want Black (Black always moves first)", s.ToMove())
			}
			for _, p := range []game.Player{Black, White} {
				if n := len(s.(*State).Marbles(p)); n != marblesPerSide {
					t.Errorf("%s has %d marbles, want %d", Info.PlayerName(p), n, marblesPerSide)
				}
			}
		})
	}
}
