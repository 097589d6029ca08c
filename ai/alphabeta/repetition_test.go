package alphabeta

import (
	"context"
	"maps"
	"testing"

	"github.com/tabula-games/tabula/ai/internal/testgames"
	"github.com/tabula-games/tabula/game"
)

// repetitionGraph is a position R where seat 0 ("us") is better and has
// two moves: "cycle" to B, from where the opponent can only step "back" to
// R or concede E (worth 0.9 to us), and "prog", a quiet line worth 0.5.
// Seen fresh, cycle is worth 0.8 (B's evaluation: going back to R lets us
// cycle again). Once R and B have both occurred, cycle is a draw: the
// opponent goes back to R for its third occurrence.
func repetitionGraph() *game.Info {
	nodes := map[string]testgames.Node{
		"R": {Side: 0, Eval: 0.6, Moves: testgames.Edges("cycle", "B", "prog", "d1")},
		"B": {Side: 1, Eval: 0.8, Moves: testgames.Edges("back", "R", "other", "e1")},
	}
	maps.Copy(nodes, testgames.Chain("d", 8, 1, 0.5))
	maps.Copy(nodes, testgames.Chain("e", 8, 0, 0.9))
	return testgames.Graph(nodes, "R")
}

func playText(t *testing.T, s game.State, moves ...string) game.State {
	t.Helper()
	s, err := game.PlayAll(s, moves)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The transposition table must not answer for a position that already
// occurred: the score it holds was stored for another history. Here the
// searcher first thinks about R (R and B fresh: cycle is worth 0.8 and is
// stored for B), the game goes R, B, R, and the same searcher thinks again.
// Trusting B's stored 0.8 it would cycle and the opponent would draw by
// repetition while we are winning; a repeated position must score as the
// draw it will become, so it plays on with "prog".
func TestRepetitionBeatsStaleTable(t *testing.T) {
	info := repetitionGraph()
	start, err := info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, depth := range []int{2, 3, 4} {
		srch := New(Config{})
		if _, err := srch.Search(context.Background(), start, Limits{Depth: depth}); err != nil {
			t.Fatal(err)
		}
		s := playText(t, start, "cycle", "back")
		// A fresh searcher sees the draw: the table is what misleads.
		fresh, err := New(Config{}).Search(context.Background(), s, Limits{Depth: depth})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.MoveString(fresh.Move); got != "prog" {
			t.Fatalf("depth %d: a fresh searcher plays %q, want prog", depth, got)
		}
		res, err := srch.Search(context.Background(), s, Limits{Depth: depth})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.MoveString(res.Move); got != "prog" {
			after := playText(t, s, got, "back")
			o, _ := after.Outcome()
			t.Errorf("depth %d: played %q (score %d); after the reply \"back\" the game is over: %v", depth, got, res.Score, o)
		}
	}
}

// Contempt (issue 22): at R the game has been P, R, P, R, so "rep" draws
// by repetition at once; "cont" plays on into a quiet line worth line to
// us. Without contempt a line worth a little less than 0 loses to the
// draw; with contempt the better side plays on unless the line is worse
// than the draw's cost, and a side that is behind takes the draw.
func TestContempt(t *testing.T) {
	for _, tc := range []struct {
		name     string
		root     float64 // our evaluation of R
		line     float64
		contempt int
		want     string
	}{
		{"ahead, no contempt: draws", 0.3, -0.01, 0, "rep"},
		{"ahead, contempt: plays on", 0.3, -0.01, EvalScale / 20, "cont"},
		{"ahead, contempt, a good line: plays on", 0.3, 0.2, EvalScale / 20, "cont"},
		{"behind, contempt: takes the draw", -0.4, -0.4, EvalScale / 20, "rep"},
		{"behind, no contempt: takes the draw", -0.4, -0.4, 0, "rep"},
	} {
		nodes := map[string]testgames.Node{
			"R": {Side: 0, Eval: tc.root, Moves: testgames.Edges("rep", "P", "cont", "c1")},
			"P": {Side: 1, Eval: tc.root, Moves: testgames.Edges("p", "R")},
		}
		maps.Copy(nodes, testgames.Chain("c", 8, 1, tc.line))
		start, err := testgames.Graph(nodes, "P").New(game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		s := playText(t, start, "p", "rep", "p")
		for _, depth := range []int{1, 3} {
			res, err := New(Config{Contempt: tc.contempt}).Search(context.Background(), s, Limits{Depth: depth})
			if err != nil {
				t.Fatal(err)
			}
			got := s.MoveString(res.Move)
			if got != tc.want {
				t.Errorf("%s, depth %d: played %q (score %d), want %q", tc.name, depth, got, res.Score, tc.want)
			}
			if after := playText(t, s, got); got == "rep" {
				if o, _ := after.Outcome(); o.Reason != game.ReasonRepetition {
					t.Errorf("%s: rep did not draw by repetition: %v", tc.name, o)
				}
			}
		}
	}
}

// The table holds HashMiB MiB in buckets of a depth-preferred and an
// always-replaced slot: a deep result of the current search survives
// shallow ones that collide with it, the newest shallow one is kept
// beside it, and a stale deep result gives way.
func TestTableReplacement(t *testing.T) {
	s := New(Config{HashMiB: 1})
	if got, want := s.TTEntries(), 2*(1<<20/48); got != want {
		t.Errorf("1 MiB: %d entries, want %d", got, want)
	}
	if got := New(Config{}).TTEntries(); got != 2*(DefaultHashMiB<<20/48) {
		t.Errorf("default: %d entries", got)
	}
	// Hashes 1, 2 and 3 all fall in bucket 0 (the high half of h*n).
	s.store(1, 9, 100, boundExact, 7, 0)
	s.store(2, 3, 200, boundExact, 8, 0)
	s.store(3, 2, 300, boundExact, 9, 0)
	for _, tc := range []struct {
		h     uint64
		found bool
		score int32
	}{{1, true, 100}, {2, false, 0}, {3, true, 300}} {
		e, ok := s.probe(tc.h)
		if ok != tc.found || (ok && e.score != tc.score) {
			t.Errorf("hash %d: found %v score %d, want %v %d", tc.h, ok, e.score, tc.found, tc.score)
		}
	}
	s.tt.gen++ // a new search: the deep entry is stale and gives way
	s.store(2, 1, 200, boundExact, 8, 0)
	if e, ok := s.probe(2); !ok || e.score != 200 || s.tt.buckets[0][0].load().key != 2 {
		t.Errorf("a stale deep entry did not give way: %+v", s.tt.buckets[0])
	}
	if _, ok := s.probe(1); !ok {
		t.Errorf("the displaced entry was not kept in the always-replace slot: %+v", s.tt.buckets[0])
	}
}

// A game everyone lost (game.Outcome.AllLose) is a loss for the seat the
// search is for, whoever moved into it: at R, "bust" gives the opponent
// only a move into such an end, "quiet" a line worth line to us. Scored
// from the mover's view, the opponent's forced "collapse" looked like the
// opponent's loss, that is our win, and the search chose "bust".
func TestAllLoseIsALoss(t *testing.T) {
	for _, line := range []float64{-0.6, 0.2} {
		nodes := map[string]testgames.Node{
			"R":    {Side: 0, Moves: testgames.Edges("bust", "B", "quiet", "q1")},
			"B":    {Side: 1, Moves: testgames.Edges("collapse", "dead")},
			"dead": {AllLose: true},
		}
		maps.Copy(nodes, testgames.Chain("q", 8, 1, line))
		s, err := testgames.Graph(nodes, "R").New(game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, depth := range []int{2, 4} { // depth 1 sees B, not its end
			res, err := New(Config{}).Search(context.Background(), s, Limits{Depth: depth})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.MoveString(res.Move); got != "quiet" {
				t.Errorf("line %v, depth %d: played %q (score %d), want quiet", line, depth, got, res.Score)
			}
		}
	}
}
