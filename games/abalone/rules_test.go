package abalone

import (
	"errors"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// mustParse parses a position with the given option values.
func mustParse(t *testing.T, text string, opts ...string) *State {
	t.Helper()
	o := game.Options{Values: map[string]string{}}
	for i := 0; i+1 < len(opts); i += 2 {
		o.Values[opts[i]] = opts[i+1]
	}
	s, err := Info.ParsePosition(text, o)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	return s.(*State)
}

func mustPlay(t *testing.T, s *State, moves ...string) *State {
	t.Helper()
	for _, text := range moves {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatalf("position %s: ParseMove(%q): %v", s, text, err)
		}
		next, err := s.Play(m)
		if err != nil {
			t.Fatalf("position %s: Play(%s): %v", s, text, err)
		}
		s = next.(*State)
	}
	return s
}

// pushes lists the moves of s that push enemy marbles, in notation.
func pushes(s *State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		if movePushed(m) > 0 {
			out = append(out, s.MoveString(m))
		}
	}
	slices.Sort(out)
	return out
}

// TestEdgePositions is the table of edge positions in docs/rules/abalone.md#checks: each has its legal move count and its exact pushes.
func TestEdgePositions(t *testing.T) {
	tests := []struct {
		name   string
		pos    string
		moves  int
		pushes []string
		after  map[string]string // move -> position after it
	}{
		{name: "lone marble in the centre (E5b)", pos: "...../....../......./......../....b..../......../......./....../..... b 0 0", moves: 6},
		{name: "corner, no suicide moves (A1b)", pos: "...../....../......./......../........./......../......./....../b.... b 0 0", moves: 3},
		{
			name:   "exactly one push, E2-E3-E4 against 2 (E1 stays)",
			pos:    "...../....../......./......../bbbbww.../......../......./....../..... b 0 0",
			moves:  31,
			pushes: []string{"e2e3"},
			after:  map[string]string{"e2e3": "...../....../......./......../b.bbbww../......../......./....../..... w 0 0"},
		},
		{name: "sandwich: no push", pos: "...../....../......./......../bbbwb..../......../......./....../..... b 0 0", moves: 23},
		{name: "pac 3v3: no push", pos: "...../....../......./......../bbbwww.../......../......./....../..... b 0 0", moves: 18},
		{
			name:   "one 2v1 push-off",
			pos:    "...../....../......./......../......bbw/......../......./....../..... b 0 0",
			moves:  15,
			pushes: []string{"e7e8"},
			after:  map[string]string{"e7e8": "...../....../......./......../.......bb/......../......./....../..... w 0 1"},
		},
		{
			name:   "one 3v2 push-off",
			pos:    "...../....../......./......../....bbbww/......../......./....../..... b 0 0",
			moves:  28,
			pushes: []string{"e5e6"},
			// docs/rules/abalone.md#moves: in 3v2 off the edge only the front enemy marble leaves.
			after: map[string]string{"e5e6": "...../....../......./......../.....bbbw/......../......./....../..... w 0 1"},
		},
		{
			name:   "two pushes, 3v1 and 2v1, into the empty B5",
			pos:    "...../....../......./......../........./......../......./bbbw.w/..... b 0 0",
			moves:  23,
			pushes: []string{"b1b2", "b2b3"},
			after: map[string]string{
				"b1b2": "...../....../......./......../........./......../......./.bbbww/..... w 0 0",
				"b2b3": "...../....../......./......../........./......../......./b.bbww/..... w 0 0",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustParse(t, tt.pos)
			if got := len(s.LegalMoves(nil)); got != tt.moves {
				t.Errorf("%d legal moves, want %d", got, tt.moves)
			}
			if got := s.NumLegalMoves(); got != tt.moves {
				t.Errorf("NumLegalMoves() = %d, want %d", got, tt.moves)
			}
			if got := pushes(s); !slices.Equal(got, tt.pushes) {
				t.Errorf("pushes %v, want %v", got, tt.pushes)
			}
			for m, want := range tt.after {
				if got := mustPlay(t, s, m).String(); got != want {
					t.Errorf("after %s: %s, want %s", m, got, want)
				}
			}
		})
	}
}

