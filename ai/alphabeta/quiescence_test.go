package alphabeta_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/alphabeta"
	"github.com/tabula-games/tabula/ai/arena"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
	"github.com/tabula-games/tabula/games/pathagon"
)

// quiet hides a state's Noisy method, keeping its Evaluator and Mutable
// fast path, so the same search can be measured without quiescence.
type quiet struct{ game.State }

func (q quiet) Evaluate(p game.Player) float64 { return q.State.(game.Evaluator).Evaluate(p) }
func (q quiet) Mutable() game.Mutable          { return quietMut{q.State.(game.Mutabler).Mutable()} }

type quietMut struct{ game.Mutable }

func (q quietMut) Evaluate(p game.Player) float64 { return q.Mutable.(game.Evaluator).Evaluate(p) }

// tacticalPositions are middle-game positions with pushes and captures
// about: Abalone after 48 plies of a recorded game (one push-off played),
// Pathagon after 24 seeded random plies.
func tacticalPositions(tb testing.TB) map[string]game.State {
	tb.Helper()
	data, err := os.ReadFile("../../games/abalone/testdata/games/standard-greedy-1.txt")
	if err != nil {
		tb.Fatal(err)
	}
	moves := game.SplitRecord(string(data))
	ab, err := abalone.Info.New(game.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	if ab, err = game.PlayAll(ab, moves[:48]); err != nil {
		tb.Fatal(err)
	}
	pa, err := pathagon.Info.New(game.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 24 {
		ms := pa.LegalMoves(nil)
		if pa, err = pa.Play(ms[rng.IntN(len(ms))]); err != nil {
			tb.Fatal(err)
		}
	}
	return map[string]game.State{"abalone": ab, "pathagon": pa}
}

// BenchmarkQuiescence: a fixed-depth search with and without the games'
// Noisy moves, to see what quiescence costs in nodes and time.
func BenchmarkQuiescence(b *testing.B) {
	depths := map[string]int{"abalone": 4, "pathagon": 5}
	for name, s := range tacticalPositions(b) {
		for _, mode := range []string{"quiescence", "none"} {
			st := s
			if mode == "none" {
				st = quiet{s}
			}
			b.Run(fmt.Sprintf("%s/depth=%d/%s", name, depths[name], mode), func(b *testing.B) {
				b.ReportAllocs()
				var nodes int64
				for b.Loop() {
					res, err := alphabeta.New(alphabeta.Config{}).Search(context.Background(), st, alphabeta.Limits{Depth: depths[name]})
					if err != nil {
						b.Fatal(err)
					}
					nodes = res.Nodes
				}
				b.ReportMetric(float64(nodes), "nodes/search")
			})
		}
	}
}

// quietAgent plays like its inner agent on states without Noisy moves.
type quietAgent struct{ ai.Agent }

func (q quietAgent) Choose(ctx context.Context, s game.State, b ai.Budget) (ai.Report, error) {
	return q.Agent.Choose(ctx, quiet{s}, b)
}

var quiescenceMatch = flag.Int("quiescence-match", 0, "play this many games of bot:hard with quiescence against bot:hard without, per game (slow)")

// TestQuiescenceMatch, run with -quiescence-match=N, plays the hard bot
// with quiescence against itself without, at 100 ms a move, in Abalone and
// Pathagon, and logs the score.
func TestQuiescenceMatch(t *testing.T) {
	if *quiescenceMatch <= 0 {
		t.Skip("run with -quiescence-match=N")
	}
	newAgent := func(spec string, seed uint64) (ai.Agent, error) {
		a, err := ai.FromSpec(strings.TrimSuffix(spec, "/quiet"), seed)
		if err != nil || !strings.HasSuffix(spec, "/quiet") {
			return a, err
		}
		return quietAgent{a}, nil
	}
	for name, info := range map[string]*game.Info{"abalone": abalone.Info, "pathagon": pathagon.Info} {
		r, err := arena.Run(context.Background(), arena.Config{Game: info, A: "bot:hard", B: "bot:hard/quiet",
			NewAgent: newAgent, Games: *quiescenceMatch, MoveTime: 100 * time.Millisecond, Seed: 1, Parallel: 1, MaxPlies: 400})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: quiescence vs none: %s", name, r.Describe())
	}
}
