package talat

// This file keeps the first closing search, an exhaustive memoised search
// over every tower's steps pruned only by the prefilter of §5, as the
// reference for the cross-checks in closing_test.go.

// refLocal is the closing search as first written (before the reduction of
// closing.go), kept as the reference the fast check is tested against: a board
// reduced to what the search needs: where each
// tower stands, which side it plays, and the candidate pairs that may still
// become a capture.
type refLocal struct {
	n     int
	pos   [maxBoardTowers]Cell
	side  [maxBoardTowers]Side
	occ   uint32 // bit per occupied cell
	key   uint64 // tower positions, 5 bits each
	pairs [maxPairs]pair
	np    int
	alive [maxPairs]bool
	live  int // alive pairs
	// of[i] lists the pairs tower i belongs to.
	of    [maxBoardTowers][maxPairs]uint8
	nof   [maxBoardTowers]uint8
	order [maxBoardTowers]uint8 // towers in search order
	nodes int                   // positions expanded, for tests and benchmarks
	seen  visited
}

// boardOpenRef reports whether board b with the given cells is open, and how
// many positions the search expanded.
func boardOpenRef(b Board, cells *[NumCells]uint8) (open bool, nodes int) {
	var l refLocal
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
	// gap[i] is the smallest row gap of tower i's pairs: the search tries
	// the towers closest to a capture first, and towers in no pair last.
	var gap [maxBoardTowers]int
	for i := range l.n {
		gap[i] = 2 * Size
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
				l.alive[k] = true
				l.np++
				l.of[i][l.nof[i]] = k
				l.nof[i]++
				l.of[j][l.nof[j]] = k
				l.nof[j]++
				g := rho(l.pos[j], l.side[i]) - rho(l.pos[i], l.side[i])
				gap[i], gap[j] = min(gap[i], g), min(gap[j], g)
			}
		}
	}
	if l.np == 0 {
		return false, 0
	}
	l.live = l.np
	for i := range l.n {
		l.order[i] = uint8(i)
	}
	ord := l.order[:l.n]
	for i := 1; i < len(ord); i++ { // insertion sort by gap, stable
		for j := i; j > 0 && gap[ord[j]] < gap[ord[j-1]]; j-- {
			ord[j], ord[j-1] = ord[j-1], ord[j]
		}
	}
	open = l.search()
	return open, l.nodes
}

// search explores the steps from the current position depth first and
// reports whether a capture becomes possible. The caller has checked that
// no capture is possible now and that some pair passes the prefilter.
func (l *refLocal) search() bool {
	l.nodes++
	for _, i := range l.order[:l.n] {
		from := l.pos[i]
		r, c := from.Row(), from.Col()
		nr := r + l.side[i].Forward()
		if nr < 0 || nr >= Size {
			continue
		}
		for dc := -1; dc <= 1; dc++ {
			to := CellAt(nr, c+dc)
			if to == NoCell || l.occ&(1<<uint(to)) != 0 {
				continue
			}
			if l.step(i, from, to) {
				return true
			}
		}
	}
	return false
}

// step moves tower i from from to to, looks at the new position and
// searches on from it if it is new and some pair is still alive; then it
// takes the step back. It reports whether a capture was found.
func (l *refLocal) step(i uint8, from, to Cell) bool {
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
