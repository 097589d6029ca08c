// Command tabula is the one binary of the project: the game server, terminal
// play, the engine protocol and the tools for rules engines. See the
// command-line contract in README.md; every command exits non-zero with one
// line on stderr on bad input.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games"
)

// env is what a command may touch: its streams and arguments. Commands get
// everything from here so tests can run them in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	args           []string // after the command name
	getenv         func(string) string
	games          []*game.Info // the registry: games.All() in production
}

type command struct {
	summary string
	run     func(ctx context.Context, e *env) error
}

func commands() map[string]command {
	return map[string]command{
		"games":  {"list the games: id, players, variants", runGames},
		"moves":  {"print the legal moves of a position, one per line", runMoves},
		"perft":  {"count move sequences to a depth: lines \"perft D N\"", runPerft},
		"replay": {"check a game record from stdin; print the final position and result", runReplay},
		"play":   {"play in the terminal: --seats human,bot:easy,...", runPlay},
		"serve":  {"run the game server and web client: [--addr 127.0.0.1:8080] [--db tabula.db]", runServe},
		"backup": {"copy a live database safely: backup [--db tabula.db] OUT (OUT must not exist)", runBackup},
		"bench":  {"random playouts per second for every game (or one): numbers on stdout", runBench},
		"engine": {"speak the engine protocol on stdin/stdout (docs/engine.md)", runEngine},
		"match":  {"play agent A against agent B: score, Elo, SPRT", runMatch},
		"solve":  {"puzzle solver: solve palaboratory FROM TO, or solve palaboratory --check", runSolve},
	}
}

// errUsage marks errors after which the usage text helps.
var errUsage = errors.New("usage")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, games.All(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes one command line and returns the exit code.
func run(ctx context.Context, registry []*game.Info, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout, cmds)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "tabula: unknown command %q (try \"tabula help\")\n", args[0])
		return 2
	}
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, args: args[1:], games: registry, getenv: os.Getenv}
	if err := c.run(ctx, e); err != nil {
		fmt.Fprintf(stderr, "tabula %s: %s\n", args[0], oneLine(err.Error()))
		if errors.Is(err, errUsage) {
			return 2
		}
		return 1
	}
	return 0
}

func usage(w io.Writer, cmds map[string]command) {
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintln(w, "usage: tabula COMMAND [ARGS]")
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, cmds[n].summary)
	}
}

// oneLine keeps an error message on one line, as the contract promises.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
