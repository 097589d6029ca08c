package palaboratory

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/games/palago"
)

// TestMinMovesBFS checks the docs/rules/palaboratory.md#the-fewest-moves formula against an exhaustive search on
// small layouts: breadth-first over every rotation and every relocation to
// any cell within reach (no adjacency rule, as the formula assumes), the
// fewest moves that make three tiles congruent to three others. The proof
// sketch says the formula is exact; this tests it independently.
func TestMinMovesBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	near := []palago.Cell{{Q: 0, R: 0}, {Q: 1, R: -1}, {Q: 1, R: 0}, {Q: 0, R: 1}, {Q: -1, R: 1}, {Q: -1, R: 0}, {Q: 0, R: -1}}
	var window []palago.Cell // cells within distance 3 of (0,0)
	for q := int16(-3); q <= 3; q++ {
		for r := int16(-3); r <= 3; r++ {
			if s := -q - r; s >= -3 && s <= 3 {
				window = append(window, palago.Cell{Q: q, R: r})
			}
		}
	}
	randomSet := func() []palago.Tile {
		perm := rng.Perm(len(near))
		out := make([]palago.Tile, 3)
		for i := range out {
			out[i] = palago.Tile{Cell: near[perm[i]], O: palago.Orientation(rng.IntN(3))}
		}
		return out
	}
	all := palago.AllSymmetries()
	key := func(ts []palago.Tile) string { return palago.FormatTiles(palago.Canonical(ts, all), " ") }
	seenDist := map[int]int{}
	for c := 0; c < 12; c++ {
		s, tt := randomSet(), randomSet()
		want := key(tt)
		formula, err := MinMoves(s, tt)
		if err != nil {
			t.Fatal(err)
		}
		seenDist[formula]++
		// Level-by-level search; moves never exceed 2 for three tiles,
		// since one tile always matches.
		frontier := [][]palago.Tile{s}
		found := -1
		for d := 0; d <= 3 && found < 0; d++ {
			var next [][]palago.Tile
			for _, x := range frontier {
				if key(x) == want {
					found = d
					break
				}
				if d == formula {
					continue // no need to expand past the formula's answer
				}
				for i := range x {
					for o := range palago.Orientation(3) {
						if o != x[i].O {
							y := slices.Clone(x)
							y[i].O = o
							next = append(next, y)
						}
					}
					for _, cell := range window {
						if slices.ContainsFunc(x, func(z palago.Tile) bool { return z.Cell == cell }) {
							continue
						}
						for o := range palago.Orientation(3) {
							y := slices.Clone(x)
							y[i] = palago.Tile{Cell: cell, O: o}
							next = append(next, y)
						}
					}
				}
			}
			frontier = next
		}
		if found != formula {
			t.Errorf("%v → %v: formula %d moves, exhaustive search %d", s, tt, formula, found)
		}
	}
	t.Logf("cases by minMoves: %v", seenDist)
}
