package pathagon_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// TestPlayAllocs pins what Play allocates (the server and the load
// generator call it for every move): the new State (64 bytes), and with
// repetitionDraw on a 512-byte chunk of history on the plies that start
// one, the first and then every 29th (the history is never copied as it
// grows; a successor shares its parent's chunks). Replaying a 300-ply game
// from the start is 300 States and 11 chunks (ceil(300/29)); with
// repetitionDraw off, 300 States.
func TestPlayAllocs(t *testing.T) {
	const plies = 300
	start, line := longGame(t, plies)
	off, err := pathagon.New(game.Options{Values: map[string]string{pathagon.OptPlyCap: "0", pathagon.OptRepetitionDraw: "false"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		start *pathagon.State
		want  float64
	}{
		{"repetitionDraw=true", start, plies + 11},
		{"repetitionDraw=false", off, plies},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := testing.AllocsPerRun(10, func() {
				var s game.State = tc.start
				for _, m := range line {
					if s, err = s.Play(m); err != nil {
						t.Fatal(err)
					}
				}
			})
			if got != tc.want {
				t.Errorf("a %d-ply game: %v allocations, want %v", plies, got, tc.want)
			}
		})
	}
}
