package abalone_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/game/ui/uitest"
	"github.com/tabula-games/tabula/games/abalone"
)

// TestUI: every legal move of random games in each layout has a form that
// leads back to it, and its slides move the marbles as the rules do
// (pushes and push-offs included).
func TestUI(t *testing.T) {
	for _, v := range abalone.Info.Variants {
		t.Run(v, func(t *testing.T) {
			uitest.Run(t, abalone.Info, uitest.Config{Options: game.Options{Variant: v}, Games: 2, MaxPlies: 120, Seed: 7, Slides: true})
		})
	}
}

// TestUIMoveForms pins the forms of an in-line push that pushes a marble
// off, and of a broadside, as the board reads them.
func TestUIMoveForms(t *testing.T) {
	// Row E: White on e4, e5, e6 and Black on e7; east pushes e7 to e8.
	st, err := abalone.Info.ParsePosition("...../....../......./......../...wwwb../......../......./....../..... w 0 0", game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		move string
		want string
	}{
		{"e4e5", `{"kind":"inline","pieces":["e4","e5","e6"],"dir":"E","targets":["e7"],"slides":[{"from":"e4","to":"e5","owner":1},{"from":"e5","to":"e6","owner":1},{"from":"e6","to":"e7","owner":1},{"from":"e7","to":"e8","owner":0}]}`},
		{"e4e6f5", `{"kind":"broadside","pieces":["e4","e5","e6"],"dir":"NE","targets":["f5","f6","f7"],"slides":[{"from":"e4","to":"f5","owner":1},{"from":"e5","to":"f6","owner":1},{"from":"e6","to":"f7","owner":1}]}`},
	}
	for _, tc := range tests {
		m, err := st.ParseMove(tc.move)
		if err != nil {
			t.Fatalf("%s: %v", tc.move, err)
		}
		if got := ui.Key(st.(ui.Describer).UIMove(m)); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.move, got, tc.want)
		}
	}
	// A push off the edge: w on e7 e8, b on e9; e7e8 pushes e9 off.
	st, err = abalone.Info.ParsePosition("...../....../......./......../......wwb/......../......./....../..... w 0 0", game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := st.ParseMove("e7e8")
	if err != nil {
		t.Fatal(err)
	}
	f := st.(ui.Describer).UIMove(m)
	if len(f.Off) != 1 || f.Off[0] != "e9" || f.Slides[2].To != "" {
		t.Errorf("push-off form %s: want e9 off", ui.Key(f))
	}
}
