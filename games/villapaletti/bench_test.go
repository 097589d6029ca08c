package villapaletti

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/villapaletti/geometry"
)

// fullVilla is fullTower with the six remaining columns on the red floor:
// 20 columns, 5 floors.
func fullVilla(b testing.TB) *State {
	s := fullTower(b)
	put(s, greenThick, 5, -25, 20)
	for i, c := range []Column{redThin1, redThin2, redThin3, redMedium, redThick} {
		put(s, c, 5, float64(-20+12*i), -25+float64(8*(i%2)))
	}
	return s
}

// BenchmarkStatics measures the stability model on a full villa (20
// columns, 5 floors): an evaluation from scratch (loads, five support hulls,
// every margin), the evaluation of a state whose hulls are cached (as after
// New, Play or ParsePosition: loads and margins), a removal test, and the
// incremental placement test bots use for each candidate target.
func BenchmarkStatics(b *testing.B) {
	s := fullVilla(b)
	b.Run("rebuild", func(b *testing.B) { // everything from scratch, hulls included
		b.ReportAllocs()
		for b.Loop() {
			if !s.structure().Stands() {
				b.Fatal("the villa collapsed")
			}
		}
	})
	s.cacheHulls() // as every state made by New, Play or ParsePosition has
	b.Run("full", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if !s.structure().Stands() {
				b.Fatal("the villa collapsed")
			}
		}
	})
	st := s.structure()
	b.Run("lift", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			st.Lift(blueThin2)
		}
	})
	b.Run("place", func(b *testing.B) {
		b.ReportAllocs()
		p := geometry.Vec{X: 10, Y: 30}
		for b.Loop() {
			st.Place(Thin, p, 0)
		}
	})
}

// BenchmarkSafeMoves finds all safe column moves of the player to move in
// the start position (5 columns × ~230 candidate targets each).
func BenchmarkSafeMoves(b *testing.B) {
	gs, err := Info.New(game.Options{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	s := gs.(*State)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = len(s.SafeMoves(nil))
	}
	b.ReportMetric(float64(n), "safe-moves")
}

// BenchmarkLegalMoves lists the candidate moves of the start position.
func BenchmarkLegalMoves(b *testing.B) {
	gs, err := Info.New(game.Options{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var dst []game.Move
	for b.Loop() {
		dst = gs.LegalMoves(dst[:0])
	}
	b.ReportMetric(float64(len(dst)), "moves")
}

// BenchmarkPlay plays one column move from the start position.
func BenchmarkPlay(b *testing.B) {
	gs, err := Info.New(game.Options{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	m := gs.LegalMoves(nil)[0]
	b.ReportAllocs()
	for b.Loop() {
		if _, err := gs.Play(m); err != nil {
			b.Fatal(err)
		}
	}
}
