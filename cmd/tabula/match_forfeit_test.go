package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// An engine that fails forfeits its games and the match still ends with a
// result: here a program that cannot start, so A forfeits all four games,
// reported under "ended:" and one "forfeit:" line each.
func TestMatchForfeitOutput(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-engine")
	out, errs, code := runCmd(t, "", "match", "tictactoe", "--a", "cmd:"+missing, "--b", "random", "--games", "4", "--movetime", "5ms", "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	for _, want := range []string{"+0 =0 -4 (games 4", "\nended: forfeit 4\n", "forfeit: arena: game 1, cmd:" + missing + " as seat 0"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the output:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "\nforfeit: "); n != 4 {
		t.Errorf("%d forfeit lines, want 4:\n%s", n, out)
	}
}
