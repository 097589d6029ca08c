package palago

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/tabula-games/tabula/hexgrid"
)

// This file holds the hex geometry of docs/rules/palago.md#the-tile: axial
// cells, corners, vertex and side-midpoint keys, the three legal
// orientations and the action of the 12 lattice symmetries on tiles. The
// lattice itself (coordinates, directions, the symmetry group) is package
// hexgrid's; this file adds what the tiles mean: sides numbered as in the
// rules, corners and their colours, orientations and the keys.

// MaxCoord bounds |q| and |r| of a cell: a connected palago of 96 tiles
// reaches at most 95 cells from (0,0), and Palaboratory's loose layouts get
// room to spare; it also keeps a cell inside the 9-bit fields of a Move.
const MaxCoord = 200

// Cell is a hexagonal cell in axial coordinates (pointy-top): a
// compact form of hexgrid.Coord (the same q and r), small enough for the
// board's tables and the 9-bit fields of a Move, with the "(q,r)" notation.
type Cell struct{ Q, R int16 }

// CellOf returns the cell at hexgrid coordinate c; c must be within
// MaxCoord.
func CellOf(c hexgrid.Coord) Cell { return Cell{int16(c.Q), int16(c.R)} }

// Coord returns the cell as a hexgrid coordinate.
func (c Cell) Coord() hexgrid.Coord { return hexgrid.Coord{Q: int(c.Q), R: int(c.R)} }

// String returns the cell as "(q,r)".
func (c Cell) String() string {
	return "(" + strconv.Itoa(int(c.Q)) + "," + strconv.Itoa(int(c.R)) + ")"
}

// Add returns the cell c moved by the vector d.
func (c Cell) Add(d Cell) Cell { return Cell{c.Q + d.Q, c.R + d.R} }

// Neighbour returns the cell across side k (0..5) of c.
func (c Cell) Neighbour(k int) Cell { return c.Add(dirs[k%6]) }

// Adjacent reports whether c and d share a side, that is
// hexgrid.Distance(c, d) == 1. It is on hot paths, so it tests the
// lattice's squared length q²+qr+r² = 1 of d−c directly.
func (c Cell) Adjacent(d Cell) bool {
	q, r := int(d.Q)-int(c.Q), int(d.R)-int(c.R)
	return q*q+q*r+r*r == 1
}

// inRange reports whether c is within MaxCoord.
func (c Cell) inRange() bool {
	return c.Q >= -MaxCoord && c.Q <= MaxCoord && c.R >= -MaxCoord && c.R <= MaxCoord
}

// Compare orders cells lexicographically by (q, r): it returns -1, 0 or
// +1 as c sorts before, with or after d.
func (c Cell) Compare(d Cell) int {
	if c.Q != d.Q {
		return cmp.Compare(c.Q, d.Q)
	}
	return cmp.Compare(c.R, d.R)
}

// SideDir returns the direction that side k of a cell faces. The rules
// number sides clockwise on screen from NE (NE, E, SE, SW, W, NW),
// hexgrid counter-clockwise from E, so side k is NE turned back k times.
func SideDir(k int) hexgrid.Dir { return hexgrid.NE.Rotate(-k) }

// dirs caches the step across each side as a Cell, for the hot paths.
var dirs = sideSteps()

func sideSteps() [6]Cell {
	var out [6]Cell
	for k := range out {
		out[k] = CellOf(SideDir(k).Vector())
	}
	return out
}

// Colour is one of the two colours printed on the tiles.
type Colour uint8

