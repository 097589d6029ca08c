package palago

import (
	"fmt"
	"slices"
	"strconv"
)

// This file holds the hex geometry of the spec's §A.2–§A.4 and §A.7: axial
// cells, corners, vertex and side-midpoint keys, the three legal
// orientations and the 12 lattice symmetries. It is kept small on purpose;
// it overlaps the project's hexgrid package and will be unified with it.

// MaxCoord bounds |q| and |r| of a cell: a connected palago of 96 tiles
// reaches at most 95 cells from (0,0), and Palaboratory's loose layouts get
// room to spare; it also keeps a cell inside the 9-bit fields of a Move.
const MaxCoord = 200

// Cell is a hexagonal cell in axial coordinates (pointy-top, §A.2).
type Cell struct{ Q, R int16 }

// String returns the cell as "(q,r)".
func (c Cell) String() string {
	return "(" + strconv.Itoa(int(c.Q)) + "," + strconv.Itoa(int(c.R)) + ")"
}

// Add returns the cell c moved by the vector d.
func (c Cell) Add(d Cell) Cell { return Cell{c.Q + d.Q, c.R + d.R} }

// Neighbour returns the cell across side k (0..5) of c.
func (c Cell) Neighbour(k int) Cell { return c.Add(dirs[k%6]) }

// inRange reports whether c is within MaxCoord.
func (c Cell) inRange() bool {
	return c.Q >= -MaxCoord && c.Q <= MaxCoord && c.R >= -MaxCoord && c.R <= MaxCoord
}

// less orders cells lexicographically by (q, r).
func (c Cell) less(d Cell) bool { return c.Q < d.Q || c.Q == d.Q && c.R < d.R }

// dirs are the six side directions in clockwise order on screen: NE, E, SE,
// SW, W, NW (§A.2). Side k of a cell faces the cell + dirs[k].
var dirs = [6]Cell{{1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}}

// Colour is one of the two colours printed on the tiles.
type Colour uint8

const (
	// A is the colour on the even corners, the first player's (§A.3).
	A Colour = iota
	// B is the colour on the odd corners.
	B
)

// String returns "A" or "B".
func (c Colour) String() string {
	if c == A {
		return "A"
	}
	return "B"
}

// Other returns the other colour.
func (c Colour) Other() Colour { return c ^ 1 }

// Orientation is one of the three legal orientations of a tile (§A.4): its
// A-tip sits at corner 2·o and its B-tip at corner 2·o+3.
type Orientation uint8

// NumOrientations is the number of legal orientations (§A.3).
const NumOrientations = 3

// Valid reports whether o is 0, 1 or 2.
func (o Orientation) Valid() bool { return o < NumOrientations }

// String returns "0", "1" or "2".
func (o Orientation) String() string { return strconv.Itoa(int(o)) }

// TipCorner returns the corner (0..5) where the tip of colour col sits.
func (o Orientation) TipCorner(col Colour) int { return (2*int(o) + 3*int(col)) % 6 }

// ArchCorners returns the two corners that the arch of colour col touches:
// a+2, a+4 for A and a+5, a+1 for B, where a = 2·o (§A.4).
func (o Orientation) ArchCorners(col Colour) (int, int) {
	a := 2 * int(o)
	if col == A {
		return (a + 2) % 6, (a + 4) % 6
	}
	return (a + 5) % 6, (a + 1) % 6
}

// Tile is a placed tile: a cell and an orientation. Its notation is
// "(q,r):o".
type Tile struct {
	Cell Cell
	O    Orientation
}

// String returns the tile as "(q,r):o".
func (t Tile) String() string { return t.Cell.String() + ":" + t.O.String() }

// Vertex is the exact key of a tile corner, 3·cell + dirs[k] + dirs[k+1]
// (§A.2). Three cells share each vertex; the key is the same from each.
type Vertex struct{ X, Y int32 }

// VertexOf returns the key of corner k of cell c.
func VertexOf(c Cell, k int) Vertex {
	d1, d2 := dirs[k%6], dirs[(k+1)%6]
	return Vertex{3*int32(c.Q) + int32(d1.Q+d2.Q), 3*int32(c.R) + int32(d1.R+d2.R)}
}

// Colour returns the colour of the tiles' corners at v: A on even corners.
func (v Vertex) Colour() Colour {
	// The corner offsets dirs[k]+dirs[k+1] are (2,-1), (-1,2), (-1,-1) for
	// even k and (1,1), (-2,1), (1,-2) for odd k; 3·cell adds multiples of 3.
	if mod(int(v.X), 3) == 2 {
		return A
	}
	return B
}

