package talat_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/talat"
)

// TestPerft checks the counts in testdata/perft.txt, through both the
// immutable path and the Mutable fast path.
func TestPerft(t *testing.T) {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var id string
	var s game.State
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		key, rest, _ := strings.Cut(line, " ")
		switch key {
		case "id":
			id = rest
		case "pos":
			s, err = talat.Info.ParsePosition(rest, game.Options{Variant: strings.Fields(rest)[0]})
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			if s.String() != rest {
				t.Fatalf("%s: position does not round-trip:\n got %s\nwant %s", id, s, rest)
			}
		case "perft":
			f := strings.Fields(rest)
			depth, _ := strconv.Atoi(f[0])
			want, _ := strconv.ParseUint(f[1], 10, 64)
			if got := game.Perft(s, depth); got != want {
				t.Errorf("%s: perft %d = %d, want %d", id, depth, got, want)
			}
			if depth <= 2 {
				if got := mutablePerft(s.(game.Mutabler).Mutable(), depth); got != want {
					t.Errorf("%s: Mutable perft %d = %d, want %d", id, depth, got, want)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

func mutablePerft(m game.Mutable, depth int) uint64 {
	moves := m.LegalMoves(nil)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, mv := range moves {
		m.Apply(mv)
		n += mutablePerft(m, depth-1)
		m.Undo()
	}
	return n
}
