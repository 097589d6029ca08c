package abalone

import (
	"math/bits"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/hexgrid"
)

// The move generator works on whole bitboards: for each direction d it
// computes, with a handful of shifts, the set of trailing marbles of every
// kind of in-line move (single step, 2 or 3 in line, 2v1, 3v1, 3v2 sumito),
// then for each axis and each of the four sideways directions the set of
// lower ends of the 2- and 3-marble broadsides. Counting is popcounts of
// those sets; listing walks their bits. Both follow the enumeration of
// docs/rules/abalone.md, so every move appears exactly once.

// maxMoves bounds the legal moves of a position: at most 14 marbles × 6
// in-line directions plus 4 directions for each of at most 3·13 pairs and
// 3·12 triples along the three axes.
const maxMoves = 14*6 + 4*(3*13+3*12)

//go:generate go run gen.go

// axes are the directions from the lower end of a group to its other end:
// E, NE, NW, numbered 0..2 in move encodings.
var axes = [3]Dir{hexgrid.E, hexgrid.NE, hexgrid.NW}

func appendInline(dst []game.Move, b board, d Dir, size, pushed int) []game.Move {
	for ; b != 0; b &= b - 1 {
		dst = append(dst, inlineMove(Cell(bits.TrailingZeros64(b)), d, size, pushed))
	}
	return dst
}

func appendBroadside(dst []game.Move, b board, axis, size int, d Dir) []game.Move {
	for ; b != 0; b &= b - 1 {
		dst = append(dst, broadsideMove(Cell(bits.TrailingZeros64(b)), axis, size, d))
	}
	return dst
}
