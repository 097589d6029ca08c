package mcts

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// Result.Lines: the chosen move first, then the most visited other root
// moves in order of visits, each with the tree's value for the mover, every
// seat's expected result, and a legal PV that starts with its move.
func TestLinesMostVisited(t *testing.T) {
	tests := []struct {
		name    string
		state   game.State
		players int
		k       int
	}{
		{"tictactoe", parse(t, tictactoe.Info, 2, "....x.... o"), 2, 3},
		{"race3", parse(t, race.NewInfo(), 3, "3 0 2 -"), 3, 2},
		{"tictactoe k>moves", parse(t, tictactoe.Info, 2, "xoxoxo... x"), 2, 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sr := New(Config{MultiPV: tc.k})
			res, err := sr.Search(context.Background(), tc.state, Limits{Iterations: 3000})
			if err != nil {
				t.Fatal(err)
			}
			// A root the solver proves early has fewer children than moves.
			want := min(tc.k, len(sr.root.children))
			if res.Proven == 0 && want != min(tc.k, len(tc.state.LegalMoves(nil))) {
				t.Errorf("%d root children for %d lines", len(sr.root.children), tc.k)
			}
			if len(res.Lines) != want {
				t.Fatalf("%d lines, want %d", len(res.Lines), want)
			}
			if res.Lines[0].Move != res.Move || !slices.Equal(res.Lines[0].PV, res.PV) {
				t.Errorf("first line %d %v, result %d %v", res.Lines[0].Move, res.Lines[0].PV, res.Move, res.PV)
			}
			p := tc.state.ToMove()
			seen := map[game.Move]bool{}
			for i, l := range res.Lines {
				if seen[l.Move] {
					t.Errorf("move %d twice", l.Move)
				}
				seen[l.Move] = true
				if i > 1 && l.Visits > res.Lines[i-1].Visits {
					t.Errorf("line %d: %d visits after %d", i+1, l.Visits, res.Lines[i-1].Visits)
				}
				if len(l.Rewards) != tc.players || l.Value != l.Rewards[p] || l.Value < 0 || l.Value > 1 {
					t.Errorf("line %d: value %v rewards %v", i+1, l.Value, l.Rewards)
				}
				if l.PV[0] != l.Move {
					t.Errorf("line %d: PV %v starts elsewhere", i+1, l.PV)
				}
				s := tc.state
				for _, m := range l.PV {
					next, err := s.Play(m)
					if err != nil {
						t.Fatalf("line %d: PV %v: %v", i+1, l.PV, err)
					}
					s = next
				}
			}
			// The lines past the first are the most visited of the rest:
			// no root child left out has more visits than any of them.
			lowest := int64(math.MaxInt64)
			for _, l := range res.Lines[1:] {
				lowest = min(lowest, l.Visits)
			}
			if len(res.Lines) < want || want == 1 {
				return
			}
			for _, c := range sr.root.children {
				if !seen[c.move] && int64(c.visits) > lowest {
					t.Errorf("move %d left out with %v visits, a line has %d", c.move, c.visits, lowest)
				}
			}
		})
	}
}
