package abalone

import (
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/hexgrid"
)

// mustState parses a position under the options o.
func mustState(t *testing.T, text string, o game.Options) *State {
	t.Helper()
	s, err := Info.ParsePosition(text, o)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// image returns s turned by symmetry k, with the colours exchanged when
// swap is set (the side to move with them).
func image(s *State, k int, swap bool) *State {
	c := *s
	c.hist, c.stack = nil, nil
	c.bb = [2]board{mapBoard(k, s.bb[0]), mapBoard(k, s.bb[1])}
	if swap {
		c.bb[0], c.bb[1] = c.bb[1], c.bb[0]
		c.off[0], c.off[1] = c.off[1], c.off[0]
		c.side ^= 1
	}
	c.hash = c.computeHash()
	c.hist = []uint64{c.hash}
	c.base, c.rep = 0, 1
	return &c
}

// shippedLayouts are the layouts with a book file (book.go says why German
// daisy has none).
var shippedLayouts = []string{"standard", "belgian-daisy"}

// TestShippedBook checks the book files: the shipped layouts have one, the
// others none, every line
// parses, every position is legal under the default rules and every move
// legal in it (NewBook), each layout's start is in the book, and the move
// LookUp returns for an entry's position is legal there.
func TestShippedBook(t *testing.T) {
	texts, err := BookText()
	if err != nil {
		t.Fatal(err)
	}
	book, err := ShippedBook()
	if err != nil {
		t.Fatal(err)
	}
	for _, layout := range Info.Variants {
		if _, ok := texts[layout]; ok != slices.Contains(shippedLayouts, layout) {
			t.Errorf("%s: a book file is %v, want %v", layout, ok, !ok)
		}
	}
	for _, layout := range shippedLayouts {
		entries, err := ParseBook(texts[layout])
		if err != nil {
			t.Fatalf("%s: %v", layout, err)
		}
		if len(entries) < 10 {
			t.Errorf("%s: %d book entries, want at least 10", layout, len(entries))
		}
		if _, err := NewBook(entries); err != nil {
			t.Errorf("%s: %v", layout, err)
		}
		start, err := Info.New(game.Options{Variant: layout})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, _, ok := book.LookUp(start.(*State)); !ok {
			t.Errorf("%s: the start position is not in the book", layout)
		}
		for _, e := range entries {
			s := mustState(t, e.Position, game.Options{})
			m, _, _, ok := book.LookUp(s)
			if !ok {
				t.Errorf("%s: %s: not found", layout, e.Position)
				continue
			}
			if _, err := s.Play(m); err != nil {
				t.Errorf("%s: %s: book move %s: %v", layout, e.Position, s.MoveString(m), err)
			}
		}
	}
}

// testBook is a book of one position, the standard start after c3d3
// (which no symmetry but the identity maps to itself), with two moves.
func testBook(t *testing.T) (*Book, *State) {
	t.Helper()
	start := mustState(t, layouts["standard"], game.Options{})
	pos, err := game.PlayAll(start, []string{"c3d3"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewBook([]BookEntry{
		{Position: pos.String(), Move: "g5f5", Score: 120, Depth: 7},
		{Position: pos.String(), Move: "i5h5", Score: 150, Depth: 7},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b, start
}

// TestBookSymmetry checks that a book position is found under each of the
// twelve symmetries, with the colours exchanged too, and that the move
// found is the image of the book's best move, not merely a legal one.
func TestBookSymmetry(t *testing.T) {
	b, start := testBook(t)
	pos, err := game.PlayAll(start, []string{"c3d3"})
	if err != nil {
		t.Fatal(err)
	}
	after, err := game.PlayAll(pos, []string{"i5h5"})
	if err != nil {
		t.Fatal(err)
	}
	for k := range hexgrid.NumSymmetries {
		for _, swap := range []bool{false, true} {
			s := image(pos.(*State), k, swap)
			got, score, depth, ok := b.LookUp(s)
			if !ok || score != 150 || depth != 7 {
				t.Errorf("symmetry %d swap %v: ok %v score %d depth %d, want the book's i5h5 at 150, depth 7", k, swap, ok, score, depth)
				continue
			}
			next, err := s.Play(got)
			if err != nil {
				t.Fatal(err)
			}
			want := image(after.(*State), k, swap)
			if next.(*State).bb != want.bb || next.(*State).side != want.side {
				t.Errorf("symmetry %d swap %v: played %s, not the image of i5h5", k, swap, s.MoveString(got))
			}
		}
	}
}

// TestBookNotApplied checks where the book says nothing: other rules, a
// position not in it, a repeated position, and a move that would repeat.
func TestBookNotApplied(t *testing.T) {
	b, start := testBook(t)
	other := mustState(t, start.String(), game.Options{Values: map[string]string{OptMarblesToWin: "3"}})
	if _, _, _, ok := b.LookUp(other); ok {
		t.Error("the book was used with marblesToWin 3")
	}
	if _, _, _, ok := b.LookUp(start); ok {
		t.Error("a position not in the book was found")
	}
	shuffle := []string{"c3d3", "g5f5", "d3c3", "f5g5"}
	s, err := game.PlayAll(start, shuffle[:1])
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, ok := b.LookUp(s.(*State)); !ok {
		t.Fatal("the book position was not found")
	}
	// The book position again, after a shuffle: a repetition.
	s, err = game.PlayAll(start, append(shuffle, "c3d3"))
	if err != nil {
		t.Fatal(err)
	}
	if !s.(*State).Repeated() {
		t.Fatal("the position did not repeat")
	}
	if _, _, _, ok := b.LookUp(s.(*State)); ok {
		t.Error("the book was used in a repeated position")
	}
	// A position whose book move leads back to the start, seen before.
	s, err = game.PlayAll(start, shuffle[:3])
	if err != nil {
		t.Fatal(err)
	}
	rb, err := NewBook([]BookEntry{{Position: s.String(), Move: "f5g5", Score: 0, Depth: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, ok := rb.LookUp(s.(*State)); ok {
		t.Error("the book played a move into a repeated position")
	}
	fresh := mustState(t, s.String(), game.Options{})
	if _, _, _, ok := rb.LookUp(fresh); !ok {
		t.Error("the same position without the history was not found")
	}
}

// TestParseBookErrors checks that malformed lines and illegal entries are
// rejected, naming the line.
func TestParseBookErrors(t *testing.T) {
	start := layouts["standard"]
	for _, text := range []string{
		start + " | a1b2 | 10",
		start + " | a1b2 | ten | 7",
		start + " | a1b2 | 10 | -1",
		start + " |  | 10 | 7",
		start + " | a1b2 | 99999999 | 7",
	} {
		if _, err := ParseBook("# header\n\n" + text + "\n"); err == nil || !strings.Contains(err.Error(), "line 3") {
			t.Errorf("ParseBook(%q) = %v, want an error on line 3", text, err)
		}
	}
	for _, e := range []BookEntry{
		{Position: start, Move: "a1a2", Score: 1, Depth: 1}, // not a legal move
		{Position: "nonsense", Move: "a1b2", Score: 1, Depth: 1},
	} {
		if _, err := NewBook([]BookEntry{e}); err == nil {
			t.Errorf("NewBook accepted %s", FormatBookEntry(e))
		}
	}
}

// FuzzParseBookLine checks that the line parser never panics and that a
// line it accepts is written back as a line that reads the same.
func FuzzParseBookLine(f *testing.F) {
	f.Add(layouts["standard"] + " | a1b2 | 142 | 7")
	f.Add(layouts["german-daisy"] + " | c1d2 | -23 | 7")
	f.Add("|||")
	f.Add("a | b | 1 | 2 | 3")
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseBookLine(line)
		if err != nil {
			return
		}
		back, err := ParseBookLine(FormatBookEntry(e))
		if err != nil || back != e {
			t.Fatalf("%q: read %+v, written %q, read back %+v, %v", line, e, FormatBookEntry(e), back, err)
		}
	})
}
