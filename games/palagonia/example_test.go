package palagonia_test

import (
	"fmt"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palagonia"
)

// A worm (worth 3) completed by p2's two tiles scores for p2 and for p1,
// seated before them.
func Example() {
	s, _ := palagonia.Info.ParsePosition(
		"roll p2 scores=0,0,0 bag=43 table=(0,0):0+(0,1):0+(1,-1):1+(1,0):0+(1,1):1", game.Options{})
	s, err := game.PlayAll(s, game.SplitRecord("roll:2+X use:2 (2,0):1 (2,1):2"))
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(s)
	fmt.Println(s.(*palagonia.State).Score(0), s.(*palagonia.State).Score(1))
	// Output:
	// roll p3 scores=3,3,0 bag=41 table=(0,0):0+(0,1):0+(1,-1):1+(1,0):0+(1,1):1+(2,0):1+(2,1):2
	// 3 3
}
