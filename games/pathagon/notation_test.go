package pathagon_test

import (
	"errors"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// TestCells checks the coordinates of docs/rules/pathagon.md#board-and-pieces: index 7·row + col, row 0 at
// rank 7, so a7 = 0 and g1 = 48.
func TestCells(t *testing.T) {
	for _, tc := range []struct {
		name     string
		index    int
		row, col int
	}{
		{"a7", 0, 0, 0}, {"g7", 6, 0, 6}, {"a1", 42, 6, 0}, {"g1", 48, 6, 6}, {"d4", 24, 3, 3}, {"b6", 8, 1, 1},
	} {
		c, ok := pathagon.ParseCell(tc.name)
		if !ok || int(c) != tc.index || c.Row() != tc.row || c.Col() != tc.col || c.String() != tc.name {
			t.Errorf("ParseCell(%q) = %d (row %d col %d, %q), want %d", tc.name, c, c.Row(), c.Col(), c, tc.index)
		}
		if up, ok := pathagon.ParseCell(string(tc.name[0]-32) + tc.name[1:]); !ok || up != c {
			t.Errorf("upper-case %q does not parse", tc.name)
		}
	}
	for _, bad := range []string{"", "a", "a0", "a8", "h1", "11", "aa", "d44"} {
		if _, ok := pathagon.ParseCell(bad); ok {
			t.Errorf("ParseCell(%q) accepted", bad)
		}
	}
}

// TestMoveSyntax: malformed move text is a *game.ParseError wrapping
// game.ErrSyntax; well-formed but illegal moves wrap game.ErrIllegalMove.
func TestMoveSyntax(t *testing.T) {
	s, err := pathagon.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		in   string
		want error
	}{
		{"", game.ErrSyntax},
		{"d", game.ErrSyntax},
		{"d8", game.ErrSyntax},
		{"d4-", game.ErrSyntax},
		{"d4x", game.ErrSyntax},
		{"d4xe4xe4", game.ErrSyntax},
		{"d4 e4", game.ErrSyntax},
		{"d4!", game.ErrSyntax},
		{"a7-g1", game.ErrIllegalMove}, // Light must place first
		{"d4xd5", game.ErrIllegalMove}, // nothing to capture
		{"d4xf6", game.ErrIllegalMove}, // not next to d4
	} {
		_, err := s.ParseMove(tc.in)
		if !errors.Is(err, tc.want) {
			t.Errorf("ParseMove(%q) = %v, want %v", tc.in, err, tc.want)
		}
		var pe *game.ParseError
		if tc.want == game.ErrSyntax && !errors.As(err, &pe) {
			t.Errorf("ParseMove(%q): %T is not a *game.ParseError", tc.in, err)
		}
	}
	if m, err := s.ParseMove(" D4 "); err != nil || s.MoveString(m) != "d4" {
		t.Errorf("ParseMove(\" D4 \") = %v, %v", m, err)
	}
}

// TestPositionText checks the round trip and the optional ply and
// repetition fields, and rejects malformed or impossible text.
func TestPositionText(t *testing.T) {
	for _, text := range []string{
		"......./......./......./......./......./......./....... l 14 14 -,- -",
		"......./...D.../......./.D.D.D./......./...D.../....... l 14 9 -,- d5,c4,e4,d3 1",
		"LLLLLLL/D....../.LLLLL./D....../DDDDDDL/.D...../.DDDDD. l 1 0 -,a6 a5 17",
		"LLLLLLL/......./LLLLLL./D....../DDDDDDL/.D...../DDDDDD. d 0 0 -,- - 120 repetition",
	} {
		s, err := pathagon.ParsePosition(text, game.Options{})
		if err != nil {
			t.Errorf("ParsePosition(%q): %v", text, err)
			continue
		}
		if s.String() != text {
			t.Errorf("round trip:\n got %s\nwant %s", s, text)
		}
	}
	if s, _ := pathagon.ParsePosition("......./......./......./......./......./......./....... l 14 14 -,- - 0", game.Options{}); s.String() != "......./......./......./......./......./......./....... l 14 14 -,- -" {
		t.Errorf("ply 0 is printed: %s", s)
	}
	for _, tc := range []struct{ name, text string }{
		{"five fields", "......./......./......./......./......./......./....... l 14 14 -,-"},
		{"six ranks", "......./......./......./......./......./....... l 14 14 -,- -"},
		{"short rank", "....../......./......./......./......./......./....... l 14 14 -,- -"},
		{"bad piece", "X....../......./......./......./......./......./....... l 14 14 -,- -"},
		{"bad side", "......./......./......./......./......./......./....... w 14 14 -,- -"},
		{"reserve too big", "......./......./......./......./......./......./....... l 15 14 -,- -"},
		{"pieces do not add up", "L....../......./......./......./......./......./....... l 14 14 -,- -"},
		{"lastRelocated empty cell", "......./......./......./......./......./......./....... l 14 14 a7,- -"},
		{"lastRelocated wrong colour", "D....../......./......./......./......./......./....... l 14 13 a7,- -"},
		{"lastRelocated without comma", "......./......./......./......./......./......./....... l 14 14 - -"},
		{"forbidden occupied", "L....../......./......./......./......./......./....... d 13 14 -,- a7"},
		{"forbidden twice", "......./......./......./......./......./......./....... l 14 14 -,- a7,a7"},
		{"five forbidden", "......./......./......./......./......./......./....... l 14 14 -,- a7,b7,c7,d7,e7"},
		{"negative ply", "......./......./......./......./......./......./....... l 14 14 -,- - -1"},
		{"bad mark", "......./......./......./......./......./......./....... l 14 14 -,- - 3 draw"},
		{"mover already connected", "L....../L....../L....../L....../L....../L....../L...... l 7 14 -,- - 13"},
		{"connected and repetition", "L....../L....../L....../L....../L....../L....../L...... d 7 14 -,- - 13 repetition"},
	} {
		_, err := pathagon.ParsePosition(tc.text, game.Options{})
		if !errors.Is(err, game.ErrSyntax) {
			t.Errorf("%s: ParsePosition = %v, want ErrSyntax", tc.name, err)
		}
	}
	won, err := pathagon.ParsePosition("L....../L....../L....../L....../L....../L....../L...... d 7 14 -,- - 13", game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if o, over := won.Outcome(); !over || !o.Won(pathagon.Light) {
		t.Errorf("a position with Light connected is not a Light win: %+v", o)
	}
}

// TestHashIncremental: the hash kept by Apply equals the one computed from
// scratch by parsing the position text, along a game with captures and
// relocations.
func TestHashIncremental(t *testing.T) {
	s, err := pathagon.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mut := s.Mutable()
	var texts []string
	for _, mv := range game.SplitRecord(recordMoves(t)) {
		m, err := mut.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, mut.String())
		mut.Apply(m)
		back, err := pathagon.ParsePosition(mut.String(), game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if back.Hash() != mut.Hash() {
			t.Fatalf("after %s: incremental hash %#x, from scratch %#x", mv, mut.Hash(), back.Hash())
		}
	}
	for i := len(texts) - 1; i >= 0; i-- {
		mut.Undo()
		if mut.String() != texts[i] {
			t.Fatalf("Undo to ply %d: %s, want %s", i, mut, texts[i])
		}
	}
}
