package palaboratory

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tabula-games/tabula/games/palago"
	"github.com/tabula-games/tabula/hexgrid"
)

// ErrShrink is returned by Solve when the target has fewer tiles than the
// start: the green task only moves and adds tiles.
var ErrShrink = errors.New("palaboratory: the target has fewer tiles than the start")

// Solution is an optimal way to turn a start layout S into a layout
// congruent to a target T: T's image Sym(T)+Shift keeps Kept tiles
// of S where they are, and Ops rotates or relocates every other tile of S
// and adds the missing ones.
type Solution struct {
	Moves int // rotations and relocations: minMoves(S→T)
	Added int // tiles added: |T| − |S|
	Kept  int // tiles of S already in their final cell and orientation
	// Sym and Shift place the target: the final layout is Sym(T) moved by
	// Shift, in the start's frame of coordinates.
	Sym   hexgrid.Symmetry
	Shift palago.Cell
	Final []palago.Tile // Sym(T)+Shift, sorted by cell
	Ops   []Op          // one optimal sequence, each legal in the game
}

// Overlap returns max over the 12 symmetries g and translations t of
// |s ∩ (g(t)+d)|, comparing tiles by cell and orientation, with the
// first symmetry and shift that reach it (symmetries in order, shifts
// ordered by cell). It counts, for every pair of tiles with equal
// orientations, the shift that lays one on the other, in a flat counter
// over the box of possible shifts.
func Overlap(s, t []palago.Tile) (n int, g hexgrid.Symmetry, shift palago.Cell) {
	if len(s) == 0 || len(t) == 0 {
		return 0, 0, palago.Cell{}
	}
	sb := boxOf(s)
	img := make([]palago.Tile, len(t))
	var counts []uint8
	for _, sym := range palago.AllSymmetries() {
		// A symmetry maps orientations the same way on every cell.
		var om [palago.NumOrientations]palago.Orientation
		for o := range om {
			om[o] = palago.MapTile(sym, palago.Tile{O: palago.Orientation(o)}).O
		}
		for i, x := range t {
			img[i] = palago.Tile{Cell: palago.MapCell(sym, x.Cell), O: om[x.O]}
		}
		ib := boxOf(img)
		// Shifts d = a − b range over [sb.min − ib.max, sb.max − ib.min].
		q0, r0 := int(sb.minQ)-int(ib.maxQ), int(sb.minR)-int(ib.maxR)
		w := int(sb.maxQ) - int(ib.minQ) - q0 + 1
		h := int(sb.maxR) - int(ib.minR) - r0 + 1
		counts = slices.Grow(counts[:0], w*h)[:w*h]
		clear(counts)
		for _, a := range s {
			for _, b := range img {
				if a.O == b.O {
					counts[(int(a.Cell.Q-b.Cell.Q)-q0)*h+int(a.Cell.R-b.Cell.R)-r0]++
				}
			}
		}
		for i, c := range counts {
			if int(c) > n {
				n, g = int(c), sym
				shift = palago.Cell{Q: int16(i/h + q0), R: int16(i%h + r0)}
			}
		}
	}
	return n, g, shift
}

type box struct{ minQ, maxQ, minR, maxR int16 }

func boxOf(ts []palago.Tile) box {
	b := box{ts[0].Cell.Q, ts[0].Cell.Q, ts[0].Cell.R, ts[0].Cell.R}
	for _, t := range ts[1:] {
		b.minQ, b.maxQ = min(b.minQ, t.Cell.Q), max(b.maxQ, t.Cell.Q)
		b.minR, b.maxR = min(b.minR, t.Cell.R), max(b.maxR, t.Cell.R)
	}
	return b
}

// MinMoves returns minMoves(S→T) = |S| − Overlap(S, T) for
// |T| ≥ |S|.
func MinMoves(s, t []palago.Tile) (int, error) {
	if len(t) < len(s) {
		return 0, ErrShrink
	}
	n, _, _ := Overlap(s, t)
	return len(s) - n, nil
}

// Solve computes minMoves(S→T) and one optimal sequence of operations. The
// sequence first rotates the tiles that are in a final cell with the wrong
// orientation, then fills the empty final cells in breadth-first order from
// the tiles already in place, relocating the tiles that stand outside the
// final layout before adding new ones; so every relocation and addition
// goes next to a tile already on the table, as the game requires.
//
// Proof of optimality: a tile of S that is not in its final cell
// and orientation must be touched at least once, so at least
// |S| − Overlap moves are needed, and the sequence uses exactly that many.
func Solve(s, t []palago.Tile) (Solution, error) {
	if len(t) < len(s) {
		return Solution{}, ErrShrink
	}
	if len(s) == 0 {
		return Solution{}, errors.New("palaboratory: the start layout is empty")
	}
	kept, g, d := Overlap(s, t)
	final := make([]palago.Tile, len(t))
	want := make(map[palago.Cell]palago.Orientation, len(t))
	for i, x := range t {
		y := palago.MapTile(g, x)
		y.Cell = y.Cell.Add(d)
		final[i] = y
		want[y.Cell] = y.O
	}
	slices.SortFunc(final, func(a, b palago.Tile) int {
		return a.Cell.Compare(b.Cell)
	})
	sol := Solution{Moves: len(s) - kept, Added: len(t) - len(s), Kept: kept, Sym: g, Shift: d, Final: final}
	on := make(map[palago.Cell]bool, len(t))
	var outside []palago.Cell // tiles of S to relocate
	for _, x := range s {
		o, ok := want[x.Cell]
		switch {
		case !ok:
			outside = append(outside, x.Cell)
			continue
		case o != x.O:
			sol.Ops = append(sol.Ops, Op{Kind: Rotate, From: x.Cell, To: x.Cell, O: o})
		}
		on[x.Cell] = true
	}
	// Fill the remaining final cells, each next to one already filled.
	for filled := len(on); filled < len(final); {
		progress := false
		for _, f := range final {
			if on[f.Cell] || !touchesAny(f.Cell, on) {
				continue
			}
			if len(outside) > 0 {
				sol.Ops = append(sol.Ops, Op{Kind: Relocate, From: outside[0], To: f.Cell, O: f.O})
				outside = outside[1:]
			} else {
				sol.Ops = append(sol.Ops, Op{Kind: Place, To: f.Cell, O: f.O})
			}
			on[f.Cell] = true
			filled++
			progress = true
		}
		if !progress {
			return Solution{}, fmt.Errorf("palaboratory: target layout %v is not connected", palago.FormatTiles(t, " "))
		}
	}
	return sol, nil
}

func touchesAny(c palago.Cell, on map[palago.Cell]bool) bool {
	for k := range 6 {
		if on[c.Neighbour(k)] {
			return true
		}
	}
	return false
}
