package talat

import "math/bits"

// This file is the second strategy of the closing check (see closing.go):
// one search over all live pairs at once, where a step of any tower may
// bring any pair together. It finds quickly some captures that the search
// of one pair at a time finds late, and the other way round, so boardOpen
// runs both side by side with a growing budget.

// global is a board prepared for the search over all live pairs.
type global struct {
	n    int
	pos  [maxBoardTowers]Cell
	side [maxBoardTowers]Side
	cone [maxBoardTowers]cellSet
	need [maxBoardTowers]cellSet // union of the pairs' need sets
	occ  cellSet
	key  uint64 // tower positions, 5 bits each
	// pairs are the live pairs; alive marks those of the component
	// searched that have not passed yet, live counts them.
	pairs [maxPairs]pair
	np    int
	alive [maxPairs]bool
	live  int
	// of[i] lists the pairs tower i belongs to.
	of    [maxBoardTowers][maxPairs]uint8
	nof   [maxBoardTowers]uint8
	gap   [maxBoardTowers]int8  // smallest row gap of the tower's pairs
	comp  [maxBoardTowers]uint8 // component of each tower
	ncomp int
	order [maxBoardTowers]uint8 // towers of the component searched, in search order
	no    int
	nodes int // positions expanded, for tests and benchmarks
	limit int // the search gives up when nodes exceeds it
	seen  visited
}

// init prepares the search over the live pairs of l, whose positions
// are where they were before any search.
func (g *global) init(l *local, pairs []pair) {
	g.n, g.pos, g.side, g.cone, g.occ, g.key = l.n, l.pos, l.side, l.cone, l.occ, l.key
	for i := range g.n {
		g.gap[i] = 2 * Size
	}
	for _, p := range pairs {
		k := uint8(g.np)
		g.pairs[k] = p
		g.np++
		g.of[p.a][g.nof[p.a]] = k
		g.nof[p.a]++
		g.of[p.t][g.nof[p.t]] = k
		g.nof[p.t]++
		gp := int8(rho(g.pos[p.t], g.side[p.a]) - rho(g.pos[p.a], g.side[p.a]))
		g.gap[p.a], g.gap[p.t] = min(g.gap[p.a], gp), min(g.gap[p.t], gp)
	}
	g.ncomp = g.reduce()
}

// run searches the components within budget positions. It reports whether
// a capture is reachable and whether the search finished (if not, open is
// false and means nothing).
func (l *global) run(budget int) (open, done bool) {
	l.nodes = 0
	l.limit = budget
	for c := range uint8(l.ncomp) {
		l.seen.reset()
		if l.searchComponent(c) {
			return true, true
		}
		if l.nodes > l.limit {
			return false, false
		}
	}
	return false, true
}

// reduce computes the need sets of all live pairs together, by for
// every tower of a live pair and for every tower (any of them may have
// to make way for the pair that captures in the end), and the components,
// and returns the number of components. Two towers interact when one can
// stand on a cell the other needs, or when they form a live pair; towers of
// different components never meet, so the board is open iff the search of
// some component finds a capture.
func (l *global) reduce() int {
	cones := &l.cone
	var in [maxBoardTowers]cellSet
	//: U(T) for the towers of live pairs. For attacker a of side s and
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
	//, to the least fixed point. r[i] is R(T): the cells tower i can
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
func (l *global) searchComponent(c uint8) bool {
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
func (l *global) search() bool {
	l.nodes++
	if l.nodes > l.limit {
		return false
	}
	for _, i := range l.order[:l.no] {
		from := l.pos[i]
		for m := ahead(1<<uint(from), l.side[i]) & l.need[i] &^ l.occ; m != 0; m &= m - 1 {
			if l.step(i, from, Cell(bits.TrailingZeros32(uint32(m)))) {
				return true
			}
			if l.nodes > l.limit {
				return false
			}
		}
	}
	return false
}

// step moves tower i from from to to, looks at the new position and
// searches on from it if it is new and some pair is still alive; then it
// takes the step back. It reports whether a capture was found.
func (l *global) step(i uint8, from, to Cell) bool {
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
