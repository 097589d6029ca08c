package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/puzzle"
)

// runPuzzles is "tabula puzzles mine GAME": it mines puzzles from bot games
// and appends the new ones to the game's data file in the repository
// (internal/puzzle/data/GAME.jsonl), skipping positions already there, so
// running it again extends the set; and "tabula puzzles check GAME", which
// verifies every shipped puzzle of GAME again.
func runPuzzles(ctx context.Context, e *env) error {
	fs := e.newFlagSet()
	count := fs.Int("count", 200, "stop after this many new puzzles")
	limit := fs.Duration("time", 3*time.Minute, "stop mining after this long")
	seed := fs.Uint64("seed", 1, "seed of the bot games (a different seed finds other positions)")
	variant := fs.String("variant", "", "the game's variant (default: the first)")
	dir := fs.String("dir", "internal/puzzle/data", "directory of the data files")
	scanFlag := fs.Int("scan", 0, "positions of each bot game examined, from its end back (0: the game's default, 30 for most)")
	varyFlag := fs.Int("vary", -1, "random continuations examined per position (-1: the game's default, 0 for most)")
	minMate := fs.Int("min-mate", 0, "keep only puzzles whose solution is at least this many plies (longer wins for a set of mostly wins at once)")
	nextPushOff := fs.Bool("next-push-off", false, "Abalone: mine standard games for who pushes off the next marble (docs/puzzles.md)")
	values := map[string]string{}
	fs.Func("option", "a game option NAME=VALUE for the mined games (repeatable), e.g. marblesToWin=1 for Abalone's push-off tactics", func(v string) error {
		k, val, ok := strings.Cut(v, "=")
		if !ok {
			return fmt.Errorf("want NAME=VALUE, got %q", v)
		}
		values[k] = val
		return nil
	})
	args, err := parseArgs(fs, e.args)
	if err != nil {
		return err
	}
	if len(args) != 2 || (args[0] != "mine" && args[0] != "check") {
		return fmt.Errorf("%w: want \"puzzles mine GAME\" or \"puzzles check GAME\"", errUsage)
	}
	var info *game.Info
	for _, g := range e.games {
		if g.ID == args[1] {
			info = g
		}
	}
	lim, ok := puzzle.DefaultLimits[args[1]]
	if info == nil || !ok {
		return fmt.Errorf("%w: no puzzles for game %q (two-player games only)", errUsage, args[1])
	}
	path := filepath.Join(*dir, info.ID+".jsonl")
	var have []puzzle.Puzzle
	if b, err := os.ReadFile(path); err == nil {
		if have, err = puzzle.Read(bytes.NewReader(b)); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if args[0] == "check" {
		return checkPuzzles(ctx, e, info, lim, have)
	}
	known := map[string]bool{}
	next := 1
	for _, p := range have {
		known[p.Position] = true
		if n, err := strconv.Atoi(strings.TrimPrefix(p.ID, info.ID+"-")); err == nil && n >= next {
			next = n + 1
		}
	}
	opts, err := info.Check(game.Options{Variant: *variant, Players: 2, Values: values})
	if err != nil {
		return err
	}
	var derive func(*game.Info, game.Options, game.State, []string) (game.State, game.Options, bool)
	if *nextPushOff {
		if info.ID != "abalone" {
			return fmt.Errorf("%w: --next-push-off is for abalone", errUsage)
		}
		derive = puzzle.NextPushOff
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	found := 0
	scan, vary, onePerMove := 30, 0, *nextPushOff
	if m, ok := puzzle.Mining[info.ID]; ok {
		scan, vary, onePerMove = m.Scan, m.Vary, m.OnePerMove
	}
	if *scanFlag > 0 {
		scan = *scanFlag
	}
	if *varyFlag >= 0 {
		vary = *varyFlag
	}
	err = puzzle.Mine(ctx, puzzle.MineConfig{
		Info: info, Options: opts, Limits: lim, Count: *count, Time: *limit, Seed: *seed,
		MinPly: 2, Scan: scan, Vary: vary, MinMate: *minMate, Derive: derive, OnePerMove: onePerMove, Known: func(pos string) bool { return known[pos] },
	}, func(p puzzle.Puzzle) error {
		p.ID = fmt.Sprintf("%s-%d", info.ID, next)
		next++
		known[p.Position] = true
		found++
		fmt.Fprintf(e.stdout, "%s: win in %d plies, %d moves, rating %.0f: %s\n", p.ID, p.Mate, p.Legal, p.Rating, strings.Join(p.Solution, " "))
		return puzzle.Write(f, []puzzle.Puzzle{p})
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s: %d new puzzles, %d in %s\n", info.ID, found, len(have)+found, path)
	return f.Close()
}

// checkPuzzles replays and verifies every puzzle of a data file.
func checkPuzzles(ctx context.Context, e *env, info *game.Info, lim puzzle.Limits, ps []puzzle.Puzzle) error {
	bad := 0
	for _, p := range ps {
		if err := puzzle.Verify(ctx, info, p, lim); err != nil {
			fmt.Fprintf(e.stdout, "%s: %v\n", p.ID, err)
			bad++
		}
	}
	fmt.Fprintf(e.stdout, "%s: %d puzzles, %d failed\n", info.ID, len(ps), bad)
	if bad > 0 {
		return fmt.Errorf("%d puzzles failed", bad)
	}
	return nil
}
