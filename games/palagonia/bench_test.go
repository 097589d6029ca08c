package palagonia

import (
	"math/rand/v2"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
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

func BenchmarkPlay(b *testing.B) {
	s := midgame(b, 24, 3)
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

// BenchmarkPlayout plays whole random 4-player games through Play.
func BenchmarkPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	for b.Loop() {
		s, _ := Info.New(game.Options{Players: 4})
		for s.ToMove() != game.NoPlayer {
			ms := s.LegalMoves(nil)
			var m game.Move
			if s.ToMove() == game.Chance {
				x := rng.Float64()
				for _, o := range s.ChanceOutcomes() {
					if m = o.Move; x < o.Prob {
						break
					}
					x -= o.Prob
				}
			} else {
				m = ms[rng.IntN(len(ms))]
			}
			s, _ = s.Play(m)
		}
	}
}

// BenchmarkValue scores the camel: its loops and limbs (§C.6).
func BenchmarkValue(b *testing.B) {
	var bd palago.Board
	for _, x := range palago.MustParseTiles(camel) {
		_ = bd.Place(x)
	}
	g := bd.Creatures()[0]
	b.ReportAllocs()
	for b.Loop() {
		if bd.Value(&g).Points() != 7 {
			b.Fatal("camel is not worth 7")
		}
	}
}
