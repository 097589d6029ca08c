package analysis

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/games"
	"github.com/tabula-games/tabula/games/abalone"
	"github.com/tabula-games/tabula/games/tictactoe"
)

func start(t *testing.T, info *game.Info, players int) game.State {
	t.Helper()
	s, err := info.New(game.Options{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Alpha-beta streams deepening updates with the requested lines and ends
// with a final one; MCTS reports every seat's expected result in a game of
// three.
func TestRunStreams(t *testing.T) {
	tests := []struct {
		name   string
		state  game.State
		lines  int
		engine string
		seats  int
	}{
		{"tictactoe", start(t, tictactoe.Info, 2), 3, "alphabeta", 0},
		{"race3", start(t, race.NewInfo(), 3), 2, "mcts", 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Time for updates before the final one even when the search
			// thread (at nice 19) waits for busy cores: MCTS reports twice a
			// second, and alpha-beta solves tic-tac-toe before the bound.
			p := New(Config{MaxTime: 1500 * time.Millisecond})
			var got []Update
			if err := p.Run(context.Background(), "c", tc.state, tc.lines, func(u Update) { got = append(got, u) }); err != nil {
				t.Fatal(err)
			}
			if len(got) < 2 || !got[len(got)-1].Final {
				t.Fatalf("%d updates, last final=%v", len(got), got[len(got)-1].Final)
			}
			for i, u := range got {
				if u.Engine != tc.engine || len(u.Lines) != tc.lines {
					t.Fatalf("update %d: engine %s, %d lines", i, u.Engine, len(u.Lines))
				}
				if i > 0 && !u.Final && u.Depth < got[i-1].Depth && tc.engine == "alphabeta" {
					t.Errorf("depth went from %d to %d", got[i-1].Depth, u.Depth)
				}
				for _, l := range u.Lines {
					if l.Move == "" || len(l.PV) == 0 || l.PV[0] != l.Move || l.Win < 0 || l.Win > 1 || len(l.Expected) != tc.seats {
						t.Errorf("update %d: line %+v", i, l)
					}
				}
			}
			if r, w := p.Busy(); r != 0 || w != 0 {
				t.Errorf("busy %d running, %d waiting after the end", r, w)
			}
		})
	}
}

func TestWinProbability(t *testing.T) {
	for _, tc := range []struct{ s, want float64 }{{0, 0.5}, {0.25, 0.731}, {-0.5, 0.119}, {1, 0.982}} {
		if got := WinProbability(tc.s); math.Abs(got-tc.want) > 0.001 {
			t.Errorf("WinProbability(%v) = %.3f, want %.3f", tc.s, got, tc.want)
		}
	}
}

// One analysis per client: a second replaces the first, which ends with
// "replaced"; the queue bound refuses what does not fit; the time bound
// ends an analysis with "time".
func TestLimits(t *testing.T) {
	ab := start(t, abalone.Info, 2)
	p := New(Config{Workers: 1, Queue: 1, MaxTime: 20 * time.Second})
	first := make(chan Update, 100)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = p.Run(context.Background(), "a", ab, 1, func(u Update) { first <- u })
	}()
	<-first // running
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	second := make(chan Update, 100)
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = p.Run(ctx, "a", ab, 1, func(u Update) { second <- u })
	}()
	for u := range first {
		if u.Final {
			if u.Reason != "replaced" {
				t.Errorf("first ended with %q, want replaced", u.Reason)
			}
			break
		}
	}
	<-second // the replacement runs
	// Another client waits (the queue's one place); a third is refused.
	waitCtx, waitCancel := context.WithCancel(context.Background())
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = p.Run(waitCtx, "b", ab, 1, func(Update) {})
	}()
	deadline := time.Now().Add(5 * time.Second)
	for _, w := p.Busy(); w != 1 && time.Now().Before(deadline); _, w = p.Busy() {
		time.Sleep(time.Millisecond)
	}
	if err := p.Run(context.Background(), "c", ab, 1, func(Update) {}); !errors.Is(err, ErrBusy) {
		t.Errorf("third client: %v, want ErrBusy", err)
	}
	waitCancel()
	cancel()
	wg.Wait()
	if r, w := p.Busy(); r != 0 || w != 0 {
		t.Errorf("busy %d running, %d waiting after the end", r, w)
	}
	// MaxTime ends a search that would run on (long enough for the first
	// iterations on a busy machine under the race detector).
	p = New(Config{MaxTime: 300 * time.Millisecond})
	var last Update
	if err := p.Run(context.Background(), "a", ab, 2, func(u Update) { last = u }); err != nil {
		t.Fatal(err)
	}
	if !last.Final || last.Reason != "time" || len(last.Lines) != 2 {
		t.Errorf("last update %+v, want final by time with 2 lines", last)
	}
	if err := p.Run(context.Background(), "a", mustParse(t), 1, func(Update) {}); !errors.Is(err, ErrNoMove) {
		t.Errorf("finished position: %v, want ErrNoMove", err)
	}
}

func mustParse(t *testing.T) game.State {
	s, err := tictactoe.Info.ParsePosition("xxxoo.... o", game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Every game is analysed: from its start position (past any chance event
// that opens it) the pool reports lines with legal moves, by alpha-beta
// for two seats with an evaluation and by MCTS otherwise.
func TestEveryGame(t *testing.T) {
	p := New(Config{MaxTime: 30 * time.Millisecond})
	for _, info := range games.All() {
		counts := []int{info.DefaultPlayers}
		for _, n := range []int{2, 3} {
			if n != info.DefaultPlayers && info.AllowsPlayers(n) {
				counts = append(counts, n)
			}
		}
		for _, n := range counts {
			t.Run(fmt.Sprintf("%s/%d", info.ID, n), func(t *testing.T) {
				st, err := info.New(game.Options{Players: n})
				if err != nil {
					t.Fatal(err)
				}
				if st.ToMove() == game.Chance {
					if err := p.Run(context.Background(), "c", st, 1, func(Update) {}); !errors.Is(err, ErrChance) {
						t.Errorf("at a chance event: %v, want ErrChance", err)
					}
				}
				for i := 0; st.ToMove() == game.Chance; i++ {
					if i == 100 {
						t.Fatal("100 chance events in a row")
					}
					out := st.ChanceOutcomes()
					if st, err = st.Play(out[i*7%len(out)].Move); err != nil {
						t.Fatal(err)
					}
				}
				var last Update
				if err := p.Run(context.Background(), "c", st, 2, func(u Update) { last = u }); err != nil {
					t.Fatal(err)
				}
				wantEngine := "mcts"
				if _, ok := st.(game.Evaluator); ok && n == 2 {
					wantEngine = "alphabeta"
				}
				if !last.Final || last.Engine != wantEngine || len(last.Lines) == 0 {
					t.Fatalf("last update %+v, want final %s lines", last, wantEngine)
				}
				for _, l := range last.Lines {
					if _, err := st.ParseMove(l.Move); err != nil {
						t.Errorf("line move %q: %v", l.Move, err)
					}
				}
			})
		}
	}
}
