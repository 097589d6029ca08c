package pathagon_test

import (
	"flag"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/pathagon"
)

var deepPerft = flag.Bool("perft.deep", false, "check every count of testdata/perft.txt, also with the naive implementation")

// Node budgets for the default run, which must stay fast under -race.
const (
	engineBudget = 25_000_000 // bitboard perft, bulk-counted: well under a second
	naiveBudget  = 100_000    // the naive implementation copies a board per node
)

// TestPerft checks the counts of testdata/perft.txt with the engine's
// Perfter and, for small counts, with game.SlowPerft through Play, the
// Mutable path and (on "naive" counts) the naive implementation.
func TestPerft(t *testing.T) {
	cfg := gametest.PerftConfig{
		MaxCount: engineBudget,
		SlowMax:  naiveBudget,
		NaiveMax: naiveBudget,
		Naive: func(s game.State, c gametest.PerftCase) uint64 {
			n := newNaive(c.Position, c.Options.Values[pathagon.OptOptionalCaptures] == "true", true, 300)
			return n.perft(c.Depth)
		},
	}
	if *deepPerft {
		cfg.MaxCount, cfg.NaiveMax = 0, 0
	}
	gametest.CheckPerft(t, pathagon.Info, "testdata/perft.txt", cfg)
}
