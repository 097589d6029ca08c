package palagonia

import (
	"math/rand/v2"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// midgame plays a seeded random 4-player game until the table holds at
// least n tiles and a placement of at least left tiles is under way.
func midgame(tb testing.TB, n, left int) *State {
	tb.Helper()
	rng := rand.New(rand.NewPCG(3, 5))
	for range 1000 {
		s0, _ := Info.New(game.Options{Players: 4})
		var s game.State = s0
		for s.ToMove() != game.NoPlayer {
			st := s.(*State)
			if st.board.Len() >= n && st.phase == phasePlace && int(st.left) >= left {
				return st
			}
			var m game.Move
			if s.ToMove() == game.Chance {
				outs := s.ChanceOutcomes()
				m = outs[rng.IntN(len(outs))].Move
			} else {
				ms := s.LegalMoves(nil)
				m = ms[rng.IntN(len(ms))]
			}
			s, _ = s.Play(m)
		}
	}
	tb.Fatal("no such position")
	return nil
}

func BenchmarkLegalMoves(b *testing.B) {
	for _, tc := range []struct{ n, left int }{{20, 3}, {36, 1}, {36, 4}} {
		s := midgame(b, tc.n, tc.left)
		b.Run("tiles="+itoa(s.board.Len())+"/left="+itoa(int(s.left))+"/placed="+itoa(int(s.placed)), func(b *testing.B) {
			b.ReportAllocs()
			var dst []game.Move
			for b.Loop() {
				dst = s.LegalMoves(dst[:0])
			}
			b.ReportMetric(float64(len(dst)), "moves")
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
