package main

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/engine"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
)

// parseAIArgs is parseGameArgs for the AI commands, which also know the
// toy game "race" of game/gametest (when the registry has no game of that
// name), so bots and scripts can be tried on it.
func parseAIArgs(e *env, fs *flag.FlagSet, args []string) (*game.Info, []string, error) {
	withRace := *e
	withRace.games = e.games
	if !slices.ContainsFunc(e.games, func(g *game.Info) bool { return g.ID == "race" }) {
		withRace.games = append(slices.Clip(e.games), race.NewInfo())
	}
	return parseGameArgs(&withRace, fs, args)
}

// runEngine speaks the engine protocol (docs/engine.md) on stdin/stdout.
func runEngine(ctx context.Context, e *env) error {
	fs := newFlagSet("engine")
	var g gameFlags
	g.register(fs, false)
	level := fs.String("level", "bot:hard", "agent: "+strings.Join(ai.Specs(), ", "))
	seed := fs.Uint64("seed", 1, "seed of the agent's random choices")
	info, rest, err := parseAIArgs(e, fs, e.args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, rest[0])
	}
	if !slices.Contains(ai.Specs(), *level) {
		return fmt.Errorf("%w: --level %q: want one of %s", errUsage, *level, strings.Join(ai.Specs(), ", "))
	}
	opts := g.gameOptions()
	if _, err := info.Check(opts); err != nil {
		return err
	}
	sv := &engine.Server{Game: info, Options: opts, Level: *level, Seed: *seed}
	return sv.Serve(ctx, e.stdin, e.stdout)
}
