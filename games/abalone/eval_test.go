package abalone

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tabula-games/tabula/game"
)

func TestEvaluateRangeAndSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, v := range Info.Variants {
		st, err := Info.New(game.Options{Variant: v})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if got := s.Evaluate(Black); got != 0 {
			t.Errorf("%s start: Evaluate(Black) = %v, want 0 (the layouts are symmetric)", v, got)
		}
		for s.ToMove() != game.NoPlayer {
			b, w := s.Evaluate(Black), s.Evaluate(White)
			if b < -1 || b > 1 || math.IsNaN(b) {
				t.Fatalf("position %s: Evaluate(Black) = %v outside [-1, 1]", s, b)
			}
			if math.Abs(b+w) > 1e-12 {
				t.Fatalf("position %s: Evaluate(Black) = %v, Evaluate(White) = %v, want opposite", s, b, w)
			}
			ms := s.LegalMoves(nil)
			next, _ := s.Play(ms[rng.IntN(len(ms))])
			s = next.(*State)
		}
		o, _ := s.Outcome()
		for _, p := range []game.Player{Black, White} {
			want := 2*o.Reward(p, 2) - 1
			if got := s.Evaluate(p); got != want {
				t.Errorf("%s finished (%s): Evaluate(%v) = %v, want %v", v, o.Describe(Info), p, got, want)
			}
		}
	}
	if got := mustParse(t, layouts["standard"]).Evaluate(game.NoPlayer); got != 0 {
		t.Errorf("Evaluate(NoPlayer) = %v, want 0", got)
	}
}

// TestEvaluateTerms checks that each term of the heuristic points the right
// way: marbles, centre distance, cohesion.
func TestEvaluateTerms(t *testing.T) {
	tests := []struct {
		name, pos string
	}{
		{"a marble ahead", "...../....../......./......../....b..../......../......./....../....w b 0 1"},
		{"closer to the centre", "...../....../......./......../....b..../......../......./....../....w b 0 0"},
		{"together rather than apart", "...../....../......./......../...bb..../......../......./w...../....w b 0 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustParse(t, tt.pos).Evaluate(Black); got <= 0 {
				t.Errorf("Evaluate(Black) = %v, want > 0", got)
			}
		})
	}
	one := mustParse(t, "...../....../......./......../....b..../......../......./....../....w b 0 1").Evaluate(Black)
	two := mustParse(t, "...../....../......./......../....b..../......../......./....../....w b 0 2").Evaluate(Black)
	if two <= one {
		t.Errorf("two marbles ahead (%v) is not better than one (%v)", two, one)
	}
}
