package tictactoe_test

import (
	"fmt"

	"github.com/tabula-games/tabula/games/tictactoe"
)

// x takes the centre, o a corner; x's next move is listed with o's reply
// still open, and the position text shows both marks.
func Example() {
	s, err := tictactoe.ParsePosition("......... x")
	if err != nil {
		panic(err)
	}
	for _, text := range []string{"4", "0"} {
		m, err := s.ParseMove(text)
		if err != nil {
			panic(err)
		}
		next, err := s.Play(m)
		if err != nil {
			panic(err)
		}
		s = next.(*tictactoe.State)
	}
	fmt.Println(s)
	fmt.Println(tictactoe.Info.PlayerName(s.ToMove()), "to move,", len(s.LegalMoves(nil)), "cells free")
	// Output:
	// o...x.... x
	// x to move, 7 cells free
}
