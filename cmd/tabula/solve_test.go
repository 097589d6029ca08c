package main

import (
	"strings"
	"testing"
)

func TestSolve(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		has  []string
	}{
		{"virus to ring by name", []string{"solve", "palaboratory", "virus", "ring"}, 0,
			[]string{"№1 virus → №2 ring: 2 moves, 1 added", "move 1", "move 2", "add", "record: "}},
		{"by number", []string{"solve", "palaboratory", "7", "10"}, 0, []string{"№7 rat → №10 goat: 2 moves, 3 added"}},
		{"identity", []string{"solve", "palaboratory", "cobra", "cobra"}, 0, []string{"0 moves, 0 added"}},
		{"check", []string{"solve", "palaboratory", "--check"}, 0,
			[]string{"catalogue ok", "goat → cyclist", "     4     0     4 / 0  ok"}},
		{"shrink", []string{"solve", "palaboratory", "sloth", "virus"}, 1, nil},
		{"unknown card", []string{"solve", "palaboratory", "dragon", "virus"}, 2, nil},
		{"unknown game", []string{"solve", "abalone", "1", "2"}, 2, nil},
		{"one card", []string{"solve", "palaboratory", "1"}, 2, nil},
		{"palago openings", []string{"solve", "palago", "--tiles", "8", "--opening", "AB,SS"}, 0,
			[]string{"AB          8 draw     draw", "SS          8 draw     draw", "line: (0,0):0+(1,-1):0 "}},
		{"palago budget", []string{"solve", "palago", "--tiles", "12", "--opening", "AB", "--nodes", "100"}, 0,
			[]string{"AB         12 unknown  unknown", "node budget 100 spent"}},
		{"palago odd supply", []string{"solve", "palago", "--tiles", "9"}, 2, nil},
		{"palago unknown opening", []string{"solve", "palago", "--opening", "XY"}, 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runArgs(t, "", tt.args...)
			if r.code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q\n%s", r.code, tt.code, r.stderr, r.stdout)
			}
			for _, h := range tt.has {
				if !strings.Contains(r.stdout, h) {
					t.Errorf("stdout does not contain %q:\n%s", h, r.stdout)
				}
			}
			if tt.code != 0 && strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("stderr is not one line: %q", r.stderr)
			}
		})
	}
}
