package talat

import (
	"flag"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// hunt runs TestHuntSlowBoards: the number of mutations of its hill climb
// for boards that make the closing check slow (0 skips it).
var hunt = flag.Int("hunt", 0, "mutations of the hill climb for slow closing boards (TestHuntSlowBoards); 0 skips it")

// boardText renders a board as in the position text: ranks 1 to 5
// separated by "/".
func boardText(cells *[NumCells]uint8) string {
	var sb strings.Builder
	for r := range Size {
		if r > 0 {
			sb.WriteByte('/')
		}
		for c := range Size {
			if x := cells[CellAt(r, c)]; x != 0 {
				sb.WriteString(Tower(x - 1).String())
			} else {
				sb.WriteByte('.')
			}
		}
	}
	return sb.String()
}

// randomBoard draws a crowded board for B01 from one of five shapes:
// towers anywhere; towers placed on their start lines and then stepped
// forward at random, as in play; towers packed into the middle rows;
// towers on and near their far lines, where towers get stuck for good and
// the reduction of closing.go has the most to do; and two facing rows of
// towers that block each other.
// Kinds are drawn from a few of the nine per side, so that many boards
// have few live pairs and need the search.
func randomBoard(rng *rand.Rand) [NumCells]uint8 {
	var cells [NumCells]uint8
	kindsFor := func() []Kind {
		ks := rng.Perm(NumKinds)
		// Half the time only 4 to 6 kinds: fewer pairs, more closed boards.
		if rng.IntN(2) == 0 {
			ks = ks[:4+rng.IntN(3)]
		}
		out := make([]Kind, len(ks))
		for i, k := range ks {
			out[i] = Kind(k)
		}
		return out
	}
	kinds := [2][]Kind{kindsFor(), kindsFor()}
	placed := 0
	put := func(s Side, c Cell) bool {
		if cells[c] != 0 || len(kinds[s]) == 0 || placed == maxBoardTowers {
			return false
		}
		placed++
		k := kinds[s][0]
		kinds[s] = kinds[s][1:]
		cells[c] = uint8(NewTower(B01.Colour(s), k)) + 1
		return true
	}
	switch rng.IntN(5) {
	case 0: // anywhere
		for range 2 + rng.IntN(9) {
			put(Side(rng.IntN(2)), Cell(rng.IntN(NumCells)))
		}
	case 1: // start lines, then random steps
		for s := Low; s <= High; s++ {
			for _, c := range rng.Perm(Size)[:1+rng.IntN(Size)] {
				put(s, CellAt(s.StartRow(), c))
			}
		}
		for range rng.IntN(25) {
			from := Cell(rng.IntN(NumCells))
			if cells[from] == 0 {
				continue
			}
			s := Low
			if Tower(cells[from]-1).Colour() != B01.Colour(Low) {
				s = High
			}
			to := CellAt(from.Row()+s.Forward(), from.Col()+rng.IntN(3)-1)
			if to != NoCell && cells[to] == 0 {
				cells[to], cells[from] = cells[from], 0
			}
		}
	case 2: // packed into ranks 2 to 4
		for range 6 + rng.IntN(5) {
			put(Side(rng.IntN(2)), CellAt(1+rng.IntN(3), rng.IntN(Size)))
		}
	case 4: // two facing rows, nearly deadlocked, and a few towers around
		r := rng.IntN(Size - 1)
		for _, c := range rng.Perm(Size)[:3+rng.IntN(3)] {
			put(Low, CellAt(r, c))
		}
		for _, c := range rng.Perm(Size)[:3+rng.IntN(3)] {
			put(High, CellAt(r+1, c))
		}
		for range rng.IntN(3) {
			put(Side(rng.IntN(2)), Cell(rng.IntN(NumCells)))
		}
	default: // walls on the far lines, which never move again, and towers near them
		for range 2 + rng.IntN(4) {
			s := Side(rng.IntN(2))
			put(s, CellAt(s.Other().StartRow(), rng.IntN(Size)))
		}
		for range 3 + rng.IntN(5) {
			s := Side(rng.IntN(2))
			put(s, CellAt(s.Other().StartRow()-s.Forward()*(1+rng.IntN(3)), rng.IntN(Size)))
		}
	}
	return cells
}

// blockerBoard draws a board shaped like hunt-blockers in closingCases:
// one pair (attacker, target) with little or no slack, so that each must
// step nearly straight toward the other, and 3 to 8 more towers placed
// between and around them, some on the far lines where they never move
// again, which may all have to make way. These boards make the search
// go through combinations of blocker moves, which the partial-order
// reduction (closing_stubborn.go) is there to cut.
func blockerBoard(rng *rand.Rand) [NumCells]uint8 {
	var cells [NumCells]uint8
	var used [2][NumKinds]bool
	placed := 0
	put := func(s Side, c Cell, k Kind) bool {
		if c == NoCell || cells[c] != 0 || used[s][k] || placed == maxBoardTowers {
			return false
		}
		placed++
		used[s][k] = true
		cells[c] = uint8(NewTower(B01.Colour(s), k)) + 1
		return true
	}
	// The pair: attacker of side s at row gap g ≥ 1 behind the target
	// and column distance g+1-slack, slack 0 or 1.
	s := Side(rng.IntN(2))
	var ka, kt Kind
	for {
		ka, kt = Kind(rng.IntN(NumKinds)), Kind(rng.IntN(NumKinds))
		if CanCapture(ka, kt) {
			break
		}
	}
	g := 2 + rng.IntN(Size-2)
	dc := max(0, min(Size-1, g+1-rng.IntN(2)))
	ra := rng.IntN(Size - g) // rows counted from s's start line
	ca := rng.IntN(Size - dc)
	ct := ca + dc
	if rng.IntN(2) == 0 {
		ca, ct = ct, ca
	}
	row := func(rho int) int { // rows from s's start line to board rows
		if s == Low {
			return rho
		}
		return Size - 1 - rho
	}
	put(s, CellAt(row(ra), ca), ka)
	put(s.Other(), CellAt(row(ra+g), ct), kt)
	// inert reports whether a tower of kind k on side sd forms no pair
	// with the towers placed so far: most blockers are inert, so that
	// most boards hang on the one pair.
	inert := func(sd Side, k Kind) bool {
		for k2 := range Kind(NumKinds) {
			if used[sd.Other()][k2] && (CanCapture(k, k2) || CanCapture(k2, k)) {
				return false
			}
		}
		return true
	}
	lo, hi := min(ca, ct), max(ca, ct)
	for range 6 + rng.IntN(4) {
		sd := Side(rng.IntN(2))
		var c Cell
		if rng.IntN(4) == 0 { // on its far line: never moves again
			c = CellAt(sd.Other().StartRow(), rng.IntN(Size))
		} else { // in the rows and columns between the pair
			c = CellAt(row(ra+rng.IntN(g+1)), lo+rng.IntN(hi-lo+1))
		}
		for range 8 {
			k := Kind(rng.IntN(NumKinds))
			if !used[sd][k] && (inert(sd, k) || rng.IntN(8) == 0) {
				put(sd, c, k)
				break
			}
		}
	}
	return cells
}

// TestBoardOpenMatchesReferenceBlockers cross-checks the closing check
// against the reference (closing_ref_test.go) on boards shaped like hunt-blockers
// (blockerBoard), the shape the partial-order reduction matters most on,
// and on boards a few random changes away from hunt-blockers and from the
// boards hunted against the reduction (hunt-por*).
func TestBoardOpenMatchesReferenceBlockers(t *testing.T) {
	const boards = 20000 // with the boards near the hunted ones: about 1 s, a few under -race
	rng := rand.New(rand.NewPCG(8, 8))
	var closed, worst, refWorst int
	var worstBoard string
	for i := range boards {
		cells := blockerBoard(rng)
		switch i % 4 {
		case 0: // some a few changes away
			for range 1 + rng.IntN(4) {
				cells = mutate(rng, cells)
			}
		}
		open, nodes := boardOpen(B01, &cells)
		want, refNodes := refOpen(&cells)
		if open != want {
			t.Fatalf("board %d %s: open = %v, reference says %v", i, boardText(&cells), open, want)
		}
		if !open {
			closed++
		}
		refWorst = max(refWorst, refNodes)
		if nodes > worst {
			worst, worstBoard = nodes, boardText(&cells)
		}
	}
	// Boards a few changes away from the hunted ones: the reference
	// needs up to ~100 000 positions on these, so only 30 of each.
	const nearHunted = 30
	for _, tc := range closingCases {
		if !strings.HasPrefix(tc.name, "hunt-blockers") && !strings.HasPrefix(tc.name, "hunt-por") && !strings.HasPrefix(tc.name, "hunt-ida") && !strings.HasPrefix(tc.name, "hunt-mix") && !strings.HasPrefix(tc.name, "hunt-path") {
			continue
		}
		base := *closingBoard(t, tc.board)
		for i := range nearHunted {
			cells := base
			for range 1 + rng.IntN(3) {
				cells = mutate(rng, cells)
			}
			open, nodes := boardOpen(B01, &cells)
			want, refNodes := refOpen(&cells)
			if open != want {
				t.Fatalf("%s, board %d %s: open = %v, reference says %v", tc.name, i, boardText(&cells), open, want)
			}
			if !open {
				closed++
			}
			refWorst = max(refWorst, refNodes)
			if nodes > worst {
				worst, worstBoard = nodes, boardText(&cells)
			}
		}
	}
	t.Logf("%d boards: %d closed; the most work, %d, on %s; the reference's most, %d", boards, closed, worst, worstBoard, refWorst)
	if closed < boards/50 {
		t.Errorf("the generator makes too few closed boards: %d", closed)
	}
}

// TestBoardOpenMatchesReference cross-checks the closing check (docs/rules/talat.md#closing-boards, docs/rules/talat.md#no-capture-possible-even-theoretically)
// against the reference (closing_ref_test.go) on seeded
// random crowded boards, and on boards a few random changes away from the
// hard cases of closingCases, where the reduction has the most to do.
func TestBoardOpenMatchesReference(t *testing.T) {
	const boards = 40000 // tens of thousands: about 0.5 s, 4 s under -race
	const nearHard = 4   // every 4th board is a hard case changed 1 to 8 times
	rng := rand.New(rand.NewPCG(5, 5))
	var hard [][NumCells]uint8
	for _, tc := range closingCases {
		// The reference itself is slow near the boards hunted against
		// it; those would make this test slow, not stronger.
		if _, n := refOpen(closingBoard(t, tc.board)); n < 5000 {
			hard = append(hard, *closingBoard(t, tc.board))
		}
	}
	var closed, searched, reduced, worst int
	var worstBoard string
	for i := range boards {
		cells := randomBoard(rng)
		if i%nearHard == 0 {
			cells = hard[rng.IntN(len(hard))]
			for range 1 + rng.IntN(8) {
				cells = mutate(rng, cells)
			}
		}
		open, nodes := boardOpen(B01, &cells)
		want, refNodes := refOpen(&cells)
		if open != want {
			t.Fatalf("board %d %s: open = %v, reference says %v", i, boardText(&cells), open, want)
		}
		if !open {
			closed++
		}
		if refNodes > 0 {
			searched++
		}
		if nodes < refNodes {
			reduced++
		}
		if nodes > worst {
			worst, worstBoard = nodes, boardText(&cells)
		}
	}
	t.Logf("%d boards: %d closed, %d needed the reference's search, %d searched fewer positions; the most work, %d, on %s", boards, closed, searched, reduced, worst, worstBoard)
	if closed < boards/10 || searched < boards/10 {
		t.Errorf("the generator makes too few interesting boards: %d closed, %d searched", closed, searched)
	}
}

// TestBoardOpenMatchesDefinition cross-checks the closing check against
// docs/rules/talat.md#closing-boards's definition read literally (naiveOpen), on fewer boards since the
// literal search is slow, skipping the boards it cannot finish.
func TestBoardOpenMatchesDefinition(t *testing.T) {
	const boards = 1000 // the literal search is slow: about 0.5 s, 3 s under -race
	const budget = 3000 // positions before naiveOpen gives up: a few boards need millions
	rng := rand.New(rand.NewPCG(6, 6))
	var checked, closed int
	for i := range boards {
		cells := randomBoard(rng)
		want, ok := naiveOpen(cells, budget)
		if !ok {
			continue
		}
		checked++
		if !want {
			closed++
		}
		if open, _ := boardOpen(B01, &cells); open != want {
			t.Fatalf("board %d %s: open = %v, the definition says %v", i, boardText(&cells), open, want)
		}
	}
	t.Logf("%d boards checked (%d closed), %d given up", checked, closed, boards-checked)
	if checked < boards/2 || closed < checked/10 {
		t.Errorf("too few boards checked: %d, %d closed", checked, closed)
	}
}

// TestBoardOpenNamedCases checks the named boards of the benchmarks and of
// TestClosing against both references, so the hand-made hard cases are
// covered by the same three-way check as the random ones.
func TestBoardOpenNamedCases(t *testing.T) {
	for _, tc := range closingCases {
		t.Run(tc.name, func(t *testing.T) {
			cells := closingBoard(t, tc.board)
			open, nodes := boardOpen(B01, cells)
			ref, refNodes := refOpen(cells)
			if open != tc.open || ref != tc.open {
				t.Fatalf("open = %v, reference %v; want %v", open, ref, tc.open)
			}
			// The literal definition needs millions of positions on the
			// worst closed boards; those are checked by the reference only.
			if nv, ok := naiveOpen(*cells, 100_000); ok && nv != tc.open {
				t.Fatalf("the definition says %v; want %v", nv, tc.open)
			} else if !ok {
				t.Log("the definition gave up")
			}
			t.Logf("%d nodes (reference %d)", nodes, refNodes)
		})
	}
}

// TestAhead checks the successor sets of every cell for both sides
// against docs/rules/talat.md#a-turn written with CellAt: one row forward, the same column or
// one to either side, on the board.
func TestAhead(t *testing.T) {
	for s := Low; s <= High; s++ {
		for c := range Cell(NumCells) {
			var want cellSet
			for dc := -1; dc <= 1; dc++ {
				if to := CellAt(c.Row()+s.Forward(), c.Col()+dc); to != NoCell {
					want |= 1 << uint(to)
				}
			}
			if got := ahead(1<<uint(c), s); got != want {
				t.Errorf("ahead(%s, side %d) = %025b, want %025b", c, s, got, want)
			}
		}
	}
}

// TestStuck checks the towers that can never move again (local.cones).
func TestStuck(t *testing.T) {
	for _, tc := range []struct {
		name, board string
		want        string // stuck cells, sorted by cell
	}{
		{"far line", "...../...../...../...../0S3....", "a5"},
		{"behind a full far line", "...../...../...../0S3..../0S40S6...", "a4 a5 b5"},
		// b4 can still step to c5.
		{"one way out", "...../...../...../.0S3.../0S40S6...", "a5 b5"},
		// Black's a5 is on its far line; white's a4 steps down, away.
		{"opposite sides", "...../...../...../1S3..../0S4....", "a5"},
		{"start lines move", "0S30S40S60M30M4/...../...../...../1S31S41S61M31M4", ""},
		// Two full rows facing each other: each tower waits for another.
		{"deadlock", "...../0S30S40S60M30M4/1S31S41S61M31M4/...../.....", "a2 b2 c2 d2 e2 a3 b3 c3 d3 e3"},
		// One gap breaks the deadlock: d3 can step to e2, then everything
		// near it can move in turn.
		{"deadlock with a gap", "...../0S30S40S60M3./1S31S41S61M31M4/...../.....", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells := closingBoard(t, tc.board)
			var l local
			for c := range Cell(NumCells) {
				if x := cells[c]; x != 0 {
					l.pos[l.n] = c
					l.occ |= 1 << uint(c)
					if Tower(x-1).Colour() != B01.Colour(Low) {
						l.side[l.n] = High
					}
					l.n++
				}
			}
			var got []string
			for m := uint32(l.cones()); m != 0; m &= m - 1 {
				got = append(got, Cell(bits.TrailingZeros32(m)).String())
			}
			if g := strings.Join(got, " "); g != tc.want {
				t.Fatalf("stuck = %q, want %q", g, tc.want)
			}
		})
	}
}

