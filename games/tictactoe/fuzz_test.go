package tictactoe_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// FuzzParsePosition starts from the positions of testdata (perft cases and
// playthroughs) and a few malformed texts.
func FuzzParsePosition(f *testing.F) {
	for _, seed := range []string{"......... o", "xxxooo... x", "xx....... o", "........ x", ".........  x  "} {
		f.Add(seed)
	}
	for _, seed := range gametest.SeedPositions(f, "testdata") {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) { gametest.FuzzPosition(t, tictactoe.Info, game.Options{}, text) })
}

// FuzzParseMove reads moves in a position in progress and a finished one,
// starting from the moves of the playthroughs.
func FuzzParseMove(f *testing.F) {
	for _, seed := range []string{"9", "-1", " 4 ", "44", ""} {
		f.Add(seed)
	}
	for _, seed := range gametest.SeedMoves(f, "testdata") {
		f.Add(seed)
	}
	var states []game.State
	for _, text := range []string{"x.o.o...x x", "xxxoo.... o"} {
		s, err := tictactoe.ParsePosition(text)
		if err != nil {
			f.Fatal(err)
		}
		states = append(states, s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range states {
			gametest.FuzzMove(t, s, text)
		}
	})
}
