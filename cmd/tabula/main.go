// Command tabula is the one binary of the project: the game server, terminal
// play, the engine protocol and the tools for rules engines. See the
// command-line contract in README.md. "tabula help COMMAND" and "tabula
// COMMAND -h" print a command's usage, flags and examples and exit 0; every
// command exits non-zero with one line on stderr on bad input (2 for a usage
// error, with the hint to run -h).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strconv"
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

	name  string        // the command's name, for its usage text
	cmd   command       // the command being run
	flags *flag.FlagSet // the command's flags, once newFlagSet made them
	help  bool          // -h, -help or --help was given: print the usage
}

// command is one word of the command line: what it does, how it is called
// and an example, which its usage text ("tabula help NAME", "tabula NAME
// -h") shows above and below its flags.
type command struct {
	summary  string   // one line, in the list of "tabula help"
	synopsis []string // the forms of the command line after "tabula"
	examples []string // whole command lines that work as shown
	run      func(ctx context.Context, e *env) error
}

func commands() map[string]command {
	return map[string]command{
		"games": {
			summary:  "list the games: id, players, variants; with GAME, also its options",
			synopsis: []string{"games [GAME]"},
			examples: []string{"tabula games", "tabula games abalone"},
			run:      runGames,
		},
		"moves": {
			summary:  "print the legal moves of a position, one per line",
			synopsis: []string{"moves GAME [flags]"},
			examples: []string{"tabula moves pathagon", `tabula moves abalone --variant belgian-daisy --moves "a2a3"`},
			run:      runMoves,
		},
		"perft": {
			summary:  "count move sequences to a depth: lines \"perft D N\"",
			synopsis: []string{"perft GAME DEPTH [flags]"},
			examples: []string{"tabula perft palago 3", "tabula perft talat 2 --variant palat"},
			run:      runPerft,
		},
		"replay": {
			summary:  "check a game record from stdin; print the final position and result",
			synopsis: []string{"replay GAME [flags] < RECORD"},
			examples: []string{"tabula replay pathagon --seed 7 < record.txt"},
			run:      runReplay,
		},
		"play": {
			summary:  "play in the terminal: --seats human,bot:easy,...",
			synopsis: []string{"play GAME [flags]"},
			examples: []string{"tabula play talat --seats human,bot:medium", "tabula play villapaletti --seats human,human,bot:easy"},
			run:      runPlay,
		},
		"serve": {
			summary:  "run the game server and web client",
			synopsis: []string{"serve [flags]"},
			examples: []string{"tabula serve --addr 127.0.0.1:8080 --db tabula.db"},
			run:      runServe,
		},
		"worker": {
			summary:  "run bot searches from a cluster's work queue (docs/deploy.md)",
			synopsis: []string{"worker --nats URL [--workers N]"},
			examples: []string{"tabula worker --nats nats://127.0.0.1:4222 --workers 4"},
			run:      runWorker,
		},
		"backup": {
			summary:  "copy a live database safely (OUT must not exist)",
			synopsis: []string{"backup [--db tabula.db] OUT"},
			examples: []string{"tabula backup --db tabula.db tabula-2026-11-27.db"},
			run:      runBackup,
		},
		"bench": {
			summary:  "random playouts per second for every game (or one): numbers on stdout",
			synopsis: []string{"bench [GAME] [flags]"},
			examples: []string{"tabula bench", "tabula bench palago --time 5s"},
			run:      runBench,
		},
		"engine": {
			summary:  "speak the engine protocol on stdin/stdout (docs/engine.md)",
			synopsis: []string{"engine GAME [flags]"},
			examples: []string{"tabula engine abalone --level bot:medium"},
			run:      runEngine,
		},
		"match": {
			summary:  "play agent A against agent B: score, Elo, SPRT",
			synopsis: []string{"match GAME --a SPEC --b SPEC [flags]"},
			examples: []string{"tabula match pathagon --a bot:hard --b bot:medium --games 200", "tabula match palago --a bot:max --b bot:hard --sprt 0,20",
				"tabula match pathagon --agents random,bot:easy,bot:medium,bot:hard,bot:max --games 20"},
			run: runMatch,
		},
		"puzzles": {
			summary:  "mine puzzles from bot games into internal/puzzle/data, or check them (docs/puzzles.md)",
			synopsis: []string{"puzzles mine GAME [flags]", "puzzles check GAME"},
			examples: []string{"tabula puzzles mine pathagon --count 200 --time 3m", "tabula puzzles check pathagon"},
			run:      runPuzzles,
		},
		"solve": {
			summary:  "solvers: solve palaboratory FROM TO, solve palaboratory --check, solve palago --tiles N (the openings)",
			synopsis: []string{"solve palaboratory FROM TO", "solve palaboratory --check", "solve palago --tiles N [--opening AB] [--budget D] [--nodes N]"},
			examples: []string{"tabula solve palaboratory virus ring", "tabula solve palaboratory 1 2", "tabula solve palaboratory --check", "tabula solve palago --tiles 8,10"},
			run:      runSolve,
		},
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

// run executes one command line and returns the exit code: 0 on success
// and for help, 2 for a usage error (one line and a hint on stderr), 1 for
// any other error.
func run(ctx context.Context, registry []*game.Info, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" && len(args) == 1 {
		usage(stdout, cmds)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	name := args[0]
	rest := args[1:]
	if name == "help" { // "tabula help COMMAND" is "tabula COMMAND -h"
		if len(args) == 2 && args[1] == "help" {
			usage(stdout, cmds)
			return 0
		}
		if len(args) > 2 {
			fmt.Fprintf(stderr, "tabula help: want one COMMAND, got %q (try \"tabula help\")\n", args[1:])
			return 2
		}
		name, rest = args[1], []string{"-h"}
	}
	c, ok := cmds[name]
	if !ok {
		fmt.Fprintf(stderr, "tabula: unknown command %q (try \"tabula help\")\n", name)
		return 2
	}
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, args: rest, games: registry, getenv: os.Getenv, name: name, cmd: c}
	err := c.run(ctx, e)
	if e.help {
		e.usage(stdout)
		return 0
	}
	if err != nil {
		if errors.Is(err, errUsage) {
			fmt.Fprintf(stderr, "tabula %s: %s (run 'tabula %s -h')\n", name, oneLine(err.Error()), name)
			return 2
		}
		fmt.Fprintf(stderr, "tabula %s: %s\n", name, oneLine(err.Error()))
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
	fmt.Fprintln(w, "\n\"tabula help COMMAND\" or \"tabula COMMAND -h\" prints a command's flags and examples.")
}

// newFlagSet makes the flag set of the running command. It reports nothing
// itself: run prints the error once, and for -h, -help or --help the usage
// text with every flag the command has defined, whichever they are.
func (e *env) newFlagSet() *flag.FlagSet {
	fs := flag.NewFlagSet(e.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported once, by run
	fs.Usage = func() {}
	stop := func(string) error { e.help = true; return errHelp }
	fs.BoolFunc("h", "print this help", stop)
	fs.BoolFunc("help", "print this help", stop)
	e.flags = fs
	return fs
}

// errHelp ends flag parsing at -h; run prints the usage instead of it.
var errHelp = errors.New("help requested")

// usage prints the command's usage text: its forms, what it does, every
// flag with its default, and examples.
func (e *env) usage(w io.Writer) {
	for i, s := range e.cmd.synopsis {
		prefix := "usage:"
		if i > 0 {
			prefix = "   or:"
		}
		fmt.Fprintf(w, "%s tabula %s\n", prefix, s)
	}
	fmt.Fprintf(w, "\n%s\n", e.cmd.summary)
	if e.flags != nil {
		var b strings.Builder
		e.flags.VisitAll(func(f *flag.Flag) {
			if f.Name == "h" || f.Name == "help" {
				return
			}
			writeFlag(&b, f)
		})
		if b.Len() > 0 {
			fmt.Fprintf(w, "\nflags (-name or --name):\n%s", b.String())
		}
	}
	fmt.Fprintln(w, "\nexamples:")
	for _, x := range e.cmd.examples {
		fmt.Fprintf(w, "  %s\n", x)
	}
}

// writeFlag prints one flag as the flag package's PrintDefaults does: the
// name and the kind of value, the usage below it, and the default unless
// it is the zero value or the usage already names it.
func writeFlag(w io.Writer, f *flag.Flag) {
	kind, text := flag.UnquoteUsage(f)
	fmt.Fprintf(w, "  --%s", f.Name)
	if kind != "" {
		fmt.Fprintf(w, " %s", kind)
	}
	fmt.Fprintf(w, "\n    \t%s", strings.ReplaceAll(text, "\n", "\n    \t"))
	if d := f.DefValue; d != "" && d != "0" && d != "false" && d != "0s" && d != "map[]" && !strings.Contains(text, "default") {
		if kind == "string" {
			d = strconv.Quote(d)
		}
		fmt.Fprintf(w, " (default %s)", d)
	}
	fmt.Fprintln(w)
}

// oneLine keeps an error message on one line, as the contract promises.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
