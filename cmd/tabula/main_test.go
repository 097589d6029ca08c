package main

import (
	"bytes"
	"context"
	"flag"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/games"
)

// testRegistry is the real registry plus the toy game, so these tests cover
// the generic commands whatever games exist.
func testRegistry() []*game.Info {
	return append(games.All(), race.NewInfo())
}

type result struct {
	code           int
	stdout, stderr string
}

func runArgs(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), testRegistry(), args, strings.NewReader(stdin), &out, &errb)
	return result{code, out.String(), errb.String()}
}

func TestCommands(t *testing.T) {
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string // exact, when not empty
		has    string // stdout contains, when not empty
	}{
		{name: "games lists race", args: []string{"games"}, has: "race          players 1-4    variants standard\n"},
		{name: "games describes one", args: []string{"games", "race"}, stdout: "race          players 1-4    variants standard\noptions (--option name=value):\n  goal=3..30 (default 10)\n      the counter value that wins\nrules: docs/rules/race.md\n"},
		{name: "games lists options", args: []string{"games", "pathagon"},
			has: "options (--option name=value):\n  firstPlayer=light|dark (default light)\n      who places the first piece\n"},
		{name: "games int option", args: []string{"games", "abalone"}, has: "  plyCap=0..1000000 (default 400)\n"},
		{name: "moves at start", args: []string{"moves", "race"}, stdout: "+1\n+2\n"},
		{name: "moves after moves", args: []string{"moves", "race", "--moves", "+2 +1"}, stdout: "h\nt\n"},
		{name: "moves from position", args: []string{"moves", "race", "--position", "9 0 1 c"}, stdout: "h\nt\n"},
		{name: "moves at the end", args: []string{"moves", "--moves", "+2 +2 +2 t +2 +2", "race"}, stdout: ""},
		{name: "perft", args: []string{"perft", "race", "3"}, stdout: "perft 1 2\nperft 2 4\nperft 3 8\n"},
		{name: "perft with players", args: []string{"perft", "race", "2", "--players", "3"}, stdout: "perft 1 2\nperft 2 4\n"},
		{name: "replay finished", stdin: "1. +2 +2 2. +2 t +2 # comment\n3. +2", args: []string{"replay", "race"},
			stdout: "moves: 6\nposition: 10 1 0 -\nresult: north wins by goal\n"},
		{name: "replay unfinished", stdin: "+1", args: []string{"replay", "race"},
			stdout: "moves: 1\nposition: 1 1 0 -\nresult: unfinished, east to move\n"},
		{name: "play two bots", args: []string{"play", "race", "--seats", "random,random", "--seed", "3"}, has: "result: "},
		{name: "play human", stdin: "moves\n+3\n+2\nundo\n+2\nresign\n", args: []string{"play", "race", "--seats", "human,random", "--seed", "1"}, has: "north resigns"},
		{name: "play the template game", args: []string{"play", "tictactoe", "--seats", "random,random", "--seed", "2"}, has: "result: "},
		{name: "play the template game by hand", stdin: "4\n0\n", args: []string{"play", "tictactoe", "--seats", "human,human"}, has: "o...x.... x"},
		{name: "games shows the template game", args: []string{"games", "tictactoe"}, has: "rules: docs/rules/tictactoe.md\n"},
		{name: "bench one game", args: []string{"bench", "--time", "20ms", "race"}, has: "race "},
		{name: "help", args: []string{"help"}, has: "usage: tabula COMMAND"},
		{name: "help help", args: []string{"help", "help"}, has: "usage: tabula COMMAND"},
		{name: "--help", args: []string{"--help"}, has: "\"tabula help COMMAND\" or \"tabula COMMAND -h\""},
		{name: "bench flags after the game", args: []string{"bench", "race", "--time", "20ms"}, has: "race "},
		{name: "solve check", args: []string{"solve", "palaboratory", "--check"}, has: "catalogue ok"},
		{name: "solve check first", args: []string{"solve", "--check", "palaboratory"}, has: "catalogue ok"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runArgs(t, tt.stdin, tt.args...)
			if r.code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q", r.code, tt.code, r.stderr)
			}
			if tt.stdout != "" || tt.has == "" {
				if r.stdout != tt.stdout {
					t.Errorf("stdout:\n%s\nwant:\n%s", r.stdout, tt.stdout)
				}
			}
			if tt.has != "" && !strings.Contains(r.stdout, tt.has) {
				t.Errorf("stdout does not contain %q:\n%s", tt.has, r.stdout)
			}
		})
	}
}

