package abalone

import (
	"fmt"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// benchPositions are the standard start and a crowded middle game (after 60
// plies of the kept standard record).
func benchPositions(b *testing.B) map[string]*State {
	b.Helper()
	out := map[string]*State{}
	for _, v := range Info.Variants {
		s, err := Info.New(game.Options{Variant: v})
		if err != nil {
			b.Fatal(err)
		}
		out[v] = s.(*State)
	}
	moves, _ := playGreedy("standard", 1)
	mid, err := game.PlayAll(out["standard"], moves[:60])
	if err != nil {
		b.Fatal(err)
	}
	out["midgame"] = mid.(*State)
	return out
}

var benchNames = []string{"standard", "belgian-daisy", "german-daisy", "midgame"}

// BenchmarkLegalMoves lists the legal moves of a position into a reused
// slice.
func BenchmarkLegalMoves(b *testing.B) {
	ps := benchPositions(b)
	for _, name := range benchNames {
		s := ps[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]game.Move, 0, maxMoves)
			for b.Loop() {
				buf = s.LegalMoves(buf[:0])
			}
			b.ReportMetric(float64(len(buf)), "moves")
		})
	}
}

// BenchmarkCountMoves counts the legal moves without listing them, as perft
// does at its last ply.
func BenchmarkCountMoves(b *testing.B) {
	ps := benchPositions(b)
	for _, name := range benchNames {
		s := ps[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n = s.NumLegalMoves()
			}
			b.ReportMetric(float64(n), "moves")
		})
	}
}

// BenchmarkApplyUndo plays and takes back every legal move of a position
// on the Mutable path; ns/op is per move (one Apply plus one Undo).
func BenchmarkApplyUndo(b *testing.B) {
	ps := benchPositions(b)
	for _, name := range benchNames {
		mut := ps[name].Mutable().(*State)
		moves := mut.LegalMoves(nil)
		mut.stack = make([]undoRec, 0, 4)
		mut.hist = append(make([]uint64, 0, len(mut.hist)+4), mut.hist...)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				mut.Apply(moves[i])
				mut.Undo()
				if i++; i == len(moves) {
					i = 0
				}
			}
		})
	}
}

// BenchmarkPlay is the immutable path the server uses: validate and copy.
func BenchmarkPlay(b *testing.B) {
	s := benchPositions(b)["midgame"]
	moves := s.LegalMoves(nil)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := s.Play(moves[i]); err != nil {
			b.Fatal(err)
		}
		if i++; i == len(moves) {
			i = 0
		}
	}
}

// BenchmarkPerft counts perft of the standard start with make/undo and bulk
// counting at the leaves (the last ply's moves are counted, not played).
func BenchmarkPerft(b *testing.B) {
	s := benchPositions(b)["standard"]
	for _, depth := range []int{3, 4, 5} {
		b.Run(fmt.Sprintf("depth=%d", depth), func(b *testing.B) {
			b.ReportAllocs()
			var n uint64
			for b.Loop() {
				n = s.Perft(depth)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// BenchmarkEvaluate is the heuristic on the middle-game position.
func BenchmarkEvaluate(b *testing.B) {
	s := benchPositions(b)["midgame"]
	b.ReportAllocs()
	for b.Loop() {
		s.Evaluate(Black)
	}
}
