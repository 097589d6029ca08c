package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// runGames lists the games, one line each; "tabula games GAME" describes
// one game: its line, then every option with its values, default and doc.
func runGames(_ context.Context, e *env) error {
	rest, err := parseArgs(e.newFlagSet(), e.args)
	if err != nil {
		return err
	}
	infos, err := gamesArg(e, rest)
	if err != nil {
		return err
	}
	for _, g := range infos {
		fmt.Fprintf(e.stdout, "%-13s players %-6s variants %s\n", g.ID, g.PlayerCounts(), strings.Join(g.Variants, ","))
	}
	if len(rest) == 1 {
		describeOptions(e.stdout, infos[0])
	}
	return nil
}

// describeOptions prints the options of a game as --option takes them.
func describeOptions(w io.Writer, info *game.Info) {
	if len(info.Options) == 0 {
		fmt.Fprintln(w, "options: none")
	} else {
		fmt.Fprintln(w, "options (--option name=value):")
	}
	for _, o := range info.Options {
		var values string
		switch o.Kind {
		case game.Bool:
			values = "true|false"
		case game.Int:
			values = fmt.Sprintf("%d..%d", o.Min, o.Max)
		default:
			values = strings.Join(o.Choices, "|")
		}
		fmt.Fprintf(w, "  %s=%s (default %s)\n      %s\n", o.Name, values, o.Default, o.Doc)
	}
	fmt.Fprintf(w, "rules: docs/rules/%s.md\n", info.ID)
}

func runMoves(_ context.Context, e *env) error {
	_, s, err := startGame(e, noArgs(""))
	if err != nil {
		return err
	}
	for _, m := range s.LegalMoves(nil) {
		fmt.Fprintln(e.stdout, s.MoveString(m))
	}
	return nil
}

// maxPerftDepth keeps a typo from starting a search that runs for days.
const maxPerftDepth = 12

func runPerft(ctx context.Context, e *env) error {
	var depth int
	_, s, err := startGame(e, func(rest []string) error {
		if len(rest) != 1 {
			return fmt.Errorf("%w: want GAME DEPTH", errUsage)
		}
		var err error
		depth, err = strconv.Atoi(rest[0])
		if err != nil || depth < 1 || depth > maxPerftDepth {
			return fmt.Errorf("%w: depth %q: want 1..%d", errUsage, rest[0], maxPerftDepth)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for d := 1; d <= depth; d++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "perft %d %d\n", d, game.Perft(s, d))
	}
	return nil
}

// maxRecord bounds a record read from stdin; real records are a few KiB.
const maxRecord = 1 << 20

func runReplay(_ context.Context, e *env) error {
	info, s, err := startGame(e, noArgs(" (the record comes on stdin)"))
	if err != nil {
		return err
	}
	data, err := io.ReadAll(io.LimitReader(e.stdin, maxRecord+1))
	if err != nil {
		return fmt.Errorf("reading the record: %w", err)
	}
	if len(data) > maxRecord {
		return fmt.Errorf("record longer than %d bytes", maxRecord)
	}
	moves := game.SplitRecord(string(data))
	s, err = game.PlayAll(s, moves)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "moves: %d\n", len(moves))
	if d, ok := s.(diagrammer); ok {
		fmt.Fprintln(e.stdout, d.Diagram())
	}
	fmt.Fprintf(e.stdout, "position: %s\n", s)
	if o, ok := s.Outcome(); ok {
		fmt.Fprintf(e.stdout, "result: %s\n", o.Describe(info))
	} else {
		fmt.Fprintf(e.stdout, "result: unfinished, %s to move\n", info.PlayerName(s.ToMove()))
	}
	return nil
}

// gamesArg is the games an optional GAME argument names: every game
// without one, that game with one, a usage error with more.
func gamesArg(e *env, rest []string) ([]*game.Info, error) {
	switch {
	case len(rest) > 1:
		return nil, fmt.Errorf("%w: unexpected argument %q", errUsage, rest[1])
	case len(rest) == 1:
		info, err := findGame(e, rest[0])
		if err != nil {
			return nil, err
		}
		return []*game.Info{info}, nil
	}
	return e.games, nil
}
