package alphabeta_test

import (
	"context"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/ai/alphabeta"
	"github.com/tabula-games/tabula/ai/mcts"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// Pathagon connections (docs/rules/pathagon.md): Light joins rank 7 to rank 1.
func TestPathagonConnection(t *testing.T) {
	tests := []struct {
		name  string
		pos   string
		moves []string // any of these is right
		mate  int
	}{
		// The spec's light_path_win fixture: a6..a1 stand, a7 connects.
		{"in 1 (light_path_win)", "......./L....../L....../L....../L....../L....../L...... l 8 14 -,- -", []string{"a7"}, 1},
		// a5..a1 and b7 stand. a6 threatens a7 and b6; b6 threatens a6 and
		// b5: Dark blocks one, Light plays the other.
		{"in 3 (double threat)", ".L...../......./L....../L....../L....../L....../L...... l 8 14 -,- -", []string{"a6", "b6"}, 3},
	}
	for _, tc := range tests {
		s, err := pathagon.Info.ParsePosition(tc.pos, game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Run("alphabeta/"+tc.name, func(t *testing.T) {
			res, err := alphabeta.New(alphabeta.Config{}).Search(context.Background(), s, alphabeta.Limits{Depth: tc.mate + 1})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.MoveString(res.Move); !slices.Contains(tc.moves, got) || alphabeta.MateIn(res.Score) != tc.mate {
				t.Errorf("chose %s, mate in %d; want one of %v, mate in %d", got, alphabeta.MateIn(res.Score), tc.moves, tc.mate)
			}
		})
		t.Run("mcts/"+tc.name, func(t *testing.T) {
			res, err := mcts.New(mcts.Config{}).Search(context.Background(), s, mcts.Limits{Iterations: 200_000})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.MoveString(res.Move); !slices.Contains(tc.moves, got) || res.Proven != 1 {
				t.Errorf("chose %s, proven %d after %d iterations; want one of %v, proven", got, res.Proven, res.Iterations, tc.moves)
			}
		})
	}
}

func BenchmarkPathagon(b *testing.B) {
	s, _ := pathagon.Info.New(game.Options{})
	s, _ = game.PlayAll(s, []string{"d4", "c3", "e5", "d3"})
	b.Run("alphabeta/depth=5", func(b *testing.B) {
		b.ReportAllocs()
		var nodes int64
		for b.Loop() {
			res, _ := alphabeta.New(alphabeta.Config{}).Search(context.Background(), s, alphabeta.Limits{Depth: 5})
			nodes += res.Nodes
		}
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
	b.Run("mcts/playouts=2000", func(b *testing.B) {
		b.ReportAllocs()
		var it int64
		for b.Loop() {
			res, _ := mcts.New(mcts.Config{}).Search(context.Background(), s, mcts.Limits{Iterations: 2000})
			it += res.Iterations
		}
		b.ReportMetric(float64(it)/b.Elapsed().Seconds(), "playouts/s")
	})
}
