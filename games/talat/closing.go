package talat

import "math/bits"

// This file decides whether a board is still open (§5, T5): a board is open
// while some position reachable by non-capturing steps of either of its two
// sides, in any order, allows an immediate capture.
//
// The check runs after every move, so it must be fast even on boards built
// to be slow. It has three stages:
//
//  1. The prefilter of §5 lists the live pairs: (attacker, target) towers of
//     opposite sides whose kinds allow the capture and whose geometry still
//     allows it (row gap g ≥ 0, column distance ≤ g+1). A capture possible
//     now answers at once; no live pair means closed.
//  2. A reduction (reduce) keeps, for each tower, only the cells it may ever
//     need to step into, and splits the towers into independent components.
//  3. An exact memoised depth-first search over the steps the reduction
//     keeps, one component at a time.
//
// # Why the reduction is exact
//
// Steps only matter through occupancy: a step needs its target cell empty,
// and a capture needs only the two towers side by side. Write C(T) for the
// cells tower T can ever stand on (its forward cone, minus cells held by
// towers that can never move again, see stuck) and U(T) for the cells of
// C(T) where one of T's live pairs can still be alive given that the
// partner stays in its cone. A pair only dies (its slack g+1-dc never
// grows), and a tower that leaves U(T) never re-enters it, so in any
// sequence of steps that ends in a capture by the pair (a, t), every cell a
// steps into lies in U(a) and every cell t steps into lies in U(t).
//
// The reduction computes need sets N(T), the least sets with
//
//	(N1) U(T) minus T's own cell ⊆ N(T) for every tower in a live pair;
//	(N2) if T can stand on x (x in R(T), the cells reachable from T's cell
//	     through N(T)) and x ∈ N(T') for another tower T', then the
//	     successors of x in C(T) are in N(T): T may have to leave x.
//
// Restrict the game so that each tower steps only into its need set. That
// loses no capture. Take any sequence σ of steps ending in a capture by
// (a, t) and replay it, keeping a step of T only if T has kept all its
// earlier steps and the target is in N(T); a tower whose step is dropped
// stays where it is for the rest of the replay (it is "frozen"). Every kept
// step is legal: if its target y ∈ N(T) were held by a frozen tower F, then
// F stood on y in σ and stepped on to a successor z (y is empty in σ at
// that time), and since y ∈ R(F) ∩ N(T), (N2) puts z in N(F), so F's step
// was kept after all. By (N1) no step of a or t is dropped, so the replay
// ends with the same capture. Conversely every restricted sequence is a
// sequence of the real game. So the board is open iff the restricted game
// reaches a capture.
//
// In the restricted game a tower with an empty need set never moves, and
// one that never stands on a cell another tower needs blocks nobody: it is
// left out of the search. Two towers interact when one can stand on a cell
// the other needs, or when they form a live pair. Towers of different
// components never meet, so their steps commute and the reachable
// positions are the product of each component's: the board is open iff the
// search of some component finds a capture.

// maxBoardTowers bounds the towers on one board: two start lines of five.
const maxBoardTowers = 2 * Size

// maxPairs bounds the candidate pairs: every ordered pair of opposite sides.
const maxPairs = 2 * Size * Size

// cellSet is a set of cells of one board, bit c for cell c.
type cellSet uint32

// Masks of cell sets.
const (
	allCells cellSet = 1<<NumCells - 1
	fileA    cellSet = 1 | 1<<5 | 1<<10 | 1<<15 | 1<<20 // column 0
	fileE    cellSet = fileA << (Size - 1)              // column 4
)

// widen adds to m the cells beside its cells on the same row.
func widen(m cellSet) cellSet { return m | (m<<1)&^fileA | (m>>1)&^fileE }

// ahead returns the cells one step forward or diagonally forward, for side
// s, of the cells of m: their successors.
func ahead(m cellSet, s Side) cellSet {
	if s == Low {
		return widen(m) << Size & allCells
	}
	return widen(m) >> Size
}