// TestBadInput checks that every command answers bad input with one line on
// stderr naming the problem and a non-zero exit.
func TestBadInput(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string // in the error line
	}{
		{"no command", "", nil, ""},
		{"unknown command", "", []string{"fly"}, `unknown command "fly"`},
		{"games with an unknown game", "", []string{"games", "x"}, `unknown game "x"`},
		{"games with two games", "", []string{"games", "race", "race"}, `unexpected argument "race"`},
		{"unknown game", "", []string{"moves", "chess"}, `unknown game "chess"`},
		{"missing game", "", []string{"perft"}, "missing GAME"},
		{"unknown variant", "", []string{"moves", "race", "--variant", "blitz"}, `unknown variant "blitz"`},
		{"unknown option", "", []string{"moves", "race", "--option", "speed=3"}, `unknown option "speed"`},
		{"malformed option", "", []string{"moves", "race", "--option", "speed"}, "want name=value"},
		{"too many players", "", []string{"moves", "race", "--players", "9"}, "9 players"},
		{"unknown flag", "", []string{"moves", "race", "--colour", "red"}, "flag provided but not defined"},
		{"malformed position", "", []string{"moves", "race", "--position", "x y"}, "want 4 fields"},
		{"illegal move in --moves", "", []string{"perft", "race", "1", "--moves", "+1 h"}, `ply 2: move "h"`},
		{"garbage move", "", []string{"moves", "race", "--moves", "e2e4"}, `ply 1: move "e2e4"`},
		{"bad depth", "", []string{"perft", "race", "x"}, `depth "x"`},
		{"depth too large", "", []string{"perft", "race", "99"}, "want 1..12"},
		{"no depth", "", []string{"perft", "race"}, "want GAME DEPTH"},
		{"illegal move in record", "+1 +2\n+2 +2 +2 +2 +2 +2", []string{"replay", "race"}, `ply 3: move "+2"`},
		{"replay positional", "", []string{"replay", "race", "record.txt"}, "the record comes on stdin"},
		{"unknown seat", "", []string{"play", "race", "--seats", "human,grandmaster"}, `unknown agent "grandmaster"`},
		{"bench unknown game", "", []string{"bench", "chess"}, `unknown game "chess"`},
		{"seat count", "", []string{"play", "race", "--seats", "human,human", "--players", "3"}, "names 2 seats"},
		{"engine named like a spec", "", []string{"serve", "--engine", "cmd:x=sh"}, `engine "cmd:x"`},
		{"engine named like a level", "", []string{"serve", "--engine", "random=sh"}, "built-in level"},
		{"engine without program", "", []string{"serve", "--engine", "strong="}, "no program"},
		{"backup without OUT", "", []string{"backup", "--db", "x.db"}, "want backup [--db FILE] OUT"},
		{"worker without NATS", "", []string{"worker"}, "--nats is required"},
		{"negative bot workers without NATS", "", []string{"serve", "--bot-workers", "-1"}, "negative only with --nats"},
		{"cluster on SQLite", "", []string{"serve", "--addr", "127.0.0.1:0", "--db", "x.db", "--nats", "nats://127.0.0.1:1"}, "--nats needs a shared PostgreSQL database"},
		{"backup of no database", "", []string{"backup", "--db", "/nonexistent/tabula.db", "/nonexistent/out.db"}, "no such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runArgs(t, tt.stdin, tt.args...)
			if r.code == 0 {
				t.Fatalf("exit 0, want non-zero; stdout %q", r.stdout)
			}
			if tt.want == "" {
				return
			}
			if strings.Count(r.stderr, "\n") != 1 || !strings.HasSuffix(r.stderr, "\n") {
				t.Errorf("stderr is not one line: %q", r.stderr)
			}
			if !strings.Contains(r.stderr, tt.want) {
				t.Errorf("stderr %q does not contain %q", r.stderr, tt.want)
			}
			if strings.Contains(r.stderr, "goroutine") || strings.Contains(r.stderr, "panic") {
				t.Errorf("stderr shows a panic: %q", r.stderr)
			}
		})
	}
}

