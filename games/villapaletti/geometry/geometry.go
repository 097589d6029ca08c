// Package geometry is the plane geometry of Villa Paletti: vectors, poses,
// convex polygons (the floors and the support hulls), column footprints
// (discs and hexagons), convex hulls and the containment and overlap tests
// the rules need.
//
// Units are millimetres; angles are in degrees where a person sets them (a
// pose) and radians inside. Every polygon is convex and counter-clockwise.
// The functions take dst slices and append, so hot paths allocate nothing.
package geometry

import (
	"math"
	"slices"
)

// Vec is a point or a vector in the plane.
type Vec struct{ X, Y float64 }

// Add returns v+w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Sub returns v−w.
func (v Vec) Sub(w Vec) Vec { return Vec{v.X - w.X, v.Y - w.Y} }

// Scale returns k·v.
func (v Vec) Scale(k float64) Vec { return Vec{k * v.X, k * v.Y} }

// Dot returns the dot product v·w.
func (v Vec) Dot(w Vec) float64 { return v.X*w.X + v.Y*w.Y }

// Cross returns the z component of v×w: positive when w turns left from v.
func (v Vec) Cross(w Vec) float64 { return v.X*w.Y - v.Y*w.X }

// Len returns the length of v. (Plain sqrt, not math.Hypot: coordinates
// here are millimetres, far from overflow, and sqrt is several times faster.)
func (v Vec) Len() float64 { return math.Sqrt(v.X*v.X + v.Y*v.Y) }

// Pose places a body in the plane: rotate by Theta degrees about the local
// origin, then translate by (X, Y).
type Pose struct{ X, Y, Theta float64 }

// Apply maps a local point to the world.
func (p Pose) Apply(v Vec) Vec {
	s, c := math.Sincos(p.Theta * math.Pi / 180)
	return Vec{p.X + c*v.X - s*v.Y, p.Y + s*v.X + c*v.Y}
}

// Polygon is a convex polygon with counter-clockwise vertices.
type Polygon []Vec

// Area returns the area by the shoelace formula.
func (p Polygon) Area() float64 {
	var a float64
	for i, v := range p {
		w := p[(i+1)%len(p)]
		a += v.Cross(w)
	}
	return a / 2
}

// Centroid returns the centre of area by the shoelace formula.
func (p Polygon) Centroid() Vec {
	var a, cx, cy float64
	for i, v := range p {
		w := p[(i+1)%len(p)]
		c := v.Cross(w)
		a += c
		cx += (v.X + w.X) * c
		cy += (v.Y + w.Y) * c
	}
	return Vec{cx / (3 * a), cy / (3 * a)}
}

// Transform appends p moved by pose to dst.
func (p Polygon) Transform(pose Pose, dst Polygon) Polygon {
	s, c := math.Sincos(pose.Theta * math.Pi / 180)
	for _, v := range p {
		dst = append(dst, Vec{pose.X + c*v.X - s*v.Y, pose.Y + s*v.X + c*v.Y})
	}
	return dst
}

// EdgeDepth returns the smallest signed distance from q to the lines through
// p's edges, positive on the inner side. For a point inside p it is the
// distance to the boundary; it is negative exactly when q is outside (it is
// then not the distance: see SignedDistance).
func (p Polygon) EdgeDepth(q Vec) float64 {
	d := math.Inf(1)
	for i, a := range p {
		b := p[(i+1)%len(p)]
		e := b.Sub(a)
		if t := e.Cross(q.Sub(a)) / e.Len(); t < d {
			d = t
		}
	}
	return d
}

// SignedDistance returns the distance from q to the boundary of p: positive
// inside, negative outside, zero on the boundary.
func (p Polygon) SignedDistance(q Vec) float64 {
	d := p.EdgeDepth(q)
	if d >= 0 {
		return d
	}
	return -p.outsideDistance(q)
}

// outsideDistance is the distance from q to the nearest point of p's
// boundary, computed over the edge segments.
func (p Polygon) outsideDistance(q Vec) float64 {
	best := math.Inf(1)
	for i, a := range p {
		b := p[(i+1)%len(p)]
		if d := SegmentDistance(q, a, b); d < best {
			best = d
		}
	}
	return best
}

// SegmentDistance returns the distance from q to the segment ab.
func SegmentDistance(q, a, b Vec) float64 {
	e := b.Sub(a)
	l2 := e.Dot(e)
	t := 0.0
	if l2 > 0 {
		t = min(1, max(0, q.Sub(a).Dot(e)/l2))
	}
	return q.Sub(a.Add(e.Scale(t))).Len()
}

// Contains reports whether q lies inside p or on its boundary.
func (p Polygon) Contains(q Vec) bool { return p.EdgeDepth(q) >= 0 }

// InCircle reports whether every vertex of p lies within distance r of the
// origin, which for a convex polygon means the whole of it does.
func (p Polygon) InCircle(r float64) bool {
	for _, v := range p {
		if v.X*v.X+v.Y*v.Y > r*r {
			return false
		}
	}
	return true
}

// ConvexHull appends to dst the convex hull of pts, counter-clockwise from
// the lowest-leftmost point, without collinear vertices (Andrew's monotone
// chain). It reorders pts. Fewer than three distinct points give them as
// they are.
func ConvexHull(pts []Vec, dst Polygon) Polygon {
	slices.SortFunc(pts, func(a, b Vec) int {
		switch {
		case a.X < b.X:
			return -1
		case a.X > b.X:
			return 1
		case a.Y < b.Y:
			return -1
		case a.Y > b.Y:
			return 1
		}
		return 0
	})
	return hullSorted(pts, dst)
}

// hullSorted is the monotone chain over points sorted by x, then y.
func hullSorted(pts []Vec, dst Polygon) Polygon {
	base := len(dst)
	if len(pts) < 3 {
		return append(dst, pts...)
	}
	// Lower hull, left to right.
	for _, p := range pts {
		for len(dst)-base >= 2 && turn(dst[len(dst)-2], dst[len(dst)-1], p) <= 0 {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	// Upper hull, right to left.
	lower := len(dst) + 1
	for i := len(pts) - 2; i >= 0; i-- {
		p := pts[i]
		for len(dst) >= lower && turn(dst[len(dst)-2], dst[len(dst)-1], p) <= 0 {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	return dst[:len(dst)-1] // the last point repeats the first
}

// turn is positive when a→b→c turns left.
func turn(a, b, c Vec) float64 { return b.Sub(a).Cross(c.Sub(a)) }
