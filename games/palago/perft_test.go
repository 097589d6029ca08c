package palago

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
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

// TestPerft checks testdata/perft.txt with LegalMoves, and every count
// (all are "naive") with the brute-force counter at the leaves.
func TestPerft(t *testing.T) {
	gametest.CheckPerft(t, Info, "testdata/perft.txt", gametest.PerftConfig{
		SlowMax: 10_000,
		Naive:   func(s game.State, c gametest.PerftCase) uint64 { return brutePerft(s.(*State), c.Depth) },
	})
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
