package puzzle

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/tictactoe"
)

func position(t *testing.T, text string) game.State {
	t.Helper()
	st, err := tictactoe.Info.ParsePosition(text, game.Options{})
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return st
}

// The uniqueness check accepts a position with one winning move and
// rejects one with two, one with none and one with a single legal move.
func TestCheckUniqueness(t *testing.T) {
	lim := DefaultLimits["tictactoe"]
	tests := []struct {
		name     string
		position string
		want     error
		solution []string
	}{
		// x to move has three winning moves: 8 (0-4-8), 2 (2-4-6), 3 (0-3-6).
		{"three wins at once", "xo..xoxo. x", ErrNotUnique, nil},
		// x wins at 2 (0-1-2) or, by force later, elsewhere? Only 2 wins at
		// once, and every other move lets o win at 5.
		{"one win", "xx.oo.... x", nil, []string{"2"}},
		// o to move, x threatens nothing: the position is level.
		{"no win", "x........ o", ErrNoWin, nil},
		{"forced", "xoxxoo.xo x", ErrForced, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := position(t, tc.position)
			sol, _, err := Solve(context.Background(), st, lim)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Solve: error %v, want %v", err, tc.want)
			}
			if tc.want == nil && !slices.Equal(sol, tc.solution) {
				t.Errorf("solution %v, want %v", sol, tc.solution)
			}
		})
	}
}

// Every shipped puzzle replays to its position and names a game.
func TestShippedReplay(t *testing.T) {
	all, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for g, ps := range all {
		info := infoOf(t, g)
		for _, p := range ps {
			if _, err := Start(info, p); err != nil {
				t.Error(err)
			}
		}
	}
}
