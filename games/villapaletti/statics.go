package villapaletti

import (
	"math"

	"github.com/tabula-games/tabula/games/villapaletti/geometry"
)

// Level is the statics of one floor's load.
type Level struct {
	Weight   float64      // W_k: mass of floor k and everything resting on it, grams
	Centre   geometry.Vec // (G_k.x, G_k.y), the load's centre of mass seen from above
	Z        float64      // G_k.z
	Supports int          // |S_k|: columns under floor k on level k−1
	Margin   float64      // μ_k: signed distance from the centre to the support hull; −Inf without supports
	Height   float64      // H_k: height of the centre above the tops of the supports
	Angle    float64      // φ_k = atan2(μ_k, H_k), degrees
}

// Stands reports whether the level is in equilibrium: μ ≥ 0.
func (l Level) Stands() bool { return l.Margin >= 0 }

// moment accumulates mass and first moments.
type moment struct{ m, mx, my, mz float64 }

func (a *moment) add(m float64, x, y, z float64) {
	a.m += m
	a.mx += m * x
	a.my += m * y
	a.mz += m * z
}

func (a moment) plus(b moment) moment {
	return moment{a.m + b.m, a.mx + b.mx, a.my + b.my, a.mz + b.mz}
}

// body is a column as the statics sees it.
type body struct {
	fp      geometry.Footprint
	m, z    float64 // mass and centre height
	key     uint64  // its share of its floor's support key, when a support
	level   int8    // surface it stands on (stacked columns: the top level)
	support int8    // the floor k it carries (1..5), or 0
	present bool
}

// hull is a support hull as a list of edges: edge i runs from e[i].p to
// e[i+1].p, and a point q lies at depth nx·q.x + ny·q.y − c on its inner
// side.
type hull struct{ e []hedge }

type hedge struct {
	p         geometry.Vec
	nx, ny, c float64
}

// newHull builds the hull of fps; scratch is reused for the vertices.
func newHull(hb *geometry.HullBuilder, fps []geometry.Footprint, scratch geometry.Polygon) (hull, geometry.Polygon) {
	if len(fps) == 0 {
		return hull{}, scratch
	}
	poly := hb.Hull(fps, scratch[:0])
	n := len(poly)
	h := hull{e: make([]hedge, n)}
	for i, a := range poly {
		b := poly[(i+1)%n]
		e := b.Sub(a)
		inv := 1 / e.Len()
		nx, ny := -e.Y*inv, e.X*inv
		h.e[i] = hedge{p: a, nx: nx, ny: ny, c: nx*a.X + ny*a.Y}
	}
	return h, poly
}

// margin returns the signed distance from q to the hull's boundary, −Inf for
// an empty hull.
func (h *hull) margin(q geometry.Vec) float64 {
	if len(h.e) == 0 {
		return math.Inf(-1)
	}
	d := math.Inf(1)
	for i := range h.e {
		e := &h.e[i]
		if t := e.nx*q.X + e.ny*q.Y - e.c; t < d {
			d = t
		}
	}
	if d >= 0 {
		return d
	}
	best := math.Inf(1)
	for i := range h.e {
		best = min(best, geometry.SegmentDistance(q, h.e[i].p, h.e[(i+1)%len(h.e)].p))
	}
	return -best
}

// Statics is the stability model of one structure, set up so that
// hypothetical moves are cheap: the support hulls are built once, and a
// placement on the top level only adds a mass to every load. A Statics is
// not safe for concurrent use (Lift shares scratch space with its receiver);
// each goroutine gets its own from State.Statics.
type Statics struct {
	floors int
	wobble float64 // φ_w in degrees
	floor  [NumFloors + 1]moment
	load   [NumFloors + 1]moment // load[k] = U_k for k = 1..floors
	hull   [NumFloors + 1]hull
	cols   [NumColumns]body
	key    [NumFloors + 1]uint64 // identifies each floor's supports and their places
	hb     *geometry.HullBuilder // scratch for hulls, made when needed
	fps    []geometry.Footprint  // scratch for hulls
	poly   geometry.Polygon      // scratch for hulls
	cache  *hullCache            // lifted hulls by support set, in a search copy; nil elsewhere
}

// hullCache memoises the support hulls that Lift builds, by floor and
// support set, for a search's private copy of a state (State.Mutable): a
// search asks at every node which columns can be taken without a wobble,
// and the support sets under the floors change far less often than that.
// A hull depends only on its supports' footprints, never on the loads.
type hullCache struct{ m map[uint64]hull }

