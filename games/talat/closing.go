package talat

// This file decides whether a board is still open (§5): a board is open
// while some position reachable by non-capturing steps of either of its two
// sides, in any order, allows an immediate capture.

// maxBoardTowers bounds the towers on one board: two start lines of five.
const maxBoardTowers = 2 * Size

// maxPairs bounds the candidate pairs: every ordered pair of opposite sides.
const maxPairs = 2 * Size * Size

// local is a board reduced to what the closing search needs: where each
// tower stands, which side it plays, and the candidate pairs that may still
// become a capture.
type local struct {
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
func (l *local) search() bool {
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
