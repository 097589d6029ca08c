package geometry

import "math"

// Convex is a convex polygon with its edge lines precomputed, for repeated
// containment and distance queries: edge i runs from V[i] to V[i+1], and a
// point q lies at depth N[i]·q − C[i] on its inner side.
type Convex struct {
	V Polygon
	N []Vec     // unit inward normals
	C []float64 // offsets
}

// NewConvex precomputes the edge lines of a counter-clockwise polygon.
func NewConvex(p Polygon) Convex {
	cv := Convex{V: p, N: make([]Vec, len(p)), C: make([]float64, len(p))}
	for i, a := range p {
		e := p[(i+1)%len(p)].Sub(a)
		l := e.Len()
		n := Vec{-e.Y / l, e.X / l}
		cv.N[i], cv.C[i] = n, n.Dot(a)
	}
	return cv
}

// Transform sets dst to cv moved by pose, reusing dst's storage.
func (cv *Convex) Transform(pose Pose, dst *Convex) {
	s, c := math.Sincos(pose.Theta * math.Pi / 180)
	dst.V, dst.N, dst.C = dst.V[:0], dst.N[:0], dst.C[:0]
	for i, v := range cv.V {
		n := cv.N[i]
		rn := Vec{c*n.X - s*n.Y, s*n.X + c*n.Y}
		dst.V = append(dst.V, Vec{pose.X + c*v.X - s*v.Y, pose.Y + s*v.X + c*v.Y})
		dst.N = append(dst.N, rn)
		dst.C = append(dst.C, cv.C[i]+rn.X*pose.X+rn.Y*pose.Y)
	}
}

// Depth returns the smallest signed distance from q to the edge lines:
// the distance to the boundary for a point inside, negative outside.
func (cv *Convex) Depth(q Vec) float64 {
	d := math.Inf(1)
	for i, n := range cv.N {
		if t := n.X*q.X + n.Y*q.Y - cv.C[i]; t < d {
			d = t
		}
	}
	return d
}

// SignedDistance returns the distance from q to the boundary: positive
// inside, negative outside.
func (cv *Convex) SignedDistance(q Vec) float64 {
	if d := cv.Depth(q); d >= 0 {
		return d
	}
	return -cv.V.outsideDistance(q)
}

// Contains reports whether q lies inside or on the boundary.
func (cv *Convex) Contains(q Vec) bool { return cv.Depth(q) >= 0 }
