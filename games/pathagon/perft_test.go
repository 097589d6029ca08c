package pathagon_test

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

var deepPerft = flag.Bool("perft.deep", false, "check every count of testdata/perft.txt, also with the naive implementation")

// Node budgets for the default run, which must stay fast under -race.
const (
	engineBudget = 25_000_000 // bitboard perft, bulk-counted: well under a second
	naiveBudget  = 100_000    // the naive implementation copies a board per node
)

type perftCase struct {
	id, pos string
	values  map[string]string
	depth   int
	count   uint64
	sources string
}

func readPerft(t *testing.T) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	var cur perftCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text, comment, _ := strings.Cut(sc.Text(), "#")
		key, rest, _ := strings.Cut(strings.TrimSpace(text), " ")
		switch key {
		case "":
		case "id":
			cur = perftCase{id: rest, values: map[string]string{}}
		case "pos":
			cur.pos = rest
		case "opt":
			name, value, _ := strings.Cut(rest, "=")
			cur.values[name] = value
		case "perft":
			d, n, _ := strings.Cut(rest, " ")
			c := cur
			c.depth, _ = strconv.Atoi(d)
			c.count, err = strconv.ParseUint(n, 10, 64)
			if err != nil || c.depth < 1 || strings.TrimSpace(comment) == "" {
				t.Fatalf("perft.txt:%d: want perft DEPTH COUNT # source", line)
			}
			c.sources = comment
			out = append(out, c)
		default:
			t.Fatalf("perft.txt:%d: unknown key %q", line, key)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPerftFile checks the counts of testdata/perft.txt with the engine's
// Perfter and, for small counts, with game.SlowPerft through Play.
func TestPerftFile(t *testing.T) {
	for _, c := range readPerft(t) {
		if c.count > engineBudget && !*deepPerft {
			continue
		}
		t.Run(c.id+"/"+strconv.Itoa(c.depth), func(t *testing.T) {
			s, err := pathagon.ParsePosition(c.pos, game.Options{Values: c.values})
			if err != nil {
				t.Fatal(err)
			}
			if got := game.Perft(s, c.depth); got != c.count {
				t.Errorf("Perft(%d) = %d, want %d", c.depth, got, c.count)
			}
			if c.count <= naiveBudget {
				if got := game.SlowPerft(s, c.depth); got != c.count {
					t.Errorf("SlowPerft(%d) = %d, want %d", c.depth, got, c.count)
				}
			}
		})
	}
}

// TestPerftNaive recounts the naive and comb lines of testdata/perft.txt
// with the naive implementation.
func TestPerftNaive(t *testing.T) {
	for _, c := range readPerft(t) {
		if !strings.Contains(c.sources, "naive") || (c.count > naiveBudget && !*deepPerft) {
			continue
		}
		t.Run(c.id+"/"+strconv.Itoa(c.depth), func(t *testing.T) {
			n := newNaive(c.pos, c.values[pathagon.OptOptionalCaptures] == "true", true, 300)
			if got := n.perft(c.depth); got != c.count {
				t.Errorf("naive perft(%d) = %d, want %d", c.depth, got, c.count)
			}
		})
	}
}
