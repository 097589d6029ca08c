package palaboratory

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/palago"
)

// naiveCount counts the legal operations of s without LegalMoves: every
// operation on a window of cells around the layout is tried against the
// rules written out afresh from docs/rules/palaboratory.md#the-fewest-moves and the package doc.
func naiveCount(s *State) int {
	if s.over() {
		return 0
	}
	on := map[palago.Cell]palago.Orientation{}
	for _, t := range s.tiles {
		on[t.Cell] = t.O
	}
	var window []palago.Cell
	for q := int16(-12); q <= 12; q++ {
		for r := int16(-12); r <= 12; r++ {
			window = append(window, palago.Cell{Q: q, R: r})
		}
	}
	nextTo := func(c, skip palago.Cell) bool {
		for k := range 6 {
			n := c.Neighbour(k)
			if _, ok := on[n]; ok && n != skip {
				return true
			}
		}
		return false
	}
	none := palago.Cell{Q: 999, R: 999}
	count := 0
	for _, c := range window {
		if _, full := on[c]; full {
			count += 2 // a rotation to each other orientation
			continue
		}
		if len(on) < s.tk.maxTiles && (len(on) == 0 && c == palago.Cell{} || nextTo(c, none)) {
			count += 3 // a placement in each orientation
		}
		for from := range on {
			if nextTo(c, from) {
				count += 3 // a relocation in each orientation
			}
		}
	}
	return count
}

func naivePerft(s *State, depth int) uint64 {
	if depth == 1 {
		return uint64(naiveCount(s))
	}
	var n uint64
	for _, m := range s.LegalMoves(nil) {
		next, err := s.Play(m)
		if err != nil {
			panic(err)
		}
		n += naivePerft(next.(*State), depth-1)
	}
	return n
}

// TestPerft checks testdata/perft.txt with LegalMoves (game.Perft) and,
// every count being "naive", with the naive counter at the leaves.
func TestPerft(t *testing.T) {
	gametest.CheckPerft(t, Info, "testdata/perft.txt", gametest.PerftConfig{
		SlowMax: 10_000,
		Naive:   func(s game.State, c gametest.PerftCase) uint64 { return naivePerft(s.(*State), c.Depth) },
	})
}
