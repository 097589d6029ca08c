package palago

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestDiagram compares the terminal diagram with testdata/diagram/*.golden
// (regenerate with -update): the empty plane and one move of each pair of
// orientations (docs/rules/palago.md#only-three-orientations: the tips of orientations 0, 1 and 2). The diagram of
// a finished game ends testdata/playthroughs/seed-1.golden.
func TestDiagram(t *testing.T) {
	for _, tc := range []struct{ name, position string }{
		{"start", "p2"},
		{"orientations", "p1 (0,0):0+(1,0):1 (0,1):2+(-1,1):0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := Info.ParsePosition(tc.position, game.Options{Values: map[string]string{OptTiles: "20"}})
			if err != nil {
				t.Fatal(err)
			}
			gametest.Golden(t, filepath.Join("testdata", "diagram", tc.name+".golden"), st.(*State).Diagram())
		})
	}
}

// TestBoardDiagramPlaces checks the geometry of Board.Diagram against the
// axial directions (docs/rules/palago.md#cells-and-sides): the label of each neighbour of (0,0) is drawn
// where that direction points, rows below for SE and SW, the same row for E
// and W, above for NE and NW.
func TestBoardDiagramPlaces(t *testing.T) {
	var b Board
	if err := b.Place(Tile{Cell{0, 0}, 1}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.Diagram(), "\n")
	find := func(label string) (line, col int) {
		for i, l := range lines {
			for j := 0; j+len(label) <= len(l); j++ {
				// A whole label, not the tail of a longer one.
				if l[j:j+len(label)] == label && (j == 0 || l[j-1] == ' ') && (j+len(label) == len(l) || l[j+len(label)] == ' ') {
					return i, j
				}
			}
		}
		t.Fatalf("label %q not in\n%s", label, b.Diagram())
		return 0, 0
	}
	l0, c0 := find("0,0")
	for k, d := range dirs {
		l, c := find(Cell{d.Q, d.R}.String()[1 : len(Cell{d.Q, d.R}.String())-1])
		wantLine := l0 + 3*int(d.R)
		if l != wantLine {
			t.Errorf("direction %d %v: label on line %d, want %d", k, d, l, wantLine)
		}
		// Half a hexagon per step of 2q + r, up to the labels' widths.
		dx := (2*int(d.Q) + int(d.R)) * diagramCell / 2
		if c-c0 < dx-2 || c-c0 > dx+2 {
			t.Errorf("direction %d %v: label at column %d, want about %d", k, d, c, c0+dx)
		}
	}
}