// TestMoveRules checks single moves against the rules of docs/rules/abalone.md#moves: each row is a
// position, a move in notation and whether it is legal.
func TestMoveRules(t *testing.T) {
	tests := []struct {
		name  string
		pos   string
		move  string
		legal bool
	}{
		{"a column of 4 cannot move as a whole", "...../....../......./......../bbbb...../......../......./....../..... b 0 0", "e1e2", false},
		{"the front 3 of a column of 4 can move", "...../....../......./......../bbbb...../......../......./....../..... b 0 0", "e2e3", true},
		{"a broadside into an enemy marble is illegal (never pushes)", "...../....../......./......../........./......../...w.../..bb../..... b 0 0", "b3b4c3", false},
		{"a broadside into empty cells is legal", "...../....../......./......../........./......../......./..bb../..... b 0 0", "b3b4c3", true},
		{"1v1 is pac: no push", "...../....../......./......../....bw.../......../......./....../..... b 0 0", "e5e6", false},
		{"2v2 is pac: no push", "...../....../......./......../...bbww../......../......./....../..... b 0 0", "e4e5", false},
		{"2v1 pushes into an empty cell", "...../....../......./......../...bbw.../......../......./....../..... b 0 0", "e4e5", true},
		{"3v2 pushes into an empty cell", "...../....../......./......../..bbbww../......../......./....../..... b 0 0", "e3e4", true},
		{"3v3 is pac even at the edge", "...../....../......./......../...bbbwww/......../......./....../..... b 0 0", "e4e5", false},
		{"2v1 backed by the mover's own marble is a sandwich", "...../....../......./......../...bbwb../......../......./....../..... b 0 0", "e4e5", false},
		{"2v1 backed by an enemy marble is 2v2", "...../....../......./......../...bbww../......../......./....../..... b 0 0", "e4e5", false},
		{"four against three does not push", "...../....../......./......../bbbbwww../......../......./....../..... b 0 0", "e2e3", false},
		{"a fourth marble does not help against 3", "...../....../......./......../bbbbwww../......../......./....../..... b 0 0", "e1e2", false},
		{"no suicide: an in-line move off the board", "...../....../......./......../.......bb/......../......./....../..... b 0 0", "e8e9", false},
		{"a lone marble may not step off the board", "...../....../......./......../........b/......../......./....../..... b 0 0", "e9e8", true},
		{"only the side to move moves", "...../....../......./......../....w..../......../......./....../b.... b 0 0", "e5e6", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustParse(t, tt.pos)
			m, err := s.ParseMove(tt.move)
			if tt.legal {
				if err != nil {
					t.Fatalf("ParseMove(%q) = %v, want a legal move", tt.move, err)
				}
				if _, err := s.Play(m); err != nil {
					t.Fatalf("Play(%s) = %v", tt.move, err)
				}
				return
			}
			if !errors.Is(err, game.ErrIllegalMove) {
				t.Fatalf("ParseMove(%q) = %v, %v; want an error wrapping ErrIllegalMove", tt.move, m, err)
			}
		})
	}
}

// TestNotation checks ABA-PRO input and output (docs/rules/abalone.md#notation).
func TestNotation(t *testing.T) {
	start, err := Info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := start.(*State)
	same := []struct {
		name, in, canonical string
	}{
		{"broadside from the lower end", "c3c5d4", "c3c5d4"},
		{"broadside from the upper end parses to the same move", "c5c3d6", "c3c5d4"},
		{"upper-case input", "C5C3D6", "c3c5d4"},
		{"mixed case in-line", "A1b2", "a1b2"},
		{"two-marble broadside", "c3c4d4", "c3c4d4"},
		{"two-marble broadside from the other end", "c4c3d5", "c3c4d4"},
		{"surrounding space is ignored", " b6c7 ", "b6c7"},
		{"a single marble is in-line in every direction", "b1c1", "b1c1"},
	}
	for _, tt := range same {
		t.Run(tt.name, func(t *testing.T) {
			m, err := s.ParseMove(tt.in)
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tt.in, err)
			}
			if got := s.MoveString(m); got != tt.canonical {
				t.Errorf("MoveString(ParseMove(%q)) = %q, want %q", tt.in, got, tt.canonical)
			}
		})
	}
	bad := []struct {
		name, in string
		want     error
	}{
		{"empty", "", game.ErrSyntax},
		{"one cell", "a1", game.ErrSyntax},
		{"no such cell a0", "a0b1", game.ErrSyntax},
		{"no such cell a6", "a6b6", game.ErrSyntax},
		{"no such row j", "j5i5", game.ErrSyntax},
		{"eight characters", "a1b2c3d4", game.ErrSyntax},
		{"punctuation", "a1-b2", game.ErrSyntax},
		{"cells not adjacent", "a1c3", game.ErrIllegalMove},
		{"no own marble", "e5e6", game.ErrIllegalMove},
		{"opponent's marble", "g5f5", game.ErrIllegalMove},
		{"broadside ends too far apart", "b1b4c1", game.ErrIllegalMove},
		{"broadside ends not in line", "b1c3c1", game.ErrIllegalMove},
		{"broadside along its own axis", "c3c4c5", game.ErrIllegalMove},
		{"broadside destination not a neighbour", "c3c5e4", game.ErrIllegalMove},
		{"broadside of a group with a gap", "b1b3c1", game.ErrIllegalMove},
	}
	for _, tt := range bad {
		t.Run("reject "+tt.name, func(t *testing.T) {
			_, err := s.ParseMove(tt.in)
			if !errors.Is(err, tt.want) {
				t.Errorf("ParseMove(%q) = %v, want an error wrapping %v", tt.in, err, tt.want)
			}
			var pe *game.ParseError
			if errors.Is(tt.want, game.ErrSyntax) && !errors.As(err, &pe) {
				t.Errorf("ParseMove(%q) = %v, want a *game.ParseError", tt.in, err)
			}
		})
	}
}

