package palaboratory_test

import (
	"fmt"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palaboratory"
)

// The rulebook's first green task: turn the virus (card 1) into the ring
// (card 2) with two moves and one added tile.
func Example() {
	cards := palaboratory.Cards()
	sol, _ := palaboratory.Solve(cards[0].Tiles, cards[1].Tiles)
	fmt.Println("minMoves:", sol.Moves, "added:", sol.Added)

	s, _ := palaboratory.Info.New(game.Options{Variant: palaboratory.Green})
	fmt.Println(s)
	for _, op := range sol.Ops {
		m, _ := s.ParseMove(op.String())
		fmt.Println(op.Kind, s.MoveString(m))
		s, _ = s.Play(m)
	}
	o, _ := s.Outcome()
	fmt.Println(o.Describe(palaboratory.Info))
	// Output:
	// minMoves: 2 added: 1
	// green:1-2 0 (-1,0):0 (-1,1):0 (0,-1):1 (0,0):0 (0,1):2
	// rotate (-1,0):2
	// rotate (-1,1):1
	// place (-2,1):0
	// player wins by solved (score 2)
}
