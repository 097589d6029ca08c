package tictactoe_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// TestEvaluate: the value is the open lines' marks over 24, the same for
// one seat as against the other, and it prefers the centre to a corner to
// an edge, the usual first-move order.
func TestEvaluate(t *testing.T) {
	for _, tc := range []struct {
		pos  string
		want float64 // for x
	}{
		{"......... x", 0},
		{"....x.... o", 4.0 / 24}, // the centre is on four lines
		{"x........ o", 3.0 / 24}, // a corner on three
		{".x....... o", 2.0 / 24}, // an edge on two
		{"x...o.... x", -1.0 / 24},
		{"xxxoo.... o", (3 + 1 - 2) / 24.0}, // the top row and column 2-5-8 for x, the middle row for o
	} {
		s, err := tictactoe.ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		x, o := s.Evaluate(0), s.Evaluate(1)
		if x != tc.want || o != -x {
			t.Errorf("%s: Evaluate = %v for x, %v for o; want %v and its negation", tc.pos, x, o, tc.want)
		}
	}
}

// TestNoisy: a move that completes a line or blocks one is noisy, others
// are quiet.
func TestNoisy(t *testing.T) {
	s, err := tictactoe.ParsePosition("xx..o.... o")
	if err != nil {
		t.Fatal(err)
	}
	for m, want := range map[game.Move]bool{2: true, 3: false, 8: false} {
		if got := s.Noisy(m); got != want {
			t.Errorf("Noisy(%d) = %v, want %v", m, got, want)
		}
	}
}
