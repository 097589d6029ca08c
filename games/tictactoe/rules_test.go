package tictactoe_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// TestOutcome: a line wins for the side that made it, a full board without
// one is a draw, and nothing can be played after either
// (docs/rules/tictactoe.md#the-end).
func TestOutcome(t *testing.T) {
	for _, tc := range []struct {
		record string
		want   string // Outcome.Describe, "-" in progress
	}{
		{"0 3 1 4 2", "x wins by line"},       // the top row
		{"4 0 8 2 6 1", "o wins by line"},     // o's top row
		{"0 1 4 2 8", "x wins by line"},       // a diagonal
		{"4 0 2 6 3 5 7 1 8", "draw by full"}, // nine marks, no line
		{"4 0 2 6 3 5 7 1", "-"},              // one cell left
		{"0 3 1 4 6 5", "o wins by line"},     // o's middle row
		{"2 0 4 1 6", "x wins by line"},       // the other diagonal
		{"1 0 4 3 7", "x wins by line"},       // the middle column
	} {
		s, err := game.PlayAll(tictactoe.New(), game.SplitRecord(tc.record))
		if err != nil {
			t.Fatalf("%s: %v", tc.record, err)
		}
		got := "-"
		if o, over := s.Outcome(); over {
			got = o.Describe(tictactoe.Info)
			if _, err := s.Play(0); !errors.Is(err, game.ErrGameOver) {
				t.Errorf("%s: a move after the end: %v, want ErrGameOver", tc.record, err)
			}
		}
		if got != tc.want {
			t.Errorf("%s: %s, want %s", tc.record, got, tc.want)
		}
	}
}

// TestIllegalMoves: only an empty cell 0..8 may be marked.
func TestIllegalMoves(t *testing.T) {
	s, err := tictactoe.ParsePosition("x...o.... x")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"0", "4"} {
		if _, err := s.ParseMove(text); !errors.Is(err, game.ErrIllegalMove) {
			t.Errorf("ParseMove(%q): %v, want ErrIllegalMove", text, err)
		}
	}
	for _, text := range []string{"9", "a1", "", "-1"} {
		var pe *game.ParseError
		if _, err := s.ParseMove(text); !errors.As(err, &pe) {
			t.Errorf("ParseMove(%q): %v, want a *game.ParseError", text, err)
		}
	}
	if _, err := s.Play(9); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("Play(9): %v, want ErrIllegalMove", err)
	}
}

// TestPositionText: positions that cannot arise from the start are
// rejected with a message that says why
// (docs/rules/tictactoe.md#position-text).
func TestPositionText(t *testing.T) {
	for _, tc := range []struct {
		text string
		msg  string // "" for a position that reads
	}{
		{"......... x", ""},
		{"x........ o", ""},
		{"xxxoo.... o", ""}, // x has won, o would move next
		{"xxoo.o... x", "as many marks"},
		{"......... o", "as many marks"},
		{"xx....... o", "as many marks"},
		{"xxxooo... x", "only the side that moved last"},
		{"xx.ooo.x. x", ""},
		{"xx.ooox.x o", "only the side that moved last"},
		{"........ x", "9 cells"},
		{"........X x", "9 cells"},
		{"......... -", "the side to move"},
		{".........", "9 cells and the side to move"},
	} {
		_, err := tictactoe.ParsePosition(tc.text)
		switch {
		case tc.msg == "" && err != nil:
			t.Errorf("%q: %v", tc.text, err)
		case tc.msg != "" && (err == nil || !strings.Contains(err.Error(), tc.msg)):
			t.Errorf("%q: %v, want an error saying %q", tc.text, err, tc.msg)
		case tc.msg != "" && !errors.Is(err, game.ErrSyntax):
			t.Errorf("%q: %v does not wrap ErrSyntax", tc.text, err)
		}
	}
}
