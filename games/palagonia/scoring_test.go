package palagonia

import (
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// camel is an A creature built to match the rulebook's camel (docs/rules/palagonia.md#value-of-a-creature): an
// outer shell, 4 inner shells and 2 external limbs, 7 points. Every tile
// carries a piece of it. Inside it lies a B ring with its eye, a creature
// worth 2 (the "insides of the insides"), which scores nothing.
const camel = "(-3,2):0 (-2,1):2 (-2,2):1 (-1,0):2 (-1,1):0 (-1,2):1 (-1,3):0 (0,-1):2 (0,0):1 (0,1):2 (0,2):0 (0,3):2 (1,-2):2 (1,-1):0 (1,0):0 (1,1):2 (2,-3):1 (2,-2):2"

// complete sets up layout without its last two tiles as a placement of 2 by
// p2 of 3 players (on an extra turn if extra), places them and returns the
// state after.
func complete(t *testing.T, layout string, extra bool) *State {
	t.Helper()
	table, last := withoutLast(layout, 2)
	n := len(strings.Fields(layout)) - 2
	text := "place p2 dice=2+X left=2 placed=0"
	if extra {
		text = "place p2 dice=2+2 left=2 placed=0 extra"
	}
	s := pos(t, text+" scores=0,0,0 bag="+itoa(48-n)+" table="+table, nil)
	return play(t, s, last...)
}

// TestScoringSpecCreatures checks the value threshold (docs/rules/palagonia.md#births-and-scoring rule 3) and
// sharing (docs/rules/palagonia.md#end-and-winner) on the spec's creatures and the camel.
func TestScoringSpecCreatures(t *testing.T) {
	for _, tc := range []struct {
		name   string
		layout string
		value  int
		scores [3]int // p1 (the predecessor), p2 (the mover), p3
	}{
		{"virus is worth 1: no score", virus, 1, [3]int{0, 0, 0}},
		{"ring is worth 2: no score", ring, 2, [3]int{0, 0, 0}},
		{"worm is worth 3: shared with the predecessor", worm, 3, [3]int{3, 3, 0}},
		{"camel: 1 outer + 4 inner + 2 limbs = 7", camel, 7, [3]int{7, 7, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b palago.Board
			for _, x := range palago.MustParseTiles(tc.layout) {
				_ = b.Place(x)
			}
			cs := b.Creatures()
			if len(cs) == 0 || cs[0].Colour != palago.A {
				t.Fatalf("creatures %v, want an A creature first", cs)
			}
			if v := b.Value(&cs[0]).Points(); v != tc.value {
				t.Errorf("value %d, want %d", v, tc.value)
			}
			for _, g := range cs[1:] {
				if v := b.Value(&g).Points(); v >= MinPoints {
					t.Errorf("a second creature worth %d", v)
				}
			}
			s := complete(t, tc.layout, false)
			if got := [3]int(s.scores[:3]); got != tc.scores {
				t.Errorf("scores %v, want %v", got, tc.scores)
			}
		})
	}
	t.Run("camel shells and limbs", func(t *testing.T) {
		var b palago.Board
		for _, x := range palago.MustParseTiles(camel) {
			_ = b.Place(x)
		}
		cs := b.Creatures()
		if len(cs) != 2 || cs[0].Colour != palago.A || cs[1].Colour != palago.B {
			t.Fatalf("creatures %v, want the A camel and the B ring inside", cs)
		}
		g := cs[0]
		if v := b.Value(&g); v.Loops != 5 || v.Limbs != 2 {
			t.Errorf("camel %+v, want 5 loops (outer + 4 inner) and 2 limbs", v)
		}
		if v := b.Value(&cs[1]); v.Loops != 2 || v.Limbs != 0 {
			t.Errorf("inner ring %+v, want 2 loops and no limbs", v)
		}
		for i := range b.Len() {
			if !hasPiece(&g, b.Tile(i).Cell) {
				t.Errorf("tile %v carries no piece of the camel", b.Tile(i))
			}
		}
	})
}

// TestSharing checks docs/rules/palagonia.md#end-and-winner: the predecessor shares the points, except on an
// extra turn, and seat order wraps round; solo gets every point once
// (docs/rules/palagonia.md#components).
func TestSharing(t *testing.T) {
	t.Run("extra turn: the mover alone", func(t *testing.T) {
		s := complete(t, worm, true)
		if got := [3]int(s.scores[:3]); got != [3]int{0, 3, 0} {
			t.Errorf("scores %v, want 3 to p2 only", got)
		}
	})
	t.Run("p1's predecessor is the last seat", func(t *testing.T) {
		table, last := withoutLast(worm, 2)
		s := pos(t, "place p1 dice=2+X left=2 placed=0 scores=0,0,0,0 bag=43 table="+table, nil)
		s = play(t, s, last...)
		if got := [4]int(s.scores[:4]); got != [4]int{3, 0, 0, 3} {
			t.Errorf("scores %v, want 3 to p1 and p4", got)
		}
	})
	t.Run("solo: one player takes all, once", func(t *testing.T) {
		table, last := withoutLast(worm, 2)
		s := pos(t, "place p1 dice=2+X left=2 placed=0 scores=5 bag=43 table="+table, nil)
		s = play(t, s, last...)
		if s.scores[0] != 8 || s.turn != 0 {
			t.Errorf("solo after the worm: %s, want 8 and p1 to roll again", s)
		}
	})
}

// TestBodyRule checks docs/rules/palagonia.md#part-of-the-body (docs/rules/palagonia.md#births-and-scoring rule 1): a creature born by a placement
// scores only if every tile placed that turn is part of its body.
func TestBodyRule(t *testing.T) {
	table, last := withoutLast(worm, 1)
	s := pos(t, "place p2 dice=2+X left=2 placed=0 scores=0,0,0 bag=42 table="+table, nil)
	// (3,0) touches the worm's (2,0) and the closing (2,1) but is not part
	// of the worm.
	s = play(t, s, "(3,0):0")
	births := func() []Birth {
		n := s.clone()
		_ = n.board.Place(palago.MustParseTiles(last[0])[0])
		n.placed++
		return n.placementBirths()
	}()
	if len(births) != 1 || births[0].Eligible || births[0].Value.Points() != 3 {
		t.Fatalf("births %+v, want the worm (3 points), not eligible", births)
	}
	s = play(t, s, last[0])
	if got := [3]int(s.scores[:3]); got != [3]int{} {
		t.Errorf("scores %v, want none: (3,0) is not part of the worm's body", got)
	}
	if len(s.board.Creatures()) != 1 {
		t.Errorf("the worm was not born")
	}
}

// TestRotationScoring checks docs/rules/palagonia.md#creatures-born-by-a-rotation under both settings of rotationScoring.
// Layouts: a filled hexagon of radius 2 in which the rotation gives birth
// to one creature worth 3.
func TestRotationScoring(t *testing.T) {
	for _, tc := range []struct {
		name, layout, move string
		newOnly, mergeOnly int
		earlier            int // earlier creatures among its pieces
	}{
		{"new creature scores", "(-2,0):2 (-2,1):2 (-2,2):0 (-1,-1):0 (-1,0):0 (-1,1):0 (-1,2):1 (0,-2):1 (0,-1):2 (0,0):2 (0,1):0 (0,2):2 (1,-2):2 (1,-1):2 (1,0):0 (1,1):2 (2,-2):0 (2,-1):1 (2,0):0",
			"rotate:(-1,0):2", 3, 3, 0},
		{"reshaped creature: newOnly excludes it", "(-2,0):2 (-2,1):2 (-2,2):1 (-1,-1):0 (-1,0):0 (-1,1):1 (-1,2):1 (0,-2):1 (0,-1):0 (0,0):2 (0,1):1 (0,2):2 (1,-2):1 (1,-1):0 (1,0):2 (1,1):0 (2,-2):0 (2,-1):0 (2,0):2",
			"rotate:(0,0):1", 0, 3, 1},
		{"two creatures joined by a rotation score nothing", "(-2,0):0 (-2,1):1 (-2,2):0 (-1,-1):1 (-1,0):2 (-1,1):1 (-1,2):1 (0,-2):0 (0,-1):1 (0,0):1 (0,1):1 (0,2):1 (1,-2):0 (1,-1):2 (1,0):0 (1,1):1 (2,-2):0 (2,-1):0 (2,0):0",
			"rotate:(1,0):1", 0, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, opt := range []string{ScoreNewOnly, ScoreMergeOnly} {
				s := pos(t, "rotate p2 dice=X+R scores=0,0,0 bag=29 table="+tilesText(tc.layout), map[string]string{OptRotationScoring: opt})
				before := s.board.Creatures()
				a, err := ParseAction(tc.move, false)
				if err != nil {
					t.Fatal(err)
				}
				n := s.clone()
				births := n.rotateBirths(a.Tile)
				if len(births) != 1 || births[0].Value.Points() != 3 {
					t.Fatalf("births %+v, want one creature worth 3", births)
				}
				var earlier []int
				for _, p := range births[0].Creature.Pieces {
					for i, g := range before {
						if p.Cell != a.Tile.Cell && g.Has(p) && !slices.Contains(earlier, i) {
							earlier = append(earlier, i)
						}
					}
				}
				if len(earlier) != tc.earlier {
					t.Errorf("its pieces come from %d earlier creatures, want %d", len(earlier), tc.earlier)
				}
				after := play(t, s, tc.move)
				want := tc.newOnly
				if opt == ScoreMergeOnly {
					want = tc.mergeOnly
				}
				if after.scores[1] != want || after.scores[0] != want {
					t.Errorf("%s: scores %v, want %d to p2 and p1", opt, after.scores[:3], want)
				}
			}
		})
	}
}

var _ = game.NoPlayer
