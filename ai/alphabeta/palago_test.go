package alphabeta_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tabula-games/tabula/ai/alphabeta"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// palagoMidgame plays seeded random moves until about n tiles lie on the
// table without a creature.
func palagoMidgame(tb testing.TB, n int) game.State {
	tb.Helper()
	rng := rand.New(rand.NewPCG(3, 5))
	for {
		s, err := palago.Info.New(game.Options{Values: map[string]string{palago.OptFirstPlayer: "p1"}})
		if err != nil {
			tb.Fatal(err)
		}
		for s.(*palago.State).Board().Len() < n && s.ToMove() >= 0 {
			moves := s.LegalMoves(nil)
			s, _ = s.Play(moves[rng.IntN(len(moves))])
		}
		if s.ToMove() >= 0 {
			return s
		}
	}
}

// BenchmarkPalago is a 200 ms search of a Palago middle game (10 and 24
// tiles): the completed depth and the nodes per second are the measure.
func BenchmarkPalago(b *testing.B) {
	for _, n := range []int{10, 24} {
		s := palagoMidgame(b, n)
		b.Run(fmt.Sprintf("tiles=%d/time=200ms", n), func(b *testing.B) {
			b.ReportAllocs()
			var nodes, depth int64
			runs := 0
			for b.Loop() {
				res, _ := alphabeta.New(alphabeta.Config{}).Search(context.Background(), s, alphabeta.Limits{Time: 200 * time.Millisecond})
				nodes += res.Nodes
				depth += int64(res.Depth)
				runs++
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(depth)/float64(runs), "depth")
		})
	}
}
