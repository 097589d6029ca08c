package pathagon

import (
	"math/bits"
	"strings"
)

// Size is the number of rows and of columns of the board.
const Size = 7

// NumCells is the number of cells of the board.
const NumCells = Size * Size

// Cell is a board cell, index 7·row + col with row 0 at the top (rank 7)
// and col 0 at the left (file a), as docs/rules/pathagon.md defines: a7 is 0, g1 is 48.
type Cell int8

// NoCell stands for "no cell": no lastRelocated piece, a placement's origin.
const NoCell Cell = -1

// CellAt returns the cell in row (0 = rank 7) and col (0 = file a).
func CellAt(row, col int) Cell { return Cell(row*Size + col) }

// Row is the cell's row, 0 (rank 7) to 6 (rank 1).
func (c Cell) Row() int { return int(c) / Size }

// Col is the cell's column, 0 (file a) to 6 (file g).
func (c Cell) Col() int { return int(c) % Size }

// Valid reports whether c is one of the 49 cells.
func (c Cell) Valid() bool { return c >= 0 && c < NumCells }

// cellNames holds the algebraic names of the cells in index order, two
// bytes each, so that String slices it instead of allocating.
const cellNames = "a7b7c7d7e7f7g7" + "a6b6c6d6e6f6g6" + "a5b5c5d5e5f5g5" + "a4b4c4d4e4f4g4" +
	"a3b3c3d3e3f3g3" + "a2b2c2d2e2f2g2" + "a1b1c1d1e1f1g1"

// String returns the algebraic name, "a7" .. "g1", or "-" for NoCell.
func (c Cell) String() string {
	if !c.Valid() {
		return "-"
	}
	return cellNames[2*c : 2*c+2]
}

// ParseCell reads an algebraic cell name, case-insensitively.
func ParseCell(s string) (Cell, bool) {
	if len(s) != 2 {
		return NoCell, false
	}
	f := s[0] | 0x20 // lower case for letters
	r := s[1]
	if f < 'a' || f > 'g' || r < '1' || r > '7' {
		return NoCell, false
	}
	return CellAt(int('7'-r), int(f-'a')), true
}

func (c Cell) bit() uint64 { return 1 << uint(c) }

// Bitboards: bit i is cell i.
const (
	full  uint64 = 1<<NumCells - 1
	fileA uint64 = 1 | 1<<7 | 1<<14 | 1<<21 | 1<<28 | 1<<35 | 1<<42
	fileG        = fileA << (Size - 1)
	rank7 uint64 = 1<<Size - 1 // row 0, the top edge
	rank1        = rank7 << (NumCells - Size)
)

// Shifts move every cell of a bitboard one step in a direction, dropping
// what leaves the board.
func north(b uint64) uint64 { return b >> Size }
func south(b uint64) uint64 { return (b << Size) & full }
func west(b uint64) uint64  { return (b >> 1) &^ fileG }
func east(b uint64) uint64  { return (b << 1) &^ fileA & full }

func neighbours(b uint64) uint64 { return north(b) | south(b) | west(b) | east(b) }

// Dir is an orthogonal direction. Their order, N W E S, is ascending cell
// index order of the neighbours, so capture masks list cells in the order
// the notation prints them.
type Dir uint8

// The four orthogonal directions (diagonals never count).
const (
	N Dir = iota
	W
	E
	S
)

// delta is the index step of each direction; the caller checks the edges.
func (d Dir) delta() Cell {
	switch d {
	case N:
		return -Size
	case W:
		return -1
	case E:
		return 1
	}
	return Size
}

// String returns "n", "w", "e" or "s".
func (d Dir) String() string { return [...]string{"n", "w", "e", "s"}[d&3] }

// step returns the neighbour of c in direction d, or NoCell off the board.
func (c Cell) step(d Dir) Cell {
	switch {
	case d == N && c.Row() == 0, d == S && c.Row() == Size-1,
		d == W && c.Col() == 0, d == E && c.Col() == Size-1:
		return NoCell
	}
	return c + d.delta()
}

// trapSets returns, per direction d, the empty-or-not cells t where a piece
// of own arriving would trap the opp piece on t+d against own on t+2d .
// own must not contain the origin of a relocation.
func trapSets(own, opp uint64) [4]uint64 {
	return [4]uint64{
		N: south(opp & south(own)),
		W: east(opp & east(own)),
		E: west(opp & west(own)),
		S: north(opp & north(own)),
	}
}

// trappedAt is the direction mask of the pieces trapped by arriving on t.
func trappedAt(ts *[4]uint64, t Cell) uint8 {
	return uint8(ts[N]>>uint(t)&1 | (ts[W]>>uint(t)&1)<<1 | (ts[E]>>uint(t)&1)<<2 | (ts[S]>>uint(t)&1)<<3)
}

// connected reports whether the pieces b of player p hold an orthogonal
// chain joining p's two edges.
func connected(b uint64, light bool) bool {
	start, goal := fileA, fileG
	if light {
		start, goal = rank7, rank1
	}
	f := b & start
	if f == 0 || b&goal == 0 {
		return false
	}
	for {
		if f&goal != 0 {
			return true
		}
		g := f | neighbours(f)&b
		if g == f {
			return false
		}
		f = g
	}
}

// cellsString lists the cells of b in ascending index order, comma-separated,
// or "-" when b is empty.
func cellsString(b uint64) string {
	if b == 0 {
		return "-"
	}
	var sb strings.Builder
	for ; b != 0; b &= b - 1 {
		if sb.Len() > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(Cell(bits.TrailingZeros64(b)).String())
	}
	return sb.String()
}
