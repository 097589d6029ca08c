package geometry

import "math"

// HullBuilder computes support hulls of footprints: the convex hull of their
// representative points (Footprint.Points). It keeps scratch space between
// calls, so a builder is not safe for concurrent use; the zero value is
// ready.
//
// It avoids sorting: every footprint's lower chain (its points from the
// leftmost to the rightmost counter-clockwise) and upper chain are already
// sorted by x, so the chains are merged and run through Andrew's monotone
// chain. Footprints that lie deep inside the hull of the centres are dropped
// first: a footprint with circumradius R whose centre lies at depth d inside
// the centres' hull cannot reach the hull if R < d + ρ, ρ being the smallest
// inradius of any footprint's polygon (the hull contains the centres' hull
// grown by ρ).
type HullBuilder struct {
	keep       []Footprint
	lo, hi     []Vec
	runsLo     []int
	runsHi     []int
	tmp        []Vec
	centres    []Vec
	centreHull Polygon
}

// polygonInradius is the inradius of a footprint's representative polygon.
func (f Footprint) polygonInradius() float64 {
	if f.Shape == Hexagon {
		return f.R * math.Sqrt(3) / 2
	}
	return f.R * math.Cos(math.Pi/DiscPoints)
}

// Hull appends the hull of the footprints' points to dst, counter-clockwise
// from the lowest-leftmost point, without collinear vertices. It equals
// ConvexHull of all the points.
func (hb *HullBuilder) Hull(fps []Footprint, dst Polygon) Polygon {
	if len(fps) == 0 {
		return dst
	}
	keep := hb.prune(fps)
	hb.Reserve(len(keep))
	hb.lo, hb.hi = hb.lo[:0], hb.hi[:0]
	hb.runsLo, hb.runsHi = hb.runsLo[:0], hb.runsHi[:0]
	for _, f := range keep {
		u := unit[f.Shape]
		n := len(u)
		h := n / 2 // index of the leftmost point (angle π)
		hb.runsLo = append(hb.runsLo, len(hb.lo))
		for i := h; i <= n; i++ { // π .. 2π: x ascending
			v := u[i%n]
			hb.lo = append(hb.lo, Vec{f.C.X + f.R*v.X, f.C.Y + f.R*v.Y})
		}
		hb.runsHi = append(hb.runsHi, len(hb.hi))
		for i := h; i >= 0; i-- { // π .. 0: x ascending
			v := u[i]
			hb.hi = append(hb.hi, Vec{f.C.X + f.R*v.X, f.C.Y + f.R*v.Y})
		}
	}
	hb.lo = hb.mergeRuns(hb.lo, hb.runsLo)
	hb.hi = hb.mergeRuns(hb.hi, hb.runsHi)
	if cap(dst)-len(dst) < len(hb.lo)+len(hb.hi) {
		dst = append(make(Polygon, 0, len(dst)+len(hb.lo)+len(hb.hi)), dst...)
	}
	base := len(dst)
	for _, p := range hb.lo {
		for len(dst)-base >= 2 && turn(dst[len(dst)-2], dst[len(dst)-1], p) <= 0 {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	lower := len(dst)
	for i := len(hb.hi) - 2; i >= 0; i-- { // right to left
		p := hb.hi[i]
		for len(dst)-lower >= 1 && turn(dst[len(dst)-2], dst[len(dst)-1], p) <= 0 {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	return dst[:len(dst)-1] // the last point repeats the first
}

// ChainPoints is the largest number of points a footprint adds to each
// of the lower and upper chains (a disc's 17).
const ChainPoints = DiscPoints/2 + 1

// Reserve makes room for hulls of up to n footprints, in one allocation.
func (hb *HullBuilder) Reserve(n int) {
	need := n * ChainPoints
	if cap(hb.lo) >= need {
		return
	}
	slab := make([]Vec, 3*need)
	hb.lo, hb.hi, hb.tmp = slab[:0:need], slab[need:need:2*need], slab[2*need:2*need:3*need]
}

func lessXY(a, b Vec) bool { return a.X < b.X || a.X == b.X && a.Y < b.Y }

// mergeRuns sorts pts by x, then y; pts is made of sorted runs starting at
// the given offsets, merged pairwise. It reuses runs' storage.
func (hb *HullBuilder) mergeRuns(pts []Vec, runs []int) []Vec {
	for len(runs) > 1 {
		hb.tmp = hb.tmp[:0]
		next := runs[:0]
		for i := 0; i < len(runs); i += 2 {
			start := runs[i]
			mid := len(pts)
			if i+1 < len(runs) {
				mid = runs[i+1]
			}
			end := len(pts)
			if i+2 < len(runs) {
				end = runs[i+2]
			}
			next = append(next, len(hb.tmp))
			a, b := pts[start:mid], pts[mid:end]
			for len(a) > 0 && len(b) > 0 {
				if lessXY(b[0], a[0]) {
					hb.tmp = append(hb.tmp, b[0])
					b = b[1:]
				} else {
					hb.tmp = append(hb.tmp, a[0])
					a = a[1:]
				}
			}
			hb.tmp = append(hb.tmp, a...)
			hb.tmp = append(hb.tmp, b...)
		}
		pts, hb.tmp = hb.tmp, pts
		runs = next
	}
	return pts
}

// prune drops the footprints that cannot reach the hull.
func (hb *HullBuilder) prune(fps []Footprint) []Footprint {
	if len(fps) <= 3 {
		return fps
	}
	rho := math.Inf(1)
	hb.centres = hb.centres[:0]
	for _, f := range fps {
		rho = min(rho, f.polygonInradius())
		hb.centres = append(hb.centres, f.C)
	}
	hb.centreHull = ConvexHull(hb.centres, hb.centreHull[:0])
	if len(hb.centreHull) < 3 {
		return fps
	}
	cv := NewConvex(hb.centreHull)
	hb.keep = hb.keep[:0]
	for _, f := range fps {
		if f.R >= cv.Depth(f.C)+rho-1e-9 {
			hb.keep = append(hb.keep, f)
		}
	}
	return hb.keep
}
