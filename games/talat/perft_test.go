package talat_test

import (
	"testing"

	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/talat"
)

// TestPerft checks the counts in testdata/perft.txt, through the
// immutable path and, for small counts, Play alone and the Mutable fast
// path.
func TestPerft(t *testing.T) {
	gametest.CheckPerft(t, talat.Info, "testdata/perft.txt", gametest.PerftConfig{SlowMax: 10_000})
}
