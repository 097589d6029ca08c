package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/tabula-games/tabula/game"
)

// ErrNoMove is returned by Choose for a state where no seat is to move.
var ErrNoMove = errors.New("ai: no seat to move")

// Random chooses uniformly among the legal moves. It is the "random" level.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a uniform random agent drawing from rng.
func NewRandom(rng *rand.Rand) *Random { return &Random{rng: rng} }

func (r *Random) Name() string { return "random" }

func (r *Random) Choose(ctx context.Context, s game.State, _ Budget) (Report, error) {
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}
	if p := s.ToMove(); p < 0 {
		return Report{}, fmt.Errorf("%w (ToMove = %v)", ErrNoMove, p)
	}
	moves := s.LegalMoves(nil)
	m := moves[r.rng.IntN(len(moves))]
	return Report{Move: m, Nodes: 1, PV: []game.Move{m}}, nil
}

// SampleChance draws an outcome of the chance node s by its probability.
func SampleChance(s game.State, rng *rand.Rand) game.Move {
	outs := s.ChanceOutcomes()
	x := rng.Float64()
	for _, o := range outs {
		if x < o.Prob {
			return o.Move
		}
		x -= o.Prob
	}
	return outs[len(outs)-1].Move // rounding left x just above the last outcome
}
