package palago

import (
	"flag"
	"testing"
)

// enumMax turns on the exhaustive counts for 6 and more tiles, which take
// seconds to minutes: go test ./games/palago -run TestExhaustive -enum=7 -v
var enumMax = flag.Int("enum", 5, "largest tile count for TestExhaustive")

// polyhexes calls visit with every fixed polyhex of n cells (connected
// cell sets up to translation) by Redelmeier's method: the origin is the
// first cell, and only cells after it (r > 0, or r = 0 and q > 0) join.
func polyhexes(n int, visit func([]Cell)) {
	w := 2*n + 3
	seen := make([]bool, w*(n+3))
	idx := func(c Cell) int { return int(c.R+1)*w + int(c.Q) + n + 1 }
	allowed := func(c Cell) bool { return c.R > 0 || c.R == 0 && c.Q >= 0 }
	poly := make([]Cell, 0, n)
	var rec func(untried []Cell)
	rec = func(untried []Cell) {
		for len(untried) > 0 {
			c := untried[len(untried)-1]
			untried = untried[:len(untried)-1]
			poly = append(poly, c)
			if len(poly) == n {
				visit(poly)
			} else {
				next := append([]Cell(nil), untried...)
				var added []Cell
				for k := range 6 {
					d := c.Neighbour(k)
					if allowed(d) && !seen[idx(d)] {
						seen[idx(d)] = true
						added = append(added, d)
						next = append(next, d)
					}
				}
				rec(next)
				for _, d := range added {
					seen[idx(d)] = false
				}
			}
			poly = poly[:len(poly)-1]
		}
	}
	seen[idx(Cell{})] = true
	rec([]Cell{{}})
}

// pieceAt returns the piece (0 A-tip, 1 A-arch, 2 B-tip, 3 B-arch) of a
// tile in orientation o next to corner j, by docs/rules/palago.md#only-three-orientations's edge-halves rule.
func pieceAt(o Orientation, j int) int {
	a := 2 * int(o)
	switch {
	case j == a:
		return 0
	case j == (a+3)%6:
		return 2
	case j%2 == 0:
		return 1
	}
	return 3
}

// floodCreatures is the second, independent closure method: regions are
// unions of pieces that share a half-side, and a region is closed when none
// of its half-sides faces an empty cell (docs/rules/palago.md#only-three-orientations edge halves, docs/rules/palago.md#groups-creatures-and-eyes). It
// reports which colours have a creature (a closed region with an arch).
func floodCreatures(tiles []Tile) (a, b bool) {
	at := make(map[Cell]int, len(tiles))
	for i, t := range tiles {
		at[t.Cell] = i
	}
	parent := make([]int, 4*len(tiles))
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	open := make([]bool, len(parent))
	for i, t := range tiles {
		for k := range 6 {
			// Side k runs from corner k-1 to corner k.
			near, far := pieceAt(t.O, k), pieceAt(t.O, (k+5)%6)
			j, ok := at[t.Cell.Neighbour(k)]
			if !ok {
				open[4*i+near], open[4*i+far] = true, true
				continue
			}
			o := tiles[j].O
			// Corner k of c is corner k+2 of the neighbour; corner k-1 is
			// its corner k+3.
			parent[find(4*i+near)] = find(4*j + pieceAt(o, (k+2)%6))
			parent[find(4*i+far)] = find(4*j + pieceAt(o, (k+3)%6))
		}
	}
	isOpen := make([]bool, len(parent))
	hasArch := make([]bool, len(parent))
	for p := range parent {
		r := find(p)
		isOpen[r] = isOpen[r] || open[p]
		hasArch[r] = hasArch[r] || p%2 == 1
	}
	for p := range parent {
		if find(p) == p && !isOpen[p] && hasArch[p] {
			if p%4 < 2 {
				a = true
			} else {
				b = true
			}
		}
	}
	return a, b
}

// creatureCounts is what TestExhaustive counts for n tiles.
type creatureCounts struct {
	polyhexes, layouts, withCreature, withA, withB, withBoth int
}

// countCreatures enumerates every connected layout of n tiles in every
// orientation, checks both closure methods agree on each, and counts.
func countCreatures(t testing.TB, n int) creatureCounts {
	var c creatureCounts
	var b Board
	tiles := make([]Tile, n)
	polyhexes(n, func(cells []Cell) {
		c.polyhexes++
		var dfs func(i int)
		dfs = func(i int) {
			if i == n {
				c.layouts++
				a1, b1 := b.HasCreature()
				a2, b2 := floodCreatures(tiles)
				if a1 != a2 || b1 != b2 {
					t.Fatalf("methods disagree on %v: union-find %v,%v, flood fill %v,%v", tiles, a1, b1, a2, b2)
				}
				if a1 || b1 {
					c.withCreature++
				}
				if a1 {
					c.withA++
				}
				if b1 {
					c.withB++
				}
				if a1 && b1 {
					c.withBoth++
				}
				return
			}
			for o := range Orientation(NumOrientations) {
				tiles[i] = Tile{cells[i], o}
				b.place(tiles[i])
				dfs(i + 1)
				b.Undo()
			}
		}
		dfs(0)
	})
	return c
}

// TestExhaustive counts the connected layouts of n tiles that hold a
// creature, with two closure methods that must agree on every layout.
// Polyhex counts are OEIS A001207 (fixed hexagonal polyominoes). With 5
// tiles the only creature is the virus: a centre with its arch's two ends
// closed by 4 tips, 3 placements of the arch per colour (derived in docs/rules/palago.md#groups-creatures-and-eyes's
// terms), so 6 layouts. Larger counts are in docs/benchmarks/palago.md.
func TestExhaustive(t *testing.T) {
	a001207 := []int{0, 1, 3, 11, 44, 186, 814, 3652, 16689}
	for n := 1; n <= *enumMax && n < len(a001207); n++ {
		c := countCreatures(t, n)
		t.Logf("n=%d: %+v", n, c)
		if c.polyhexes != a001207[n] {
			t.Errorf("n=%d: %d polyhexes, want %d", n, c.polyhexes, a001207[n])
		}
		if c.withA != c.withB {
			t.Errorf("n=%d: %d layouts with an A creature, %d with B; colour-swapping symmetries make them equal", n, c.withA, c.withB)
		}
		switch {
		case n < 5 && c.withCreature != 0:
			t.Errorf("n=%d: %d layouts with a creature, want 0 (the virus needs 5 tiles)", n, c.withCreature)
		case n == 5 && (c.withCreature != 6 || c.withA != 3):
			t.Errorf("n=5: %+v, want 6 virus layouts, 3 per colour", c)
		case n == 6:
			// A 6-tile creature layout is a virus plus any tile on one of
			// the 11 empty cells around it (a placement never opens a
			// group), or the ring with an eye in one of its distinct images.
			if want := 6*11*3 + distinctImages(MustParseTiles(shapes[1].tiles)); c.withCreature != want {
				t.Errorf("n=6: %d layouts with a creature, want %d", c.withCreature, want)
			}
		}
	}
}

// distinctImages counts the images of a layout under the 12 symmetries
// that differ up to translation.
func distinctImages(tiles []Tile) int {
	seen := map[string]bool{}
	img := make([]Tile, len(tiles))
	for _, g := range AllSymmetries() {
		for i, x := range tiles {
			img[i] = MapTile(g, x)
		}
		seen[FormatTiles(Normalize(img), " ")] = true
	}
	return len(seen)
}
