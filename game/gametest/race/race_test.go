package race_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/game/gametest/race"
)

func TestConformance(t *testing.T) {
	info := race.NewInfo()
	for _, n := range []int{1, 2, 3, 4} {
		gametest.Run(t, info, gametest.Config{Options: game.Options{Players: n}, MaxPlies: 40, Playouts: 50})
	}
}

func TestPerft(t *testing.T) {
	s, err := race.NewInfo().New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Depth 2 from 0: +1 -> 1 (two replies), +2 -> 2 (two replies).
	// Depth 3: 1 then +2 -> 3 (coin: two), 1 then +1 -> 2 (two); 2 then +1 -> 3 (coin), 2 then +2 -> 4 (two).
	for depth, want := range []uint64{1, 2, 4, 8} {
		if got := game.Perft(s, depth); got != want {
			t.Errorf("Perft(%d) = %d, want %d", depth, got, want)
		}
	}
}

func FuzzParsePosition(f *testing.F) {
	info := race.NewInfo()
	f.Add("0 0 -1 -")
	f.Add("3 1 0 c")
	f.Fuzz(func(t *testing.T, text string) { gametest.FuzzPosition(t, info, game.Options{}, text) })
}
