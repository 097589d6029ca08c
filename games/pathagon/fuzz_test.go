package pathagon_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/pathagon"
)

func FuzzParsePosition(f *testing.F) {
	for _, seed := range []string{
		"......./......./......./......./......./......./....... l 14 14 -,- -",
		"......./...D.../......./.D.D.D./......./...D.../....... l 14 9 -,- d5,c4,e4,d3 1",
		"LLLLLLL/D....../.LLLLL./D....../DDDDDDL/.D...../.DDDDD. l 1 0 -,a6 a5 1",
		"LLLLLLL/......./LLLLLL./D....../DDDDDDL/.D...../DDDDDD. d 0 0 -,- - 57 repetition",
		"L....../L....../L....../L....../L....../L....../L...... d 7 14 -,- - 13",
		"......./......./......./......./......./......./....... x 14 14 -,- -",
		"......./......./......./......./......./......./...... l 14 14 -,- -",
	} {
		f.Add(seed)
	}
	for _, seed := range gametest.SeedPositions(f, "testdata") { // the positions of testdata (perft and playthroughs)
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		gametest.FuzzPosition(t, pathagon.Info, game.Options{}, text)
		gametest.FuzzPosition(t, pathagon.Info, game.Options{Values: map[string]string{pathagon.OptOptionalCaptures: "true"}}, text)
	})
}

func FuzzParseMove(f *testing.F) {
	for _, seed := range []string{"d4", "D4", "a7-g1", "c4xb4", "d4xd5xc4xe4xd3", "a1-a6xa5", "a7-a7", "x", "d4x", "h8", " b2 "} {
		f.Add(seed)
	}
	var states []game.State
	for _, tc := range []struct {
		text string
		opt  string
	}{
		{"......./......./......./......./......./......./....... l 14 14 -,- -", "false"},
		{"......./...D.../...L.../.DL.LD./...L.../...D.../....... d 10 10 -,- -", "false"},
		{"......./...D.../...L.../.DL.LD./...L.../...D.../....... d 10 10 -,- -", "true"},
		{"LLLLLLL/......./LLLLLL./D....../DDDDDDL/.D...../DDDDDD. d 0 0 -,- -", "true"},
	} {
		s, err := pathagon.ParsePosition(tc.text, game.Options{Values: map[string]string{pathagon.OptOptionalCaptures: tc.opt}})
		if err != nil {
			f.Fatal(err)
		}
		states = append(states, s)
	}
	for _, seed := range gametest.SeedMoves(f, "testdata") { // the moves of the golden playthroughs
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range states {
			gametest.FuzzMove(t, s, text)
		}
	})
}
