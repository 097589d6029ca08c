package palago_test

import (
	"fmt"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// The virus, the smallest creature, completed by its fifth tile as a
// one-tile move.
func Example() {
	s, _ := palago.Info.New(game.Options{Values: map[string]string{"firstPlayer": "p1"}})
	s, _ = game.PlayAll(s, game.SplitRecord("(0,0):0+(-1,0):0 (-1,1):0+(0,1):2 (0,-1):1"))
	fmt.Println(s)
	o, _ := s.Outcome()
	fmt.Println(o.Describe(palago.Info))

	var b palago.Board
	for _, t := range palago.MustParseTiles("(0,0):0 (-1,0):0 (-1,1):0 (0,1):2 (0,-1):1") {
		_ = b.Place(t)
	}
	for _, g := range b.Creatures() {
		fmt.Println(g.Colour, "creature:", len(g.Vertices), "vertices,", g.Arches, "arch")
	}
	// Output:
	// p1 (0,0):0+(-1,0):0 (-1,1):0+(0,1):2 (0,-1):1
	// p1 wins by creature
	// A creature: 2 vertices, 1 arch
}
