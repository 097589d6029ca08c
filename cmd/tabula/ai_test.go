package main

import (
	"strings"
	"testing"
)

func runCmd(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	r := runArgs(t, stdin, args...)
	return r.stdout, r.stderr, r.code
}

func TestEngineCommand(t *testing.T) {
	out, errs, code := runCmd(t, "tabula\nposition startpos moves +2\ngo depth 2\n", "engine", "race", "--level", "bot:easy")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"id game race", "tabulaok", "bestmove "} {
		if !strings.Contains(out, want) {
			t.Errorf("engine output lacks %q:\n%s", want, out)
		}
	}
	if _, _, code := runCmd(t, "", "engine", "nosuchgame"); code == 0 {
		t.Error("engine accepted an unknown game")
	}
	if _, _, code := runCmd(t, "", "engine", "race", "--level", "bot:godlike"); code == 0 {
		t.Error("engine accepted an unknown level")
	}
}

func TestMatchCommand(t *testing.T) {
	out, errs, code := runCmd(t, "", "match", "race", "--a", "bot:medium", "--b", "random", "--games", "4", "--movetime", "5ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "bot:medium vs random: +") || !strings.Contains(out, "games 4") {
		t.Errorf("match output:\n%s", out)
	}
	if !strings.Contains(out, "\nended: ") {
		t.Errorf("match output says not how the games ended:\n%s", out)
	}
	if !strings.Contains(errs, "4/4") {
		t.Errorf("no progress line on stderr: %q", errs)
	}
	for _, bad := range [][]string{
		{"match", "race", "--a", "random"},
		{"match", "race", "--a", "random", "--b", "nobody", "--games", "2"},
		{"match", "race", "--a", "random", "--b", "random", "--sprt", "5,1"},
	} {
		if _, _, code := runCmd(t, "", bad...); code == 0 {
			t.Errorf("%v succeeded", bad)
		}
	}
}

// The round robin plays every pair and prints a rating list anchored at
// the first agent.
func TestMatchRoundRobin(t *testing.T) {
	out, errs, code := runCmd(t, "", "match", "race", "--agents", "random,bot:easy,bot:medium", "--games", "2", "--movetime", "5ms", "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"bot:easy vs random: +", "bot:medium vs random: +", "bot:medium vs bot:easy: +",
		"| random | 0 | anchor | 4 |", "| bot:easy | ", "| bot:medium | "} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the output:\n%s", want, out)
		}
	}
	for _, bad := range [][]string{
		{"match", "race", "--agents", "random"},
		{"match", "race", "--agents", "random,bot:easy", "--a", "random"},
	} {
		if _, _, code := runCmd(t, "", bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}
