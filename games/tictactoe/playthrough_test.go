package tictactoe_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// TestPlaythroughs keeps two whole games in testdata/playthroughs (the
// harness's golden format; go test -update rewrites them): a drawn game
// from a record, and a game of random moves.
func TestPlaythroughs(t *testing.T) {
	gametest.GoldenPlaythrough(t, "testdata/playthroughs/draw.golden", gametest.Playthrough{
		Title:  "a drawn game: x takes the centre, o a corner, and each blocks the other",
		Start:  tictactoe.New(),
		Record: game.SplitRecord("4 0 2 6 3 5 7 1 8"),
	})
	rng := rand.New(rand.NewPCG(1, 2))
	final := gametest.GoldenPlaythrough(t, "testdata/playthroughs/random.golden", gametest.Playthrough{
		Title:  "moves drawn by PCG(1, 2)",
		Start:  tictactoe.New(),
		Choose: func(_ game.State, moves []game.Move) game.Move { return moves[rng.IntN(len(moves))] },
	})
	if _, over := final.Outcome(); !over {
		t.Errorf("the random game did not end: %s", final)
	}
}
