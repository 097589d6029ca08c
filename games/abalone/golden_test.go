package abalone

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestPlaythroughGolden replays the kept standard record and writes, for
// every ply, the move, the position text, the number of legal moves and the
// result, so any change in rules, notation or position text shows up.
func TestPlaythroughGolden(t *testing.T) {
	data, err := os.ReadFile(recordGames[0].file)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Info.New(game.Options{Variant: recordGames[0].variant})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "start %s moves %d\n", s, len(s.LegalMoves(nil)))
	for i, text := range game.SplitRecord(string(data)) {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatalf("ply %d: %v", i+1, err)
		}
		if s, err = s.Play(m); err != nil {
			t.Fatalf("ply %d: %v", i+1, err)
		}
		fmt.Fprintf(&b, "ply %d %s %s moves %d\n", i+1, text, s, len(s.LegalMoves(nil)))
	}
	o, _ := s.Outcome()
	fmt.Fprintf(&b, "result %s\n", o.Describe(Info))
	gametest.Golden(t, "testdata/playthroughs/standard-greedy-1.golden", b.String())
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
	gametest.Golden(t, "testdata/playthroughs/move-order.golden", b.String())
}
