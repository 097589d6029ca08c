package palagonia

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

var fuzzPositions = []string{
	"start - rolls=???? scores=0,0,0,0 bag=48 table=-",
	"start - rolls=4-?4 scores=0,0,0,0 bag=48 table=-",
	"roll p1 scores=0,0,0 bag=47 table=(0,0):0",
	"choose p2 dice=3+X scores=0,1,1 bag=45 table=(0,0):0+(1,0):0+(2,0):0",
	"place p2 dice=3+X left=2 placed=1 scores=0,1,1 bag=44 table=(0,0):0+(1,0):0+(2,0):0+(3,0):1",
	"place p1 dice=5 left=5 placed=0 scores=0,0,0 bag=48 table=-",
	"remove p3 dice=X+R extra scores=3,0,3 bag=45 table=(0,0):0+(1,0):0+(2,0):0",
	"rotate p1 dice=R+R scores=0 bag=41 table=(0,0):0+(1,-1):0+(1,0):0+(0,1):0+(-1,1):0+(-1,0):0+(0,-1):0",
	"pass p1 dice=X+R scores=0,0,0 bag=48 table=-",
}

func FuzzParsePosition(f *testing.F) {
	for _, p := range fuzzPositions {
		f.Add(p)
	}
	f.Add("over - scores=1,2,3 bag=0 table=(0,0):0")
	f.Add("place p9 dice=9 left=0")
	for _, seed := range gametest.SeedPositions(f, "testdata") { // the positions of testdata (perft and playthroughs)
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) { gametest.FuzzPosition(t, Info, game.Options{}, text) })
}

func FuzzParseMove(f *testing.F) {
	var states []game.State
	for _, p := range fuzzPositions {
		s, err := Info.ParsePosition(p, game.Options{})
		if err != nil {
			f.Fatalf("%s: %v", p, err)
		}
		states = append(states, s)
	}
	for _, m := range []string{"roll:4", "roll 3 R", "roll:3+r", "3x", "use:3", "use X", "x", "(4,0):1",
		"place (1,1):2", "remove:(0,0)", "remove (2,0)", "rotate:(0,0):1", "ROTATE (0,0):2", "pass", "", "roll:", "(0,0)"} {
		f.Add(m)
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

// TestNotation checks the accepted forms of each move against its
// canonical notation.
func TestNotation(t *testing.T) {
	for _, tc := range []struct {
		pos   string
		texts []string
		want  string
	}{
		{fuzzPositions[0], []string{"roll:4", "roll 4", "4", "ROLL:4"}, "roll:4"},
		{fuzzPositions[0], []string{"roll:R", "roll rotate", "r"}, "roll:R"},
		{fuzzPositions[2], []string{"roll:3+R", "roll 3 R", "roll R+3", "3+r", "roll 3r", "roll:3+rotate"}, "roll:3+R"},
		{fuzzPositions[2], []string{"roll:X+X", "roll remove remove", "x+x"}, "roll:X+X"},
		{fuzzPositions[3], []string{"use:X", "use x", "use remove", "x"}, "use:X"},
		{fuzzPositions[3], []string{"use:3", "3", "use 3"}, "use:3"},
		{fuzzPositions[4], []string{"(4,0):1", "4,0:1", "place (4,0):1", "place:(4,0):1"}, "(4,0):1"},
		{fuzzPositions[6], []string{"remove:(0,0)", "remove (0,0)", "REMOVE 0,0", "remove(0,0)"}, "remove:(0,0)"},
		{fuzzPositions[7], []string{"rotate:(0,0):1", "rotate (0,0):1", "Rotate 0,0:1"}, "rotate:(0,0):1"},
		{fuzzPositions[8], []string{"pass", "PASS", " pass "}, "pass"},
	} {
		s, err := Info.ParsePosition(tc.pos, game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range tc.texts {
			m, err := s.ParseMove(text)
			if err != nil {
				t.Errorf("ParseMove(%q) in %s: %v", text, tc.pos, err)
				continue
			}
			if got := s.MoveString(m); got != tc.want {
				t.Errorf("ParseMove(%q) = %s, want %s", text, got, tc.want)
			}
		}
	}
}
