package talat_test

import (
	"fmt"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/talat"
)

func Example() {
	s, err := talat.Info.New(game.Options{Values: map[string]string{"firstPlayer": "0"}})
	if err != nil {
		panic(err)
	}
	// Black, white and grey each place a tower on a start line; black then
	// has 8 towers for 9 free squares.
	s, err = game.PlayAll(s, []string{"B01:c1=L6", "B01:c5=S3", "B12:a5=m4"})
	if err != nil {
		panic(err)
	}
	fmt.Println(s.ToMove(), len(s.LegalMoves(nil)))
	fmt.Println(s)
	// Output:
	// 0 72
	// talat 0 B01=..0L6../...../...../...../..1S3.. B02=...../...../...../...../..... B12=...../...../...../...../2M4.... reserve=S3S4S6M3M4M6L3L4/S4S6M3M4M6L3L4L6/S3S4S6M3M6L3L4L6 taken=-/-/- closed=-
}
