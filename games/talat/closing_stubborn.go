package talat

import "math/bits"

// This file is the partial-order reduction of the search of one pair
// (local.search): in each position the search takes only the enabled steps
// of a stubborn set, not every enabled step.
//
// # The transition system
//
// The search of pair p = (a, t) runs in the game restricted by p's need
// sets (closing.go): a transition is a step (i, x→y) of a moving tower i
// (a, t, or a tower with a need set) from cell x to a successor y in
// N(i). It is enabled when i stands on x and y is empty. The goal is a
// position where a can capture t. Positions where p has passed are dead
// ends: no goal is reachable from them, so the search may drop them.
//
// # Stubborn sets
//
// A set S of transitions is stubborn in a position s that is not a goal if
//
//	(D1) for every τ in S and every sequence u1…un of transitions not in S,
//	     if s –u1…un τ→ s' then s –τ u1…un→ s';
//	(D2) every sequence from s to a goal contains a transition of S.
//
// Then a goal reachable from s is reachable by a sequence that starts with
// an enabled transition of S: take a shortest sequence to a goal; by (D2)
// it contains a transition of S, let τ be the first; by (D1) τ moved to the
// front gives a sequence of the same length to the same goal, and τ is
// enabled in s. By induction on the distance to the goal, a depth-first
// search that expands only the enabled transitions of a stubborn set in
// every position finds a goal iff one is reachable. The reduction also
// keeps the distance to a goal (τ leads one step closer), which the
// iterative deepening of pairOpen needs: an iteration whose bound is at
// least the distance finds a goal. The memo table stays
// exact: the set depends only on the position and the graph is acyclic
// (every step advances a row), so a position searched before and found
// without a goal has none.
//
// # Building S
//
// (D2): no goal holds now, so a goal sequence moves a or t; the first step
// of a (of t) in it starts from a's (t's) current cell. So the first steps
// of a and t form a set satisfying (D2). When a must move (t can reach no
// cell a attacks from its current cell), a's first steps alone satisfy it,
// and likewise for t.
//
// (D1) is met by closing S under three rules, for τ = (i, x→y) in S:
//
//  1. τ enabled: every other step of i from x, and every step (j, z→y) of
//     another tower into y, are in S. Then no transition u outside S moves
//     i or fills y, and none fills x (i stands there until τ), so τ is
//     still enabled after u1…un, and taking it first changes no
//     precondition of any u: the u's may run after it and end in the same
//     place. A tower j that can never leave y again (no successor of y
//     in N(j)) is left out: if some u brings j into y, τ never runs after
//     it, and (D1) asks nothing of that sequence.
//  2. τ disabled because tower k holds y: every step of k from y is in S.
//     Then no u empties y, so u1…un τ never runs and (D1) holds at once.
//     (A tower that never moves blocks τ for good.)
//  3. τ disabled because i is not on x: every step of i into x is in S.
//     Then no u brings i to x. A step whose source i can never reach is
//     never enabled and needs nothing.
//
// Rule 3 applied to the steps of i into a cell y walks back from y to i's
// cell: it puts into S exactly i's first steps that lead (through N(i)) to
// y, and steps of i that are disabled by rule 3 only. So S is described by
// the towers i whose first steps are all in S (full, from rules 1 and 2
// and the seed) and, for the others, the cells D(i) other towers' enabled
// steps fill (rule 1), of which i's first steps toward D(i) are in S; if
// one of those is enabled, i becomes full by rule 1, and if one is blocked
// by k, k becomes full by rule 2. stubborn computes this to the least
// fixed point; the enabled transitions of S are then the enabled first
// steps of the full towers.

// stubborn returns the towers whose first steps make the enabled
// transitions of a stubborn set for the current position of the search
// of l.p, which is alive and cannot capture now; 0 means the set has no
// enabled transition, so the pair never captures from here. Of the seeds
// that satisfy (D2), it takes the one whose set has the fewest enabled
// steps.
// aMust and tMust are the answers of must.
func (l *local) stubborn(aMust, tMust bool) uint16 {
	a, t := l.p.a, l.p.t
	switch {
	case aMust && tMust:
		fa, na := l.closure(1 << a)
		if na == 0 {
			return 0
		}
		ft, nt := l.closure(1 << t)
		if nt < na {
			return ft
		}
		return fa
	case aMust:
		f, _ := l.closure(1 << a)
		return f
	case tMust:
		f, _ := l.closure(1 << t)
		return f
	}
	f, _ := l.closure(1<<a | 1<<t)
	return f
}

// must reports whether every way to a capture by the pair from here
// moves a, and whether it moves t.
func (l *local) must() (aMust, tMust bool) {
	a, t := l.p.a, l.p.t
	s := l.side[a]
	pa, pt := cellSet(1)<<uint(l.pos[a]), cellSet(1)<<uint(l.pos[t])
	// a must move if t never stands where a attacks from a's cell: beside
	// or ahead of it.
	aMust = (widen(pa)&^pa|ahead(pa, s))&l.reachable(t) == 0
	// t must move if a never stands where it attacks t's cell from.
	tMust = (widen(pt)&^pt|ahead(pt, s.Other()))&l.reachable(a) == 0
	return aMust, tMust
}

// reachable returns the cells tower i may stand on from here in the
// restricted game: its cell and the cells reached through N(i).
func (l *local) reachable(i uint8) cellSet {
	r := cellSet(1) << uint(l.pos[i])
	for range Size - 1 {
		r |= ahead(r, l.side[i]) & l.need[i]
	}
	return r
}

// closure grows the stubborn set from the first steps of the towers of
// seed by the rules above and returns its full towers and its number of
// enabled transitions (0 with full = 0 when it has none).
func (l *local) closure(seed uint16) (full uint16, enabled int) {
	full = seed & l.moving
	var demand [maxBoardTowers]cellSet // D(i)
	var done uint16                    // full towers whose steps were added
	for full&^done != 0 {
		for m := full &^ done; m != 0; m &= m - 1 {
			i := uint8(bits.TrailingZeros16(m))
			done |= 1 << i
			first := ahead(1<<uint(l.pos[i]), l.side[i]) & l.need[i]
			full |= l.holders(first & l.occ) // rule 2
			if en := first &^ l.occ; en != 0 {
				enabled += bits.OnesCount32(uint32(en))
				for o := l.moving &^ (1 << i); o != 0; o &= o - 1 { // rule 1
					j := bits.TrailingZeros16(o)
					demand[j] |= en & l.need[j] & l.leave[j]
				}
			}
		}
		for o := l.moving &^ full; o != 0; o &= o - 1 {
			j := uint8(bits.TrailingZeros16(o))
			if demand[j] == 0 {
				continue
			}
			// Rule 3: the first steps of j that lead to a cell of D(j).
			back := demand[j]
			for range Size - 1 {
				back |= ahead(back, l.side[j].Other()) & l.need[j]
			}
			first := ahead(1<<uint(l.pos[j]), l.side[j]) & back
			if first&^l.occ != 0 {
				full |= 1 << j // rule 1 makes all of j's first steps stubborn
			} else {
				full |= l.holders(first) // rule 2
			}
		}
	}
	if enabled == 0 {
		return 0, 0
	}
	return full, enabled
}

// holders returns the moving towers that stand on the cells of m.
func (l *local) holders(m cellSet) uint16 {
	var h uint16
	for ; m != 0; m &= m - 1 {
		if k := l.at[bits.TrailingZeros32(uint32(m))]; k != 0 {
			h |= 1 << (k - 1)
		}
	}
	return h & l.moving
}