// TestGCPercentSet checks serve's collector target: the flag wins, a GOGC
// in the environment comes next (the runtime applied it), the default
// last.
func TestGCPercentSet(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		gogc string
		want bool
	}{
		{"default", nil, "", true},
		{"environment", nil, "150", false},
		{"flag", []string{"--gc-percent", "200"}, "", true},
		{"flag over environment", []string{"--gc-percent", "200"}, "150", true},
		{"other flags only", []string{"--addr", "127.0.0.1:0"}, "off", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := flag.NewFlagSet("serve", flag.ContinueOnError)
			fs.Int("gc-percent", defaultGCPercent, "")
			fs.String("addr", "", "")
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			getenv := func(k string) string {
				if k == "GOGC" {
					return tc.gogc
				}
				return ""
			}
			if got := gcPercentSet(fs, getenv); got != tc.want {
				t.Errorf("gcPercentSet(%q, GOGC=%q) = %v, want %v", tc.args, tc.gogc, got, tc.want)
			}
		})
	}
}

// TestHelp checks every command's usage text, asked for in the three ways:
// exit 0, the synopsis first, every flag the command defines with its
// default, and an example; the command itself does not run.
func TestHelp(t *testing.T) {
	tests := []struct {
		cmd   string
		flags []string // a few the text must show, written out so a lost flag fails
		has   []string // more text it must show
	}{
		{"games", nil, []string{"tabula games\n", "usage: tabula games [GAME]"}},
		{"moves", []string{"--variant", "--players", "--option", "--seed", "--position", "--moves"}, nil},
		{"perft", []string{"--variant", "--position", "--moves"}, []string{"perft GAME DEPTH"}},
		{"replay", []string{"--variant", "--seed", "--moves"}, []string{"< RECORD"}},
		{"play", []string{"--seats", "--movetime", "--seed"}, []string{`(default "human,random")`, "(default 1s)", "from the clock"}},
		{"serve", []string{"--addr", "--db", "--bot-time"}, []string{`(default "127.0.0.1:8080")`}},
		{"backup", []string{"--db"}, []string{"backup [--db tabula.db] OUT", `(default "tabula.db")`}},
		{"worker", []string{"--nats", "--workers"}, []string{"worker --nats URL"}},
		{"bench", []string{"--time", "--seed"}, []string{"(default 2s)"}},
		{"engine", []string{"--level", "--seed", "--variant"}, []string{`(default "bot:hard")`, "(default 1)"}},
		{"match", []string{"--a", "--b", "--games", "--movetime", "--random-plies", "--parallel", "--sprt", "--quiet", "--seed", "--agents"},
			[]string{"(default 100)", "(default 100ms)", "(default 1)"}},
		{"solve", []string{"--check"}, []string{"solve palaboratory FROM TO", "or: tabula solve palaboratory --check"}},
		{"puzzles", []string{"--count", "--time", "--seed", "--variant", "--dir", "--scan", "--vary", "--min-mate"}, []string{"puzzles mine GAME", "(default 200)"}},
	}
	cmds := commands()
	if len(tests) != len(cmds) {
		t.Errorf("%d commands, %d tested", len(cmds), len(tests))
	}
	for _, tt := range tests {
		for _, args := range [][]string{{tt.cmd, "-h"}, {tt.cmd, "--help"}, {"help", tt.cmd}, {tt.cmd, "-help"}} {
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				r := runArgs(t, "", args...)
				if r.code != 0 || r.stderr != "" {
					t.Fatalf("exit %d, stderr %q; want 0 and nothing", r.code, r.stderr)
				}
				if !strings.HasPrefix(r.stdout, "usage: tabula "+tt.cmd) {
					t.Errorf("stdout does not start with the synopsis:\n%s", r.stdout)
				}
				for _, f := range tt.flags {
					if !listsFlag(r.stdout, f) {
						t.Errorf("stdout lacks %s:\n%s", f, r.stdout)
					}
				}
				for _, w := range append([]string{"\nexamples:\n  tabula " + tt.cmd, cmds[tt.cmd].summary}, tt.has...) {
					if !strings.Contains(r.stdout+" ", w) {
						t.Errorf("stdout lacks %q:\n%s", w, r.stdout)
					}
				}
			})
		}
		// Every flag the command defines is listed, including those added
		// after this test was written.
		t.Run(tt.cmd+" all flags", func(t *testing.T) {
			var out bytes.Buffer
			e := &env{stdout: &out, stderr: &out, stdin: strings.NewReader(""), args: []string{"-h"},
				games: testRegistry(), getenv: func(string) string { return "" }, name: tt.cmd, cmd: cmds[tt.cmd]}
			_ = cmds[tt.cmd].run(context.Background(), e) // stops at -h
			if !e.help || e.flags == nil {
				t.Fatalf("-h not seen (help %v, flags %v)", e.help, e.flags != nil)
			}
			e.usage(&out)
			n := 0
			e.flags.VisitAll(func(f *flag.Flag) {
				if f.Name == "h" || f.Name == "help" {
					return
				}
				n++
				if !listsFlag(out.String(), "--"+f.Name) {
					t.Errorf("flag --%s is not listed:\n%s", f.Name, out.String())
				}
			})
			if n < len(tt.flags) {
				t.Errorf("%d flags defined, want at least %d", n, len(tt.flags))
			}
		})
	}
}

