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
// of the group of piece p: every one of them must be filled before the
// group can close. It walks the group from p, so it costs time in
// proportion to the group, not the board.
func (b *Board) OpenCells(p Piece, dst []Cell) []Cell {
	i := b.index.get(p.Cell)
	if i < 0 {
		return dst
	}
	var vbuf [32]Vertex
	seen := vbuf[:0]
	push := func(v Vertex) {
		for _, w := range seen {
			if w == v {
				return
			}
		}
		seen = append(seen, v)
	}
	for _, k := range p.corners(b.tiles[i].O) {
		push(VertexOf(p.Cell, k))
	}
	for n := 0; n < len(seen); n++ {
		cells, corners, _ := CellsAround(seen[n])
		for j, c := range cells {
			t := b.index.get(c)
			if t < 0 {
				dup := false
				for _, d := range dst {
					if d == c {
						dup = true
						break
					}
				}
				if !dup {
					dst = append(dst, c)
				}
				continue
			}
			o := b.tiles[t].O
			if o.TipCorner(p.Colour) == corners[j] {
				continue
			}
			k1, k2 := o.ArchCorners(p.Colour)
			if k1 == corners[j] {
				k1 = k2
			}
			push(VertexOf(c, k1))
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
		// c+dirs[k+1].
		return [3]Cell{c, c.Neighbour(k), c.Neighbour(k + 1)}, [3]int{k, (k + 2) % 6, (k + 4) % 6}, true
	}
	return cells, corners, false
}
