package talat

import "math/bits"

// This file decides whether a board is still open: a board is open
// while some position reachable by non-capturing steps of either of its two
// sides, in any order, allows an immediate capture.
//
// The check runs after every move, so it must be fast even on boards built
// to be slow. It has three stages:
//
//  1. The prefilter lists the live pairs: (attacker, target) towers of
//     opposite sides whose kinds allow the capture and whose geometry still
//     allows it (row gap g ≥ 0, column distance ≤ g+1). A capture possible
//     now answers at once; no live pair means closed.
//  2. A reduction keeps for each tower only the cells it may ever need to
//     step into for a capture (below), either for one pair (reduce) or for
//     all live pairs together (global.reduce).
//  3. Exact memoised depth-first searches over the steps the reduction
//     keeps. Two strategies run side by side with a budget of positions
//     that grows fourfold each round, so a board costs about what the
//     better one needs: the search of all live pairs at once
//     (closing_global.go), and the search of each live pair alone:
//     iterative deepening on the number of steps with a lower bound
//     (IDA*, see pairOpen), so the shortest witnesses are tried first,
//     and when a round's budget runs out, one plain depth-first pass with
//     the same budget (some long witnesses lie early in its order);
//     within an iteration the pair's own towers first, the steps keeping
//     the most slack first, with a one-step look-ahead for the capture,
//     expanding only the steps of a stubborn set (closing_stubborn.go, a
//     partial-order reduction). Each strategy is fast on boards where
//     the other is slow (see closingCases). The pairs' iterations are
//     interleaved by bound (all pairs' iterations of bound B before any
//     of bound B+1), so the board's shortest witness is found first,
//     whichever pair has it. The lower bound counts the towers in the
//     way on the pair's paths (closing_bound.go), and the memo table
//     keeps the bound each position learnt (IDA* with memory).
//
// # Why the reduction is exact
//
// Steps only matter through occupancy: a step needs its target cell empty,
// and a capture needs only the two towers side by side. Write C(T) for the
// cells tower T can ever stand on (its forward cone, minus cells held by
// towers that can never move again, see cones). For a live pair p = (a, t)
// write U(a) for the cells of C(a) from which some cell of C(t) is still in
// reach by the prefilter, and U(t) likewise. A pair only dies (its slack
// g+1-dc never grows), so in any sequence of steps that ends in a capture
// by p, p is alive throughout, and every cell a steps into lies in U(a) and
// every cell t steps into lies in U(t).
//
// For the pair p the reduction computes need sets N(T), the least sets with
//
// U(a) ⊆ N(a) and U(t) ⊆ N(t), their own cells left out;
// if T can stand on x (x in R(T), the cells reachable from T's cell
//	     through N(T)) and x ∈ N(T') for another tower T', then the
//	     successors of x in C(T) are in N(T): T may have to leave x.
//
// Restrict the game so that each tower steps only into its need set. That
// loses no capture by p. Take any sequence σ of steps ending in a capture
// by p and replay it, keeping a step of T only if T has kept all its
// earlier steps and the target is in N(T); a tower whose step is dropped
// stays where it is for the rest of the replay. Every kept step is legal:
// if its target y ∈ N(T) were held by such a tower F, then F stood on y in
// σ and stepped on to a successor z (y is empty in σ at that time), and
// since y ∈ R(F) ∩ N(T), puts z in N(F), so F's step was kept after
// all. By no step of a or t is dropped, so the replay ends with the
// same capture. Conversely every restricted sequence is a sequence of the
// real game. So the board is open iff for some live pair p the game
// restricted by p's need sets reaches a capture by p.
//
// Only towers that may have a step dropped need, so a and t are left
// out of it: their steps are all kept by. For all pairs together
// (global.reduce), N(T) takes from every live pair of T and for
// every tower, as any pair may be the one that captures.
//
// In the restricted game a tower with an empty need set never moves: most
// towers of a crowded board drop out of the search, and the towers that
// stay may only make the few steps that can matter to the pair.

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

