package palaboratory

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestPlaythroughGolden replays fixed records and compares them, ply by
// ply, with testdata/playthroughs/NAME.golden (gametest's playthrough
// format; regenerate with -update).
func TestPlaythroughGolden(t *testing.T) {
	games := []struct {
		name   string
		o      game.Options
		record string
	}{
		// Red, card 2: the ring built tile by tile, one tile misplaced and
		// relocated (one move).
		{"red ring", opts(Red, OptCard, "2"), "(0,0):0 (1,-1):2 (1,0):1 (2,-2):1 (2,-1):0 (3,-1):2 (3,-1)>(2,0):2"},
		// Green 1→2: the solver's optimal record (par 2).
		{"green virus to ring", opts(Green), "(-1,0):2 (-1,1):1 (-2,1):0"},
		// Green 7→10: rat to goat, the rulebook's ↔ 2 Δ 3.
		{"green rat to goat", opts(Green, OptCard, "10", OptFrom, "7"), "(1,3):1 (2,2):0 (1,4):0 (2,3):0 (2,4):2"},
		// Free build (docs/rules/palaboratory.md#tasks): worm a, one tile turned and back, then done.
		{"free worm", opts(Free), "(0,0):0 (0,1):0 (1,-1):1 (1,0):0 (1,1):1 (2,0):1 (2,1):2 (2,1):0 (2,1):2 done"},
	}
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			s, err := Info.New(g.o)
			if err != nil {
				t.Fatal(err)
			}
			gametest.GoldenPlaythrough(t, filepath.Join("testdata", "playthroughs", strings.ReplaceAll(g.name, " ", "-")+".golden"), gametest.Playthrough{
				Title:   "palaboratory " + g.name + ", a fixed record",
				Start:   s,
				Record:  game.SplitRecord(g.record),
				Note:    creatureValues,
				Diagram: func(s game.State) string { return s.(*State).Diagram() },
			})
		})
	}
}

// creatureValues is a playthrough's note on a position: the value of each
// creature in a free build, where the score is theirs.
func creatureValues(s game.State) string {
	st := s.(*State)
	if !st.tk.free {
		return ""
	}
	var b strings.Builder
	b.WriteString("creature values:")
	for _, c := range st.Creatures() {
		fmt.Fprintf(&b, " %d+%d", c.Value.Loops, c.Value.Limbs)
	}
	return b.String()
}
