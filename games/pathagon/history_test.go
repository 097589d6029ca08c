package pathagon_test

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// The repetition history is shared between the states of one game (see
// chunk in pathagon.go); these tests play from states that are not the
// newest of their game, and from several goroutines, and check that every
// state still counts exactly its own earlier positions (docs/rules/pathagon.md#winning-and-draws).

// p6Light and p6Dark are TestP6Repetition's relocation-phase position.
const (
	p6Light = "c7 d7 e7 f7 g7 c6 d6 e6 f6 g6 c5 d5 e5 f5"
	p6Dark  = "a7 a6 a5 a4 a3 a2 a1 b7 b6 b5 b4 b3 b2 b1"
)

// drawPly plays moves from s one at a time and returns the ply at which
// the game ended by repetition, or -1.
func drawPly(t *testing.T, s game.State, moves []string) int {
	t.Helper()
	for _, mv := range moves {
		s = play(t, s, mv)
		if o, over := s.Outcome(); over {
			if o.Reason != game.ReasonRepetition {
				t.Fatalf("ended by %q after %s, want a repetition", o.Reason, mv)
			}
			return s.(*pathagon.State).Ply()
		}
	}
	return -1
}

// TestP6RepetitionBranches: two different moves from one state (and the
// same move twice) give three games whose histories do not see each
// other's positions, however their plies interleave; a game replayed from
// a state in the middle of its history draws at the same ply (docs/rules/pathagon.md#winning-and-draws).
func TestP6RepetitionBranches(t *testing.T) {
	a, b := p6Cycles()
	base := position(t, p6Light, p6Dark, "l 0 0 -,- -", nil)
	s1 := play(t, base, a[0]) // the tip of its history
	drawn := drawBranches(t, s1, [][]string{a[1:], b, a[1:]})
	// a and the replay of a: the position after ply 2 recurs at plies 10
	// and 18. b: the position after its first ply (ply 2) recurs at 10 and
	// 18 too (s1 itself never recurs: Dark's lastRelocated differs).
	if want := []int{18, 18, 18}; !slices.Equal(drawn, want) {
		t.Errorf("draw plies %v, want %v", drawn, want)
	}

	// Replaying from a state in the middle of a finished history copies
	// the prefix and draws exactly where the original did.
	states := []game.State{base}
	for _, mv := range a[:18] {
		states = append(states, play(t, states[len(states)-1], mv))
	}
	for _, from := range []int{1, 9, 10, 17} {
		if got := drawPly(t, states[from], a[from:]); got != 18 {
			t.Errorf("replay from ply %d: drawn at ply %d, want 18", from, got)
		}
	}
}

// drawBranches plays each branch's moves from from, the branches in turn,
// one ply each (so each one's Play comes after the others have extended
// their histories), until every branch ended in a repetition draw, and
// returns the ply at which each did.
func drawBranches(t *testing.T, from game.State, branches [][]string) []int {
	t.Helper()
	states := make([]game.State, len(branches))
	for i := range states {
		states[i] = from
	}
	drawn := make([]int, len(branches))
	for ply := 0; slices.Contains(drawn, 0); ply++ {
		for i, moves := range branches {
			if drawn[i] != 0 {
				continue
			}
			if ply == len(moves) {
				t.Fatalf("branch %d: no draw after %d plies", i, ply)
			}
			states[i] = play(t, states[i], moves[ply])
			if o, over := states[i].Outcome(); over {
				if o.Reason != game.ReasonRepetition {
					t.Fatalf("branch %d ended by %q", i, o.Reason)
				}
				drawn[i] = states[i].(*pathagon.State).Ply()
			}
		}
	}
	return drawn
}