// TestReductionDropsWanderers checks the point of the reduction on the old
// worst case: the four white towers that wander below S3 and L6 do not
// enter the search, which is then a handful of positions.
func TestReductionDropsWanderers(t *testing.T) {
	cells := closingBoard(t, "...../...../1M3.1M41M61L4/0S30S4.../0L30S61L6..")
	open, nodes := boardOpen(B01, cells)
	if open {
		t.Fatal("open, want closed")
	}
	if _, ref := refOpen(cells); nodes > 10 || ref < 1000 {
		t.Fatalf("%d nodes, reference %d: want a handful against the reference's 1676", nodes, ref)
	}
}

// huntScore measures a board for the hill climb: the positions the search
// expands, which the time of the check follows (the reduction before it
// costs about the same on every board) and which, unlike a timing, the load
// of the machine does not blur.
func huntScore(cells *[NumCells]uint8) int {
	_, nodes := boardOpen(B01, cells)
	return nodes
}

// huntTime is the fastest of a few timed runs of the closing check.
func huntTime(cells *[NumCells]uint8) time.Duration {
	best := time.Duration(1 << 62)
	for range 5 {
		start := time.Now()
		for range 20 {
			boardOpen(B01, cells)
		}
		best = min(best, time.Since(start)/20)
	}
	return best
}

