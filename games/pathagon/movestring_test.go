package pathagon_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// cellName is the algebraic name of the cell in row r (0 = rank 7) and
// column c, written out independently of the package's table.
func cellName(r, c int) string { return string([]byte{byte('a' + c), byte('7' - r)}) }

// TestMoveStringTable: the cell names and the relocation notation that
// MoveString slices from tables (docs/rules/pathagon.md#notation: "d4", "a7-g1") are right for
// every cell and every pair of cells.
func TestMoveStringTable(t *testing.T) {
	s, err := pathagon.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for from := range pathagon.NumCells {
		fc := pathagon.Cell(from)
		fromName := cellName(from/pathagon.Size, from%pathagon.Size)
		if got := fc.String(); got != fromName {
			t.Errorf("Cell(%d).String() = %q, want %q", from, got, fromName)
		}
		if got := s.MoveString(pathagon.Place(fc, 0)); got != fromName {
			t.Errorf("placement on cell %d: %q, want %q", from, got, fromName)
		}
		for to := range pathagon.NumCells {
			want := fromName + "-" + cellName(to/pathagon.Size, to%pathagon.Size)
			if got := s.MoveString(pathagon.Relocate(fc, pathagon.Cell(to), 0)); got != want {
				t.Errorf("relocation %d-%d: %q, want %q", from, to, got, want)
			}
		}
	}
}

// TestMoveStringAllocs pins MoveString's allocations: none for a move
// without captures (a slice of a table), one for a move with captures
// (the string itself, built in a buffer on the stack).
func TestMoveStringAllocs(t *testing.T) {
	s, err := pathagon.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d4, _ := pathagon.ParseCell("d4")
	a7, _ := pathagon.ParseCell("a7")
	for _, tc := range []struct {
		name string
		m    game.Move
		want string
		n    float64
	}{
		{"placement", pathagon.Place(d4, 0), "d4", 0},
		{"relocation", pathagon.Relocate(a7, d4, 0), "a7-d4", 0},
		{"placement with a capture", pathagon.Place(d4, 1<<pathagon.N), "d4xd5", 1},
		{"relocation with four captures", pathagon.Relocate(a7, d4, 15), "a7-d4xd5xc4xe4xd3", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := s.MoveString(tc.m); got != tc.want {
				t.Fatalf("MoveString = %q, want %q", got, tc.want)
			}
			if got := testing.AllocsPerRun(100, func() { _ = s.MoveString(tc.m) }); got != tc.n {
				t.Errorf("%v allocations, want %v", got, tc.n)
			}
		})
	}
}
