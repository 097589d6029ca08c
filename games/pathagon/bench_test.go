package pathagon_test

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// benchPositions are a placement-phase and a relocation-phase position.
func benchPositions(b *testing.B) map[string]*pathagon.State {
	b.Helper()
	out := map[string]*pathagon.State{}
	for name, text := range map[string]string{
		"placement":  "......./...D.../...L.../.DL.LD./...L.../...D.../....... d 10 10 -,- -",
		"relocation": "LLLLLLL/......./LLLLLL./D....../DDDDDDL/.D...../DDDDDD. d 0 0 -,- -",
	} {
		s, err := pathagon.ParsePosition(text, game.Options{})
		if err != nil {
			b.Fatal(err)
		}
		out[name] = s
	}
	return out
}

func BenchmarkLegalMoves(b *testing.B) {
	for name, s := range benchPositions(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]game.Move, 0, 512)
			for b.Loop() {
				buf = s.LegalMoves(buf[:0])
			}
		})
	}
}

// BenchmarkPlay plays a seeded random game through the immutable Play, from
// the start to its end (ply cap 300 or a connection); one op is one ply.
func BenchmarkPlay(b *testing.B) {
	b.ReportAllocs()
	start, err := pathagon.New(game.Options{})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var s game.State = start
	buf := make([]game.Move, 0, 512)
	for b.Loop() {
		if s.ToMove() == game.NoPlayer {
			s = start
		}
		buf = s.LegalMoves(buf[:0])
		s, _ = s.Play(buf[rng.IntN(len(buf))])
	}
}

// BenchmarkApplyUndo applies and undoes every legal move of a position.
func BenchmarkApplyUndo(b *testing.B) {
	for name, s := range benchPositions(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			mut := s.Mutable()
			moves := mut.LegalMoves(nil)
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

func BenchmarkPerft(b *testing.B) {
	start, err := pathagon.New(game.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, depth := range []int{4, 5} {
		b.Run("depth="+strconv.Itoa(depth), func(b *testing.B) {
			b.ReportAllocs()
			var n uint64
			for b.Loop() {
				n = start.Perft(depth)
			}
			b.ReportMetric(float64(n), "leaves")
		})
	}
}

func BenchmarkEvaluate(b *testing.B) {
	for name, s := range benchPositions(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = s.Evaluate(pathagon.Light)
			}
		})
	}
}