// cone returns the cells side s can reach from m by steps that never enter
// a cell of block (m included).
func cone(m cellSet, s Side, block cellSet) cellSet {
	for range Size - 1 {
		m |= ahead(m, s) &^ block
	}
	return m
}

// local is a board reduced to what the closing search needs: where each
// tower stands, which side it plays, the cells it may step into, and the
// candidate pairs that may still become a capture.
type local struct {
	n    int
	pos  [maxBoardTowers]Cell
	side [maxBoardTowers]Side
	// need[i] is N(T) of the reduction: the cells tower i may step into.
	need  [maxBoardTowers]cellSet
	occ   cellSet
	key   uint64 // tower positions, 5 bits each
	pairs [maxPairs]pair
	np    int
	alive [maxPairs]bool
	live  int // alive pairs of the component being searched
	// of[i] lists the pairs tower i belongs to.
	of    [maxBoardTowers][maxPairs]uint8
	nof   [maxBoardTowers]uint8
	gap   [maxBoardTowers]int8  // smallest row gap of the tower's pairs
	comp  [maxBoardTowers]uint8 // component of each tower
	order [maxBoardTowers]uint8 // towers of the component searched, in search order
	no    int
	nodes int // positions expanded, for tests and benchmarks
	seen  visited
}

// pair is an ordered (attacker, target) pair of towers of opposite sides
// whose kinds allow the capture.
type pair struct{ a, t uint8 }

// rho counts rows from side s's start line.
func rho(c Cell, s Side) int {
	if s == Low {
		return c.Row()
	}
	return Size - 1 - c.Row()
}

// reach classifies an attacker at a and a target at t for attacker side s:
// 2 when the capture is possible now, 1 when it may become possible (the
// prefilter of §5: the gap in rows g is not negative and the column
// distance is at most g+1), 0 when it never can.
func reach(a, t Cell, s Side) int {
	g := rho(t, s) - rho(a, s)
	dc := a.Col() - t.Col()
	if dc < 0 {
		dc = -dc
	}
	switch {
	case g < 0 || dc > g+1:
		return 0
	case (g == 0 && dc == 1) || (g == 1 && dc <= 1):
		return 2
	}
	return 1
}

// boardOpen reports whether board b with the given cells is open, and how
// many positions the search expanded.
func boardOpen(b Board, cells *[NumCells]uint8) (open bool, nodes int) {
	var l local
	var kinds [maxBoardTowers]Kind
	low := b.Colour(Low)
	for c := Cell(0); c < NumCells; c++ {
		p := cells[c]
		if p == 0 {
			continue
		}
		t := Tower(p - 1)
		l.pos[l.n] = c
		kinds[l.n] = t.Kind()
		if t.Colour() != low {
			l.side[l.n] = High
		}
		l.occ |= 1 << uint(c)
		l.key |= uint64(c) << (5 * uint(l.n))
		l.n++
	}
	for i := range l.n {
		l.gap[i] = 2 * Size
	}
	for i := range l.n {
		for j := range l.n {
			if l.side[i] == l.side[j] || !CanCapture(kinds[i], kinds[j]) {
				continue
			}
			switch reach(l.pos[i], l.pos[j], l.side[i]) {
			case 2:
				return true, 0
			case 1:
				k := uint8(l.np)
				l.pairs[k] = pair{uint8(i), uint8(j)}
				l.np++
				l.of[i][l.nof[i]] = k
				l.nof[i]++
				l.of[j][l.nof[j]] = k
				l.nof[j]++
				g := int8(rho(l.pos[j], l.side[i]) - rho(l.pos[i], l.side[i]))
				l.gap[i], l.gap[j] = min(l.gap[i], g), min(l.gap[j], g)
			}
		}
	}
	if l.np == 0 {
		return false, 0
	}
	ncomp := l.reduce()
	for c := range uint8(ncomp) {
		if l.searchComponent(c) {
			return true, l.nodes
		}
	}
	return false, l.nodes
}

