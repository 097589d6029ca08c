package abalone

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/hexgrid"
)

// NumCells is the number of cells on the board.
const NumCells = 61

// Cell is a cell of the board, 0..60, or NoCell. The numbering is the bit
// layout of the engine's bitboards (see doc.go), not reading order: use
// String, ParseCell, Row and Num, or Cells for reading order.
type Cell int8

// NoCell is the cell off the board.
const NoCell Cell = -1

// Dir is one of the six directions, with the compass names of hexgrid (E,
// NE, NW, W, SW, SE) as seen by Black, whose home row A is at the bottom.
type Dir = hexgrid.Dir

// board is a set of cells: bit c stands for Cell(c).
type board = uint64

// full is the set of all 61 cells.
const full board = 1<<NumCells - 1

// The bit layout puts cell (row r, diagonal n) at bit (n-1+13r) mod 61. This
// is the one numbering in which every direction is a fixed step modulo 61
// (a hexagon of radius 4 tiles the plane, so its cells are the cyclic group
// of order 61), which lets one rotation of a 61-bit word move every marble
// one cell in a direction at once. Cells whose neighbour is off the board are
// masked out first, so nothing wraps around.
const (
	stepE  = 1
	stepNE = 14
	stepNW = 13
)

// dirStep is the bit offset of each direction, modulo 61.
var dirStep = [hexgrid.NumDirs]uint{
	hexgrid.E:  stepE,
	hexgrid.NE: stepNE,
	hexgrid.NW: stepNW,
	hexgrid.W:  NumCells - stepE,
	hexgrid.SW: NumCells - stepNE,
	hexgrid.SE: NumCells - stepNW,
}

// geometry holds the read-only tables of the board, built once.
type geometry struct {
	row, num [NumCells]int8                  // the rules' coordinates: row 0..8 (A..I), diagonal 1..9
	at       [9][10]Cell                     // cell at row r, diagonal n, or NoCell
	next     [NumCells][hexgrid.NumDirs]Cell // neighbour in a direction, or NoCell
	edge     [hexgrid.NumDirs]board          // cells whose neighbour in a direction is off the board
	ring     [5]board                        // cells at distance 0..4 from the centre
	reading  [NumCells]Cell                  // cells in the order of the position text: I5..I9, H4..H9, ..., A1..A5
	zCell    [2][NumCells]uint64             // Zobrist keys of a marble of each colour on each cell
	zOff     [2][maxOff + 1]uint64           // Zobrist keys of the off counts
	zSide    uint64                          // Zobrist key of White to move
}

// maxOff bounds the off counts: a side has 14 marbles.
const maxOff = 14

// geo is the board geometry. It is read-only after newGeometry returns.
var geo = newGeometry()

// rowLen returns the number of cells in row r (0..8).
func rowLen(r int) int { return 9 - abs(r-4) }

// rowFirst returns the lowest diagonal number in row r.
func rowFirst(r int) int { return max(1, r-3) }

func newGeometry() *geometry {
	g := &geometry{}
	for r := range g.at {
		for n := range g.at[r] {
			g.at[r][n] = NoCell
		}
	}
	for r := 0; r < 9; r++ {
		for n := rowFirst(r); n < rowFirst(r)+rowLen(r); n++ {
			c := Cell((n - 1 + 13*r) % NumCells)
			g.row[c], g.num[c] = int8(r), int8(n)
			g.at[r][n] = c
		}
	}
	i := 0
	for r := 8; r >= 0; r-- {
		for n := rowFirst(r); n < rowFirst(r)+rowLen(r); n++ {
			g.reading[i] = g.at[r][n]
			i++
		}
	}
	for c := range Cell(NumCells) {
		for _, d := range hexgrid.Dirs() {
			v := coordOf(g.row[c], g.num[c]).Neighbor(d)
			g.next[c][d] = NoCell
			if v.Len() <= 4 {
				r, n := 4-v.R, v.Q+5
				g.next[c][d] = g.at[r][n]
			} else {
				g.edge[d] |= 1 << c
			}
		}
		g.ring[coordOf(g.row[c], g.num[c]).Len()] |= 1 << c
	}
	// Zobrist keys from a fixed splitmix64 stream, so hashes are stable
	// across runs and machines.
	x := uint64(0x6162616c6f6e65) // "abalone"
	rnd := func() uint64 {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for col := range g.zCell {
		for c := range g.zCell[col] {
			g.zCell[col][c] = rnd()
		}
		for n := range g.zOff[col] {
			g.zOff[col][n] = rnd()
		}
	}
	g.zSide = rnd()
	return g
}

// coordOf maps the rules' coordinates to hexgrid axial coordinates with E5 at the
// origin: rows go up the board (north), diagonals go east.
func coordOf(r, n int8) hexgrid.Coord { return hexgrid.Coord{Q: int(n) - 5, R: 4 - int(r)} }

// CellAt returns the cell in row r (0 for A .. 8 for I) on diagonal n (1..9),
// or NoCell when there is none.
func CellAt(r, n int) Cell {
	if r < 0 || r > 8 || n < 1 || n > 9 {
		return NoCell
	}
	return geo.at[r][n]
}

// Cells returns every cell in reading order of the notation: A1..A5,
// B1..B6, ..., I5..I9.
func Cells() []Cell {
	out := make([]Cell, 0, NumCells)
	for r := 0; r < 9; r++ {
		for n := rowFirst(r); n < rowFirst(r)+rowLen(r); n++ {
			out = append(out, geo.at[r][n])
		}
	}
	return out
}

// Valid reports whether c is a cell of the board.
func (c Cell) Valid() bool { return c >= 0 && c < NumCells }

// Row returns the row index, 0 for A up to 8 for I.
func (c Cell) Row() int { return int(geo.row[c]) }

// Num returns the diagonal number, 1..9.
func (c Cell) Num() int { return int(geo.num[c]) }

// Coord returns the cell's axial coordinates with E5 at the origin and
// north (towards row I) at the top.
func (c Cell) Coord() hexgrid.Coord { return coordOf(geo.row[c], geo.num[c]) }

// Next returns the neighbour of c in direction d, or NoCell off the board.
func (c Cell) Next(d Dir) Cell { return geo.next[c][d] }

// String returns the cell in lower case, for example "e5".
func (c Cell) String() string {
	if !c.Valid() {
		return "-"
	}
	return string([]byte{'a' + byte(geo.row[c]), '0' + byte(geo.num[c])})
}

// ParseCell reads a cell name such as "e5" or "E5".
func ParseCell(s string) (Cell, error) {
	if len(s) == 2 {
		r := int(s[0]|0x20) - 'a'
		n := int(s[1]) - '0'
		if c := CellAt(r, n); c != NoCell {
			return c, nil
		}
	}
	return NoCell, &game.ParseError{Game: "abalone", What: "cell", Input: s, Offset: -1, Msg: "want a cell a1..i9"}
}

// shift moves every cell of b one step in direction d; cells that would
// leave the board are dropped.
func shift(b board, d Dir) board {
	b &^= geo.edge[d]
	k := dirStep[d]
	return (b<<(k&63) | b>>((NumCells-k)&63)) & full
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