// maxCachedHulls bounds the cache; a search rarely sees more distinct
// support sets, and a full cache is simply emptied.
const maxCachedHulls = 1 << 14

func (c *hullCache) key(k int, supports uint64) uint64 {
	return supports*0x9E3779B97F4A7C15 ^ uint64(k)
}

// structure is the input of the statics: world footprints of the columns
// and poses of the floors.
func (s *State) structure() *Statics {
	st := &Statics{floors: int(s.floors), wobble: s.wobble, cache: s.lifts}
	var polys [NumFloors + 1]geometry.Convex
	var vb, nb [NumFloors + 1][9]geometry.Vec // floors have at most 9 corners
	var cb [NumFloors + 1][9]float64
	for k := 1; k <= st.floors; k++ {
		f := Floor(k - 1)
		pose := s.poses[k-1].geometry()
		polys[k] = geometry.Convex{V: vb[k][:0], N: nb[k][:0], C: cb[k][:0]}
		f.convex(pose, &polys[k])
		c := pose.Apply(f.Centroid())
		st.floor[k].add(f.Mass(), c.X, c.Y, levelZ(k)-FloorThickness/2)
	}
	for c := range Column(NumColumns) {
		col := &s.cols[c]
		if col.level < 0 {
			continue
		}
		k := c.Kind()
		b := &st.cols[c]
		b.present = true
		b.fp = geometry.Footprint{C: col.pos(), Shape: k.Shape(), R: k.Radius()}
		b.m = k.Mass()
		b.level = col.level
		b.z = levelZ(int(col.level)) + float64(s.depth(c))*ColumnHeight + ColumnHeight/2
		if up := int(col.level) + 1; col.on == NoColumn && up <= st.floors && b.fp.InPolygon(&polys[up]) {
			b.support = int8(up)
			b.key = supportKey(c, col)
			st.key[up] += b.key
		}
	}
	st.rebuild(s)
	return st
}

