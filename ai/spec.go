package ai

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Specs lists the agent specs FromSpec knows, besides "cmd:PROGRAM ARGS".
var specs = [...]string{"random", "bot:easy", "bot:medium", "bot:hard", "bot:max"}

// Specs returns the agent specs FromSpec knows, weakest first, besides
// "cmd:PROGRAM ARGS".
func Specs() []string { return specs[:] }

// FromSpec returns the agent a seat spec names:
//
//	random          uniform random moves
//	bot:easy        see Level: beatable by a beginner
//	bot:medium
//	bot:hard
//	bot:max         uses the whole budget it is given
//	cmd:PROG ARGS   an external engine started as PROG ARGS (split at white
//	                space, no quoting), spoken to with the engine protocol
//	                of docs/engine.md; close it with Close
//
// "bot" alone means bot:medium. seed makes the agent's choices reproducible.
func FromSpec(spec string, seed uint64) (Agent, error) {
	switch spec {
	case "random":
		return NewRandom(rand.New(rand.NewPCG(seed, 1))), nil
	case "bot", "bot:medium":
		return NewBot(Medium, seed), nil
	case "bot:easy":
		return NewBot(Easy, seed), nil
	case "bot:hard":
		return NewBot(Hard, seed), nil
	case "bot:max":
		return NewBot(Max, seed), nil
	}
	if cmd, ok := strings.CutPrefix(spec, "cmd:"); ok {
		argv := strings.Fields(strings.Trim(cmd, `"'`))
		if len(argv) == 0 {
			return nil, fmt.Errorf("ai: agent %q names no program", spec)
		}
		return NewExternal(argv), nil
	}
	return nil, fmt.Errorf("ai: unknown agent %q (have %s, cmd:PROGRAM ARGS)", spec, strings.Join(Specs(), ", "))
}
