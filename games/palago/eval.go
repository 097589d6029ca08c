package palago

import (
	"math"

	"github.com/tabula-games/tabula/game"
)

// maxListedThreats bounds the threat cells a scan records per colour: two
// tiles block at most two, so any count past a few only says "a fork".
const maxListedThreats = 8

// threatScan is the result of one scan of the frontier: per colour, how
// many empty cells take one tile (in some orientation) that completes a
// creature of that colour alone, and the first few of those cells.
type threatScan struct {
	n     [2]int
	cells [2][maxListedThreats]Cell
	// closable marks the frontier cells (by index) where one tile might
	// close a group (Board.mayClose).
	closable [MaxCellSet]bool
}

// has reports whether c is one of the recorded threat cells of col.
func (t *threatScan) has(col Colour, c Cell) bool {
	for _, x := range t.cells[col][:min(t.n[col], maxListedThreats)] {
		if x == c {
			return true
		}
	}
	return false
}

// mayClose reports whether a tile on the empty cell c could close some
// group: a group closes only when every one of its open vertices is a
// corner of c that already has two tiles round it (each such corner is
// missing exactly one tile), so its missing count equals the number of
// those corners in it. It is a cheap necessary test that spares the three
// trial placements on almost every cell.
func (b *Board) mayClose(c Cell) bool {
	var nb [6]int
	for k := range 6 {
		nb[k] = b.index.get(c.Neighbour(k))
	}
	var g groupTally
	for k := range 6 {
		j1, j2 := nb[k], nb[(k+1)%6]
		if j1 < 0 || j2 < 0 {
			continue // corner k of c has at most one tile: a group there stays open
		}
		// Corner k of c is corner k+2 of the neighbour across side k.
		g.add(b.find(6*j1 + (k+2)%6))
	}
	return b.anyCloses(&g)
}

// groupTally lists distinct union-find roots (groups) met at the corners
// of one cell, and for each how many of those corners are its vertices.
type groupTally struct {
	roots, count [6]int // a cell has six corners
	n            int
}

// add counts one corner of group r.
func (g *groupTally) add(r int) {
	i := 0
	for i < g.n && g.roots[i] != r {
		i++
	}
	if i == g.n {
		g.roots[i] = r
		g.n++
	}
	g.count[i]++
}

// anyCloses reports whether some group of g misses exactly its corners in
// g: one tile on the cell fills them all.
func (b *Board) anyCloses(g *groupTally) bool {
	for i := range g.n {
		if int(b.uf[g.roots[i]].missing) == g.count[i] {
			return true
		}
	}
	return false
}

// mayCloseCol is mayClose for the groups of colour col alone.
func (b *Board) mayCloseCol(c Cell, col Colour) bool {
	g := b.colRoots(c, col)
	return b.anyCloses(&g)
}

// completes reports which colours' creatures a tile t would complete on
// b, placing it and taking it back.
func (b *Board) completes(t Tile) (a, bb bool) {
	b.place(t)
	a, bb = b.lastCreatures()
	b.Undo()
	return a, bb
}

// scanThreats fills fr with the frontier of b, which must hold no
// creature, and t with the threat cells of both colours; it places and
// undoes tiles on b, leaving it as it was.
func (b *Board) scanThreats(t *threatScan, fr *CellSet) {
	b.Frontier(fr)
	*t = threatScan{}
	if b.n == 0 {
		return
	}
	for fi, c := range fr.Cells() {
		if !b.mayClose(c) {
			continue
		}
		t.closable[fi] = true
		var hit [2]bool
		for o := range Orientation(NumOrientations) {
			if ca, cb := b.completes(Tile{c, o}); ca != cb {
				hit[A] = hit[A] || ca
				hit[B] = hit[B] || cb
			}
		}
		for col := range hit {
			if hit[col] {
				if t.n[col] < maxListedThreats {
					t.cells[col][t.n[col]] = c
				}
				t.n[col]++
			}
		}
	}
}

