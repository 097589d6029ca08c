package abalone_test

import (
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
)

// back finds the move of the side to move in s that puts its marbles back
// where they are in want.
func back(t *testing.T, s game.State, want *abalone.State) game.Move {
	t.Helper()
	p := s.ToMove()
	for _, m := range s.LegalMoves(nil) {
		n, err := s.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Equal(n.(*abalone.State).Marbles(p), want.Marbles(p)) {
			return m
		}
	}
	t.Fatalf("no move of %v in %s restores its marbles", p, s)
	return 0
}

// Repeated (game.Repeater) is true exactly when the position occurred
// before since the last push-off, in the game and on a Mutable's path,
// and false again after Undo; with repetitionDraw off it stays false.
func TestRepeated(t *testing.T) {
	for _, rep := range []bool{true, false} {
		opts := game.Options{Values: map[string]string{abalone.OptRepetitionDraw: map[bool]string{true: "true", false: "false"}[rep]}}
		s0, err := abalone.Info.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		start := s0.(*abalone.State)
		a := s0.LegalMoves(nil)[0]
		s1, _ := s0.Play(a)
		b := s1.LegalMoves(nil)[0]
		s2, _ := s1.Play(b)
		c := back(t, s2, start)
		s3, _ := s2.Play(c)
		d := back(t, s3, start)
		s4, _ := s3.Play(d)
		if s4.Hash() != s0.Hash() {
			t.Fatalf("%s is not the start %s", s4, s0)
		}
		for i, st := range []game.State{s0, s1, s2, s3} {
			if st.(game.Repeater).Repeated() {
				t.Errorf("repetition %v: position %d reported repeated", rep, i)
			}
		}
		if got := s4.(game.Repeater).Repeated(); got != rep {
			t.Errorf("repetition %v: start again: Repeated = %v", rep, got)
		}
		mu := s0.(game.Mutabler).Mutable()
		for _, m := range []game.Move{a, b, c, d} {
			mu.Apply(m)
		}
		if got := mu.(game.Repeater).Repeated(); got != rep {
			t.Errorf("repetition %v: Mutable path back at the start: Repeated = %v", rep, got)
		}
		mu.Undo()
		if mu.(game.Repeater).Repeated() {
			t.Errorf("repetition %v: after Undo still repeated", rep)
		}
	}
}
