package villapaletti

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// TestPerft checks the move counts in testdata/perft.txt; each line is
// "players seed depth count", and the comments above it name its source.
func TestPerft(t *testing.T) {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	rows := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var v [4]int
		fields := strings.Fields(line)
		if len(fields) != 4 {
			t.Fatalf("bad line %q", line)
		}
		for i, x := range fields {
			if v[i], err = strconv.Atoi(x); err != nil {
				t.Fatalf("bad line %q", line)
			}
		}
		s, err := Info.New(game.Options{Players: v[0], Seed: uint64(v[1])})
		if err != nil {
			t.Fatal(err)
		}
		if got := game.Perft(s, v[2]); got != uint64(v[3]) {
			t.Errorf("%d players, seed %d: perft %d = %d, want %d", v[0], v[1], v[2], got, v[3])
		}
		rows++
	}
	if rows == 0 {
		t.Fatal("no perft rows")
	}
}