// stuck returns the cells of the towers that can never move again: a tower
// is stuck when each of its successor cells (none on the far line) holds a
// stuck tower.
func (l *local) stuck() cellSet {
	var st cellSet
	var done [maxBoardTowers]bool
	for changed := true; changed; {
		changed = false
		for i := range l.n {
			c := cellSet(1) << uint(l.pos[i])
			if !done[i] && ahead(c, l.side[i])&^st == 0 {
				done[i], st, changed = true, st|c, true
			}
		}
	}
	return st
}

// reduce computes the need sets and the components of the reduction (see
// the top of this file) and returns the number of components.
func (l *local) reduce() int {
	st := l.stuck()
	var cones, in [maxBoardTowers]cellSet
	for i := range l.n {
		c := cellSet(1) << uint(l.pos[i])
		cones[i] = c
		if st&c == 0 {
			cones[i] = cone(c, l.side[i], st)
		}
	}
	// (N1): U(T) for the towers of live pairs. For attacker a of side s and
	// target t, the cells of a's cone from which some cell of t's cone is
	// still in reach are those behind (in s's direction) a cell beside or
	// on t's cone; symmetrically for t.
	for _, p := range l.pairs[:l.np] {
		s := l.side[p.a]
		in[p.a] |= cones[p.a] & cone(widen(cones[p.t]), s.Other(), 0)
		in[p.t] |= cones[p.t] & cone(widen(cones[p.a]), s, 0)
	}
	for i := range l.n {
		l.need[i] = in[i] &^ (1 << uint(l.pos[i]))
	}
	// (N2), to the least fixed point. r[i] is R(T): the cells tower i can
	// stand on in the restricted game.
	var r [maxBoardTowers]cellSet
	for changed := true; changed; {
		changed = false
		var all, twice cellSet // cells needed by at least one, two towers
		for i := range l.n {
			twice |= all & l.need[i]
			all |= l.need[i]
		}
		for i := range l.n {
			ri := cellSet(1) << uint(l.pos[i])
			for range Size - 1 {
				ri |= ahead(ri, l.side[i]) & l.need[i]
			}
			r[i] = ri
			others := all&^l.need[i] | twice
			if add := ahead(ri&others, l.side[i]) & cones[i]; add&^l.need[i] != 0 {
				l.need[i] |= add
				changed = true
			}
		}
	}
	// Components, by union-find over the interactions.
	var parent [maxBoardTowers]uint8
	for i := range l.n {
		parent[i] = uint8(i)
	}
	find := func(i uint8) uint8 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	union := func(i, j uint8) { parent[find(i)] = find(j) }
	for _, p := range l.pairs[:l.np] {
		union(p.a, p.t)
	}
	for i := range l.n {
		for j := i + 1; j < l.n; j++ {
			if r[i]&l.need[j] != 0 || r[j]&l.need[i] != 0 {
				union(uint8(i), uint8(j))
			}
		}
	}
	// Number the components that hold a live pair; the other towers get
	// noComponent and never move.
	const noComponent = 255
	var id [maxBoardTowers]uint8
	for i := range l.n {
		id[i] = noComponent
		l.comp[i] = noComponent
	}
	n := 0
	for _, p := range l.pairs[:l.np] {
		if root := find(p.a); id[root] == noComponent {
			id[root] = uint8(n)
			n++
		}
	}
	for i := range l.n {
		l.comp[i] = id[find(uint8(i))]
	}
	return n
}

