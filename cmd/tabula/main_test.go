package main

import (
	"bytes"
	"context"
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
		{name: "bench one game", args: []string{"bench", "--time", "20ms", "race"}, has: "race "},
		{name: "help", args: []string{"help"}, has: "usage: tabula COMMAND"},
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
		{"games with args", "", []string{"games", "x"}, "takes no arguments"},
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
		{"backup without OUT", "", []string{"backup", "--db", "x.db"}, "want backup [--db FILE] OUT"},
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
			fs := newFlagSet("serve")
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
