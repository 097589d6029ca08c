package puzzle

import (
	"context"
	"slices"
	"testing"
)

// MinMate keeps only the longer wins; without it the same games give
// wins at once too.
func TestMineMinMate(t *testing.T) {
	info := infoOf(t, "tictactoe")
	mates := func(minMate int) []int {
		var out []int
		err := Mine(context.Background(), MineConfig{Info: info, Limits: DefaultLimits["tictactoe"], Count: 6, Seed: 3, MinPly: 2, MinMate: minMate},
			func(p Puzzle) error { out = append(out, p.Mate); return nil })
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if all := mates(0); !slices.Contains(all, 1) {
		t.Fatalf("no win at once among %v: the test shows nothing", all)
	}
	for _, m := range mates(3) {
		if m < 3 {
			t.Errorf("MinMate 3 kept a win in %d", m)
		}
	}
}