// colRoots returns the distinct groups at the corners of colour col of
// the empty cell c that already have a tile, and for each how many of
// those corners are its vertices.
func (b *Board) colRoots(c Cell, col Colour) groupTally {
	var g groupTally
	for k := int(col); k < 6; k += 2 {
		if j := b.index.get(c.Neighbour(k)); j >= 0 {
			g.add(b.find(6*j + (k+2)%6)) // corner k of c is corner k+2 across side k
		} else if j := b.index.get(c.Neighbour(k + 1)); j >= 0 {
			g.add(b.find(6*j + (k+4)%6)) // and corner k+4 across side k+1
		}
	}
	return g
}

// twoTileWin reports whether a two-tile move completes a creature of col
// alone with its second tile, on b, which holds no creature, whose
// frontier is fr and whose threats are th. One-tile completions are
// threats. It places and undoes tiles on b, leaving it as it was.
func (b *Board) twoTileWin(col Colour, fr *CellSet, th *threatScan) bool {
	var w [1]game.Move
	return b.twoTileWins(col, fr, th, w[:]) > 0
}

// Threats counts, per colour, the empty cells next to the palago where one
// tile (in some orientation) completes a creature of that colour alone.
// A player with a threat wins on their turn by playing it as a one-tile
// move; three or more threats of one colour cannot all be blocked by one
// two-tile move (a fork).
func (s *State) Threats() [2]int {
	var t threatScan
	var fr CellSet
	s.work().scanThreats(&t, &fr)
	return t.n
}

// Evaluation weights, in tanh units before the final 0.9 scale.
const (
	evalThreat  = 0.2  // one threat cell more than the opponent
	evalNear    = 0.06 // one nearly closed group (a threat to be) more
	evalLargest = 0.03 // one arch more in the largest open group
	evalFork    = 1.0  // the opponent holds three threats: two tiles block two
	evalWinNow  = 0.95 // the mover completes a creature with one tile
	evalWinTwo  = 0.93 // the mover completes one with two tiles
	// nearMissing is the most missing tile slots that make an open group
	// with an arch "nearly closed": two tiles fill at most 2·3 slots, and
	// groups a move can close are what the evaluation should see coming.
	nearMissing = 4
)

// openFeatures returns, per colour, the open groups with an arch that lack
// at most nearMissing tile slots, and the most arches in an open group.
func (b *Board) openFeatures() (near, largest [2]int) {
	for x := range 6 * b.n {
		u := b.uf[x]
		if int(u.parent) != x || u.missing == 0 {
			continue
		}
		col := x % 2
		largest[col] = max(largest[col], int(u.arches))
		if u.arches > 0 && u.missing <= nearMissing {
			near[col]++
		}
	}
	return near, largest
}

// Evaluate returns a heuristic value in [-1, 1] for seat p: ±1 once the
// game is over (0 for a draw); near ±1 when the player to move can
// complete a creature of their colour with one tile or two (they win
// at once); otherwise built from threats, forks of the
// opponent, nearly closed groups and the size in arches of each colour's
// largest open group.
func (s *State) Evaluate(p game.Player) float64 {
	if s.over {
		switch {
		case s.outcome.Won(p):
			return 1
		case len(s.outcome.Winners) == 0:
			return 0
		}
		return -1
	}
	mover := s.ToMove()
	mine := s.ColourOf(mover)
	opp := mine.Other()
	b := s.work()
	var fr CellSet
	var th threatScan
	b.scanThreats(&th, &fr)
	var v float64
	switch {
	case th.n[mine] > 0:
		v = evalWinNow
	case s.Supply() >= 2 && b.twoTileWin(mine, &fr, &th):
		v = evalWinTwo
	default:
		near, big := b.openFeatures()
		x := evalThreat*float64(th.n[mine]-th.n[opp]) +
			evalNear*float64(near[mine]-near[opp]) +
			evalLargest*float64(big[mine]-big[opp])
		if th.n[opp] >= 3 {
			x -= evalFork
		}
		v = 0.9 * math.Tanh(x)
	}
	if p != mover {
		v = -v
	}
	return v
}