const (
	// A is the colour on the even corners, the first player's.
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

// Orientation is one of the three legal orientations of a tile: its
// A-tip sits at corner 2·o and its B-tip at corner 2·o+3.
type Orientation uint8

// NumOrientations is the number of legal orientations.
const NumOrientations = 3

// Valid reports whether o is 0, 1 or 2.
func (o Orientation) Valid() bool { return o < NumOrientations }

// String returns "0", "1" or "2".
func (o Orientation) String() string { return strconv.Itoa(int(o)) }

// TipCorner returns the corner (0..5) where the tip of colour col sits.
func (o Orientation) TipCorner(col Colour) int { return (2*int(o) + 3*int(col)) % 6 }

// ArchCorners returns the two corners that the arch of colour col touches:
// a+2, a+4 for A and a+5, a+1 for B, where a = 2·o.
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

// Vertex is the exact key of a tile corner, 3·cell + dirs[k] + dirs[k+1].
// Three cells share each vertex; the key is the same from each.
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

// Mid is the exact key of a side midpoint, 2·cell + dirs[k]; both
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

// The 12 lattice symmetries fixing (0,0) are hexgrid's. The rules
// (docs/rules/palago.md#symmetry) write them R^i and R^i∘F, i = 0..5, where R(q,r) = (−r, q+r) turns by
// 60° clockwise on screen (hexgrid.Rotation(-1)) and F(q,r) = (q, −q−r)
// reflects across the axis between E and NE (hexgrid's m1, which swaps E
// and NE). AllSymmetries lists them in that order, so the rules' R^i∘F is
// AllSymmetries()[6+i].

// specSymmetry returns the rules' R^i (i < 6) or R^(i−6)∘F.
func specSymmetry(i int) hexgrid.Symmetry {
	r := hexgrid.Rotation(-1)                                    // the rules' R
	f := hexgrid.Reflection(hexgrid.E).Then(hexgrid.Rotation(1)) // the rules' F
	g := hexgrid.Identity
	if i >= 6 {
		g, i = f, i-6
	}
	for range i {
		g = g.Then(r)
	}
	return g
}

// AllSymmetries lists the 12 lattice symmetries in the rules' order: R^0..R^5,
// then R^0∘F..R^5∘F.
func AllSymmetries() []hexgrid.Symmetry {
	out := make([]hexgrid.Symmetry, hexgrid.NumSymmetries)
	for i := range out {
		out[i] = specSymmetry(i)
	}
	return out
}

// ColourPreserving returns the 6 symmetries that keep A-tips on even
// corners: R^0, R^2, R^4, F, R^2∘F, R^4∘F. The other 6 swap the
// colours.
func ColourPreserving() []hexgrid.Symmetry {
	out := make([]hexgrid.Symmetry, 0, hexgrid.NumSymmetries/2)
	for i := 0; i < hexgrid.NumSymmetries; i += 2 {
		out = append(out, specSymmetry(i))
	}
	return out
}

// PreservesColour reports whether g keeps each colour on its own corners.
// Even and odd corners alternate, so g keeps them when it turns by a
// multiple of 120°: the rotations by an even number of turns, and the
// reflections by an odd number (hexgrid reflects across E–W first, which
// swaps the corners' parity; the rules' F is hexgrid's m1).
func PreservesColour(g hexgrid.Symmetry) bool { return g.Turns()%2 == 0 != g.Reflects() }

// MapCell maps a cell by g.
func MapCell(g hexgrid.Symmetry, c Cell) Cell { return CellOf(g.Apply(c.Coord())) }

// MapVertex maps a vertex key by g: keys are lattice vectors (3·cell plus
// a corner offset), so the linear map applies to them as it is.
func MapVertex(g hexgrid.Symmetry, v Vertex) Vertex {
	w := g.Apply(hexgrid.Coord{Q: int(v.X), R: int(v.Y)})
	return Vertex{int32(w.Q), int32(w.R)}
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

// MapTile maps a tile by g: its cell and its tips are mapped, and the new
// orientation is half the even corner that one of the image tips lands on.
// Under a colour-swapping symmetry the image's A-tip is the image of
// the B-tip.
func MapTile(g hexgrid.Symmetry, t Tile) Tile {
	c := MapCell(g, t.Cell)
	k := cornerOf(c, MapVertex(g, VertexOf(t.Cell, t.O.TipCorner(A))))
	if k%2 != 0 {
		k = cornerOf(c, MapVertex(g, VertexOf(t.Cell, t.O.TipCorner(B))))
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
	if c := a.Cell.Compare(b.Cell); c != 0 {
		return c
	}
	return int(a.O) - int(b.O)
}

// Canonical returns the canonical form of a set of tiles under translation
// and the given symmetries: each symmetry's image is normalized and
// the lexicographically smallest is kept. Use all 12 symmetries to identify
// layouts up to colour swap too, or ColourPreserving() to keep colours.
func Canonical(tiles []Tile, syms []hexgrid.Symmetry) []Tile {
	var best []Tile
	img := make([]Tile, len(tiles))
	for _, g := range syms {
		for i, t := range tiles {
			img[i] = MapTile(g, t)
		}
		n := Normalize(img)
		if best == nil || slices.CompareFunc(n, best, compareTiles) < 0 {
			best = n
		}
	}
	return best
}
