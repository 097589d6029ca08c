package ai

import (
	"fmt"
	"math/rand/v2"
)

// FromSpec returns the agent a seat spec names: "random", and the bot
// levels as package ai grows them. seed makes the agent's choices
// reproducible.
func FromSpec(spec string, seed uint64) (Agent, error) {
	switch spec {
	case "random":
		return NewRandom(rand.New(rand.NewPCG(seed, 1))), nil
	}
	return nil, fmt.Errorf("ai: unknown agent %q (have random)", spec)
}
