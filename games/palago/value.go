package palago

// This file scores creatures the Palagonia way: a point
// per loop, the outer shell and every shell inside it, and a point per
// external limb. Palaboratory shows the same value in free build.

// CreatureValue is what a creature is worth in Palagonia.
type CreatureValue struct {
	Loops int // the outer shell plus every closed line inside it
	Limbs int // external limbs
}

// Points returns Loops + Limbs.
func (v CreatureValue) Points() int { return v.Loops + v.Limbs }

// Value returns the value of creature g, a closed group of b (from Groups
// or Creatures). A group that is not closed has no loops and is worth 0.
func (b *Board) Value(g *Group) CreatureValue {
	if !g.IsCreature() {
		return CreatureValue{}
	}
	lines := b.Lines()
	outer := outerLoop(lines, g)
	if outer < 0 {
		return CreatureValue{}
	}
	v := CreatureValue{Loops: 1}
	for i := range lines {
		if i != outer && lines[i].Closed && lines[outer].Contains(lines[i].Mids[0]) {
			v.Loops++
		}
	}
	v.Limbs = len(b.limbs(g, &lines[outer]))
	return v
}

// Limbs returns the vertices of the external limbs of creature g
// (docs/rules/palagonia.md#limbs): creature vertices where exactly one creature arch ends, whose cap of
// tip arcs lies on the outer loop. A creature with one arch has none.
func (b *Board) Limbs(g *Group) []Vertex {
	if !g.IsCreature() {
		return nil
	}
	lines := b.Lines()
	outer := outerLoop(lines, g)
	if outer < 0 {
		return nil
	}
	return b.limbs(g, &lines[outer])
}

// outerLoop returns the index of g's border loop with the largest absolute
// area, or -1.
func outerLoop(lines []Line, g *Group) int {
	in := make(map[Piece]bool, len(g.Pieces))
	for _, p := range g.Pieces {
		in[p] = true
	}
	best, area := -1, int64(-1)
	for i := range lines {
		l := &lines[i]
		if !l.Closed {
			continue
		}
		borders := false
		for _, s := range l.Segments {
			p1, p2 := s.Pieces()
			if in[p1] || in[p2] {
				borders = true
				break
			}
		}
		if !borders {
			continue
		}
		a := l.Area2()
		if a < 0 {
			a = -a
		}
		if a > area {
			best, area = i, a
		}
	}
	return best
}

func (b *Board) limbs(g *Group, outer *Line) []Vertex {
	if g.Arches <= 1 {
		return nil // the virus has no limbs
	}
	col := g.Colour
	arc := ArcA
	if col == B {
		arc = ArcB
	}
	var out []Vertex
	for _, v := range g.Vertices {
		cells, corners, ok := CellsAround(v)
		if !ok {
			continue
		}
		arches, tip := 0, Tile{}
		for j, c := range cells {
			o, ok := b.At(c)
			if !ok {
				arches = -1 // an open vertex: g is no creature
				break
			}
			if o.TipCorner(col) == corners[j] {
				tip = Tile{c, o}
			} else {
				arches++
			}
		}
		if arches != 1 {
			continue
		}
		tipArc := Segment{tip, arc}
		for _, s := range outer.Segments {
			if s == tipArc {
				out = append(out, v)
				break
			}
		}
	}
	return out
}
