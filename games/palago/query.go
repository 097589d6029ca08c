package palago

// This file holds cheap, allocation-free queries on the region model for
// games that search over placements (Palagonia's completability check):
// which group a piece is in, how far that group is from closing, and which
// empty cells it still needs.

// GroupKey returns a key for the group of piece p: pieces of one group have
// equal keys. Keys are valid until the board next changes. It reports false
// when no tile lies on p.Cell.
func (b *Board) GroupKey(p Piece) (int, bool) {
	i := b.index.get(p.Cell)
	if i < 0 {
		return 0, false
	}
	o := b.tiles[i].O
	k := o.TipCorner(p.Colour)
	if p.Kind == Arch {
		k, _ = o.ArchCorners(p.Colour)
	}
	return b.find(6*i + k), true
}

// GroupStatus returns, for a key from GroupKey, the number of missing tile
// slots round the group's vertices (3 − tiles, summed over its distinct
// vertices; 0 means closed) and the number of arches in the group.
func (b *Board) GroupStatus(key int) (missing, arches int) {
	n := b.uf[key]
	return int(n.missing), int(n.arches)
}

// OpenCells appends to dst the distinct empty cells round the open vertices
// of the group with the given key (from GroupKey): every one of them must
// be filled before the group can close.
func (b *Board) OpenCells(key int, dst []Cell) []Cell {
	if b.uf[key].missing == 0 {
		return dst
	}
	for x := range 6 * b.n {
		if b.find(x) != key {
			continue
		}
		c, k := b.tiles[x/6].Cell, x%6
		for _, e := range [2]Cell{c.Neighbour(k), c.Neighbour(k + 1)} {
			if b.index.get(e) >= 0 {
				continue
			}
			dup := false
			for _, d := range dst {
				if d == e {
					dup = true
					break
				}
			}
			if !dup {
				dst = append(dst, e)
			}
		}
	}
	return dst
}

// CellsAround returns the three cells that share vertex v and the corner of
// each cell that v is. It reports false for a key that is no tile corner.
func CellsAround(v Vertex) (cells [3]Cell, corners [3]int, ok bool) {
	start := 1
	if v.Colour() == A {
		start = 0
	}
	for k := start; k < 6; k += 2 {
		d1, d2 := dirs[k], dirs[(k+1)%6]
		x, y := int(v.X)-int(d1.Q+d2.Q), int(v.Y)-int(d1.R+d2.R)
		if mod(x, 3) != 0 || mod(y, 3) != 0 {
			continue
		}
		c := Cell{int16(x / 3), int16(y / 3)}
		// Corner k of c is corner k+2 of c+dirs[k] and corner k+4 of
		// c+dirs[k+1] (§A.2).
		return [3]Cell{c, c.Neighbour(k), c.Neighbour(k + 1)}, [3]int{k, (k + 2) % 6, (k + 4) % 6}, true
	}
	return cells, corners, false
}
