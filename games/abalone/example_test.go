package abalone_test

import (
	"fmt"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
)

func Example() {
	s, err := abalone.Info.New(game.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(s)
	fmt.Println(len(s.LegalMoves(nil)), "legal moves")
	s, err = game.PlayAll(s, game.SplitRecord("1.a5b5 i5h5"))
	if err != nil {
		panic(err)
	}
	m, err := s.ParseMove("C4C3D4") // a broadside named from its upper end
	if err != nil {
		panic(err)
	}
	fmt.Println(s.MoveString(m))
	s, _ = s.Play(m)
	fmt.Println(s)
	// Output:
	// wwwww/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb b 0 0
	// 44 legal moves
	// c3c4d3
	// .wwww/wwwwww/..www../...w..../........./..bbb.../....b../bbbbbb/bbbb. w 0 0
}
