// Command crashengine is an engine for the arena's tests: it speaks the
// Tabula engine protocol for tic-tac-toe with random moves, and when it
// plays the second seat it exits without a word on its second search, as
// an engine that crashes mid-game does.
package main

import (
	"context"
	"math/rand/v2"
	"os"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/engine"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// crashing plays random moves and exits on the process's second search as
// seat 1 (a count per process: the protocol's newgame makes a new agent).
type crashing struct {
	ai.Agent
	searches *int
}

func (c *crashing) Choose(ctx context.Context, s game.State, b ai.Budget) (ai.Report, error) {
	if s.ToMove() == 1 {
		if *c.searches++; *c.searches == 2 {
			os.Exit(3)
		}
	}
	return c.Agent.Choose(ctx, s, b)
}

func main() {
	searches := 0
	sv := &engine.Server{Game: tictactoe.Info, Level: "random",
		NewAgent: func(_ string, seed uint64) (ai.Agent, error) {
			return &crashing{Agent: ai.NewRandom(rand.New(rand.NewPCG(seed, 1))), searches: &searches}, nil
		}}
	if err := sv.Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
		os.Exit(1)
	}
}
