package palaboratory

import (
	"testing"

	"github.com/tabula-games/tabula/game"
)

// BenchmarkMinMoves is the solver on the largest published task pair
// (goat → cyclist, 14 tiles each).
func BenchmarkMinMoves(b *testing.B) {
	cards := Cards()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := MinMoves(cards[9].Tiles, cards[10].Tiles); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolve adds the optimal operation sequence.
func BenchmarkSolve(b *testing.B) {
	cards := Cards()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Solve(cards[6].Tiles, cards[9].Tiles); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckCatalogue is the whole acceptance check (docs/rules/palaboratory.md#the-fewest-moves).
func BenchmarkCheckCatalogue(b *testing.B) {
	cards := Cards()
	b.ReportAllocs()
	for b.Loop() {
		if r := CheckCatalogue(cards); !r.OK() {
			b.Fatal(r.Problems)
		}
	}
}

// BenchmarkLegalMoves lists the operations of a green task's start (13
// tiles of the cobra towards the goat).
func BenchmarkLegalMoves(b *testing.B) {
	s, err := Info.New(game.Options{Variant: Green, Values: map[string]string{OptCard: "10", OptFrom: "9"}})
	if err != nil {
		b.Fatal(err)
	}
	var buf []game.Move
	b.ReportAllocs()
	for b.Loop() {
		buf = s.LegalMoves(buf[:0])
	}
}

// BenchmarkPlay plays one relocation, with the solved check (canonical
// form under 12 symmetries).
func BenchmarkPlay(b *testing.B) {
	s, err := Info.New(game.Options{Variant: Green, Values: map[string]string{OptCard: "10", OptFrom: "9"}})
	if err != nil {
		b.Fatal(err)
	}
	moves := s.LegalMoves(nil)
	m := moves[len(moves)-1]
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Play(m); err != nil {
			b.Fatal(err)
		}
	}
}
