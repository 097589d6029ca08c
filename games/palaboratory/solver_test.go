package palaboratory

import (
	"errors"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/games/palago"
	"github.com/tabula-games/tabula/hexgrid"
)

// The spec's test shapes (palago.md, "Creatures" test vectors).
const (
	virusText = "(0,0):0 (-1,0):0 (-1,1):0 (0,1):2 (0,-1):1"
	ringText  = "(0,0):0 (1,-1):2 (1,0):1 (2,-2):1 (2,-1):0 (2,0):2"
	wormAText = "(0,0):0 (0,1):0 (1,-1):1 (1,0):0 (1,1):1 (2,0):1 (2,1):2"
	wormBText = "(0,0):0 (0,1):0 (0,2):0 (1,-1):1 (1,0):0 (1,1):0 (1,2):2"
)

// image returns g(tiles) shifted by d.
func image(tiles []palago.Tile, g hexgrid.Symmetry, d palago.Cell) []palago.Tile {
	out := make([]palago.Tile, len(tiles))
	for i, t := range tiles {
		out[i] = palago.MapTile(g, t)
		out[i].Cell = out[i].Cell.Add(d)
	}
	return out
}

// TestMinMovesByHand checks the docs/rules/palaboratory.md#the-fewest-moves formula on cases worked out by hand.
func TestMinMovesByHand(t *testing.T) {
	virus, ring := palago.MustParseTiles(virusText), palago.MustParseTiles(ringText)
	worm := palago.MustParseTiles(wormAText)
	tests := []struct {
		name        string
		s, t        []palago.Tile
		moves, kept int
	}{
		// Test vector "Palaboratory": the rulebook's card 1 → card 2.
		{"virus→ring (test vector)", virus, ring, 2, 3},
		{"identity", ring, ring, 0, 6},
		// Congruence allows every symmetry, so a whole creature turned,
		// mirrored, colour-swapped or shifted needs no move.
		{"worm turned 60° (colours swap)", worm, image(worm, 1, palago.Cell{Q: 3, R: -1}), 0, 7},
		{"worm turned 120°", worm, image(worm, 2, palago.Cell{}), 0, 7},
		{"worm mirrored", worm, image(worm, 6, palago.Cell{Q: -4, R: 9}), 0, 7},
		// Two tiles side by side in one orientation cannot both match two
		// tiles in different orientations: a symmetry maps equal
		// orientations to equal orientations, so one tile must turn.
		{"one rotation", palago.MustParseTiles("(0,0):0 (1,0):0"), palago.MustParseTiles("(0,0):0 (1,0):1"), 1, 1},
		// A tile may always be matched by translation, so a single tile
		// never moves, and a pair far apart keeps one tile.
		{"single tile grows", palago.MustParseTiles("(5,5):2"), palago.MustParseTiles("(0,0):0 (1,0):1"), 0, 1},
		{"pair apart", palago.MustParseTiles("(0,0):0 (9,0):0"), palago.MustParseTiles("(0,0):0 (1,0):0"), 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := MinMoves(tc.s, tc.t)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.moves {
				t.Errorf("MinMoves = %d, want %d", got, tc.moves)
			}
			sol, err := Solve(tc.s, tc.t)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Moves != tc.moves || sol.Kept != tc.kept || sol.Added != len(tc.t)-len(tc.s) {
				t.Errorf("Solve = %d moves, %d kept, %d added; want %d, %d, %d", sol.Moves, sol.Kept, sol.Added, tc.moves, tc.kept, len(tc.t)-len(tc.s))
			}
			checkSolution(t, tc.s, tc.t, sol)
		})
	}
}

