package abalone

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
)

type perftCase struct {
	id     string
	pos    string
	counts map[int]uint64 // depth -> count
}

func readPerftFile(t *testing.T) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, rest, _ := strings.Cut(text, " ")
		switch key {
		case "id":
			out = append(out, perftCase{id: rest, counts: map[int]uint64{}})
		case "pos":
			out[len(out)-1].pos = rest
		case "perft":
			ds, ns, _ := strings.Cut(rest, " ")
			d, err1 := strconv.Atoi(ds)
			n, err2 := strconv.ParseUint(ns, 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("perft.txt:%d: bad line %q", line, text)
			}
			out[len(out)-1].counts[d] = n
		default:
			t.Fatalf("perft.txt:%d: unknown line %q", line, text)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPerft checks testdata/perft.txt (spec "Test vectors") with the fast
// Perfter path, and the shallow counts also through Play alone.
func TestPerft(t *testing.T) {
	for _, c := range readPerftFile(t) {
		t.Run(c.id, func(t *testing.T) {
			s, err := Info.ParsePosition(c.pos, game.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for d, want := range c.counts {
				if got := game.Perft(s, d); got != want {
					t.Errorf("Perft(%d) = %d, want %d", d, got, want)
				}
				if d <= 2 {
					if got := game.SlowPerft(s, d); got != want {
						t.Errorf("SlowPerft(%d) = %d, want %d", d, got, want)
					}
				}
			}
		})
	}
}

// TestStartPositions checks ruling A1 and §2: each variant starts from the
// position text of rules §7, and printing the standard start gives exactly
// that text.
func TestStartPositions(t *testing.T) {
	for _, v := range Info.Variants {
		t.Run(v, func(t *testing.T) {
			s, err := Info.New(game.Options{Variant: v})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.String(); got != layouts[v] {
				t.Errorf("String() = %q, want %q", got, layouts[v])
			}
			if s.ToMove() != Black {
				t.Errorf("ToMove() = %v, want Black (rules §2: Black always moves first)", s.ToMove())
			}
			for _, p := range []game.Player{Black, White} {
				if n := len(s.(*State).Marbles(p)); n != marblesPerSide {
					t.Errorf("%s has %d marbles, want %d", Info.PlayerName(p), n, marblesPerSide)
				}
			}
		})
	}
}
