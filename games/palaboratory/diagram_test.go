package palaboratory

import (
	"path/filepath"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestDiagram compares the terminal diagram with testdata/diagram/*.golden
// (regenerate with -update): a red task on an empty table (docs/rules/palaboratory.md#tasks), a green
// task at its start with its par, the green number (docs/rules/palaboratory.md#the-fewest-moves), and the red
// task solved, and a free build.
func TestDiagram(t *testing.T) {
	for _, tc := range []struct{ name, position string }{
		{"red-start", "red:1 0"},
		{"green-start", "green:1-2 0 (-1,0):0 (-1,1):0 (0,-1):1 (0,0):0 (0,1):2"},
		// Card 1 (the virus) built on the table, one rotation used.
		{"red-solved", "red:1 1 (-1,0):0 (-1,1):0 (0,-1):1 (0,0):0 (0,1):2"},
		// A free build has no target card: the table alone (Diagram panicked).
		{"free", "free 2 (0,0):0 (0,1):2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Info.ParsePosition(tc.position, game.Options{})
			if err != nil {
				t.Fatal(err)
			}
			gametest.Golden(t, filepath.Join("testdata", "diagram", tc.name+".golden"), s.(*State).Diagram())
		})
	}
}