// supportKey is one support's share of its floor's key: the key of a
// support set is the sum of its members' shares, so that a member can be
// taken out by subtraction.
func supportKey(c Column, col *column) uint64 {
	v := uint64(c)<<56 ^ uint64(uint32(col.x))<<24 ^ uint64(uint32(col.y))
	z := v + 0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// cacheHulls stores the support hulls of the current structure in the
// state, so that later evaluations (and the states that follow by Play)
// rebuild only the hulls whose supports changed. Only code that owns s (New,
// ParsePosition, Play on its fresh result, Apply) calls it.
func (s *State) cacheHulls() {
	st := s.structure()
	s.hulls, s.hullKey = st.hull, st.key
}

// rebuild computes every load and hull from floor and cols.
// rebuild computes every load, and every hull that the state's cache does
// not hold for the same supports.
func (st *Statics) rebuild(s *State) {
	var perLevel [NumFloors + 1]moment
	for i := range st.cols {
		b := &st.cols[i]
		if b.present {
			perLevel[b.level].add(b.m, b.fp.C.X, b.fp.C.Y, b.z)
		}
	}
	var acc moment
	var supports [NumFloors + 1]int
	most := 0
	for i := range st.cols {
		if b := &st.cols[i]; b.present && b.support > 0 {
			supports[b.support]++
			most = max(most, supports[b.support])
		}
	}
	for k := st.floors; k >= 1; k-- {
		acc = acc.plus(perLevel[k]).plus(st.floor[k])
		st.load[k] = acc
		if s.hullKey[k] == st.key[k] && s.hulls[k].e != nil {
			st.hull[k] = s.hulls[k]
			continue
		}
		if st.hb == nil {
			st.hb = new(geometry.HullBuilder)
			st.hb.Reserve(most)
		}
		st.hull[k] = st.supportHull(k)
	}
}

// supportHull builds C_k from the present supports of floor k.
func (st *Statics) supportHull(k int) hull {
	if st.fps == nil {
		st.fps = make([]geometry.Footprint, 0, NumColumns)
	}
	st.fps = st.fps[:0]
	for i := range st.cols {
		if b := &st.cols[i]; b.present && int(b.support) == k {
			st.fps = append(st.fps, b.fp)
		}
	}
	var h hull
	h, st.poly = newHull(st.hb, st.fps, st.poly)
	return h
}

// level computes the statics of floor k from a load.
func (st *Statics) level(k int, u moment) Level {
	l := Level{Weight: u.m}
	l.Centre = geometry.Vec{X: u.mx / u.m, Y: u.my / u.m}
	l.Z = u.mz / u.m
	l.Margin = st.hull[k].margin(l.Centre)
	l.Height = l.Z - (levelZ(k-1) + ColumnHeight)
	l.Angle = math.Atan2(l.Margin, l.Height) * 180 / math.Pi
	for i := range st.cols {
		if b := &st.cols[i]; b.present && int(b.support) == k {
			l.Supports++
		}
	}
	return l
}

// Levels returns the statics of floors 1..F, index 0 for the blue floor.
func (st *Statics) Levels() []Level {
	out := make([]Level, st.floors)
	for k := 1; k <= st.floors; k++ {
		out[k-1] = st.level(k, st.load[k])
	}
	return out
}

// Stands reports whether every level has μ_k ≥ 0: false means the villa
// collapses.
func (st *Statics) Stands() bool {
	for k := 1; k <= st.floors; k++ {
		if st.margin(k, st.load[k]) < 0 {
			return false
		}
	}
	return true
}

// margin returns μ_k for a load.
func (st *Statics) margin(k int, u moment) float64 {
	return st.hull[k].margin(geometry.Vec{X: u.mx / u.m, Y: u.my / u.m})
}

// angle returns φ_k for a load.
func (st *Statics) angle(k int, u moment) float64 {
	mu := st.margin(k, u)
	h := u.mz/u.m - (levelZ(k-1) + ColumnHeight)
	return math.Atan2(mu, h) * 180 / math.Pi
}

// Lift returns the structure without column c and the removal test:
// whether it wobbles under the deterministic rule, and the smallest tipping
// angle over the affected floors (+Inf when no floor is affected). c must be
// present.
func (st *Statics) Lift(c Column) (lifted *Statics, wobbles bool, minAngle float64) {
	l := new(Statics)
	wobbles, minAngle = st.lift(l, c)
	return l, wobbles, minAngle
}

// lift is Lift into l, which it overwrites; bots that only want the verdict
// reuse one l for many columns.
func (st *Statics) lift(l *Statics, c Column) (wobbles bool, minAngle float64) {
	*l = *st
	b := l.cols[c]
	l.cols[c].present = false
	if b.support > 0 {
		l.key[b.support] -= b.key
	}
	for k := 1; k <= int(b.level) && k <= l.floors; k++ {
		u := &l.load[k]
		u.m -= b.m
		u.mx -= b.m * b.fp.C.X
		u.my -= b.m * b.fp.C.Y
		u.mz -= b.m * b.z
	}
	if b.support > 0 {
		l.poly = nil // the original's scratch stays its own
		if l.hb == nil {
			l.hb = new(geometry.HullBuilder)
		}
		k := int(b.support)
		if l.cache == nil {
			l.hull[k] = l.supportHull(k)
		} else if h, ok := l.cache.m[l.cache.key(k, l.key[k])]; ok {
			l.hull[k] = h
		} else {
			l.hull[k] = l.supportHull(k)
			if len(l.cache.m) >= maxCachedHulls {
				clear(l.cache.m)
			}
			l.cache.m[l.cache.key(k, l.key[k])] = l.hull[k]
		}
	}
	minAngle = math.Inf(1)
	last := min(int(b.level), l.floors)
	if b.support > 0 {
		last = int(b.support)
	}
	for k := 1; k <= last; k++ {
		if l.margin(k, l.load[k]) < 0 {
			wobbles = true
		}
		minAngle = min(minAngle, l.angle(k, l.load[k]))
	}
	if minAngle < st.wobble {
		wobbles = true
	}
	return wobbles, minAngle
}

// Place reports whether the structure still stands after a column of kind k
// is put at p on the top level, stacked depth columns high (0 on the floor
// itself), and the smallest margin over all floors.
func (st *Statics) Place(k Kind, p geometry.Vec, depth int) (stands bool, minMargin float64) {
	m := k.Mass()
	z := levelZ(st.floors) + float64(depth)*ColumnHeight + ColumnHeight/2
	minMargin = math.Inf(1)
	for lv := 1; lv <= st.floors; lv++ {
		u := st.load[lv]
		u.add(m, p.X, p.Y, z)
		minMargin = min(minMargin, st.margin(lv, u))
	}
	return minMargin >= 0, minMargin
}

// MinAngle returns the smallest tipping angle φ_k over all floors, the
// number behind the shake bands; +Inf with no floor.
func (st *Statics) MinAngle() float64 {
	a := math.Inf(1)
	for k := 1; k <= st.floors; k++ {
		a = min(a, st.angle(k, st.load[k]))
	}
	return a
}
