package talat

// This file is the path lower bound of the search of one pair (see
// local.search): a lower bound on the number of steps from the current
// position to a capture by the pair p = (a, t), in the game restricted by
// p's need sets (closing.go).
//
// # The bound
//
// Take any witness: a sequence of steps ending in a position where a
// can capture t. In it a walks a path Pa from its cell to a cell x and t a
// path Pt from its cell to a cell y, with the capture possible from x on
// y. Every step advances a row, so for an attacker of the low side Pa
// covers the rows from a's row up to x's row and Pt the rows from t's row
// down to y's row, and y's row is x's row or the one above (the capture
// needs g = 0 or 1). The two paths share no cell: they could only meet on
// a row both cover, which is then x's row = y's row, where a stands on x
// and t on y ≠ x. (The same holds for the high side, mirrored.) Nor does
// Pa hold t's cell, or Pt a's cell, apart from their own start: a cell of
// Pa on t's row is x, on y's row, so t has not moved and y, not x, is
// t's cell.
//
// Every cell c of Pa or Pt other than its start that holds another tower
// h now must be emptied by a step of h before a (or t) enters it, and h
// is a different tower for every such cell (one tower per cell). So the
// witness has at least |Pa| + |Pt| steps of a and t, plus one step of a
// distinct tower for each held cell of the two paths. Moreover:
//
//   - h must be able to leave c at all in the restricted game: some
//     successor of c in N(h) not held by a tower that never moves;
//   - if c is a's first cell on Pa, h must leave c while a still stands
//     on its own cell, so that cell does not count as a way out for h
//     (this is what makes white L4 and black S3 of hunt-ida, each in the
//     other's only way, unable to pass); likewise for t.
//
// A path whose held cell fails these can be no witness's path. Hence
//
//	h = min over x, y with the capture possible from x on y of
//	    cost_a(x) + cost_t(y),
//
// where cost_i(x) is the least, over paths of i from its cell to x
// through N(i), of the path's length plus its held cells (a held cell
// that fails the two conditions, or holds a or t, costing "never"), is
// at most the length of every witness: an admissible lower bound for the
// iterative deepening of pairOpen. It is computed by dynamic programming
// over the rows, in a few hundred operations.

// never is the cost of a cell no witness's path goes through.
const never = 255

// pathCosts fills cost with cost_i of the bound above for tower i of the
// pair searched, never where i cannot go, and returns the cells of finite
// cost.
func (l *local) pathCosts(i uint8, cost *[NumCells]uint8) cellSet {
	*cost = [NumCells]uint8{}
	for c := range cost {
		cost[c] = never
	}
	from := l.pos[i]
	cost[from] = 0
	reached := cellSet(1) << uint(from)
	fwd := l.side[i].Forward()
	first := true
	for r := from.Row() + fwd; r >= 0 && r < Size; r += fwd {
		prev := (r - fwd) * Size
		row := cellSet(0)
		for col := range Size {
			c := Cell(r*Size + col)
			if l.need[i]&(1<<uint(c)) == 0 {
				continue
			}
			best := uint8(never)
			for dc := -1; dc <= 1; dc++ {
				if pc := col + dc; pc >= 0 && pc < Size && cost[prev+pc] < best {
					best = cost[prev+pc]
				}
			}
			if best == never {
				continue
			}
			blk := l.heldCost(c, first, from)
			if blk == never {
				continue
			}
			cost[c] = best + 1 + blk
			row |= 1 << uint(c)
		}
		if row == 0 {
			break
		}
		reached |= row
		first = false
	}
	return reached
}

// heldCost is the steps of another tower needed to empty cell c for a
// path of a or t (see the bound above): 0 if c is empty, 1 if its holder
// h can step out (not into mover's cell from if c is the mover's first
// cell), never if it cannot or if it holds a or t.
func (l *local) heldCost(c Cell, first bool, from Cell) uint8 {
	x := l.at[c]
	if x == 0 {
		return 0
	}
	h := x - 1
	if h == l.p.a || h == l.p.t {
		return never
	}
	out := ahead(1<<uint(c), l.side[h]) & l.need[h] &^ l.fixed
	if first {
		out &^= 1 << uint(from)
	}
	if out == 0 {
		return never
	}
	return 1
}

// paths is the lower bound above for the current position: the steps of
// a witness of the pair searched, noBound if it has none.
func (l *local) paths() int {
	var ca, ct [NumCells]uint8
	a, t := l.p.a, l.p.t
	s := l.side[a]
	ra := l.pathCosts(a, &ca)
	rt := l.pathCosts(t, &ct)
	best := noBound
	for m := ra; m != 0; m &= m - 1 {
		x := cellSet(1) << uint(trailing(m))
		xc := int(ca[trailing(m)])
		if xc >= best {
			continue
		}
		for n := (widen(x)&^x | ahead(x, s)) & rt; n != 0; n &= n - 1 {
			best = min(best, xc+int(ct[trailing(n)]))
		}
	}
	return best
}