// widen adds to m the cells beside its cells on the same row. (The mask
// with allCells drops e5's right neighbour, bit 25, which would otherwise
// come back as a5 when shifted down a row.)
func widen(m cellSet) cellSet { return (m | (m<<1)&^fileA | (m>>1)&^fileE) & allCells }

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
// tower stands, which side it plays, the cells it may reach and step into,
// and the pair whose capture is searched for.
type local struct {
	n    int
	pos  [maxBoardTowers]Cell
	side [maxBoardTowers]Side
	// cone[i] is C(T) of the reduction: the cells tower i may ever stand on.
	cone [maxBoardTowers]cellSet
	// need[i] is N(T) of the reduction for the pair searched: the cells
	// tower i may step into.
	need [maxBoardTowers]cellSet
	// leave[i] are the cells tower i can step on from: those with a
	// successor in need[i].
	leave [maxBoardTowers]cellSet
	occ   cellSet
	// fixed are the cells of the towers the search of p never moves.
	fixed cellSet
	at    [NumCells]uint8 // tower index + 1 on each cell, 0 when empty
	key   uint64          // tower positions, 5 bits each
	p     pair            // the pair searched
	// moving marks (bit i) the towers the search of p may move: a, t and
	// the towers in order.
	moving uint16
	order  [maxBoardTowers]uint8
	no     int // towers in order: those other than a and t with a need set
	nodes  int // positions expanded and reductions made, for tests and benchmarks
	limit  int // the search gives up when nodes exceeds it
	// depth is the number of steps from the root to the current position,
	// bound the largest depth+lower bound an iteration of the
	// iterative-deepening search may visit, next the least value above
	// bound it skipped (noBound if none: the iteration was exhaustive).
	depth, bound, next int
	seen               visited
	// ready is set when need, order and seen are prepared for the
	// search of p (by reduce).
	ready bool
}

// noBound marks an iteration of the search of one pair that skipped no
// position: larger than any number of steps on a board (at most 4 per
// tower).
const noBound = 1 << 30

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
// prefilter: the gap in rows g is not negative and the column
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
// much work it took: positions expanded plus reductions made.
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
		l.at[c] = uint8(l.n + 1)
		l.key |= uint64(c) << (5 * uint(l.n))
		l.n++
	}
	var pairs [maxPairs]pair
	var slack [maxPairs]int8
	np := 0
	for i := range l.n {
		for j := range l.n {
			if l.side[i] == l.side[j] || !CanCapture(kinds[i], kinds[j]) {
				continue
			}
			switch reach(l.pos[i], l.pos[j], l.side[i]) {
			case 2:
				return true, 0
			case 1:
				// Insert by the row gap, so the pairs closest to a
				// capture are searched first.
				g := int8(rho(l.pos[j], l.side[i]) - rho(l.pos[i], l.side[i]))
				k := np
				for ; k > 0 && slack[k-1] > g; k-- {
					pairs[k], slack[k] = pairs[k-1], slack[k-1]
				}
				pairs[k], slack[k] = pair{uint8(i), uint8(j)}, g
				np++
			}
		}
	}
	if np == 0 {
		return false, 0
	}
	l.cones()
	// Two strategies, side by side with a growing budget of positions, so
	// that the board costs about what the better of them needs (each has
	// boards that are slow for it and quick for the other): the search of
	// all pairs at once (closing_global.go), and the search of each pair
	// alone, where a pair decided within its budget drops out.
	var g global // prepared only if the first round leaves pairs undecided
	all := pairs
	nall := np
	// from[j] is the bound the search of pairs[j] starts at: the
	// iterations below it found nothing.
	var from [maxPairs]int8
	for j, p := range pairs[:np] {
		from[j] = int8(steps(l.pos[p.a], l.pos[p.t], l.side[p.a]))
	}
	work := 0
	for budget := firstBudget; ; budget *= 4 {
		// The pairs' iterations in order of their bounds, all pairs'
		// iterations of bound B before any of bound B+1: the shortest
		// witness of the board is found first, whichever pair has it.
		// A pair that spends its budget for the round waits for the next.
		var spent [maxPairs]int
		var out [maxPairs]bool
		for {
			bound := noBound
			for j := range np {
				if !out[j] {
					bound = min(bound, int(from[j]))
				}
			}
			if bound == noBound {
				break
			}
			k := 0
			for j, p := range pairs[:np] {
				if out[j] || int(from[j]) > bound {
					pairs[k], from[k], spent[k], out[k] = p, from[j], spent[j], out[j]
					k++
					continue
				}
				n0 := l.nodes
				l.limit = l.nodes + budget - spent[j]
				if l.pairOpenTo(p, bound, bound) {
					return true, work + l.nodes
				}
				spent[j] += l.nodes - n0
				switch {
				case l.nodes > l.limit:
					out[j] = true // the next round goes on from here
				case l.next == noBound:
					continue // the pair never captures
				default:
					from[j] = int8(l.next)
				}
				pairs[k], from[k], spent[k], out[k] = p, from[j], spent[j], out[j]
				k++
			}
			np = k
		}
		// The pairs out of budget get the same budget for one
		// depth-first pass without a bound, which finds some long
		// witnesses sooner.
		k := 0
		for j, p := range pairs[:np] {
			l.limit = l.nodes + budget
			if l.pairOpenTo(p, depthFirst, depthFirst) {
				return true, work + l.nodes
			}
			if l.nodes > l.limit {
				pairs[k], from[k] = p, from[j]
				k++
			}
		}
		np = k
		if np == 0 {
			return false, work + l.nodes
		}
		if budget == firstBudget {
			g.init(&l, all[:nall])
		}
		open, done := g.run(budget)
		work += g.nodes
		if done {
			return open, work + l.nodes
		}
	}
}

