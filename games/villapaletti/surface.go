package villapaletti

import (
	"math"

	"github.com/tabula-games/tabula/games/villapaletti/geometry"
)

// Candidate lattices: the finite sets LegalMoves lists (see the package
// documentation). Play accepts any legal position on the move grid.
const (
	targetStep = 20  // half-mm: column targets on a 10 mm lattice keep the branching near a thousand
	latticeFin = 4   // half-mm: the 2 mm lattice for "a legal target exists"
	poseStep   = 20  // half-mm: floor poses on a 10 mm lattice
	angleStep  = 60  // half-degrees: floor poses every 30°
	gridMax    = 460 // half-mm: the foundation's radius, 115 mm, bounds every coordinate
)

// surface is the top level as the target rules see it.
type surface struct {
	floors int
	poly   geometry.Convex      // the top floor in the world
	pose   geometry.Convex      // scratch for poseLegal
	cols   []geometry.Footprint // footprints standing on the top level
	tops   []Column             // stack tops above red
	topFp  []geometry.Footprint
	minX   float64 // bounding box of poly
	maxX   float64
	minY   float64
	maxY   float64
	top    int8 // the top level's index (F)

	// Backing storage, so that building a surface allocates once.
	colBuf  [NumColumns]geometry.Footprint
	topBuf  [NumColumns]Column
	topFpB  [NumColumns]geometry.Footprint
	polyBuf [3][9]geometry.Vec
	polyC   [2][9]float64
}

// surface returns the state's top level.
func (s *State) surface() *surface {
	sf := &surface{floors: int(s.floors), top: s.floors}
	sf.cols, sf.tops, sf.topFp = sf.colBuf[:0], sf.topBuf[:0], sf.topFpB[:0]
	sf.poly = geometry.Convex{V: sf.polyBuf[0][:0], N: sf.polyBuf[1][:0], C: sf.polyC[0][:0]}
	sf.pose = geometry.Convex{V: sf.polyBuf[2][:0], N: make([]geometry.Vec, 0, 9), C: sf.polyC[1][:0]}
	if s.floors == 0 {
		// Custom setup: the building site is the surface.
		sf.minX, sf.minY, sf.maxX, sf.maxY = -SiteRadius, -SiteRadius, SiteRadius, SiteRadius
		for c := range Column(NumColumns) {
			if s.cols[c].level == 0 {
				sf.cols = append(sf.cols, s.footprint(c))
			}
		}
		return sf
	}
	f := Floor(s.floors - 1)
	f.convex(s.poses[f].geometry(), &sf.poly)
	sf.minX, sf.minY = math.Inf(1), math.Inf(1)
	sf.maxX, sf.maxY = math.Inf(-1), math.Inf(-1)
	for _, v := range sf.poly.V {
		sf.minX, sf.maxX = min(sf.minX, v.X), max(sf.maxX, v.X)
		sf.minY, sf.maxY = min(sf.minY, v.Y), max(sf.maxY, v.Y)
	}
	for c := range Column(NumColumns) {
		if s.cols[c].level != s.floors {
			continue
		}
		fp := s.footprint(c)
		if s.cols[c].on == NoColumn {
			sf.cols = append(sf.cols, fp)
		}
		if s.floors == NumFloors && !s.hasOnTop(c) {
			sf.tops = append(sf.tops, c)
			sf.topFp = append(sf.topFp, fp)
		}
	}
	return sf
}

// target checks a target for a column of kind k centred at p. It
// returns the column it would be stacked on (NoColumn for the floor).
func (sf *surface) target(k Kind, p geometry.Vec) (base Column, ok bool) {
	fp := geometry.Footprint{C: p, Shape: k.Shape(), R: k.Radius()}
	if sf.floors == 0 {
		if !fp.InCircle(SiteRadius) {
			return NoColumn, false
		}
		for _, o := range sf.cols {
			if !fp.Clear(o, Clearance) {
				return NoColumn, false
			}
		}
		return NoColumn, true
	}
	for i, t := range sf.tops {
		if fp.Within(sf.topFp[i]) {
			return t, true
		}
	}
	if !fp.InPolygon(&sf.poly) {
		return NoColumn, false
	}
	for _, o := range sf.cols {
		if !fp.Clear(o, Clearance) {
			return NoColumn, false
		}
	}
	return NoColumn, true
}

// lattice calls f for the lattice points with the given step (half-mm)
// inside the top floor's bounding box, by rows from the bottom, until f
// returns false.
func (sf *surface) lattice(step int32, f func(x, y int32) bool) {
	lo := func(v float64) int32 { return int32(math.Ceil(v*2/float64(step))) * step }
	for y := lo(sf.minY); float64(y) <= sf.maxY*2; y += step {
		for x := lo(sf.minX); float64(x) <= sf.maxX*2; x += step {
			if !f(x, y) {
				return
			}
		}
	}
}

// halfMM converts half-millimetres to a point.
func halfMM(x, y int32) geometry.Vec { return geometry.Vec{X: float64(x) / 2, Y: float64(y) / 2} }

