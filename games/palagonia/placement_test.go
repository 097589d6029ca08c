package palagonia

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// bruteFinal decides the end of a number action independently of the
// completer (docs/rules/palagonia.md#actions): the placed tiles touch one another, or a creature holds
// a piece of its colour of every one of them.
func bruteFinal(b *palago.Board, placed []palago.Cell) bool {
	conn := map[palago.Cell]bool{placed[0]: true}
	for changed := true; changed; {
		changed = false
		for _, c := range placed {
			if conn[c] {
				continue
			}
			for d := range conn {
				if c.Adjacent(d) {
					conn[c], changed = true, true
					break
				}
			}
		}
	}
	if len(conn) == len(placed) {
		return true
	}
	for _, g := range b.Creatures() {
		all := true
		for _, c := range placed {
			all = all && hasPiece(&g, c)
		}
		if all {
			return true
		}
	}
	return false
}

// bruteCompletable reports whether r more tiles, each on an empty cell
// touching the table, can end the action legally: every sequence is tried.
func bruteCompletable(b *palago.Board, placed []palago.Cell, r int) bool {
	if r == 0 {
		return bruteFinal(b, placed)
	}
	var cells []palago.Cell
	for i := range b.Len() {
		for k := range 6 {
			if c := b.Tile(i).Cell.Neighbour(k); !b.Occupied(c) && !slices.Contains(cells, c) {
				cells = append(cells, c)
			}
		}
	}
	for _, c := range cells {
		for o := range palago.Orientation(3) {
			_ = b.Place(palago.Tile{Cell: c, O: o})
			ok := bruteCompletable(b, append(placed, c), r-1)
			b.Undo()
			if ok {
				return true
			}
		}
	}
	return false
}

// TestPlacementsMatchBruteForce is the differential test of the
// completability search: in each position, a first tile is listed exactly
// when some full sequence of placements after it ends legally (docs/rules/palagonia.md#actions).
func TestPlacementsMatchBruteForce(t *testing.T) {
	ringOnly := tilesText(strings.Join(strings.Fields(flower)[1:], " "))
	virusOpen, _ := withoutLast(virus, 1)
	wormOpen, _ := withoutLast(worm, 2)
	ringOpen, _ := withoutLast(ring, 2)
	positions := []string{
		"place p1 dice=2+X left=2 placed=0 scores=0,0,0 bag=42 table=" + ringOnly,
		"place p1 dice=3+X left=3 placed=0 scores=0,0,0 bag=42 table=" + ringOnly,
		"place p1 dice=2+X left=2 placed=0 scores=0,0,0 bag=44 table=" + virusOpen,
		"place p1 dice=2+X left=2 placed=0 scores=0,0,0 bag=43 table=" + wormOpen,
		"place p1 dice=3+X left=2 placed=1 scores=0,0,0 bag=43 table=" + wormOpen,
		"place p1 dice=2+X left=2 placed=0 scores=0,0,0 bag=44 table=" + ringOpen,
	}
	for _, text := range positions {
		t.Run(text, func(t *testing.T) {
			s := pos(t, text, nil)
			var want []string
			var pbuf [MaxPlace]palago.Cell
			for i := range s.board.Len() {
				for k := range 6 {
					c := s.board.Tile(i).Cell.Neighbour(k)
					for o := range palago.Orientation(3) {
						tl := palago.Tile{Cell: c, O: o}
						if s.board.Occupied(c) || slices.Contains(want, tl.String()) {
							continue
						}
						b := s.board.Clone()
						_ = b.Place(tl)
						if bruteCompletable(b, append(s.actionCells(pbuf[:0]), c), int(s.left)-1) {
							want = append(want, tl.String())
						}
					}
				}
			}
			got := moveStrings(s)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("listed %d placements, brute force %d\n got %v\nwant %v", len(got), len(want), got, want)
			}
		})
	}
}

// TestPlacementWaiver checks the exception to the touching rule (docs/rules/palagonia.md#actions): two
// tiles apart from each other are legal when they close a creature whose
// body holds both, and score it when it is worth 3 or more.
func TestPlacementWaiver(t *testing.T) {
	// The worm without (0,1) and (2,1): they do not touch, and together they
	// close it.
	f := strings.Fields(worm)
	rest := tilesText(strings.Join(slices.Delete(slices.Clone(f), 1, 2)[:5], " "))
	s := pos(t, "place p2 dice=2+X left=2 placed=0 scores=0,0,0 bag=43 table="+rest, nil)
	if (palago.Cell{Q: 0, R: 1}).Adjacent(palago.Cell{Q: 2, R: 1}) {
		t.Fatal("test layout: the two tiles touch")
	}
	next := play(t, s, "(0,1):0")
	if got := moveStrings(next); !slices.Contains(got, "(2,1):2") {
		t.Fatalf("the closing tile (2,1):2 is not offered: %v", got)
	}
	next = play(t, next, "(2,1):2")
	if next.scores != [MaxPlayers]int{3, 3, 0} {
		t.Errorf("scores %v, want the worm's 3 to p2 and p1", next.scores[:3])
	}
	// Apart from each other without closing a creature: not offered.
	s2 := play(t, s, "(0,1):1")
	if got := moveStrings(s2); slices.Contains(got, "(2,1):2") {
		t.Errorf("(2,1):2 offered though (0,1):1 leaves the worm open and apart")
	}
}

var _ = game.NoPlayer

// TestPlacementsMatchCheck plays seeded random games and, at every tile of
// every number action, compares the listed placements, from the state and
// from a Mutable copy, with the frontier tiles checkPlace accepts: the
// cheap filters of move generation (mayGrow, the lone last tile) must never
// drop a tile the exact completability search keeps.
func TestPlacementsMatchCheck(t *testing.T) {
	for seed := range uint64(6) {
		rng := rand.New(rand.NewPCG(seed, 77))
		s0, _ := Info.New(game.Options{Players: 3 + int(seed%3)})
		s := s0.(*State)
		for s.ToMove() != game.NoPlayer {
			if s.phase == phasePlace && s.board.Len() > 0 {
				var want []game.Move
				var fr palago.CellSet
				s.board.Frontier(&fr)
				for _, c := range fr.Cells() {
					for o := range palago.Orientation(palago.NumOrientations) {
						if tl := (palago.Tile{Cell: c, O: o}); s.checkPlace(tl) == nil {
							want = append(want, PlaceMove(tl))
						}
					}
				}
				if got := s.LegalMoves(nil); !slices.Equal(got, want) {
					t.Fatalf("seed %d, %s: listed %d placements, checkPlace accepts %d", seed, s, len(got), len(want))
				}
				if got := s.Mutable().LegalMoves(nil); !slices.Equal(got, want) {
					t.Fatalf("seed %d, %s: a Mutable copy lists %d placements, checkPlace accepts %d", seed, s, len(got), len(want))
				}
			}
			m := randomMove(s, rng)
			next, err := s.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			s = next.(*State)
		}
	}
}
