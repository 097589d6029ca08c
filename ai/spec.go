package ai

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/ai/alphabeta"
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
//	cmd:"PROG ARGS"?NAME=VALUE&...
//	                the same, sent "setoption name NAME value VALUE" for
//	                each option before its first search
//
// "bot" alone means bot:medium. A bot level may end in engine options, as
// the engine protocol's Hash, Threads and Contempt set them
// (docs/engine.md): "bot:max?Threads=2" or "bot:max?Threads=2&Hash=64";
// option names are case-insensitive. seed makes the agent's choices
// reproducible.
func FromSpec(spec string, seed uint64) (Agent, error) {
	if level, query, ok := strings.Cut(spec, "?"); ok && strings.HasPrefix(level, "bot") {
		a, err := FromSpec(level, seed)
		if err != nil {
			return nil, err
		}
		bot := a.(*Bot)
		opts, err := parseBotOptions(bot.Options(), query)
		if err != nil {
			return nil, fmt.Errorf("ai: agent %q: %w", spec, err)
		}
		bot.SetOptions(opts)
		return bot, nil
	}
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
		var query string
		if i := strings.LastIndex(cmd, `"?`); i > 0 && cmd[0] == '"' {
			cmd, query = cmd[:i+1], cmd[i+2:]
		}
		argv := strings.Fields(strings.Trim(cmd, `"'`))
		if len(argv) == 0 {
			return nil, fmt.Errorf("ai: agent %q names no program", spec)
		}
		e := NewExternal(argv)
		if query != "" {
			for _, kv := range strings.Split(query, "&") {
				name, value, ok := strings.Cut(kv, "=")
				if !ok || name == "" || strings.ContainsAny(name, " \t\r\n") || strings.ContainsAny(value, "\r\n") {
					return nil, fmt.Errorf("ai: agent %q: option %q: want NAME=VALUE", spec, kv)
				}
				e.SetOption(name, value)
			}
		}
		return e, nil
	}
	return nil, fmt.Errorf("ai: unknown agent %q (have %s, cmd:PROGRAM ARGS)", spec, strings.Join(Specs(), ", "))
}

// parseBotOptions sets the options of query ("Name=Value&Name=Value") in
// o, within the bounds of the engine protocol's options.
func parseBotOptions(o BotOptions, query string) (BotOptions, error) {
	for _, kv := range strings.Split(query, "&") {
		name, value, ok := strings.Cut(kv, "=")
		if !ok {
			return o, fmt.Errorf("option %q: want NAME=VALUE", kv)
		}
		n, err := strconv.Atoi(value)
		if err != nil {
			return o, fmt.Errorf("option %s: %q is not a number", name, value)
		}
		lo, hi, field := 0, 0, (*int)(nil)
		switch strings.ToLower(name) {
		case "hash":
			lo, hi, field = 1, alphabeta.MaxHashMiB, &o.HashMiB
		case "threads":
			lo, hi, field = 1, alphabeta.MaxThreads, &o.Threads
		case "contempt":
			lo, hi, field = -alphabeta.EvalScale, alphabeta.EvalScale, &o.Contempt
		default:
			return o, fmt.Errorf("unknown option %q (have Hash, Threads, Contempt)", name)
		}
		if n < lo || n > hi {
			return o, fmt.Errorf("option %s=%d: want %d to %d", name, n, lo, hi)
		}
		*field = n
	}
	return o, nil
}
