package villapaletti

import (
	"testing"

	"github.com/tabula-games/tabula/game/gametest"
)

// TestPerft checks the move counts in testdata/perft.txt; the comments
// above each count name its source.
func TestPerft(t *testing.T) {
	gametest.CheckPerft(t, Info, "testdata/perft.txt", gametest.PerftConfig{SlowMax: 10_000})
}
