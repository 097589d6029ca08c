package abalone

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestPlaythroughGolden replays the kept standard record and compares every
// ply (position, legal moves, move) and the result with
// testdata/playthroughs/standard-greedy-1.golden (gametest's playthrough
// format), so any change in rules, notation or position text shows up.
func TestPlaythroughGolden(t *testing.T) {
	data, err := os.ReadFile(recordGames[0].file)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Info.New(game.Options{Variant: recordGames[0].variant})
	if err != nil {
		t.Fatal(err)
	}
	gametest.GoldenPlaythrough(t, "testdata/playthroughs/standard-greedy-1.golden", gametest.Playthrough{
		Title:   "abalone " + recordGames[0].variant + ", the record " + recordGames[0].file + " replayed",
		Start:   s,
		Record:  game.SplitRecord(string(data)),
		Diagram: func(s game.State) string { return s.(*State).Diagram() },
	})
}

// TestMoveOrderGolden snapshots the order of LegalMoves in each start
// position: counts cannot see a reordering, which would change search and
// every seeded random game.
func TestMoveOrderGolden(t *testing.T) {
	var b strings.Builder
	for _, v := range Info.Variants {
		s, err := Info.New(game.Options{Variant: v})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, m := range s.LegalMoves(nil) {
			names = append(names, s.MoveString(m))
		}
		fmt.Fprintf(&b, "%s %s\n", v, strings.Join(names, " "))
	}
	gametest.Golden(t, "testdata/move-order.golden", b.String())
}
