package palago

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// bruteCount counts the legal moves of s by validating every one- and
// two-tile placement within two cells of the palago with the rules check,
// independently of LegalMoves' generator.
func bruteCount(s *State) uint64 {
	if s.board.Len() == 0 {
		var n uint64
		for o1 := range Orientation(3) {
			for c := range 7 {
				for o2 := range Orientation(3) {
					if c == 6 {
						continue
					}
					if _, err := s.check([]Tile{{Cell{}, o1}, {dirs[c], o2}}); err == nil {
						n++
					}
				}
			}
		}
		return n
	}
	seen := map[game.Move]bool{}
	for _, x := range s.board.Tiles() {
		for k := range 6 {
			c1 := x.Cell.Neighbour(k)
			for o1 := range Orientation(3) {
				t1 := Tile{c1, o1}
				if m, err := s.check([]Tile{t1}); err == nil {
					seen[m] = true
				}
				for j := range 6 {
					if m, err := s.check([]Tile{t1, {c1.Neighbour(j), 0}}); err == nil {
						seen[m] = true
					}
					for o2 := Orientation(1); o2 < 3; o2++ {
						if m, err := s.check([]Tile{t1, {c1.Neighbour(j), o2}}); err == nil {
							seen[m] = true
						}
					}
				}
			}
		}
	}
	return uint64(len(seen))
}

// TestPerft checks testdata/perft.txt: lines "POSITION | DEPTH COUNT"
// after comments that give each number's source. Every count is also
// recomputed with the brute-force counter at the leaves.
func TestPerft(t *testing.T) {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pos, spec, _ := strings.Cut(line, "|")
		fields := strings.Fields(spec)
		depth, _ := strconv.Atoi(fields[0])
		want, _ := strconv.ParseUint(fields[1], 10, 64)
		s, err := Info.ParsePosition(strings.TrimSpace(pos), game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := game.Perft(s, depth); got != want {
			t.Errorf("perft %d of %q = %d, want %d", depth, pos, got, want)
		}
		if got := brutePerft(s.(*State), depth); got != want {
			t.Errorf("brute-force perft %d of %q = %d, want %d", depth, pos, got, want)
		}
	}
}

func brutePerft(s *State, depth int) uint64 {
	if depth == 1 {
		return bruteCount(s)
	}
	var n uint64
	for _, m := range s.LegalMoves(nil) {
		next, _ := s.Play(m)
		n += brutePerft(next.(*State), depth-1)
	}
	return n
}
