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

// Under Limits.Fastest (Abalone's) a position whose one fastest win is a
// push-off at once is a puzzle although a quiet move keeps a slower win
// (the strict rule rejects it); two push-offs at once are rejected by
// both; the next-push-off rule derives marblesToWin from the marbles
// lost. The positions are from standard bot games, both sides having
// lost the same number of marbles.
func TestCheckFastest(t *testing.T) {
	info := infoOf(t, "abalone")
	fast := DefaultLimits["abalone"]
	strict := fast
	strict.Fastest = false
	tests := []struct {
		name     string
		position string
		toWin    string
		lim      Limits
		want     error
		solution []string
	}{
		{"one push-off at once", "...../.ww.w./..www../...bwww./..bbb.wwb/..bbb..w/..bbbw./...b../.b... w 1 1", "2", fast, nil, []string{"e7e8"}},
		{"slower wins too, strict", "...../.ww.w./..www../...bwww./..bbb.wwb/..bbb..w/..bbbw./...b../.b... w 1 1", "2", strict, ErrNotUnique, nil},
		{"two push-offs at once", "...w./w.ww../..ww.../..wwww../bbwww..b./.bwbbb../bbbbbb./.....b/..... w 0 0", "1", fast, ErrNotUnique, nil},
		{"two push-offs at once, strict", "...w./w.ww../..ww.../..wwww../bbwww..b./.bwbbb../bbbbbb./.....b/..... w 0 0", "1", strict, ErrNotUnique, nil},
		{"no push-off", "wwwww/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb b 0 0", "1", fast, ErrNoWin, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opts, err := info.Check(game.Options{Values: map[string]string{"marblesToWin": tc.toWin}})
			if err != nil {
				t.Fatal(err)
			}
			st, err := info.ParsePosition(tc.position, opts)
			if err != nil {
				t.Fatal(err)
			}
			sol, _, err := Solve(context.Background(), st, tc.lim)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Solve: error %v, want %v", err, tc.want)
			}
			if tc.want == nil && !slices.Equal(sol, tc.solution) {
				t.Errorf("solution %v, want %v", sol, tc.solution)
			}
		})
	}
}

// NextPushOff keeps the game's moves and sets marblesToWin one past the
// marbles each side lost; unequal losses are skipped.
func TestNextPushOff(t *testing.T) {
	info := infoOf(t, "abalone")
	opts, _ := info.Check(game.Options{Players: 2})
	st, _ := info.New(opts)
	moves := []string{}
	if _, _, ok := NextPushOff(info, opts, st, moves); !ok {
		t.Fatal("the start (0 lost each) is not derived")
	}
	d, o, _ := NextPushOff(info, opts, st, moves)
	if o.Values["marblesToWin"] != "1" || d.String() != st.String() {
		t.Errorf("derived %q with %v", d.String(), o.Values)
	}
	if opts.Values["marblesToWin"] != "" {
		t.Errorf("the game's options were changed: %v", opts.Values)
	}
	uneven, err := info.ParsePosition(".ww../.ww.../.bwww.w/.b.....w/.....b.../..b.bb../....bbw/....b./....w b 5 3", opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := NextPushOff(info, opts, uneven, nil); ok {
		t.Error("a position with unequal losses was derived")
	}
	tic := infoOf(t, "tictactoe")
	ts, _ := tic.New(game.Options{})
	if _, _, ok := NextPushOff(tic, game.Options{}, ts, nil); ok {
		t.Error("a tic-tac-toe position was derived")
	}
}