// firstBudget is the positions each pair may search in the first round:
// most pairs are decided within a few dozen.
const firstBudget = 32

// pairOpen reports whether pair p can capture, or gives up (returning
// false with l.nodes > l.limit) when the search runs out of budget.
//
// The search is iterative deepening on the number of steps with a lower
// bound (IDA*): an iteration visits only the positions whose depth plus
// a lower bound on the steps left (the larger of steps plus blockers and
// the path bound of closing_bound.go) is at most bound, and the next
// iteration raises bound to the least value skipped. So the witnesses of
// a pair are tried shortest first: an open board is settled by a short
// witness without a walk through the long dead ends a depth-first order
// may take first. It stays exact: the depth of a position is the number
// of rows its towers advanced, the same on every path to it, so the memo
// table of one iteration is exact; the stubborn sets keep a shortest
// witness (closing_stubborn.go); and an iteration that skipped nothing
// searched every position, so the pair never captures.
//
// The memo table keeps, for every position searched, the bound it learnt
// (IDA* with memory): when the search below a position at depth d skipped
// positions, the least depth+lower bound f among them, minus d, is a
// lower bound on the steps from that position to a capture (every
// sequence to a capture from it passes through a skipped position, or
// through a position whose stored bound is such a lower bound, and
// depths do not depend on the path); dead when nothing was skipped (the
// pair never captures from there). A later visit, in this iteration or a
// later one, searches the position again only when d plus its learnt
// bound is within the iteration's bound, and otherwise skips it with that
// value, so the low iterations are not walked again. (The stubborn sets
// keep the distance to a capture of every position, so a bound learnt in
// the reduced graph holds in the restricted game.) A search cut short by
// the budget learns nothing.
//
// The first iteration's bound is the larger of from and the lower bound
// at the start; from must be at most the length of the shortest witness
// (an earlier run's last bound is).
func (l *local) pairOpen(p pair, from int) bool { return l.pairOpenTo(p, from, noBound) }

// pairOpenTo is pairOpen with the iterations limited to bounds up to to:
// when it returns false within budget, l.next is the bound the next
// iteration would take (noBound: the pair never captures). Called again
// for the same pair, it keeps the memo table and its learnt bounds.
func (l *local) pairOpenTo(p pair, from, to int) bool {
	s := l.side[p.a]
	if !l.ready || l.p != p {
		ua := l.cone[p.a] & cone(widen(l.cone[p.t]), s.Other(), 0)
		ut := l.cone[p.t] & cone(widen(l.cone[p.a]), s, 0)
		if !l.reduce(p, ua, ut) {
			l.next = noBound
			return false
		}
	}
	l.depth = 0
	l.bound = max(from, steps(l.pos[p.a], l.pos[p.t], s))
	for {
		l.next = noBound
		if l.search() {
			return true
		}
		if l.nodes > l.limit || l.next == noBound || l.next > to {
			return false
		}
		l.bound = l.next
	}
}

