package main

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tabula-games/tabula/games/abalone"
)

// The committed data set replays: every move is legal, and it holds the
// games and positions docs/strength.md describes.
func TestDataSetReplays(t *testing.T) {
	positions := 0
	perGame := map[int]bool{}
	games, err := readGames("../../games/abalone/testdata/texel/selfplay.txt.gz", func(g int, s sample) {
		positions++
		perGame[g] = true
		if s.y != 0 && s.y != 0.5 && s.y != 1 {
			t.Fatalf("game %d: result %v, want 0, 0.5 or 1", g, s.y)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if games != 310 || positions != 53065 {
		t.Errorf("%d games, %d positions; want 310 and 53,065", games, positions)
	}
	if len(perGame) != games {
		t.Errorf("%d games have positions, want all %d", len(perGame), games)
	}
}

// The fit recovers known weights: positions with random terms labelled by
// draws from sigmoid(K·eval) under chosen weights and K give back those
// weights and K, starting from other ones.
func TestFitRecoversWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 3))
	want := [abalone.NumTerms]float64{100, 13, 21, 8, -3, 6, -19, 52, 27, 0}
	const wantK = 0.012
	data := make([]sample, 20000)
	for i := range data {
		s := &data[i]
		for j := range s.terms {
			s.terms[j] = float64(rng.IntN(7) - 3)
		}
		if rng.Float64() < sigmoid(wantK*score(s, &want)) {
			s.y = 1
		}
	}
	start := [abalone.NumTerms]float64{100, 12, 9, 6, 3, 3, -5, 40, 15, 2}
	w, k := fitWeights(data, start, fitK(data, start), nil)
	if math.Abs(k-wantK) > 0.1*wantK {
		t.Errorf("K = %.5f, want %.5f", k, wantK)
	}
	for j := range w {
		if math.Abs(w[j]-want[j]) > 5 {
			t.Errorf("%s = %.1f, want %v", abalone.TermNames[j], w[j], want[j])
		}
	}
}
