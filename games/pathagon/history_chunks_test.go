package pathagon_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// The repetition history is kept in chunks of 29 positions (see chunk in
// pathagon.go): a state shares the chunks of the state it was played from
// and copies at most the last one when a sibling took its slot. These
// tests put the chunk boundaries inside the repetition window (docs/rules/pathagon.md#draws).

// p6Placed returns TestP6Repetition's position built by placements: its board
// without the last k pieces of each list of p6Light and p6Dark, k in each
// reserve, and the 2k placements (Light first) that complete it. After
// them the board, the side to move, lastRelocated and the forbidden set
// are those of TestP6Repetition's position (no placement captures or connects there),
// with 2k positions in the history.
func p6Placed(t *testing.T, k int, values map[string]string) (*pathagon.State, []string) {
	t.Helper()
	light, dark := strings.Fields(p6Light), strings.Fields(p6Dark)
	cut := len(light) - k
	s := position(t, strings.Join(light[:cut], " "), strings.Join(dark[:cut], " "),
		fmt.Sprintf("l %d %d -,- -", k, k), values)
	var moves []string
	for i := cut; i < len(light); i++ {
		moves = append(moves, light[i], dark[i])
	}
	return s, moves
}

// TestP6RepetitionAcrossChunks is TestP6RepetitionBranches after a
// placement prefix of 2k plies, k = 0..14, so that the draw window (the
// 18 plies from TestP6Repetition's position) lies across the first chunk boundary at
// every offset. Three branches from one state (two different moves, and
// the same move twice) advance in turn and each must draw at ply 2k+18,
// seeing only its own line; replays from states in the middle of a
// finished line (histories that end before, at and after a boundary)
// draw at the same ply.
func TestP6RepetitionAcrossChunks(t *testing.T) {
	a, b := p6Cycles()
	for k := 0; k <= pathagon.Pieces; k++ {
		t.Run(fmt.Sprintf("prefix=%d", 2*k), func(t *testing.T) {
			start, prefix := p6Placed(t, k, nil)
			base := play(t, start, prefix...)
			if got, want := strings.Fields(base.String())[:6], strings.Fields(position(t, p6Light, p6Dark, "l 0 0 -,- -", nil).String())[:6]; !slices.Equal(got, want) {
				t.Fatalf("after the placements: %v, want TestP6Repetition's position %v", got, want)
			}
			want := 2*k + 18
			s1 := play(t, base, a[0])
			drawn := drawBranches(t, s1, [][]string{a[1:], b, a[1:]})
			if w := []int{want, want, want}; !slices.Equal(drawn, w) {
				t.Errorf("draw plies %v, want %v", drawn, w)
			}

			// The whole line from the start, then replays from every
			// state of it (the prefix included) after it ended.
			line := append(slices.Clone(prefix), a[:18]...)
			states := []game.State{start}
			for _, mv := range line {
				states = append(states, play(t, states[len(states)-1], mv))
			}
			if _, over := states[len(states)-1].Outcome(); !over {
				t.Fatalf("the line did not end at ply %d", want)
			}
			for from := range len(line) {
				if got := drawPly(t, states[from], line[from:]); got != want {
					t.Errorf("replay from ply %d: drawn at ply %d, want %d", from, got, want)
				}
			}
		})
	}
}

// TestHistoryConcurrentAcrossChunks is TestHistoryConcurrent after a
// 28-ply placement prefix: eight goroutines play a's and b's cycles from
// one shared state, their histories crossing the chunk boundary after
// position 28 at the same time; run with -race.
func TestHistoryConcurrentAcrossChunks(t *testing.T) {
	a, b := p6Cycles()
	start, prefix := p6Placed(t, pathagon.Pieces, nil)
	s1 := play(t, play(t, start, prefix...), a[0])
	for w, ply := range drawConcurrently(t, s1, a[1:], b) {
		if ply != 28+18 {
			t.Errorf("worker %d drew at ply %d, want %d", w, ply, 28+18)
		}
	}
}
