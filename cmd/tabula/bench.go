package main

import (
	"context"
	"fmt"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
)

// benchPlayoutCap stops a playout that a broken game would never end; the
// longest default game (Pathagon's ply cap) is far shorter.
const benchPlayoutCap = 100_000

func runBench(ctx context.Context, e *env) error {
	fs := e.newFlagSet()
	budget := fs.Duration("time", 2*time.Second, "time per game")
	seed := fs.Uint64("seed", 1, "seed for the random playouts")
	rest, err := parseArgs(fs, e.args)
	if err != nil {
		return err
	}
	infos, err := gamesArg(e, rest)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%-13s %12s %12s %10s %12s\n", "game", "playouts/s", "plies/s", "ns/ply", "avg plies")
	for _, info := range infos {
		start, err := info.New(game.Options{})
		if err != nil {
			return err
		}
		r, err := benchPlayouts(ctx, start, *budget, *seed)
		if err != nil {
			return fmt.Errorf("%s: %w", info.ID, err)
		}
		secs := r.elapsed.Seconds()
		fmt.Fprintf(e.stdout, "%-13s %12.0f %12.0f %10.0f %12.1f\n", info.ID,
			float64(r.playouts)/secs, float64(r.plies)/secs, float64(r.elapsed.Nanoseconds())/float64(max(r.plies, 1)),
			float64(r.plies)/float64(max(r.playouts, 1)))
	}
	return nil
}

type benchResult struct {
	playouts, plies int64
	elapsed         time.Duration
}

// benchPlayouts plays uniform random games from start through the immutable
// Play path (LegalMoves + Play per ply) until the budget is spent.
func benchPlayouts(ctx context.Context, start game.State, budget time.Duration, seed uint64) (benchResult, error) {
	rng := newRand(seed)
	var r benchResult
	var moves []game.Move
	t0 := time.Now()
	for time.Since(t0) < budget && ctx.Err() == nil {
		s := start
		for n := 0; s.ToMove() != game.NoPlayer; n++ {
			if n == benchPlayoutCap {
				return r, fmt.Errorf("a random playout ran past %d plies", benchPlayoutCap)
			}
			var m game.Move
			if s.ToMove() == game.Chance {
				m = ai.SampleChance(s, rng)
			} else {
				moves = s.LegalMoves(moves[:0])
				m = moves[rng.IntN(len(moves))]
			}
			next, err := s.Play(m)
			if err != nil {
				return r, err
			}
			s = next
			r.plies++
		}
		r.playouts++
	}
	r.elapsed = time.Since(t0)
	return r, ctx.Err()
}
