package villapaletti_test

import (
	"fmt"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/villapaletti"
)

// The player to move in a 4-player game takes one of their thin columns from
// the foundation and puts it on the blue floor; the villa stands.
func Example() {
	s, err := villapaletti.Info.New(game.Options{Players: 4, Seed: 3})
	if err != nil {
		panic(err)
	}
	fmt.Println("to move:", villapaletti.Info.PlayerName(s.ToMove()))
	thin := villapaletti.ColumnOf(villapaletti.Colour(s.ToMove()), 0) // with 4 players seat i plays colour i
	m, err := s.ParseMove("take " + thin.String() + " to (40, -60)")
	if err != nil {
		panic(err)
	}
	fmt.Println(s.MoveString(m))
	s, err = s.Play(m)
	if err != nil {
		panic(err)
	}
	level, at := s.(*villapaletti.State).ColumnAt(thin)
	fmt.Println(thin, "on level", level, "at", at)
	fmt.Printf("blue floor margin %.2f mm\n", s.(*villapaletti.State).Statics().Levels()[0].Margin)
	// Output:
	// to move: blue
	// blue-thin-1:0>(40,-60)
	// blue-thin-1 on level 1 at {40 -60}
	// blue floor margin 61.72 mm
}
