package abalone

import (
	"testing"

	"github.com/tabula-games/tabula/game"
)

// Noisy marks exactly the push-offs (docs/rules/abalone.md#moves sumito, docs/rules/abalone.md#end-of-the-game: a
// marble pushed off is the only change of material).
func TestNoisy(t *testing.T) {
	const (
		// e1 white on the edge, e2-e3 black: the 2v1 push W pushes it off.
		edge = "...../....../..www../......../wbb....../......../..bbb../....../..... b 0 5"
		// e4 white in the middle, e5-e6 black: the push W keeps it on.
		middle = "...../....../......./......../...wbb.../......../..bbb../....../..... b 0 0"
		// e1-e2 white, e3-e5 black (3v2 W); i5 white, g3-h4 black (2v1 NE).
		lines = "w..../b...../b....../......../wwbbb..../......../......./....../..... b 0 0"
	)
	tests := []struct {
		name, pos, move string
		want            bool
	}{
		{"2v1 push-off", edge, "e3e2", true},
		{"3v2 push-off", lines, "e5e4", true},
		{"2v1 push-off NE", lines, "g3h4", true},
		{"push that stays on the board", middle, "e6e5", false},
		{"in-line move away", edge, "e2e3", false},
		{"single marble", middle, "c3c2", false},
		{"broadside", middle, "c3c4d4", false},
		{"broadside beside the edge", lines, "g3h4g4", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Info.ParsePosition(tc.pos, game.Options{})
			if err != nil {
				t.Fatal(err)
			}
			m, err := s.ParseMove(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			st := s.(*State)
			if got := st.Noisy(m); got != tc.want {
				t.Errorf("Noisy(%s) = %v, want %v", tc.move, got, tc.want)
			}
			// The answer agrees with what the move does to the material.
			next, err := s.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if off := next.(*State).PushedOff(White) > st.PushedOff(White) || next.ToMove() == game.NoPlayer; off != tc.want {
				t.Errorf("%s pushes off: %v, Noisy says %v", tc.move, off, tc.want)
			}
		})
	}
}

// Every move of a played-out game is noisy exactly when it pushes a marble
// off: the encoding-based answer against the board.
func TestNoisyMatchesPushOffs(t *testing.T) {
	s, err := Info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*State).Mutable().(*State)
	var buf []game.Move
	noisy := 0
	for ply := 0; ply < 400 && st.ToMove() != game.NoPlayer; ply++ {
		buf = st.LegalMoves(buf[:0])
		var pick game.Move
		for i, m := range buf {
			before := st.off
			st.Apply(m)
			off := st.off != before
			st.Undo()
			if st.Noisy(m) != off {
				t.Fatalf("ply %d at %s: Noisy(%s) = %v, pushes off %v", ply, st, st.MoveString(m), !off, off)
			}
			if off {
				noisy++
			}
			if i == (ply*7)%len(buf) || off {
				pick = m // play the push-offs when there are any, so some happen
			}
		}
		st.Apply(pick)
	}
	if noisy == 0 {
		t.Fatal("no push-off arose in the game: the test checked nothing noisy")
	}
}