// dead is the bound learnt for a position from which the pair never
// captures: its search skipped nothing.
const dead = 255

// depthFirst is a bound of pairOpen that no witness reaches (at most
// four steps per tower): its first iteration is a plain depth-first search.
const depthFirst = 4*maxBoardTowers + 1

// steps is a lower bound on the steps before attacker a at a can capture
// target t at t, attacker side s, on a live pair: each step of either
// tower closes the row gap g by one and the column distance dc by at most
// one, and the capture needs g = 1 and dc ≤ 1, or g = 0 and dc = 1.
func steps(a, t Cell, s Side) int {
	g := rho(t, s) - rho(a, s)
	dc := a.Col() - t.Col()
	if dc < 0 {
		dc = -dc
	}
	if g >= 1 && dc <= g {
		return g - 1
	}
	return g
}

// cones fills in C(T) for every tower: the cells it can reach by steps that
// never enter the cell of a stuck tower, and returns the cells of the
// stuck towers.
//
// The stuck towers are the largest set S whose towers have every successor
// cell (none on the far line) held by a tower of S. No tower of S can ever
// move: the first of them to move would need an empty successor, but its
// successors hold towers of S that have not moved yet. This catches towers
// on their far line, towers behind them, and also deadlocks such as a row
// of black towers facing a row of white towers, each blocking the other.
func (l *local) cones() cellSet {
	st := l.occ
	for changed := true; changed; {
		changed = false
		for i := range l.n {
			c := cellSet(1) << uint(l.pos[i])
			if st&c != 0 && ahead(c, l.side[i])&^st != 0 {
				st &^= c
				changed = true
			}
		}
	}
	for i := range l.n {
		c := cellSet(1) << uint(l.pos[i])
		l.cone[i] = c
		if st&c == 0 {
			l.cone[i] = cone(c, l.side[i], st)
		}
	}
	return st
}

// reduce computes the need sets of the reduction (see the top of this file)
// for pair p, prepares the search of p, and reports whether a or t can
// move at all (if neither can, p never captures).
func (l *local) reduce(p pair, ua, ut cellSet) bool {
	l.p = p
	l.ready = false
	l.nodes++ // a reduction costs about as much as a position
	for i := range l.n {
		l.need[i] = 0
	}
	l.need[p.a] = ua &^ (1 << uint(l.pos[p.a]))
	l.need[p.t] = ut &^ (1 << uint(l.pos[p.t]))
	if l.need[p.a]|l.need[p.t] == 0 {
		return false
	}
	//, to the least fixed point.
	for changed := true; changed; {
		changed = false
		var all, twice cellSet // cells needed by at least one, two towers
		for i := range l.n {
			twice |= all & l.need[i]
			all |= l.need[i]
		}
		for i := range uint8(l.n) {
			if i == p.a || i == p.t {
				continue // keeps all their steps, see above
			}
			others := all&^l.need[i] | twice
			ri := cellSet(1) << uint(l.pos[i]) // R(T)
			for range Size - 1 {
				ri |= ahead(ri, l.side[i]) & l.need[i]
			}
			if add := ahead(ri&others, l.side[i]) & l.cone[i]; add&^l.need[i] != 0 {
				l.need[i] |= add
				all |= add
				changed = true
			}
		}
	}
	// The towers that may have to make way; search moves a and t itself.
	l.no = 0
	l.moving = 1<<p.a | 1<<p.t
	l.fixed = 0
	for i := range uint8(l.n) {
		l.leave[i] = ahead(l.need[i], l.side[i].Other())
		if l.need[i] != 0 && i != p.a && i != p.t {
			l.order[l.no] = i
			l.no++
			l.moving |= 1 << i
		} else if l.need[i] == 0 && i != p.a && i != p.t {
			l.fixed |= 1 << uint(l.pos[i])
		}
	}
	l.seen.reset()
	l.ready = true
	return true
}