// listsFlag reports whether a usage text has a line for the flag.
func listsFlag(usage, name string) bool {
	return strings.Contains(usage, "\n  "+name+" ") || strings.Contains(usage, "\n  "+name+"\n")
}

// TestUsageErrors checks the answer to a flag a command does not have and
// to help for a command that does not exist: one line on stderr with the
// hint, nothing on stdout, exit 2.
func TestUsageErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"games", "--verbose"}, "flag provided but not defined: -verbose (run 'tabula games -h')"},
		{[]string{"moves", "race", "--colour", "red"}, "flag provided but not defined: -colour (run 'tabula moves -h')"},
		{[]string{"perft", "--depth", "3", "race"}, "(run 'tabula perft -h')"},
		{[]string{"replay", "race", "-x"}, "(run 'tabula replay -h')"},
		{[]string{"play", "race", "--bot", "easy"}, "(run 'tabula play -h')"},
		{[]string{"serve", "--port", "80"}, "flag provided but not defined: -port (run 'tabula serve -h')"},
		{[]string{"bench", "--budget", "1s"}, "(run 'tabula bench -h')"},
		{[]string{"engine", "race", "--depth", "4"}, "(run 'tabula engine -h')"},
		{[]string{"match", "race", "--n", "4"}, "flag provided but not defined: -n (run 'tabula match -h')"},
		{[]string{"solve", "palaboratory", "--fast"}, "(run 'tabula solve -h')"},
		{[]string{"match", "race", "--b", "random"}, "want --a SPEC and --b SPEC (run 'tabula match -h')"},
		{[]string{"help", "fly"}, `unknown command "fly"`},
		{[]string{"help", "moves", "perft"}, "want one COMMAND"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := runArgs(t, "", tt.args...)
			if r.code != 2 {
				t.Errorf("exit %d, want 2", r.code)
			}
			if r.stdout != "" {
				t.Errorf("stdout %q, want nothing", r.stdout)
			}
			if strings.Count(r.stderr, "\n") != 1 || !strings.HasSuffix(r.stderr, "\n") || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("stderr %q: want one line containing %q", r.stderr, tt.want)
			}
		})
	}
}

// TestHelpExamples runs the examples the usage texts show, those that
// finish at once and need no input, so that none goes stale.
func TestHelpExamples(t *testing.T) {
	quick := map[string]bool{"games": true, "moves": true, "perft": true, "solve": true}
	n := 0
	for name, c := range commands() {
		if !quick[name] {
			continue
		}
		for _, x := range c.examples {
			args := splitExample(t, x)
			n++
			t.Run(x, func(t *testing.T) {
				if r := runArgs(t, "", args...); r.code != 0 || r.stdout == "" {
					t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
				}
			})
		}
	}
	if n < len(quick) {
		t.Errorf("ran %d examples, want at least one per quick command", n)
	}
}

// splitExample splits "tabula CMD ARGS" at spaces outside double quotes
// and drops "tabula".
func splitExample(t *testing.T, line string) []string {
	var args []string
	var cur strings.Builder
	quoted := false
	for _, r := range line + " " {
		switch {
		case r == '"':
			quoted = !quoted
		case r == ' ' && !quoted:
			if cur.Len() > 0 {
				args = append(args, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	if len(args) == 0 || args[0] != "tabula" {
		t.Fatalf("example %q does not start with tabula", line)
	}
	return args[1:]
}