// mutate changes one thing on a board: moves a tower, removes one, adds
// one, or changes a tower's kind (keeping kinds unique per colour).
func mutate(rng *rand.Rand, cells [NumCells]uint8) [NumCells]uint8 {
	var used [NumColours][NumKinds]bool
	var at []Cell
	for c := range Cell(NumCells) {
		if x := cells[c]; x != 0 {
			used[Tower(x-1).Colour()][Tower(x-1).Kind()] = true
			at = append(at, c)
		}
	}
	free := func(col Colour) (Kind, bool) {
		for _, k := range rng.Perm(NumKinds) {
			if !used[col][k] {
				return Kind(k), true
			}
		}
		return 0, false
	}
	to := Cell(rng.IntN(NumCells))
	switch op := rng.IntN(4); {
	case op == 0 && len(at) > 0 && cells[to] == 0: // move
		from := at[rng.IntN(len(at))]
		cells[to], cells[from] = cells[from], 0
	case op == 1 && len(at) > 2: // remove
		cells[at[rng.IntN(len(at))]] = 0
	case op == 2 && len(at) < maxBoardTowers && cells[to] == 0: // add
		col := B01.Colour(Side(rng.IntN(2)))
		if k, ok := free(col); ok {
			cells[to] = uint8(NewTower(col, k)) + 1
		}
	case op == 3 && len(at) > 0: // change a kind
		c := at[rng.IntN(len(at))]
		col := Tower(cells[c] - 1).Colour()
		if k, ok := free(col); ok {
			cells[c] = uint8(NewTower(col, k)) + 1
		}
	}
	return cells
}