// TestCells checks the coordinates of docs/rules/abalone.md#board-and-marbles.
func TestCells(t *testing.T) {
	cells := Cells()
	if len(cells) != NumCells {
		t.Fatalf("%d cells, want %d", len(cells), NumCells)
	}
	var names []string
	seen := map[Cell]bool{}
	for _, c := range cells {
		if seen[c] || !c.Valid() {
			t.Fatalf("cell %d listed twice or invalid", c)
		}
		seen[c] = true
		names = append(names, c.String())
		back, err := ParseCell(c.String())
		if err != nil || back != c {
			t.Errorf("ParseCell(%q) = %v, %v", c.String(), back, err)
		}
		if up, err := ParseCell(string(c.String()[0]-'a'+'A') + c.String()[1:]); err != nil || up != c {
			t.Errorf("ParseCell of upper-case %q = %v, %v", c.String(), up, err)
		}
		if d := c.Coord().Len(); d > 4 {
			t.Errorf("%v is %d from the centre", c, d)
		}
	}
	rows := []string{"a1 a5", "b1 b6", "c1 c7", "d1 d8", "e1 e9", "f2 f9", "g3 g9", "h4 h9", "i5 i9"}
	i := 0
	for _, r := range rows {
		first, last := r[:2], r[3:]
		if names[i] != first {
			t.Errorf("row starts at %s, want %s", names[i], first)
		}
		for names[i][0] == first[0] {
			i++
			if i == len(names) {
				break
			}
		}
		if names[i-1] != last {
			t.Errorf("row ends at %s, want %s", names[i-1], last)
		}
	}
	centre, _ := ParseCell("e5")
	if centre.Coord().Len() != 0 {
		t.Errorf("e5 is not the centre: %v", centre.Coord())
	}
	// docs/rules/abalone.md#board-and-marbles: from A1, B1 is NW and B2 is NE.
	a1, _ := ParseCell("a1")
	for d, want := range map[Dir]string{2: "b1", 1: "b2", 0: "a2"} {
		if got := a1.Next(d).String(); got != want {
			t.Errorf("a1 %v = %s, want %s", d, got, want)
		}
	}
	for _, bad := range []string{"", "a", "a0", "a6", "f1", "i4", "j5", "e10", "55"} {
		if _, err := ParseCell(bad); !errors.Is(err, game.ErrSyntax) {
			t.Errorf("ParseCell(%q) = %v, want a syntax error", bad, err)
		}
	}
}

// TestShift checks the bitboard rotations, generic and generated, against
// the neighbour table for every cell and direction.
func TestShift(t *testing.T) {
	unrolled := [6]func(board) board{shE, shNE, shNW, shW, shSW, shSE}
	edges := [6]board{edgeE, edgeNE, edgeNW, edgeW, edgeSW, edgeSE}
	for d := range Dir(6) {
		if edges[d] != geo.edge[d] {
			t.Errorf("generated edge mask %v = %#x, geometry has %#x", d, edges[d], geo.edge[d])
		}
		for c := range Cell(NumCells) {
			if got, want := unrolled[d](1<<c|^full)&full, shift(1<<c, d); got != want {
				t.Errorf("sh%v(%v) = %#x, shift gives %#x", d, c, got, want)
			}
		}
	}
	for c := range Cell(NumCells) {
		for d := range Dir(6) {
			var want board
			if n := c.Next(d); n != NoCell {
				want = 1 << n
			}
			if got := shift(1<<c, d); got != want {
				t.Errorf("shift(%v, %v) = %#x, want %#x", c, d, got, want)
			}
			if n := c.Next(d); n != NoCell && n.Coord() != c.Coord().Neighbor(d) {
				t.Errorf("%v.Next(%v) = %v, not the hexgrid neighbour", c, d, n)
			}
		}
	}
}
