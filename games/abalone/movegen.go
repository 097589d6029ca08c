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
// rules/abalone.md §8, so every move appears exactly once.

// maxMoves bounds the legal moves of a position: at most 14 marbles × 6
// in-line directions plus 4 directions for each of at most 3·13 pairs and
// 3·12 triples along the three axes.
const maxMoves = 14*6 + 4*(3*13+3*12)

// inlineSets holds, for one direction, the trailing marbles of each kind of
// in-line move.
type inlineSets struct {
	single, two, three, push21, push31, push32 board
}

// genSets are the per-direction sets shared by counting and listing.
type genSets struct {
	inline [hexgrid.NumDirs]inlineSets
	ahead  [hexgrid.NumDirs]board // cells whose neighbour in d is on the board and empty
	pair   [3]board               // lower ends s of own pairs s, s+a along axis a (E, NE, NW)
	triple [3]board               // lower ends of own triples along axis a
}

// axes are the directions from the lower end of a group to its other end.
var axes = [3]Dir{hexgrid.E, hexgrid.NE, hexgrid.NW}

// across lists, for each axis, the four directions a broadside may take.
var across = [3][4]Dir{
	{hexgrid.NE, hexgrid.NW, hexgrid.SW, hexgrid.SE},
	{hexgrid.E, hexgrid.NW, hexgrid.W, hexgrid.SE},
	{hexgrid.E, hexgrid.NE, hexgrid.W, hexgrid.SW},
}

// inlineFor computes the in-line sets of direction d; ahead is the set of
// cells whose neighbour in d is empty, pair and triple the own groups
// x, x+d (, x+2d).
func inlineFor(own, opp, emp board, d Dir) (s inlineSets, ahead, pair, triple board) {
	back := d.Opposite()
	ahead = shift(emp, back)
	pair = own & shift(own, back)
	triple = own & shift(pair, back)
	ahead2 := shift(ahead, back)
	ahead3 := shift(ahead2, back)
	// An enemy marble with room behind it (an empty cell or the edge).
	loose := opp & (ahead | geo.edge[d])
	loose1 := shift(loose, back)  // x+d is a loose enemy
	loose2 := shift(loose1, back) // x+2d is a loose enemy
	loose3 := shift(loose2, back)
	// Two enemy marbles in a row with room behind the second.
	twoLoose := opp & loose1
	twoLoose3 := shift(shift(shift(twoLoose, back), back), back)
	s.single = own & ahead
	s.two = pair & ahead2
	s.three = triple & ahead3
	s.push21 = pair & loose2
	s.push31 = triple & loose3
	s.push32 = triple & twoLoose3
	return s, ahead, pair, triple
}

// countMoves returns the number of legal moves of the side owning own.
func countMoves(own, opp board) int {
	emp := full &^ (own | opp)
	var ahead [hexgrid.NumDirs]board
	var pair, triple [3]board
	n := 0
	for d := range Dir(hexgrid.NumDirs) {
		s, a, p, t := inlineFor(own, opp, emp, d)
		ahead[d] = a
		if d < 3 {
			pair[d], triple[d] = p, t
		}
		n += bits.OnesCount64(s.single) + bits.OnesCount64(s.two|s.push21) + bits.OnesCount64(s.three|s.push31|s.push32)
	}
	for i, a := range axes {
		back := a.Opposite()
		for _, d := range across[i] {
			both := ahead[d] & shift(ahead[d], back) // x+d and x+a+d empty
			n += bits.OnesCount64(pair[i]&both) + bits.OnesCount64(triple[i]&both&shift(both, back))
		}
	}
	return n
}

// hasMove reports whether the side owning own has a legal move.
func hasMove(own, opp board) bool {
	emp := full &^ (own | opp)
	for d := range Dir(hexgrid.NumDirs) {
		if own&shift(emp, d.Opposite()) != 0 {
			return true // a single marble can step into an empty cell
		}
	}
	// Without a single step there is no step into an empty cell at all, so
	// only pushes can remain.
	return countMoves(own, opp) > 0
}

// genMoves appends the legal moves of the side owning own to dst.
func genMoves(own, opp board, dst []game.Move) []game.Move {
	emp := full &^ (own | opp)
	var ahead [hexgrid.NumDirs]board
	var pair, triple [3]board
	for d := range Dir(hexgrid.NumDirs) {
		s, a, p, t := inlineFor(own, opp, emp, d)
		ahead[d] = a
		if d < 3 {
			pair[d], triple[d] = p, t
		}
		dst = appendInline(dst, s.single, d, 1, 0)
		dst = appendInline(dst, s.two, d, 2, 0)
		dst = appendInline(dst, s.three, d, 3, 0)
		dst = appendInline(dst, s.push21, d, 2, 1)
		dst = appendInline(dst, s.push31, d, 3, 1)
		dst = appendInline(dst, s.push32, d, 3, 2)
	}
	for i, a := range axes {
		back := a.Opposite()
		for _, d := range across[i] {
			both := ahead[d] & shift(ahead[d], back)
			for b := pair[i] & both; b != 0; b &= b - 1 {
				dst = append(dst, broadsideMove(Cell(bits.TrailingZeros64(b)), i, 2, d))
			}
			for b := triple[i] & both & shift(both, back); b != 0; b &= b - 1 {
				dst = append(dst, broadsideMove(Cell(bits.TrailingZeros64(b)), i, 3, d))
			}
		}
	}
	return dst
}

func appendInline(dst []game.Move, b board, d Dir, size, pushed int) []game.Move {
	for ; b != 0; b &= b - 1 {
		dst = append(dst, inlineMove(Cell(bits.TrailingZeros64(b)), d, size, pushed))
	}
	return dst
}