// TestHuntSlowBoards is a benchmark helper, not a test: with -hunt=N it
// climbs from random boards toward boards where the closing check is slow
// and prints the worst found with its time and positions. The best boards
// found this way are in closingCases. Run it with
//
//	go test -run HuntSlowBoards -v ./games/talat/ -args -hunt=20000
//
// (the flag goes after -args, or into a test binary built with go test -c:
// "go test -hunt 20000" takes 20000 for a package).
func TestHuntSlowBoards(t *testing.T) {
	if *hunt == 0 {
		t.Skip("benchmark helper; run with -args -hunt=N")
	}
	rng := rand.New(rand.NewPCG(uint64(*hunt), 7))
	const restarts = 8 // independent climbs, to leave local maxima
	var worst [NumCells]uint8
	worstScore := -1
	for r := range restarts {
		cur := randomBoard(rng)
		score := huntScore(&cur)
		for range *hunt / restarts {
			next := mutate(rng, cur)
			if d := huntScore(&next); d >= score {
				if d > 2*score && d > 100 {
					t.Logf("climb %d: %s %d nodes", r, boardText(&next), d)
				}
				cur, score = next, d
			}
		}
		open, _ := boardOpen(B01, &cur)
		t.Logf("climb %d: %s open=%v %d nodes %v", r, boardText(&cur), open, score, huntTime(&cur))
		if score > worstScore {
			worst, worstScore = cur, score
		}
	}
	open, _ := boardOpen(B01, &worst)
	_, refNodes := refOpen(&worst)
	t.Logf("worst: %s open=%v %d nodes (reference %d) %v", boardText(&worst), open, worstScore, refNodes, huntTime(&worst))
}

