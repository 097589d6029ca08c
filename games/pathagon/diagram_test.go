package pathagon

import (
	"testing"

	"github.com/tabula-games/tabula/game"
)

func TestDiagram(t *testing.T) {
	// aba_capture: Dark on a4, Light on b4, Dark places c4 and takes b4,
	// which becomes forbidden to Light's next move.
	s, err := ParsePosition("......./......./......./DL...../......./......./....... d 13 13 -,- -", game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	next, err := game.PlayAll(s, []string{"c4"})
	if err != nil {
		t.Fatal(err)
	}
	want := "" +
		"7  . . . . . . .\n" +
		"6  . . . . . . .\n" +
		"5  . . . . . . .\n" +
		"4  D x D . . . .\n" +
		"3  . . . . . . .\n" +
		"2  . . . . . . .\n" +
		"1  . . . . . . .\n" +
		"   a b c d e f g\n" +
		"reserves: light 14, dark 12"
	if got := next.(*State).Diagram(); got != want {
		t.Errorf("Diagram:\n%s\nwant:\n%s", got, want)
	}
}
