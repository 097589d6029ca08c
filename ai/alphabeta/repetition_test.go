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
