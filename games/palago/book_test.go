package palago

import (
	"strconv"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// TestBook checks the shipped book: every entry parses, is written back
// the same, and is found in its own position (a legal move, the game not
// over) with its supply and the default rules, and in none other.
func TestBook(t *testing.T) {
	book, err := Book()
	if err != nil {
		t.Fatal(err)
	}
	if len(book) == 0 {
		t.Fatal("the book is empty")
	}
	for _, e := range book {
		again, err := ParseBook(FormatBookEntry(e))
		if err != nil || len(again) != 1 || FormatBookEntry(again[0]) != FormatBookEntry(e) {
			t.Fatalf("%q does not read back: %v %v", FormatBookEntry(e), again, err)
		}
		pos := func(tiles int, extra ...string) *State {
			vals := map[string]string{OptTiles: strconv.Itoa(tiles)}
			for i := 0; i+1 < len(extra); i += 2 {
				vals[extra[i]] = extra[i+1]
			}
			text := "p1"
			for _, m := range e.Moves {
				text += " " + m
			}
			s, err := Info.ParsePosition(text, game.Options{Values: vals})
			if err != nil {
				t.Fatalf("%q: %v", FormatBookEntry(e), err)
			}
			return s.(*State)
		}
		s := pos(e.Tiles)
		m, res, plies, ok := s.BookMove()
		_, after, _ := bookTiles(e)
		mt, _ := MoveTiles(m)
		if !ok || res != e.Result || plies != e.Plies || canonicalKey(append(s.board.Tiles(), mt...)) != canonicalKey(after) {
			t.Errorf("%q: BookMove = %s %d %d %v", FormatBookEntry(e), s.MoveString(m), res, plies, ok)
		}
		for _, other := range []*State{pos(e.Tiles + 1), pos(e.Tiles, OptHoleRule, HoleFirstTileOnly), pos(e.Tiles, OptTilesOutResult, TilesOutLargestGroup)} {
			if _, _, _, ok := other.BookMove(); ok {
				t.Errorf("%q: the book applies with other options", FormatBookEntry(e))
			}
		}
	}
	if _, err := ParseBook("8 | - | (0,0):0+(1,-1):0 | maybe 3"); err == nil {
		t.Error("a book line with result \"maybe\" was read")
	}
}
