package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// puzzles mine writes verified puzzles to the game's data file and a
// second run extends it without repeating a position; puzzles check
// proves every one again; a game without puzzles is a usage error.
func TestPuzzlesMineAndCheck(t *testing.T) {
	dir := t.TempDir()
	r := runArgs(t, "", "puzzles", "mine", "tictactoe", "--count", "3", "--time", "20s", "--dir", dir)
	if r.code != 0 || !strings.Contains(r.stdout, "3 new puzzles, 3 in") {
		t.Fatalf("mine: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = runArgs(t, "", "puzzles", "mine", "tictactoe", "--count", "2", "--time", "20s", "--dir", dir)
	if r.code != 0 || !strings.Contains(r.stdout, "2 new puzzles, 5 in") {
		t.Fatalf("second mine: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	b, err := os.ReadFile(filepath.Join(dir, "tictactoe.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	seen := map[string]bool{}
	for _, l := range lines {
		i := strings.Index(l, `"position":`)
		pos := l[i : i+strings.Index(l[i:], `",`)]
		if seen[pos] {
			t.Errorf("position twice: %s", pos)
		}
		seen[pos] = true
	}
	r = runArgs(t, "", "puzzles", "check", "tictactoe", "--dir", dir)
	if r.code != 0 || !strings.Contains(r.stdout, "5 puzzles, 0 failed") {
		t.Fatalf("check: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := runArgs(t, "", "puzzles", "mine", "palagonia", "--dir", dir); r.code == 0 {
		t.Errorf("palagonia (no two-player puzzles) mined: %s", r.stdout)
	}
}

// puzzles mine abalone --next-push-off writes puzzles of standard games
// with the marblesToWin of the next push-off, which check proves again;
// the flag is refused for another game.
func TestPuzzlesMineNextPushOff(t *testing.T) {
	dir := t.TempDir()
	r := runArgs(t, "", "puzzles", "mine", "abalone", "--next-push-off", "--count", "2", "--time", "60s", "--seed", "11", "--dir", dir)
	if r.code != 0 || !strings.Contains(r.stdout, "2 new puzzles, 2 in") {
		t.Fatalf("mine: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	b, err := os.ReadFile(filepath.Join(dir, "abalone.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.Contains(l, `"marblesToWin":"6"`) {
			t.Errorf("a puzzle with the standard goal named: %s", l)
		}
	}
	if r := runArgs(t, "", "puzzles", "check", "abalone", "--dir", dir); r.code != 0 || !strings.Contains(r.stdout, "2 puzzles, 0 failed") {
		t.Fatalf("check: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := runArgs(t, "", "puzzles", "mine", "tictactoe", "--next-push-off", "--dir", dir); r.code == 0 || !strings.Contains(r.stderr, "--next-push-off is for abalone") {
		t.Errorf("tictactoe --next-push-off: exit %d %s", r.code, r.stderr)
	}
}
