package palagonia

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/palago"
)

// The naive counter below re-derives the number of legal moves of a
// position from the rules of docs/rules/palagonia.md#start written out afresh, without
// LegalMoves, the completer or the union–find queries: it tries every
// move and, for a placement, searches every way of laying the rest of the
// action tile by tile, judging the finished action only by the plain
// definitions (the action's tiles touch one another, or one creature of
// Board.Creatures holds a piece of each of them). It is slow on purpose
// and only used on the small perft positions.

// naiveCount counts the legal moves of s.
func naiveCount(s *State) int {
	switch s.phase {
	case phaseStart:
		return NumFaces // one die of the roll-off
	case phaseRoll:
		return 21 // unordered pairs of 6 faces: 6 doubles + 15 others
	case phaseChoose:
		return 2
	case phasePass:
		return 1
	case phaseOver:
		return 0
	case phaseRemove:
		n := 0
		tiles := s.board.Tiles()
		for _, t := range tiles {
			if naiveExternal(tiles, t.Cell) && naiveConnectedWithout(tiles, t.Cell) {
				n++
			}
		}
		return n
	case phaseRotate:
		n := 0
		tiles := s.board.Tiles()
		for _, t := range tiles {
			if !naiveExternal(tiles, t.Cell) {
				n += palago.NumOrientations - 1
			}
		}
		return n
	}
	// phasePlace.
	tiles := s.board.Tiles()
	action := tiles[len(tiles)-int(s.placed):]
	n := 0
	for _, t := range naiveSpots(tiles, nil) {
		if naiveCompletable(tiles, append(append([]palago.Tile(nil), action...), t), int(s.left)-1) {
			n++
		}
	}
	return n
}

func naiveHas(tiles []palago.Tile, c palago.Cell) bool {
	for _, t := range tiles {
		if t.Cell == c {
			return true
		}
	}
	return false
}

func naiveExternal(tiles []palago.Tile, c palago.Cell) bool {
	for k := range 6 {
		if !naiveHas(tiles, c.Neighbour(k)) {
			return true
		}
	}
	return false
}

// naiveConnectedWithout reports whether the tiles other than the one on c
// form one connected set (or none).
func naiveConnectedWithout(tiles []palago.Tile, c palago.Cell) bool {
	var rest []palago.Tile
	for _, t := range tiles {
		if t.Cell != c {
			rest = append(rest, t)
		}
	}
	return naiveConnected(rest)
}

func naiveConnected(tiles []palago.Tile) bool {
	if len(tiles) == 0 {
		return true
	}
	seen := map[palago.Cell]bool{tiles[0].Cell: true}
	stack := []palago.Cell{tiles[0].Cell}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for k := range 6 {
			if d := c.Neighbour(k); naiveHas(tiles, d) && !seen[d] {
				seen[d] = true
				stack = append(stack, d)
			}
		}
	}
	return len(seen) == len(tiles)
}

// naiveSpots lists every tile that may go down next: on (0,0) on an empty
// table (docs/rules/palagonia.md#start), else on an empty cell touching a tile, in each of the three
// orientations; cells next to the tiles of first come first.
func naiveSpots(tiles, first []palago.Tile) []palago.Tile {
	var out []palago.Tile
	if len(tiles) == 0 {
		for o := range palago.Orientation(palago.NumOrientations) {
			out = append(out, palago.Tile{O: o})
		}
		return out
	}
	seen := map[palago.Cell]bool{}
	for _, t := range append(append([]palago.Tile(nil), first...), tiles...) {
		for k := range 6 {
			d := t.Cell.Neighbour(k)
			if naiveHas(tiles, d) || seen[d] {
				continue
			}
			seen[d] = true
			for o := range palago.Orientation(palago.NumOrientations) {
				out = append(out, palago.Tile{Cell: d, O: o})
			}
		}
	}
	return out
}

// naiveCompletable reports whether, with the table tiles, the action's
// tiles (the last of which is new and not yet in table) can be completed by
// r more tiles into a legal action.
func naiveCompletable(table, action []palago.Tile, r int) bool {
	all := append(append([]palago.Tile(nil), table...), action[len(action)-1])
	if r == 0 {
		return naiveConnected(action) || naiveOneCreature(all, action)
	}
	// Spots next to the action's tiles first: only the order of the search
	// changes (a touching chain is found at once), not its answer.
	for _, t := range naiveSpots(all, action) {
		if naiveCompletable(all, append(append([]palago.Tile(nil), action...), t), r-1) {
			return true
		}
	}
	return false
}

// naiveOneCreature reports whether some creature of the layout holds a
// piece of its colour on every action tile (docs/rules/palagonia.md#actions's exception, docs/rules/palagonia.md#part-of-the-body).
func naiveOneCreature(all, action []palago.Tile) bool {
	var b palago.Board
	for _, t := range all {
		if err := b.Place(t); err != nil {
			panic(err)
		}
	}
	for _, g := range b.Creatures() {
		every := true
		for _, t := range action {
			if !hasPiece(&g, t.Cell) {
				every = false
				break
			}
		}
		if every {
			return true
		}
	}
	return false
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

// TestPerft checks testdata/perft.txt: every count with LegalMoves
// (game.Perft), and the "naive" ones with the naive counter at the leaves.
func TestPerft(t *testing.T) {
	gametest.CheckPerft(t, Info, "testdata/perft.txt", gametest.PerftConfig{
		SlowMax: 10_000,
		Naive:   func(s game.State, c gametest.PerftCase) uint64 { return naivePerft(s.(*State), c.Depth) },
	})
}
