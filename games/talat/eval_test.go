package talat

import (
	"testing"

	"github.com/tabula-games/tabula/game"
)

// TestEvaluatePrefers checks the heuristic on hand-built pairs of positions
// where one is plainly better for black (seat 0) and worse for white: it
// counts captures possible now (docs/rules/talat.md#a-turn) and captures still reachable
// (the docs/rules/talat.md#closing-boards prefilter), for and against.
func TestEvaluatePrefers(t *testing.T) {
	// Keeps B01 open in the placement cases: black M3 on a1 can reach white S6 on a5.
	const keepOpen = "0M3"
	tests := []struct {
		name          string
		better, worse string // B01 diagrams, ranks 1 to 5
	}{
		{
			name:   "black can capture now rather than be captured",
			better: "...../...../..0M4../..1S4../.....", // M4 takes S4 in front
			worse:  "...../...../..0M4../..1M6../.....", // M6 takes M4 in front of it
		},
		{
			name:   "David: a small triangle facing a large hexagon",
			better: keepOpen + "..0S3../...../...../...../1S6..1L6..",
			worse:  keepOpen + "..0S4../...../...../...../1S6..1L6..",
		},
		{
			name:   "face a tower you take, not one that takes you",
			better: "..0M6../...../...../...../..1M4..", // M6 takes M4
			worse:  "..0M6../...../...../...../..1L4..", // L4 takes M6
		},
		{
			name:   "a tower nearer the far line",
			better: "...../...../0M3..../...../1S6....",
			worse:  "0M3..../...../...../...../1S6....",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mk(t, false, 1, [3]string{tc.better, "", ""})
			w := mk(t, false, 1, [3]string{tc.worse, "", ""})
			if b.Closed(B01) || w.Closed(B01) {
				t.Fatal("B01 should be open in both positions")
			}
			if b.Evaluate(0) <= w.Evaluate(0) {
				t.Errorf("black: better %v <= worse %v", b.Evaluate(0), w.Evaluate(0))
			}
			if b.Evaluate(1) >= w.Evaluate(1) {
				t.Errorf("white: better-for-black %v >= worse-for-black %v", b.Evaluate(1), w.Evaluate(1))
			}
		})
	}
}

// TestNoisy checks that exactly the captures are noisy.
func TestNoisy(t *testing.T) {
	s := mk(t, false, 0, [3]string{"...../...../..0M4../..1S4../.....", "", ""})
	captures := 0
	for _, m := range s.LegalMoves(nil) {
		want := s.MoveString(m) == "B01:c3xc4"
		if s.Noisy(m) != want {
			t.Errorf("Noisy(%s) = %v", s.MoveString(m), s.Noisy(m))
		}
		if want {
			captures++
		}
	}
	if captures != 1 {
		t.Fatalf("want the capture c3xc4 listed once, got %d", captures)
	}
	var _ game.Noisy = s
}
