package analysis

import (
	"context"
	"testing"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/games/tictactoe"
	"github.com/tabula-games/tabula/internal/livegate"
)

// A pool with a gate pauses its searches, alpha-beta and MCTS alike,
// while a live command is being handled, and they go on after its End.
func TestRunPausedByGate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		state game.State
	}{
		{"alphabeta", start(t, tictactoe.Info, 2)},
		{"mcts", start(t, race.NewInfo(), 3)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := livegate.New(livegate.Config{MaxPause: time.Minute})
			p := New(Config{MaxTime: 5 * time.Second, Gate: g})
			updates := make(chan Update, 64)
			g.Begin()
			held := time.Now()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- p.Run(ctx, "c", tc.state, 1, func(u Update) { updates <- u }) }()
			select {
			case u := <-updates:
				t.Fatalf("update %+v while a live command was being handled", u)
			case <-time.After(300 * time.Millisecond):
			}
			hold := time.Since(held)
			g.End()
			select {
			case u := <-updates:
				if len(u.Lines) != 1 {
					t.Errorf("update %+v: want a line", u)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("no update after the command ended")
			}
			cancel()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			// The search reaches the gate once its goroutine runs, which
			// a busy machine delays: the pause is some of the hold, not
			// all of it.
			if n, d := g.Pauses(); n == 0 || d <= 0 || d > hold+time.Second {
				t.Errorf("Pauses() = %d, %v: want a pause within the %v hold", n, d, hold)
			}
		})
	}
}