// search explores the kept steps from the current position depth first and
// reports whether the pair can capture. The caller has checked that the
// pair is alive and cannot capture now. Of the steps enabled here it takes
// only those of a stubborn set (closing_stubborn.go): that loses no
// capture, and on crowded boards it skips the combinations of moves of
// towers that do not affect each other.
func (l *local) search() bool {
	l.nodes++
	if l.nodes > l.limit {
		return false
	}
	aMust, tMust := l.must()
	// The lower bounds with the towers in the way (see blockers and
	// paths); the larger of two lower bounds is one.
	lb := l.blockers(aMust, tMust)
	if lb < noBound {
		lb = max(lb+steps(l.pos[l.p.a], l.pos[l.p.t], l.side[l.p.a]), l.paths())
	}
	if lb >= noBound {
		return false // no witness from here
	}
	if f := l.depth + lb; f > l.bound {
		l.next = min(l.next, f)
		return false
	}
	full := l.stubborn(aMust, tMust)
	if full == 0 {
		return false // no step of the stubborn set is enabled: p never captures
	}
	// The steps of a and t first, those that keep the most slack first:
	// they bring the two together the straightest way. A step that makes
	// the capture possible ends the search at once, and a step after which
	// the pair has passed is never taken (nothing beyond it can capture).
	type move struct {
		i     uint8
		to    Cell
		slack int
		f     int // depth plus lower bound after the step
	}
	var mv [6]move // at most three steps each for a and t
	nm := 0
	a, t, s := l.p.a, l.p.t, l.side[l.p.a]
	for _, i := range [2]uint8{a, t} {
		if full&(1<<i) == 0 {
			continue
		}
		for m := ahead(1<<uint(l.pos[i]), l.side[i]) & l.need[i] &^ l.occ; m != 0; m &= m - 1 {
			to := Cell(bits.TrailingZeros32(uint32(m)))
			pa, pt := l.pos[a], l.pos[t]
			if i == a {
				pa = to
			} else {
				pt = to
			}
			switch reach(pa, pt, s) {
			case 2:
				return true
			case 1:
				f := l.depth + 1 + steps(pa, pt, s)
				if f > l.bound {
					l.next = min(l.next, f)
					continue
				}
				sl := slack(pa, pt, s)
				k := nm
				for ; k > 0 && mv[k-1].slack < sl; k-- {
					mv[k] = mv[k-1]
				}
				mv[k] = move{i, to, sl, f}
				nm++
			}
		}
	}
	for _, m := range mv[:nm] {
		if l.step(m.i, l.pos[m.i], m.to) {
			return true
		}
		if l.nodes > l.limit {
			return false
		}
	}
	// Then the towers that may have to make way, if a step of theirs
	// leaves room for a capture within bound.
	if f := l.depth + 1 + steps(l.pos[a], l.pos[t], s); f > l.bound {
		l.next = min(l.next, f)
		return false
	}
	for _, i := range l.order[:l.no] {
		if full&(1<<i) == 0 {
			continue
		}
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

// blockers is a lower bound on the steps of towers other than a and t
// that a witness from here must take besides those of a and t (noBound if
// there is no witness): if a must move and every cell it can step into is
// held, the holder of one of them must step out first, and so on down a
// chain (see clear); likewise for t. The chains of a and t may share
// steps, so the bound is the larger of the two.
func (l *local) blockers(aMust, tMust bool) int {
	lb := 0
	if aMust {
		lb = l.firstClear(l.p.a)
	}
	if tMust {
		lb = max(lb, l.firstClear(l.p.t))
	}
	return lb
}

// clearDepth bounds the chains of blockers that clear follows: four steps
// cross the board, and a deeper chain only counts its first four.
const clearDepth = 4

// firstClear is the least of clear over the cells tower i may step into
// next (noBound if none).
func (l *local) firstClear(i uint8) int {
	best := noBound
	for m := ahead(1<<uint(l.pos[i]), l.side[i]) & l.need[i]; m != 0 && best > 0; m &= m - 1 {
		best = min(best, l.clear(Cell(bits.TrailingZeros32(uint32(m))), clearDepth))
	}
	return best
}

// clear is a lower bound on the steps of towers other than a and t before
// cell y is empty: 0 if it is empty or held by a or t; otherwise its
// holder k must step out into one of its successors in N(k), which must
// be cleared first, so one more than the least clear of those (noBound if
// k has none: in the restricted game k never leaves y). Below depth the
// chain counts only the step out.
func (l *local) clear(y Cell, depth int) int {
	h := l.at[y]
	if h == 0 || h-1 == l.p.a || h-1 == l.p.t {
		return 0
	}
	k := h - 1
	out := ahead(1<<uint(y), l.side[k]) & l.need[k]
	if out == 0 {
		return noBound
	}
	if depth == 0 || out&^l.occ != 0 {
		return 1
	}
	best := noBound
	for m := out; m != 0 && best > 1; m &= m - 1 {
		best = min(best, l.clear(Cell(bits.TrailingZeros32(uint32(m))), depth-1))
	}
	if best >= noBound {
		return noBound
	}
	return 1 + best
}

// trailing is the lowest cell of the non-empty set m.
func trailing(m cellSet) Cell { return Cell(bits.TrailingZeros32(uint32(m))) }

// slack is how far attacker a at a and target t at t, attacker side s, are
// from passing each other: g+1-dc of the prefilter, never negative while
// the pair is alive.
func slack(a, t Cell, s Side) int {
	dc := a.Col() - t.Col()
	if dc < 0 {
		dc = -dc
	}
	return rho(t, s) - rho(a, s) + 1 - dc
}

// step moves tower i from from to to and searches on from there if the
// position is new; then it takes the step back. It reports whether a
// capture was found.
func (l *local) step(i uint8, from, to Cell) bool {
	shift := 5 * uint(i)
	l.occ ^= 1<<uint(from) | 1<<uint(to)
	l.key ^= (uint64(from) ^ uint64(to)) << shift
	l.pos[i] = to
	l.at[from], l.at[to] = 0, i+1
	l.depth++
	found := false
	switch h, ok := l.seen.get(l.key); {
	case !ok || l.depth+int(h) <= l.bound:
		// New, or its learnt bound is within this iteration's: search
		// it, and learn the least depth+bound it skipped (see pairOpen).
		outer := l.next
		l.next = noBound
		found = l.search()
		if !found && l.nodes <= l.limit {
			learnt := uint8(dead)
			if l.next < noBound {
				learnt = uint8(min(l.next-l.depth, dead-1))
			}
			l.seen.put(l.key, learnt)
		}
		l.next = min(outer, l.next)
	case h != dead:
		l.next = min(l.next, l.depth+int(h))
	}
	l.depth--
	l.at[from], l.at[to] = i+1, 0
	l.pos[i] = from
	l.occ ^= 1<<uint(from) | 1<<uint(to)
	l.key ^= (uint64(from) ^ uint64(to)) << shift
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

// reset empties the set, keeping a table grown on the heap for reuse.
func (v *visited) reset() {
	switch {
	case v.heap != nil:
		clear(v.heap)
	case v.count > 0:
		clear(v.inline[:])
	}
	v.count = 0
}

// add inserts k and reports whether it was new.
func (v *visited) add(k uint64) bool {
	_, ok := v.slot(k)
	if ok {
		return false
	}
	v.put(k, 0)
	return true
}

// keyBits are the bits of an entry of visited that hold its key plus one;
// the bits above hold its value. A key takes 5 bits per tower, 50 in all.
const keyBits = 5*maxBoardTowers + 1

// keyMask selects the key of an entry of visited.
const keyMask = 1<<keyBits - 1

// get returns the value stored with k and whether k is in the set.
func (v *visited) get(k uint64) (val uint8, ok bool) {
	e, ok := v.slot(k)
	return uint8(e >> keyBits), ok
}

// slot returns the entry of k and whether there is one.
func (v *visited) slot(k uint64) (uint64, bool) {
	k++ // 0 marks an empty slot
	table := v.inline[:]
	if v.heap != nil {
		table = v.heap
	}
	mask := uint64(len(table) - 1)
	for i := mix(k) & mask; ; i = (i + 1) & mask {
		switch e := table[i]; {
		case e == 0:
			return 0, false
		case e&keyMask == k:
			return e, true
		}
	}
}

// put stores k with the value val, replacing any value stored with it.
func (v *visited) put(k uint64, val uint8) {
	k++
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
		switch e := table[i]; {
		case e == 0:
			v.count++
			fallthrough
		case e&keyMask == k:
			table[i] = k | uint64(val)<<keyBits
			return
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
		i := mix(k&keyMask) & mask
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