// TestPairSearchShortestWitness checks that the iterative deepening of the
// search of one pair (local.pairOpen) tries the shortest witnesses first
// and that its lower bound never overestimates: over the live pairs, the
// least bound at which a pair's search finds a capture must be the length
// of a shortest sequence of steps to a capture, found by a literal
// breadth-first search over whole boards (docs/rules/talat.md#closing-boards, docs/rules/talat.md#no-capture-possible-even-theoretically). This checks the lower
// bound (steps, blockers), the memo table per iteration and the claim that
// the stubborn sets keep the distance to a capture.
func TestPairSearchShortestWitness(t *testing.T) {
	const boards = 1500 // the literal search is slow: about 1 s, 10 s under -race
	const budget = 20000
	rng := rand.New(rand.NewPCG(9, 9))
	var checked, long int
	// Every fourth board is a few changes away from a hunted open board,
	// where the witnesses are long.
	var near [][NumCells]uint8
	for _, tc := range closingCases {
		if tc.open && strings.HasPrefix(tc.name, "hunt-") {
			near = append(near, *closingBoard(t, tc.board))
		}
	}
	boardsFrom := func(i int) [NumCells]uint8 {
		switch i % 4 {
		case 0:
			cells := near[rng.IntN(len(near))]
			for range 1 + rng.IntN(3) {
				cells = mutate(rng, cells)
			}
			return cells
		case 1:
			return blockerBoard(rng)
		}
		return randomBoard(rng)
	}
	for i := range boards {
		cells := boardsFrom(i)
		want, ok := naiveDistance(cells, budget)
		if !ok || want < 1 {
			continue // given up, closed (-1), or settled by the prefilter (0)
		}
		var l local
		var kinds [maxBoardTowers]Kind
		for c := range Cell(NumCells) {
			if x := cells[c]; x != 0 {
				l.pos[l.n] = c
				kinds[l.n] = Tower(x - 1).Kind()
				if Tower(x-1).Colour() != B01.Colour(Low) {
					l.side[l.n] = High
				}
				l.occ |= 1 << uint(c)
				l.at[c] = uint8(l.n + 1)
				l.key |= uint64(c) << (5 * uint(l.n))
				l.n++
			}
		}
		l.cones()
		got := -1
		for a := range uint8(l.n) {
			for b := range uint8(l.n) {
				if l.side[a] == l.side[b] || !CanCapture(kinds[a], kinds[b]) || reach(l.pos[a], l.pos[b], l.side[a]) != 1 {
					continue
				}
				l.limit = 1 << 30
				if !l.pairOpen(pair{a, b}, 0) {
					continue
				}
				// The pair's shortest witness has l.bound steps: the path
				// bound at the root (closing_bound.go) may not exceed it.
				if h := l.paths(); h > l.bound {
					t.Fatalf("board %d %s: pair %v: the path bound is %d, the pair's shortest witness %d steps", i, boardText(&cells), pair{a, b}, h, l.bound)
				}
				if got < 0 || l.bound < got {
					got = l.bound
				}
			}
		}
		if got != want {
			t.Fatalf("board %d %s: the searches of the pairs find a capture first at %d steps, a shortest sequence has %d", i, boardText(&cells), got, want)
		}
		checked++
		if want >= 4 {
			long++
		}
	}
	t.Logf("%d open boards checked, %d with a shortest witness of 4 steps or more", checked, long)
	if checked < boards/10 || long < checked/20 {
		t.Errorf("too few interesting boards: %d checked, %d long", checked, long)
	}
}