// TestP6RepetitionAcrossCapture: an 8-ply cycle in which Light captures a
// Dark piece (e5-c4xb4), Dark places it back elsewhere (c3) and later
// relocates it to b4 again. The start position recurs at plies 8 and 16,
// so ply 16 is a draw (docs/rules/pathagon.md#winning-and-draws): positions before a capture still count after
// it, and the captured piece's round trip through the reserve is part of
// the cycle.
func TestP6RepetitionAcrossCapture(t *testing.T) {
	light := "a4 c7 d7 e7 f7 g7 c6 d6 e6 f6 g6 c5 d5 e5"
	dark := "a7 a6 a5 a3 a2 a1 b7 b6 b5 b4 b3 b2 b1 g1"
	cycle := []string{"e5-c4", "c3", "f6-f3", "g1-g2", "c4-e5", "c3-b4", "f3-f6", "g2-g1"}
	var moves []string
	for range 3 {
		moves = append(moves, cycle...)
	}
	for _, tc := range []struct {
		name   string
		values map[string]string
		want   int
	}{
		{"repetitionDraw=true", nil, 16},
		{"repetitionDraw=false", map[string]string{pathagon.OptRepetitionDraw: "false"}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := position(t, light, dark, "l 0 0 f6,g1 -", tc.values)
			after := play(t, start, moves[0])
			if got := removed(start, after, pathagon.Dark); got != "b4" || after.Reserve(pathagon.Dark) != 1 {
				t.Fatalf("e5-c4 removed %q, Dark reserve %d; want b4 captured", got, after.Reserve(pathagon.Dark))
			}
			if got := drawPly(t, start, moves); got != tc.want {
				t.Errorf("drawn at ply %d, want %d", got, tc.want)
			}
		})
	}
}

// TestHistoryAgainstNaive grows a tree of positions from one game: each
// step plays a move from a random earlier node (often not the newest),
// sometimes through a Mutable copy (Apply a few plies, then Play or
// Mutable from it), and compares position text and outcome with the naive
// implementation. The moves are drawn mostly from a small set of
// relocations so that positions repeat and games end in repetition draws.
func TestHistoryAgainstNaive(t *testing.T) {
	cycle := map[string]bool{}
	for _, mv := range []string{"g6-g2", "a1-e3", "f6-f2", "b1-d3", "g2-g6", "e3-a1", "f2-f6", "d3-b1", "b1-c3", "c3-b1", "a1-c1", "c1-a1"} {
		cycle[mv] = true
	}
	type node struct {
		s game.State
		n *naive
	}
	base := position(t, p6Light, p6Dark, "l 0 0 -,- -", nil)
	nodes := []node{{base, newNaive(base.String(), false, true, 300)}}
	rng := rand.New(rand.NewPCG(7, 8))
	// pick returns a legal move of s, mostly from cycle, and the naive
	// state's matching move.
	pick := func(s game.State, n *naive) (game.Move, naiveMove) {
		all := s.LegalMoves(nil)
		var ms []game.Move
		for _, m := range all {
			if cycle[s.MoveString(m)] {
				ms = append(ms, m)
			}
		}
		if len(ms) == 0 || rng.IntN(50) == 0 { // now and then leave the cycle
			ms = all
		}
		m := ms[rng.IntN(len(ms))]
		for _, nm := range n.legal() {
			if nm.String() == s.MoveString(m) {
				return m, nm
			}
		}
		t.Fatalf("naive lacks %s at %s", s.MoveString(m), s)
		return 0, naiveMove{}
	}
	check := func(what string, s game.State, n *naive) {
		t.Helper()
		if got, want := s.String(), n.String(); got != want {
			t.Fatalf("%s: position\n got %s\nwant %s", what, got, want)
		}
		if _, over := s.Outcome(); over != n.over {
			t.Fatalf("%s at %s: over %v, naive %v", what, s, over, n.over)
		}
	}
	draws := 0
	for step := 0; step < 1500; step++ {
		// Mostly the newest nodes, sometimes any.
		i := len(nodes) - 1 - rng.IntN(min(len(nodes), 4))
		if rng.IntN(4) == 0 {
			i = rng.IntN(len(nodes))
		}
		from := nodes[i]
		if _, over := from.s.Outcome(); over {
			continue
		}
		if rng.IntN(8) != 0 {
			m, nm := pick(from.s, from.n)
			s, err := from.s.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			n := from.n.play(nm)
			check("Play", s, n)
			if n.over {
				draws++
			}
			nodes = append(nodes, node{s, n})
			continue
		}
		// Through a Mutable copy: Apply up to 3 plies, check, then Play
		// from the copy (its applied plies are part of the history) or
		// take a Mutable of the copy.
		mut := from.s.(game.Mutabler).Mutable()
		n := from.n
		for k := rng.IntN(3) + 1; k > 0; k-- {
			if _, over := mut.Outcome(); over {
				break
			}
			m, nm := pick(mut, n)
			mut.Apply(m)
			n = n.play(nm)
			check("Apply", mut, n)
		}
		if _, over := mut.Outcome(); over {
			continue
		}
		if rng.IntN(2) == 0 {
			m, nm := pick(mut, n)
			s, err := mut.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			n = n.play(nm)
			check("Play from a Mutable", s, n)
			nodes = append(nodes, node{s, n})
			continue
		}
		mut2 := mut.(game.Mutabler).Mutable()
		m, nm := pick(mut2, n)
		mut2.Apply(m)
		check("Apply on a Mutable of a Mutable", mut2, n.play(nm))
	}
	t.Logf("%d nodes, %d repetition draws", len(nodes), draws)
	if draws < 10 {
		t.Errorf("only %d repetition draws in %d nodes; the test does not exercise the history", draws, len(nodes))
	}
}