// checkSolution replays sol.Ops on s and checks they reach a layout
// congruent to t, with sol.Moves counted operations, each placing a tile
// on an empty cell next to another tile.
func checkSolution(t *testing.T, s, target []palago.Tile, sol Solution) {
	t.Helper()
	on := map[palago.Cell]palago.Orientation{}
	for _, x := range s {
		on[x.Cell] = x.O
	}
	moves, added := 0, 0
	for _, op := range sol.Ops {
		if op.Kind != Rotate {
			if _, ok := on[op.To]; ok {
				t.Fatalf("%v: target cell occupied", op)
			}
			near := false
			for k := range 6 {
				if n := op.To.Neighbour(k); n != op.From || op.Kind == Place {
					_, ok := on[n]
					near = near || ok
				}
			}
			if !near {
				t.Fatalf("%v: goes next to no tile", op)
			}
		}
		switch op.Kind {
		case Place:
			added++
		case Rotate:
			moves++
			if o, ok := on[op.To]; !ok || o == op.O {
				t.Fatalf("%v: no tile to turn", op)
			}
		case Relocate:
			moves++
			if _, ok := on[op.From]; !ok {
				t.Fatalf("%v: no tile to move", op)
			}
			delete(on, op.From)
		}
		on[op.To] = op.O
	}
	if moves != sol.Moves || added != sol.Added {
		t.Errorf("ops count %d moves and %d added, solution says %d and %d", moves, added, sol.Moves, sol.Added)
	}
	var final []palago.Tile
	for c, o := range on {
		final = append(final, palago.Tile{Cell: c, O: o})
	}
	all := palago.AllSymmetries()
	if !slices.Equal(palago.Canonical(final, all), palago.Canonical(target, all)) {
		t.Errorf("ops reach %v, not congruent to the target", palago.FormatTiles(palago.Normalize(final), " "))
	}
	if !slices.Equal(palago.Normalize(final), palago.Normalize(sol.Final)) {
		t.Errorf("ops reach %v, solution's final layout is %v", final, sol.Final)
	}
}

func TestSolveShrinks(t *testing.T) {
	_, err := Solve(palago.MustParseTiles(ringText), palago.MustParseTiles(virusText))
	if !errors.Is(err, ErrShrink) {
		t.Errorf("Solve(ring → virus) = %v, want ErrShrink", err)
	}
	if _, err := MinMoves(palago.MustParseTiles(ringText), palago.MustParseTiles(virusText)); !errors.Is(err, ErrShrink) {
		t.Errorf("MinMoves(ring → virus) = %v, want ErrShrink", err)
	}
}

// TestOverlapBruteForce checks Overlap against a direct count over every
// symmetry and every shift in a window, for the spec's shapes.
func TestOverlapBruteForce(t *testing.T) {
	shapes := []string{virusText, ringText, wormAText, wormBText}
	for _, a := range shapes {
		for _, b := range shapes {
			s, tt := palago.MustParseTiles(a), palago.MustParseTiles(b)
			got, _, _ := Overlap(s, tt)
			want := 0
			for _, g := range palago.AllSymmetries() {
				for q := int16(-8); q <= 8; q++ {
					for r := int16(-8); r <= 8; r++ {
						n := 0
						for _, x := range image(tt, g, palago.Cell{Q: q, R: r}) {
							if slices.Contains(s, x) {
								n++
							}
						}
						want = max(want, n)
					}
				}
			}
			if got != want {
				t.Errorf("Overlap(%s, %s) = %d, brute force %d", a, b, got, want)
			}
		}
	}
}

// TestOrientationMapIsCellFree backs Overlap's shortcut: a symmetry maps a
// tile's orientation the same way whatever its cell (docs/rules/palago.md#symmetry).
func TestOrientationMapIsCellFree(t *testing.T) {
	for _, g := range palago.AllSymmetries() {
		for o := range palago.Orientation(palago.NumOrientations) {
			want := palago.MapTile(g, palago.Tile{O: o}).O
			for q := int16(-4); q <= 4; q++ {
				for r := int16(-4); r <= 4; r++ {
					if got := palago.MapTile(g, palago.Tile{Cell: palago.Cell{Q: q, R: r}, O: o}).O; got != want {
						t.Fatalf("%v maps orientation %v on (%d,%d) to %v, on (0,0) to %v", g, o, q, r, got, want)
					}
				}
			}
		}
	}
}
