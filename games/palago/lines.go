package palago

// This file is the line model (docs/rules/palago.md#lines-and-loops): the printed lines of the tiles chain
// into open paths and closed loops; Palagonia scores creatures by the loops
// that bound them.

// SegmentKind is one of the three printed lines of a tile.
type SegmentKind uint8

const (
	// Straight joins sides a+2 and a+5; it separates the A-arch from the
	// B-arch.
	Straight SegmentKind = iota
	// ArcA joins sides a and a+1 round the A-tip; it separates the A-tip
	// from the B-arch.
	ArcA
	// ArcB joins sides a+3 and a+4 round the B-tip; it separates the B-tip
	// from the A-arch.
	ArcB
)

// String returns "straight", "arcA" or "arcB".
func (k SegmentKind) String() string {
	return [...]string{"straight", "arcA", "arcB"}[k]
}

// Segment is one printed line of one tile.
type Segment struct {
	Tile Tile
	Kind SegmentKind
}

// Sides returns the two sides (0..5) of the cell the segment joins.
func (s Segment) Sides() (int, int) {
	a := 2 * int(s.Tile.O)
	switch s.Kind {
	case Straight:
		return (a + 2) % 6, (a + 5) % 6
	case ArcA:
		return a, (a + 1) % 6
	}
	return (a + 3) % 6, (a + 4) % 6
}

// Pieces returns the two pieces the segment separates.
func (s Segment) Pieces() (Piece, Piece) {
	c := s.Tile.Cell
	switch s.Kind {
	case Straight:
		return Piece{c, A, Arch}, Piece{c, B, Arch}
	case ArcA:
		return Piece{c, A, Tip}, Piece{c, B, Arch}
	}
	return Piece{c, B, Tip}, Piece{c, A, Arch}
}

// Line is a chain of segments that meet at side midpoints: a closed loop,
// or an open path whose two ends are on sides facing empty cells.
type Line struct {
	Closed   bool
	Segments []Segment
	// Mids are the midpoint keys along the line: one more than the segments
	// for an open path, as many for a loop (the first is not repeated).
	Mids []Mid
}

// Lines returns every line on the board. Lines start at their first
// segment in placement order (or at a free end), so the result is
// deterministic.
func (b *Board) Lines() []Line {
	nseg := 3 * b.n
	seg := func(id int) Segment { return Segment{b.tiles[id/3], SegmentKind(id % 3)} }
	ends := func(id int) (Mid, Mid) {
		s := seg(id)
		k1, k2 := s.Sides()
		return MidOf(s.Tile.Cell, k1), MidOf(s.Tile.Cell, k2)
	}
	at := make(map[Mid][2]int, 2*nseg)
	for id := range nseg {
		m1, m2 := ends(id)
		for _, m := range [2]Mid{m1, m2} {
			p, ok := at[m]
			if !ok {
				p = [2]int{-1, -1}
			}
			if p[0] < 0 {
				p[0] = id
			} else {
				p[1] = id
			}
			at[m] = p
		}
	}
	partner := func(m Mid, id int) int {
		p := at[m]
		if p[0] == id {
			return p[1]
		}
		return p[0]
	}
	otherEnd := func(id int, m Mid) Mid {
		m1, m2 := ends(id)
		if m1 == m {
			return m2
		}
		return m1
	}
	done := make([]bool, nseg)
	var out []Line
	for s := range nseg {
		if done[s] {
			continue
		}
		// Walk back to a free end, or round to s.
		start, in := s, Mid{}
		m1, _ := ends(s)
		cur, exit := s, m1
		closed := false
		for {
			nxt := partner(exit, cur)
			if nxt < 0 {
				start, in = cur, exit
				break
			}
			if nxt == s {
				closed = true
				start, in = s, m1
				// Go forward from s leaving through its other end.
				break
			}
			exit = otherEnd(nxt, exit)
			cur = nxt
		}
		l := Line{Closed: closed, Mids: []Mid{in}}
		cur = start
		for {
			exit := otherEnd(cur, in)
			done[cur] = true
			l.Segments = append(l.Segments, seg(cur))
			l.Mids = append(l.Mids, exit)
			nxt := partner(exit, cur)
			if nxt < 0 || nxt == start {
				break
			}
			cur, in = nxt, exit
		}
		if closed {
			l.Mids = l.Mids[:len(l.Mids)-1]
		}
		out = append(out, l)
	}
	return out
}

// Area2 returns twice the signed shoelace area of a loop's midpoint
// polygon, in axial units (an affine image of the true area: signs and
// ratios are kept). It is 0 for an open path.
func (l *Line) Area2() int64 {
	if !l.Closed {
		return 0
	}
	var s int64
	for i, p := range l.Mids {
		q := l.Mids[(i+1)%len(l.Mids)]
		s += int64(p.X)*int64(q.Y) - int64(q.X)*int64(p.Y)
	}
	return s
}

// Contains reports whether the midpoint m lies strictly inside the loop's
// polygon (crossing number). Midpoints of other lines are never on the
// polygon, since a chord inside a tile passes through no side midpoint.
func (l *Line) Contains(m Mid) bool {
	if !l.Closed {
		return false
	}
	in := false
	for i, a := range l.Mids {
		b := l.Mids[(i+1)%len(l.Mids)]
		if (a.Y > m.Y) == (b.Y > m.Y) {
			continue
		}
		// m is left of the edge's crossing with the horizontal through m.
		lhs := int64(m.X-a.X) * int64(b.Y-a.Y)
		rhs := int64(m.Y-a.Y) * int64(b.X-a.X)
		if b.Y > a.Y {
			if lhs < rhs {
				in = !in
			}
		} else if lhs > rhs {
			in = !in
		}
	}
	return in
}

// Borders reports whether one of the line's segments has a piece of g on
// one side.
func (l *Line) Borders(g *Group) bool {
	for _, s := range l.Segments {
		p1, p2 := s.Pieces()
		if g.Has(p1) || g.Has(p2) {
			return true
		}
	}
	return false
}

// BorderLoops returns the closed lines that bound g: those with a
// piece of g on one side of a segment. For a closed group every border
// line is a loop.
func (b *Board) BorderLoops(g *Group) []Line {
	var out []Line
	for _, l := range b.Lines() {
		if l.Closed && l.Borders(g) {
			out = append(out, l)
		}
	}
	return out
}

// OuterLoop returns the border loop of g with the largest absolute area,
// and false when g has no border loop.
func (b *Board) OuterLoop(g *Group) (Line, bool) {
	var best Line
	var area int64 = -1
	for _, l := range b.BorderLoops(g) {
		a := l.Area2()
		if a < 0 {
			a = -a
		}
		if a > area {
			best, area = l, a
		}
	}
	return best, area >= 0
}

// NestedLoops returns the closed lines other than outer that have a
// midpoint strictly inside outer: the inner shells Palagonia counts, "the
// insides of the insides" included.
func (b *Board) NestedLoops(outer *Line) []Line {
	var out []Line
	for _, l := range b.Lines() {
		if !l.Closed || sameLine(&l, outer) {
			continue
		}
		if outer.Contains(l.Mids[0]) {
			out = append(out, l)
		}
	}
	return out
}

func sameLine(a, b *Line) bool {
	return len(a.Segments) == len(b.Segments) && len(a.Segments) > 0 && a.Segments[0] == b.Segments[0]
}