// stackFits reports whether a column of kind k fits centred on stack top i.
func (sf *surface) stackFits(k Kind, i int) bool {
	fp := geometry.Footprint{C: sf.topFp[i].C, Shape: k.Shape(), R: k.Radius()}
	return fp.Within(sf.topFp[i])
}

// anyTarget reports whether a column of kind k has a legal target: on the
// 2 mm lattice, or centred on a stack top (a thin column fits on a
// thin one only exactly centred, which a lattice misses).
func (sf *surface) anyTarget(k Kind) bool {
	for i := range sf.tops {
		if sf.stackFits(k, i) {
			return true
		}
	}
	found := false
	for _, step := range []int32{targetStep, latticeFin} {
		sf.lattice(step, func(x, y int32) bool {
			_, ok := sf.target(k, halfMM(x, y))
			found = ok
			return !ok
		})
		if found {
			return true
		}
	}
	return false
}

// targets appends the candidate targets of a column of kind k: the legal
// points of the 10 mm lattice that are on the floor itself, then the stack
// tops it fits on (as onto moves); if there are none, the first legal point
// of the 2 mm lattice.
func (sf *surface) targets(k Kind, dst []target) []target {
	n := len(dst)
	sf.lattice(targetStep, func(x, y int32) bool {
		if base, ok := sf.target(k, halfMM(x, y)); ok && base == NoColumn {
			dst = append(dst, target{x: x, y: y, onto: NoColumn})
		}
		return true
	})
	for i, t := range sf.tops {
		if sf.stackFits(k, i) {
			dst = append(dst, target{onto: t})
		}
	}
	if len(dst) == n {
		sf.lattice(latticeFin, func(x, y int32) bool {
			if _, ok := sf.target(k, halfMM(x, y)); ok {
				dst = append(dst, target{x: x, y: y, onto: NoColumn})
				return false
			}
			return true
		})
	}
	return dst
}

// target is a column destination: a point in half-mm, or onto the centre
// of a stack top.
type target struct {
	x, y int32
	onto Column
}

// poseLegal reports whether floor f may be laid at pose p: within
// the foundation, every top-level column wholly under it or wholly outside,
// and enough supports.
func (s *State) poseLegal(sf *surface, f Floor, p geometry.Pose) bool {
	if int(f) != int(s.floors) || f >= NumFloors {
		return false
	}
	f.convex(geometry.Pose{Theta: p.Theta}, &sf.pose)
	if !sf.shiftedLegal(f, &sf.pose, geometry.Vec{X: p.X, Y: p.Y}) {
		return false
	}
	return f != BlueFloor || s.blueStands(p)
}

// blueStands reports whether the blue floor laid at p in a custom setup
// passes the stability test.
func (s *State) blueStands(p geometry.Pose) bool {
	t := *s
	t.history = nil
	t.floors = 1
	t.poses[BlueFloor] = pose{x: int32(math.Round(p.X * micro)), y: int32(math.Round(p.Y * micro)), th: normAngle(int32(math.Round(p.Theta * micro)))}
	return t.structure().Stands()
}

// shiftedLegal is poseLegal for the floor rotated in place (rot) and then
// moved by t: the columns are moved by −t instead, so one rotation serves a
// whole lattice of translations.
func (sf *surface) shiftedLegal(f Floor, rot *geometry.Convex, t geometry.Vec) bool {
	for _, v := range rot.V {
		if x, y := v.X+t.X, v.Y+t.Y; x*x+y*y > FoundationRadius*FoundationRadius {
			return false
		}
	}
	supports := 0
	for _, fp := range sf.cols {
		fp.C = fp.C.Sub(t)
		switch {
		case fp.InPolygon(rot):
			supports++
		case !fp.OutsidePolygon(rot):
			return false
		}
	}
	return supports >= f.MinSupports()
}

// floorCandidates calls f with the legal candidate poses of the next floor
// (10 mm lattice, every 30°), in a fixed order, until f returns false.
func (s *State) floorCandidates(sf *surface, f func(pose) bool) {
	if s.floors >= NumFloors {
		return
	}
	fl := Floor(s.floors)
	if len(sf.cols) < fl.MinSupports() {
		return // too few columns on the top level to carry the floor
	}
	reach := FoundationRadius - originDepth(fl)
	var rot geometry.Convex
	for th := int32(0); th < 720; th += angleStep {
		fl.convex(geometry.Pose{Theta: float64(th) / 2}, &rot)
		for y := -int32(gridMax); y <= gridMax; y += poseStep {
			for x := -int32(gridMax); x <= gridMax; x += poseStep {
				if float64(x*x+y*y) > 4*reach*reach {
					continue
				}
				p := pose{x: x * 500, y: y * 500, th: th * 500}
				if !sf.shiftedLegal(fl, &rot, halfMM(x, y)) || fl == BlueFloor && !s.blueStands(p.geometry()) {
					continue
				}
				if !f(p) {
					return
				}
			}
		}
	}
}

// originDepth is the distance from a floor's local origin to its nearest
// edge line. A pose farther than R_f minus it from the centre puts some
// corner outside the foundation: the corner farthest along the pose's
// direction lies at least that far beyond it.
func originDepth(f Floor) float64 { return f.Polygon().EdgeDepth(geometry.Vec{}) }
