package abalone

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// golden compares got with the file, or writes the file with -update.
func golden(t *testing.T, file, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("%s differs at line %d:\n got %s\nwant %s\n(run with -update if the change is intended)", file, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s: got %d lines, want %d (run with -update if the change is intended)", file, len(gl), len(wl))
	}
}

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
	golden(t, "testdata/playthroughs/standard-greedy-1.golden", b.String())
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
	golden(t, "testdata/playthroughs/move-order.golden", b.String())
}
