package abalone

import (
	"fmt"
	"testing"

	"github.com/tabula-games/tabula/game"
)

func benchStart(b *testing.B, variant string) *State {
	b.Helper()
	s, err := Info.New(game.Options{Variant: variant})
	if err != nil {
		b.Fatal(err)
	}
	return s.(*State)
}

// BenchmarkPerft counts perft of the standard start with make/undo and bulk
// counting at the leaves (the last ply's moves are counted, not played).
func BenchmarkPerft(b *testing.B) {
	s := benchStart(b, "standard")
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
