package engine_test

import (
	"strings"
	"testing"

	"github.com/tabula-games/tabula/ai/engine"
	"github.com/tabula-games/tabula/games/abalone"
)

// TestOwnBook checks the OwnBook option: bot:max answers Abalone's start
// from the opening book (no nodes) by default and searches with the
// option off, or when the server starts sessions with NoBook.
func TestOwnBook(t *testing.T) {
	for _, c := range []struct {
		name   string
		noBook bool
		script string
		want   []string // the nodes field of each go's info line
	}{
		{"option", false, "tabula\nsetoption name Level value bot:max\nposition startpos\ngo depth 2\nsetoption name OwnBook value false\ngo depth 2\nsetoption name OwnBook value true\ngo depth 2\nquit", []string{"0", "searched", "0"}},
		{"server", true, "tabula\nsetoption name Level value bot:max\nposition startpos\ngo depth 2\nquit", []string{"searched"}},
	} {
		out := run(t, &engine.Server{Game: abalone.Info, NoBook: c.noBook}, c.script)
		var got []string
		for _, line := range strings.Split(out, "\n") {
			f := strings.Fields(line)
			for i := range f {
				if f[0] == "<" && len(f) > 2 && f[1] == "info" && f[i] == "nodes" && i+1 < len(f) {
					n := f[i+1]
					if n != "0" {
						n = "searched"
					}
					got = append(got, n)
				}
			}
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: nodes per go %v, want %v\n%s", c.name, got, c.want, out)
		}
	}
}
