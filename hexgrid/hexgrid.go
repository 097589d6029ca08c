// Package hexgrid is the geometry of hexagonal boards in axial coordinates:
// the six directions, neighbours, distance, straight lines, hexagonal boards
// and rings, and the twelve symmetries of the hexagon (six rotations and six
// reflections).
//
// Coordinates are axial (Q, R) with the third cube coordinate S = -Q-R
// implied. The grid is drawn with pointy-topped hexagons, Q growing to the
// east and R growing to the south-east, so that the six neighbours of the
// origin are
//
//	NW (0,-1)   NE (+1,-1)
//	W (-1,0)  ·   E (+1,0)
//	SW (-1,+1)  SE (0,+1)
//
// Directions are numbered counter-clockwise from east: E, NE, NW, W, SW, SE.
package hexgrid

import "fmt"

// Coord is a cell of the hexagonal grid in axial coordinates.
type Coord struct {
	Q, R int
}

// Origin is the cell (0, 0).
var Origin = Coord{}

// S returns the implied third cube coordinate, -Q-R.
func (c Coord) S() int { return -c.Q - c.R }

// Add returns c + o.
func (c Coord) Add(o Coord) Coord { return Coord{c.Q + o.Q, c.R + o.R} }

// Sub returns c - o.
func (c Coord) Sub(o Coord) Coord { return Coord{c.Q - o.Q, c.R - o.R} }

// Scale returns c multiplied by k.
func (c Coord) Scale(k int) Coord { return Coord{c.Q * k, c.R * k} }

// Neighbor returns the adjacent cell in direction d.
func (c Coord) Neighbor(d Dir) Coord { return c.Add(d.Vector()) }

// Neighbors returns the six adjacent cells in direction order (E first,
// counter-clockwise).
func (c Coord) Neighbors() [NumDirs]Coord {
	var out [NumDirs]Coord
	for d := range Dir(NumDirs) {
		out[d] = c.Neighbor(d)
	}
	return out
}

// Len returns the distance from the origin in steps between adjacent cells.
func (c Coord) Len() int { return max(abs(c.Q), abs(c.R), abs(c.S())) }

// Distance returns the number of steps between adjacent cells from a to b.
func Distance(a, b Coord) int { return b.Sub(a).Len() }

// Line reports whether b lies on the straight line from a in one of the six
// directions, and returns that direction and the number of steps (at least 1).
// It returns ok == false when a == b or when no single direction leads there.
func Line(a, b Coord) (d Dir, steps int, ok bool) {
	v := b.Sub(a)
	n := v.Len()
	if n == 0 {
		return 0, 0, false
	}
	for d := range Dir(NumDirs) {
		if d.Vector().Scale(n) == v {
			return d, n, true
		}
	}
	return 0, 0, false
}

// String returns the coordinate as "(q,r)".
func (c Coord) String() string { return fmt.Sprintf("(%d,%d)", c.Q, c.R) }

// Hexagon returns every cell within radius steps of the origin, row by row
// (R increasing) and within a row by Q increasing. A hexagon of radius n has
// 3n(n+1)+1 cells; a negative radius gives none.
func Hexagon(radius int) []Coord {
	if radius < 0 {
		return nil
	}
	out := make([]Coord, 0, 3*radius*(radius+1)+1)
	for r := -radius; r <= radius; r++ {
		for q := max(-radius, -radius-r); q <= min(radius, radius-r); q++ {
			out = append(out, Coord{q, r})
		}
	}
	return out
}

// Ring returns the cells exactly radius steps from center, starting at the
// corner center + radius·E and going counter-clockwise. A ring of radius 0
// is the center alone; a ring of radius n > 0 has 6n cells.
func Ring(center Coord, radius int) []Coord {
	if radius < 0 {
		return nil
	}
	if radius == 0 {
		return []Coord{center}
	}
	out := make([]Coord, 0, NumDirs*radius)
	c := center.Add(E.Vector().Scale(radius))
	for side := range Dir(NumDirs) {
		step := side.Rotate(2) // from the corner in direction side, walk along the side
		for range radius {
			out = append(out, c)
			c = c.Neighbor(step)
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
