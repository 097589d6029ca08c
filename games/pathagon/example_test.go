package pathagon_test

import (
	"fmt"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// Dark places c4 and traps Light's b4 against its own a4 (the aba_capture
// fixture). The capture is printed with the move, the piece returns to
// Light's reserve and b4 is forbidden to Light's next placement.
func Example() {
	s, err := pathagon.ParsePosition("......./......./......./DL...../......./......./....... d 13 13 -,- -", game.Options{})
	if err != nil {
		panic(err)
	}
	m, err := s.ParseMove("c4") // the x part may be left out
	if err != nil {
		panic(err)
	}
	fmt.Println(s.MoveString(m))
	next, err := s.Play(m)
	if err != nil {
		panic(err)
	}
	fmt.Println(next)
	fmt.Println(pathagon.Info.PlayerName(next.ToMove()), "to move,", len(next.LegalMoves(nil)), "placements")
	// Output:
	// c4xb4
	// ......./......./......./D.D..../......./......./....... l 14 12 -,- b4 1
	// light to move, 46 placements
}
