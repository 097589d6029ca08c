package palaboratory

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestPlaythroughGolden replays fixed records and compares, after every
// ply, the position text, the number of legal operations, the first few in
// order (a move-order snapshot) and the result with
// testdata/playthrough.golden (regenerate with -update).
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
		// Free build (§D.2): worm a, one tile turned and back, then done.
		{"free worm", opts(Free), "(0,0):0 (0,1):0 (1,-1):1 (1,0):0 (1,1):1 (2,0):1 (2,1):2 (2,1):0 (2,1):2 done"},
	}
	var b strings.Builder
	for _, g := range games {
		s, err := Info.New(g.o)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "# %s\n", g.name)
		dump := func(s game.State) {
			moves := s.LegalMoves(nil)
			var first []string
			for _, m := range moves[:min(6, len(moves))] {
				first = append(first, s.MoveString(m))
			}
			fmt.Fprintf(&b, "position: %s\nmoves: %s\n", s, strings.Join(append([]string{fmt.Sprint(len(moves))}, first...), " "))
			if st := s.(*State); st.tk.free {
				fmt.Fprint(&b, "creature values:")
				for _, c := range st.Creatures() {
					fmt.Fprintf(&b, " %d+%d", c.Value.Loops, c.Value.Limbs)
				}
				b.WriteByte('\n')
			}
			if o, ok := s.Outcome(); ok {
				fmt.Fprintf(&b, "result: %s\n", o.Describe(Info))
			}
		}
		dump(s)
		for i, text := range game.SplitRecord(g.record) {
			s = play(t, s, text)
			fmt.Fprintf(&b, "ply %d: %s\n", i+1, text)
			dump(s)
		}
		b.WriteByte('\n')
	}
	path := filepath.Join("testdata", "playthrough.golden")
	if gametest.Updating() {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("playthrough differs from %s (run with -update):\n%s", path, b.String())
	}
}
