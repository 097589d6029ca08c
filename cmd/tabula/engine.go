package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/engine"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/games"
)

// findGame looks a game up in the registry; the AI commands also know the
// toy game "race" of game/gametest, so bots can be tried on it.
func findGame(id string) (*game.Info, bool) {
	if info, ok := games.ByID(id); ok {
		return info, true
	}
	if id == "race" {
		return race.NewInfo(), true
	}
	return nil, false
}

// parseAIArgs is parseGameArgs with findGame.
func parseAIArgs(fs flagParser, args []string) (*game.Info, []string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, nil, fmt.Errorf("%w: %v", errUsage, err)
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	if len(pos) == 0 {
		return nil, nil, fmt.Errorf("%w: missing GAME (see \"tabula games\")", errUsage)
	}
	info, ok := findGame(pos[0])
	if !ok {
		return nil, nil, fmt.Errorf("unknown game %q (have %s)", pos[0], strings.Join(append(gameIDs(), "race"), ", "))
	}
	return info, pos[1:], nil
}

type flagParser interface {
	Parse([]string) error
	Args() []string
}

// runEngine speaks the engine protocol (docs/engine.md) on stdin/stdout.
func runEngine(ctx context.Context, e *env) error {
	fs := newFlagSet("engine")
	var g gameFlags
	g.register(fs, false)
	level := fs.String("level", "bot:hard", "agent: "+strings.Join(ai.Specs(), ", "))
	seed := fs.Uint64("seed", 1, "seed of the agent's random choices")
	info, rest, err := parseAIArgs(fs, e.args)
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
