package palago

import (
	"math/rand/v2"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// midgame returns a seeded random position with about n tiles and no
// creature, for benchmarks.
func midgame(b *testing.B, n int) *State {
	rng := rand.New(rand.NewPCG(3, 5))
	for {
		s0, _ := Info.New(game.Options{Values: map[string]string{OptFirstPlayer: "p1"}})
		s := s0.(*State)
		for s.board.Len() < n && !s.over {
			moves := s.LegalMoves(nil)
			next, _ := s.Play(moves[rng.IntN(len(moves))])
			s = next.(*State)
		}
		if !s.over {
			return s
		}
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	for _, n := range []int{10, 24, 40} {
		s := midgame(b, n)
		b.Run("tiles="+itoa(s.board.Len()), func(b *testing.B) {
			b.ReportAllocs()
			var dst []game.Move
			for b.Loop() {
				dst = s.LegalMoves(dst[:0])
			}
			b.ReportMetric(float64(len(dst)), "moves")
		})
	}
}

func BenchmarkPlay(b *testing.B) {
	s := midgame(b, 24)
	moves := s.LegalMoves(nil)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := s.Play(moves[i%len(moves)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkApplyUndo(b *testing.B) {
	s := midgame(b, 24)
	moves := s.LegalMoves(nil)
	m := s.Mutable()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m.Apply(moves[i%len(moves)])
		m.Undo()
		i++
	}
}

// BenchmarkPlaceUndo is one tile placed with incremental closure
// detection and taken back, on a 24-tile board, all frontier placements in
// turn.
func BenchmarkPlaceUndo(b *testing.B) {
	s := midgame(b, 24)
	bd := s.board.Clone()
	var cands []Tile
	for _, m := range s.LegalMoves(nil) {
		ts, _ := MoveTiles(m)
		cands = append(cands, ts[0])
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		bd.place(cands[i%len(cands)])
		bd.lastCreatures()
		bd.Undo()
		i++
	}
}

func BenchmarkEvaluate(b *testing.B) {
	s := midgame(b, 24)
	b.ReportAllocs()
	for b.Loop() {
		s.Evaluate(0)
	}
}

func BenchmarkGroups(b *testing.B) {
	s := midgame(b, 24)
	b.ReportAllocs()
	for b.Loop() {
		s.board.Groups()
	}
}

// BenchmarkExhaustive6 is the exhaustive count of 6-tile layouts (814
// polyhexes × 729 orientations), both closure methods on each.
func BenchmarkExhaustive6(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		countCreatures(b, 6)
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// BenchmarkSearchPath is what a search does at each node of its Mutable
// copy: list the moves, or score the position, or list the candidates,
// placing and undoing on the copy's own board.
func BenchmarkSearchPath(b *testing.B) {
	for _, n := range []int{10, 24, 40} {
		s := midgame(b, n)
		m := s.Mutable().(*State)
		b.Run("LegalMoves/tiles="+itoa(s.board.Len()), func(b *testing.B) {
			b.ReportAllocs()
			var dst []game.Move
			for b.Loop() {
				dst = m.LegalMoves(dst[:0])
			}
			b.ReportMetric(float64(len(dst)), "moves")
		})
		b.Run("Evaluate/tiles="+itoa(s.board.Len()), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				m.Evaluate(0)
			}
		})
		b.Run("SearchMoves/tiles="+itoa(s.board.Len()), func(b *testing.B) {
			b.ReportAllocs()
			var dst []game.Move
			for b.Loop() {
				dst = m.SearchMoves(dst[:0])
			}
			b.ReportMetric(float64(len(dst)), "moves")
		})
	}
}
