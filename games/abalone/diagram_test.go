package abalone

import (
	"testing"

	"github.com/tabula-games/tabula/game"
)

func TestDiagram(t *testing.T) {
	s, err := Info.New(game.Options{Variant: "belgian-daisy"})
	if err != nil {
		t.Fatal(err)
	}
	want := "" +
		"    I w w . b b\n" +
		"   H w w w b b b\n" +
		"  G . w w . b b .\n" +
		" F . . . . . . . .\n" +
		"E . . . . . . . . .  9\n" +
		" D . . . . . . . .  8\n" +
		"  C . b b . w w .  7\n" +
		"   B b b b w w w  6\n" +
		"    A b b . w w  5\n" +
		"      1 2 3 4\n" +
		"pushed off: black 0, white 0"
	if got := s.(*State).Diagram(); got != want {
		t.Errorf("Diagram:\n%s\nwant:\n%s", got, want)
	}
}