// TestHistoryConcurrent plays from the same states on several goroutines
// at once (the game.State contract: a State may be shared between
// goroutines); run with -race. Every goroutine plays its own cycle order
// from a shared state and must draw at the ply the naive rules give.
func TestHistoryConcurrent(t *testing.T) {
	a, b := p6Cycles()
	base := position(t, p6Light, p6Dark, "l 0 0 -,- -", nil)
	s1 := play(t, base, a[0])
	for w, ply := range drawConcurrently(t, s1, a[1:], b) {
		if ply != 18 {
			t.Errorf("worker %d drew at ply %d, want 18", w, ply)
		}
	}
}

// drawConcurrently plays from s1 on eight goroutines at once, the even
// ones moves a and the odd ones moves b, each until its game ends, and
// returns the ply at which each ended (0: not ended).
func drawConcurrently(t *testing.T, s1 game.State, a, b []string) []int {
	t.Helper()
	const workers = 8
	got := make([]int, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			moves := a
			if w%2 == 1 {
				moves = b
			}
			s := s1
			for _, mv := range moves {
				next, err := tryPlay(s, mv)
				if err != nil {
					t.Errorf("worker %d: %s: %v", w, mv, err)
					return
				}
				s = next
				if _, over := s.Outcome(); over {
					got[w] = s.(*pathagon.State).Ply()
					return
				}
			}
		})
	}
	wg.Wait()
	return got
}

// TestHistoryShared: every successor of a state has the same history, so
// playing from a state whose own key is already next in its line (a move
// validated by Play and then played again, or a second move) shares the
// line: one allocation, the State, however long the game.
func TestHistoryShared(t *testing.T) {
	var s game.State = position(t, p6Light, p6Dark, "l 0 0 -,- -", map[string]string{pathagon.OptPlyCap: "0"})
	cycle := []string{"g6-g2", "a1-e3", "f6-f2", "b1-d3", "g2-g6", "e3-a1", "f2-f6", "d3-c3", "g6-g2", "a1-e3"}
	s = play(t, s, cycle...)
	m, err := s.ParseMove("f6-f2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Play(m); err != nil { // the tip appends its key
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { s.Play(m) }); n != 1 {
		t.Errorf("Play from a state whose key is next in its line: %v allocations, want 1 (the State)", n)
	}
}

// p6Cycles returns two lines of play from TestP6Repetition's position, three rounds
// of a relocation cycle each: a is TestP6Repetition's cycle; b starts
// with Dark's other piece, so its positions differ from a's from its
// first ply on.
func p6Cycles() (a, b []string) {
	cycleA := []string{"g6-g2", "a1-e3", "f6-f2", "b1-d3", "g2-g6", "e3-a1", "f2-f6", "d3-b1"}
	cycleB := []string{"b1-d3", "f6-f2", "a1-e3", "g2-g6", "d3-b1", "f2-f6", "e3-a1", "g6-g2"}
	for range 3 {
		a = append(a, cycleA...)
		b = append(b, cycleB...)
	}
	return a, b
}
