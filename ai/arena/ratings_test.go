package arena

import (
	"math"
	"testing"
)

// The fit recovers what the scores say: two agents whose only match scored
// x are EloDiff(x) apart (with the virtual draw); ratings are consistent
// along a chain; a sweep stays finite; the anchor is 0.
func TestRatings(t *testing.T) {
	for _, tc := range []struct {
		name   string
		agents []string
		pairs  []Pair
		want   []float64
	}{
		{"one pair at 0.75", []string{"random", "bot"}, []Pair{{A: 1, B: 0, Score: Score{Wins: 15, Losses: 5}}},
			[]float64{0, EloDiff(15.5 / 21)}},
		{"a sweep is finite", []string{"random", "bot"}, []Pair{{A: 1, B: 0, Score: Score{Wins: 20}}},
			[]float64{0, EloDiff(20.5 / 21)}},
		{"anchor in the middle", []string{"a", "b"}, []Pair{{A: 0, B: 1, Score: Score{Wins: 5, Losses: 15}}},
			[]float64{0, EloDiff(15.5 / 21)}},
		{"an even chain", []string{"r", "e", "m"}, []Pair{
			{A: 1, B: 0, Score: Score{Wins: 10, Draws: 0, Losses: 10}},
			{A: 2, B: 1, Score: Score{Draws: 20}},
			{A: 2, B: 0, Score: Score{Wins: 7, Draws: 6, Losses: 7}},
		}, []float64{0, 0, 0}},
	} {
		got := Ratings(tc.agents, tc.pairs, 0)
		for i, w := range tc.want {
			if math.Abs(got[i].Elo-w) > 0.01 {
				t.Errorf("%s: %s at %.2f, want %.2f", tc.name, got[i].Agent, got[i].Elo, w)
			}
		}
		if got[0].Margin != 0 || len(got) > 1 && !(got[1].Margin > 0) {
			t.Errorf("%s: margins %v, want 0 for the anchor and positive for the others", tc.name, got)
		}
	}
	// Ordered levels: each beats the one below 0.75 and the one two below
	// 0.9; the fit puts them in order and about as far apart.
	agents := []string{"random", "easy", "medium", "hard"}
	var pairs []Pair
	for i := 1; i < len(agents); i++ {
		pairs = append(pairs, Pair{A: i, B: i - 1, Score: Score{Wins: 30, Losses: 10}})
		if i >= 2 {
			pairs = append(pairs, Pair{A: i, B: i - 2, Score: Score{Wins: 36, Losses: 4}})
		}
	}
	got := Ratings(agents, pairs, 0)
	for i := 1; i < len(got); i++ {
		if d := got[i].Elo - got[i-1].Elo; d < 150 || d > 300 {
			t.Errorf("ordered levels: %s is %.0f above %s, want 150-300 (%v)", got[i].Agent, d, got[i-1].Agent, got)
		}
	}
}