// searchComponent runs the exact search over the towers of component c
// that may move, with only c's pairs alive, and reports whether a capture
// is reachable.
func (l *local) searchComponent(c uint8) bool {
	l.live = 0
	for k, p := range l.pairs[:l.np] {
		l.alive[k] = l.comp[p.a] == c
		if l.alive[k] {
			l.live++
		}
	}
	l.no = 0
	for i := range l.n {
		if l.comp[i] == c && l.need[i] != 0 {
			l.order[l.no] = uint8(i)
			l.no++
		}
	}
	// Try the towers closest to a capture first: an open board is then
	// usually decided in a few steps.
	ord := l.order[:l.no]
	for i := 1; i < len(ord); i++ { // insertion sort by gap, stable
		for j := i; j > 0 && l.gap[ord[j]] < l.gap[ord[j-1]]; j-- {
			ord[j], ord[j-1] = ord[j-1], ord[j]
		}
	}
	return l.search()
}

// search explores the kept steps from the current position depth first and
// reports whether a capture becomes possible. The caller has checked that
// no capture is possible now and that some pair passes the prefilter.
func (l *local) search() bool {
	l.nodes++
	for _, i := range l.order[:l.no] {
		from := l.pos[i]
		for m := ahead(1<<uint(from), l.side[i]) & l.need[i] &^ l.occ; m != 0; m &= m - 1 {
			if l.step(i, from, Cell(bits.TrailingZeros32(uint32(m)))) {
				return true
			}
		}
	}
	return false
}

// step moves tower i from from to to, looks at the new position and
// searches on from it if it is new and some pair is still alive; then it
// takes the step back. It reports whether a capture was found.
func (l *local) step(i uint8, from, to Cell) bool {
	l.pos[i] = to
	// Only the pairs of the tower that moved can change: pairs only die
	// (the prefilter's slack g+1-dc never grows), and a capture appears
	// only next to the tower that moved.
	var died [maxPairs]uint8
	nd := 0
	found := false
	for _, k := range l.of[i][:l.nof[i]] {
		if !l.alive[k] {
			continue
		}
		p := l.pairs[k]
		switch reach(l.pos[p.a], l.pos[p.t], l.side[p.a]) {
		case 2:
			found = true
		case 0:
			l.alive[k] = false
			died[nd] = k
			nd++
		}
	}
	if !found && l.live > nd {
		l.live -= nd
		shift := 5 * uint(i)
		l.occ ^= 1<<uint(from) | 1<<uint(to)
		l.key ^= (uint64(from) ^ uint64(to)) << shift
		found = l.seen.add(l.key) && l.search()
		l.occ ^= 1<<uint(from) | 1<<uint(to)
		l.key ^= (uint64(from) ^ uint64(to)) << shift
		l.live += nd
	}
	for _, k := range died[:nd] {
		l.alive[k] = true
	}
	l.pos[i] = from
	return found
}

// visitedInline is the size of the memo table kept inline; most searches
// end long before they fill half of it.
const visitedInline = 256

// visited is an open-addressing set of position keys: inline while small,
// on the heap when it grows.
type visited struct {
	inline [visitedInline]uint64
	heap   []uint64
	count  int
}

// add inserts k and reports whether it was new.
func (v *visited) add(k uint64) bool {
	k++ // 0 marks an empty slot
	table := v.inline[:]
	if v.heap != nil {
		table = v.heap
	}
	if 2*(v.count+1) > len(table) {
		v.grow()
		table = v.heap
	}
	mask := uint64(len(table) - 1)
	for i := mix(k) & mask; ; i = (i + 1) & mask {
		switch table[i] {
		case k:
			return false
		case 0:
			table[i] = k
			v.count++
			return true
		}
	}
}

func (v *visited) grow() {
	old := v.inline[:]
	if v.heap != nil {
		old = v.heap
	}
	v.heap = make([]uint64, 4*len(old))
	mask := uint64(len(v.heap) - 1)
	for _, k := range old {
		if k == 0 {
			continue
		}
		i := mix(k) & mask
		for v.heap[i] != 0 {
			i = (i + 1) & mask
		}
		v.heap[i] = k
	}
}

// mix is the splitmix64 finaliser, a cheap good hash of a 64-bit key.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
