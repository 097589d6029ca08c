package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/engine"
)

// runEngine speaks the engine protocol (docs/engine.md) on stdin/stdout.
func runEngine(ctx context.Context, e *env) error {
	fs := e.newFlagSet()
	g := gameFlags{seed: 1} // --seed also seeds the agents
	g.register(fs, false)
	level := fs.String("level", "bot:hard", "agent: "+strings.Join(ai.Specs(), ", "))
	ownBook := fs.Bool("own-book", true, "bot:max plays the game's opening book where it has one (the OwnBook option)")
	seed := &g.seed
	info, rest, err := parseGameArgs(e, fs, e.args)
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
	sv := &engine.Server{Game: info, Options: opts, Level: *level, Seed: *seed, NoBook: !*ownBook}
	return sv.Serve(ctx, e.stdin, e.stdout)
}
