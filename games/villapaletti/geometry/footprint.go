package geometry

import "math"

// DiscPoints is how many circumference points stand for a disc in a support
// hull (32 points at angles 2π·i/32).
const DiscPoints = 32

// Shape is the outline of a column seen from above.
type Shape uint8

const (
	// Disc is a round column; its radius is the circumradius.
	Disc Shape = iota
	// Hexagon is a regular hexagon with two corners on the world x-axis.
	Hexagon
)

// String names the shape.
func (s Shape) String() string {
	if s == Hexagon {
		return "hexagon"
	}
	return "disc"
}

// unit holds the unit circumference points of each shape: 32 for a disc,
// the 6 corners for a hexagon. They are fixed tables, read only.
var unit = [2][]Vec{unitPoints(DiscPoints), unitPoints(6)}

func unitPoints(n int) []Vec {
	out := make([]Vec, n)
	for i := range out {
		s, c := math.Sincos(2 * math.Pi * float64(i) / float64(n))
		out[i] = Vec{c, s}
	}
	return out
}

// Footprint is the outline of one column: a shape of circumradius R centred
// at C.
type Footprint struct {
	C     Vec
	Shape Shape
	R     float64
}

// Inradius returns the distance from the centre to the nearest boundary
// point: R for a disc, R·cos 30° for a hexagon.
func (f Footprint) Inradius() float64 {
	if f.Shape == Hexagon {
		return f.R * math.Sqrt(3) / 2
	}
	return f.R
}

// Points appends the points that represent f in a support hull: 32 on a
// disc's circumference, or a hexagon's 6 corners, counter-clockwise from the
// positive x-axis.
func (f Footprint) Points(dst []Vec) []Vec {
	for _, u := range unit[f.Shape] {
		dst = append(dst, Vec{f.C.X + f.R*u.X, f.C.Y + f.R*u.Y})
	}
	return dst
}

// corners returns the six corners of f taken as a hexagon.
func (f Footprint) corners() (c [6]Vec) {
	for i, u := range unit[Hexagon] {
		c[i] = Vec{f.C.X + f.R*u.X, f.C.Y + f.R*u.Y}
	}
	return c
}

// InPolygon reports whether f lies wholly inside p: a disc's centre at
// distance ≥ R from every edge, or all six corners of a hexagon inside
// ("on the floor").
func (f Footprint) InPolygon(p *Convex) bool {
	if f.Shape == Disc {
		return p.Depth(f.C) >= f.R
	}
	if p.Depth(f.C) < f.Inradius() {
		// Some edge line passes closer to the centre than the inradius,
		// so it cuts the hexagon or leaves it wholly outside.
		return false
	}
	for _, c := range f.corners() {
		if p.Depth(c) < 0 {
			return false
		}
	}
	return true
}

// OutsidePolygon reports whether f and p share no interior point: f is
// entirely outside p (touching the boundary is allowed).
func (f Footprint) OutsidePolygon(p *Convex) bool {
	if f.Shape == Disc {
		return p.SignedDistance(f.C) <= -f.R
	}
	if p.Depth(f.C) <= -f.R {
		return true // beyond an edge line by more than the circumradius
	}
	// Separating axis test between two convex polygons: the axes are the
	// edge normals of both.
	c := f.corners()
	hex := Polygon(c[:])
	return separated(p.V, hex) || separated(hex, p.V)
}

// separated reports whether some edge line of a leaves all of b on its
// outer side (or on the line).
func separated(a, b Polygon) bool {
	for i, v := range a {
		w := a[(i+1)%len(a)]
		e := w.Sub(v)
		out := true
		for _, q := range b {
			if e.Cross(q.Sub(v)) > 0 {
				out = false
				break
			}
		}
		if out {
			return true
		}
	}
	return false
}

// InCircle reports whether f lies wholly within distance r of the origin
// (the building site and the foundation are circles about the origin).
func (f Footprint) InCircle(r float64) bool {
	if f.Shape == Disc {
		return f.C.Len()+f.R <= r
	}
	for _, c := range f.corners() {
		if c.Len() > r {
			return false
		}
	}
	return true
}

// Clear reports whether f and g are at least gap apart, measured between
// their circumscribed circles (the clearance rule).
func (f Footprint) Clear(g Footprint, gap float64) bool {
	d := f.R + g.R + gap
	dx, dy := f.C.X-g.C.X, f.C.Y-g.C.Y
	return dx*dx+dy*dy >= d*d
}

// Within reports whether f lies wholly inside g, the top face of the column
// below a stacked one.
func (f Footprint) Within(g Footprint) bool {
	switch {
	case g.Shape == Disc && f.Shape == Disc:
		return f.C.Sub(g.C).Len()+f.R <= g.R
	case g.Shape == Disc:
		for _, c := range f.corners() {
			if c.Sub(g.C).Len() > g.R {
				return false
			}
		}
		return true
	}
	c := g.corners()
	face := NewConvex(c[:])
	return f.InPolygon(&face)
}