// Mid is the exact key of a side midpoint, 2·cell + dirs[k] (§A.2); both
// cells on a side give the same key.
type Mid struct{ X, Y int32 }

// MidOf returns the key of the midpoint of side k of cell c.
func MidOf(c Cell, k int) Mid {
	d := dirs[k%6]
	return Mid{2*int32(c.Q) + int32(d.Q), 2*int32(c.R) + int32(d.R)}
}

func mod(a, m int) int {
	a %= m
	if a < 0 {
		a += m
	}
	return a
}

// Symmetry is one of the 12 lattice symmetries fixing (0,0): R^i for
// Symmetry i in 0..5, and R^i∘F for i+6, where R(q,r) = (−r, q+r) is a
// rotation by 60° and F(q,r) = (q, −q−r) a reflection (§A.7).
type Symmetry uint8

// NumSymmetries is the size of the hex lattice's point group.
const NumSymmetries = 12

// ColourPreserving returns the 6 symmetries that keep A-tips on even
// corners: R^0, R^2, R^4, F, R^2∘F, R^4∘F (§A.7). The other 6 swap the
// colours.
func ColourPreserving() []Symmetry { return []Symmetry{0, 2, 4, 6, 8, 10} }

// PreservesColour reports whether g keeps each colour on its own corners.
func (g Symmetry) PreservesColour() bool { return g%2 == 0 }

// String returns "R^i" or "R^i∘F".
func (g Symmetry) String() string {
	if g >= 6 {
		return fmt.Sprintf("R^%d∘F", g-6)
	}
	return fmt.Sprintf("R^%d", g)
}

// apply maps a lattice vector.
func (g Symmetry) apply(q, r int32) (int32, int32) {
	if g >= 6 {
		r = -q - r
	}
	for range g % 6 {
		q, r = -r, q+r
	}
	return q, r
}

// Cell maps a cell.
func (g Symmetry) Cell(c Cell) Cell {
	q, r := g.apply(int32(c.Q), int32(c.R))
	return Cell{int16(q), int16(r)}
}

// Vertex maps a vertex key.
func (g Symmetry) Vertex(v Vertex) Vertex {
	x, y := g.apply(v.X, v.Y)
	return Vertex{x, y}
}

// cornerOf returns the corner k of c whose key is v, or -1.
func cornerOf(c Cell, v Vertex) int {
	for k := range 6 {
		if VertexOf(c, k) == v {
			return k
		}
	}
	return -1
}

// Tile maps a tile: its cell and its tips are mapped, and the new
// orientation is half the even corner that one of the image tips lands on
// (§A.7). Under a colour-swapping symmetry the image's A-tip is the image of
// the B-tip.
func (g Symmetry) Tile(t Tile) Tile {
	c := g.Cell(t.Cell)
	k := cornerOf(c, g.Vertex(VertexOf(t.Cell, t.O.TipCorner(A))))
	if k%2 != 0 {
		k = cornerOf(c, g.Vertex(VertexOf(t.Cell, t.O.TipCorner(B))))
	}
	return Tile{c, Orientation(k / 2)}
}

// Normalize translates tiles so that the lexicographically smallest cell is
// (0,0) and sorts them by cell; it returns a new slice.
func Normalize(tiles []Tile) []Tile {
	out := slices.Clone(tiles)
	if len(out) == 0 {
		return out
	}
	slices.SortFunc(out, compareTiles)
	d := out[0].Cell
	for i := range out {
		out[i].Cell = Cell{out[i].Cell.Q - d.Q, out[i].Cell.R - d.R}
	}
	return out
}

func compareTiles(a, b Tile) int {
	switch {
	case a.Cell.less(b.Cell):
		return -1
	case b.Cell.less(a.Cell):
		return 1
	}
	return int(a.O) - int(b.O)
}

// Canonical returns the canonical form of a set of tiles under translation
// and the given symmetries (§A.7): each symmetry's image is normalized and
// the lexicographically smallest is kept. Use all 12 symmetries to identify
// layouts up to colour swap too, or ColourPreserving() to keep colours.
func Canonical(tiles []Tile, syms []Symmetry) []Tile {
	var best []Tile
	img := make([]Tile, len(tiles))
	for _, g := range syms {
		for i, t := range tiles {
			img[i] = g.Tile(t)
		}
		n := Normalize(img)
		if best == nil || slices.CompareFunc(n, best, compareTiles) < 0 {
			best = n
		}
	}
	return best
}

// AllSymmetries lists the 12 lattice symmetries.
func AllSymmetries() []Symmetry {
	s := make([]Symmetry, NumSymmetries)
	for i := range s {
		s[i] = Symmetry(i)
	}
	return s
}
