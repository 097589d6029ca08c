package alphabeta

import (
	"context"
	"testing"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// Config.Yield is called at the clock checks, and a search that pauses
// there finds what it finds without pauses, node for node; a pause longer
// than slowCheck does not make it read the clock after every node.
func TestYieldPausesWithoutChangingTheSearch(t *testing.T) {
	st, err := tictactoe.Info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := New(Config{}).Search(context.Background(), st, Limits{Depth: 5})
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	pause := slowCheck + 100*time.Microsecond
	got, err := New(Config{Yield: func() time.Duration {
		calls++
		start := time.Now()
		time.Sleep(pause)
		return time.Since(start)
	}}).Search(context.Background(), st, Limits{Depth: 5})
	if err != nil {
		t.Fatal(err)
	}
	if got.Move != want.Move || got.Score != want.Score || got.Nodes != want.Nodes || got.Depth != want.Depth {
		t.Errorf("paused search: move %v score %d nodes %d depth %d; unpaused: %v %d %d %d",
			got.Move, got.Score, got.Nodes, got.Depth, want.Move, want.Score, want.Nodes, want.Depth)
	}
	if calls == 0 || int64(calls) > got.Nodes/checkEvery+got.Nodes/100 {
		t.Errorf("%d calls for %d nodes: want one every %d nodes", calls, got.Nodes, checkEvery)
	}
}
