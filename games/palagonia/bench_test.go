package palagonia

import (
	"math/rand/v2"
	"testing"

	"github.com/tabula-games/tabula/ai"
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
			m := randomMove(s, rng)
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

// BenchmarkLegalMovesMutable lists the same placements from a Mutable
// copy, as search does: the completability search runs on the copy's own
// board and scratch.
func BenchmarkLegalMovesMutable(b *testing.B) {
	for _, tc := range []struct{ n, left int }{{20, 3}, {36, 1}, {36, 4}} {
		s := midgame(b, tc.n, tc.left).Mutable()
		st := s.(*State)
		b.Run("tiles="+itoa(st.board.Len())+"/left="+itoa(int(st.left))+"/placed="+itoa(int(st.placed)), func(b *testing.B) {
			b.ReportAllocs()
			var dst []game.Move
			for b.Loop() {
				dst = s.LegalMoves(dst[:0])
			}
			b.ReportMetric(float64(len(dst)), "moves")
		})
	}
}

// BenchmarkSearchMoves lists the search candidates of a last tile from a
// Mutable copy: every legal placement is tried for a score.
func BenchmarkSearchMoves(b *testing.B) {
	s := midgame(b, 30, 1).Mutable().(*State)
	for s.left > 1 {
		s.Apply(s.LegalMoves(nil)[0]) // on to the action's last tile
	}
	b.ReportAllocs()
	var dst []game.Move
	for b.Loop() {
		dst = s.SearchMoves(dst[:0])
	}
	b.ReportMetric(float64(len(dst)), "moves")
}

// BenchmarkSearchMovesFirst lists the search candidates of an action's
// first tile from a Mutable copy: every legal placement is tried as the
// start of a placement that scores (plan.go).
func BenchmarkSearchMovesFirst(b *testing.B) {
	for _, tc := range []struct{ n, left int }{{20, 3}, {36, 4}, {36, 5}} {
		s := midgame(b, tc.n, tc.left).Mutable().(*State)
		for s.placed > 0 {
			s.Undo() // back to the action's first tile
		}
		b.Run("tiles="+itoa(s.board.Len())+"/left="+itoa(int(s.left)), func(b *testing.B) {
			b.ReportAllocs()
			var dst []game.Move
			for b.Loop() {
				dst = s.SearchMoves(dst[:0])
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
				m = ai.SampleChance(s, rng)
			} else {
				m = ms[rng.IntN(len(ms))]
			}
			s, _ = s.Play(m)
		}
	}
}

// BenchmarkValue scores the camel: its loops and limbs (docs/rules/palagonia.md#value-of-a-creature).
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

// BenchmarkPlayoutMutable plays whole random 4-player games in place
// through Mutable (LegalMoves + Apply per ply) and takes every ply back
// with Undo, as a search does.
func BenchmarkPlayoutMutable(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	s0, _ := Info.New(game.Options{Players: 4})
	mut := s0.(*State).Mutable()
	var ms []game.Move
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for mut.ToMove() != game.NoPlayer {
			var m game.Move
			if mut.ToMove() == game.Chance {
				m = ai.SampleChance(mut, rng)
			} else {
				ms = mut.LegalMoves(ms[:0])
				m = ms[rng.IntN(len(ms))]
			}
			mut.Apply(m)
			n++
		}
		for range n {
			mut.Undo()
		}
		plies += n
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
}

// BenchmarkApplyUndo applies and takes back each legal move of a
// mid-game position: placements, a removal and a rotation.
func BenchmarkApplyUndo(b *testing.B) {
	for _, tc := range []struct{ name, pos string }{
		{"place", "place p1 dice=3+X left=2 placed=1 extra scores=0 bag=33 table=(0,0):2+(0,1):2+(-1,0):0+(0,2):2+(-1,1):2+(1,0):1+(1,-1):1+(-1,-1):2+(1,2):0+(1,3):2+(-2,-1):1+(-3,0):1+(-1,-2):1+(-2,-2):0+(0,4):2"},
		{"remove", "remove p1 dice=X+X scores=0 bag=39 table=(0,0):2+(0,1):2+(-1,0):0+(0,2):2+(-1,1):2+(0,-1):1+(1,0):1+(1,-1):1+(-1,-1):2"},
		{"rotate", "rotate p1 dice=X+R extra scores=0 bag=39 table=(0,0):0+(0,1):2+(-1,0):0+(0,2):2+(-1,1):2+(0,-1):1+(1,0):1+(1,-1):1+(-1,-1):2"},
		{"roll", "roll p1 scores=0,0,0 bag=47 table=(0,0):0"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			s, err := Info.ParsePosition(tc.pos, game.Options{})
			if err != nil {
				b.Fatal(err)
			}
			mut := s.(*State).Mutable()
			moves := mut.LegalMoves(nil)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				mut.Apply(moves[i%len(moves)])
				mut.Undo()
				i++
			}
		})
	}
}

// randomMove picks one of s's legal moves (a chance outcome uniformly, not
// by its probability: tests want every roll, not a fair die).
func randomMove(s game.State, rng *rand.Rand) game.Move {
	if s.ToMove() == game.Chance {
		outs := s.ChanceOutcomes()
		return outs[rng.IntN(len(outs))].Move
	}
	ms := s.LegalMoves(nil)
	return ms[rng.IntN(len(ms))]
}