// TestPathBoundSeesBlockers checks the path bound (closing_bound.go) on
// hunt-ida, where the previous bound saw 3 steps of a witness of 8: white
// L4 on a5 may not count on black S3 leaving b4, since S3's only way out
// is a5, which L4 holds until it has passed b4 (docs/rules/talat.md#closing-boards's search, docs/rules/talat.md#no-capture-possible-even-theoretically).
func TestPathBoundSeesBlockers(t *testing.T) {
	var l local
	cells := closingBoard(t, "....0L3/..1S6../1M61S41S3../1L30S3.../1L40L40L6..")
	var kinds [maxBoardTowers]Kind
	for c := range Cell(NumCells) {
		if x := cells[c]; x != 0 {
			l.pos[l.n] = c
			kinds[l.n] = Tower(x - 1).Kind()
			if Tower(x-1).Colour() != B01.Colour(Low) {
				l.side[l.n] = High
			}
			l.occ |= 1 << uint(c)
			l.at[c] = uint8(l.n + 1)
			l.n++
		}
	}
	l.cones()
	a, tg := uint8(l.at[CellAt(4, 0)]-1), uint8(l.at[CellAt(0, 4)]-1) // white L4 a5, black L3 e1
	if kinds[a] != L4 || kinds[tg] != L3 {
		t.Fatalf("towers %v %v, want L4 and L3", kinds[a], kinds[tg])
	}
	s := l.side[a]
	p := pair{a, tg}
	if !l.reduce(p, l.cone[a]&cone(widen(l.cone[tg]), s.Other(), 0), l.cone[tg]&cone(widen(l.cone[a]), s, 0)) {
		t.Fatal("the pair cannot move")
	}
	old := steps(l.pos[a], l.pos[tg], s)
	if h := l.paths(); h <= old || h > 8 {
		t.Errorf("path bound %d, want more than the plain %d and at most the shortest witness, 8", h, old)
	} else {
		t.Logf("path bound %d (plain %d, shortest witness 8)", h, old)
	}
}
