package palagonia

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// pos parses a position for a game with the given options.
func pos(t *testing.T, text string, opts map[string]string) *State {
	t.Helper()
	s, err := Info.ParsePosition(text, game.Options{Values: opts})
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	return s.(*State)
}

// play plays moves in notation.
func play(t *testing.T, s *State, moves ...string) *State {
	t.Helper()
	for _, mt := range moves {
		m, err := s.ParseMove(mt)
		if err != nil {
			t.Fatalf("ParseMove(%q) in %s: %v", mt, s, err)
		}
		next, err := s.Play(m)
		if err != nil {
			t.Fatalf("Play(%q) in %s: %v", mt, s, err)
		}
		s = next.(*State)
	}
	return s
}

func moveStrings(s *State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, s.MoveString(m))
	}
	return out
}

func tilesText(s string) string {
	return palago.FormatTiles(palago.MustParseTiles(s), "+")
}

// The spec's creatures (test vectors) and layouts built from them.
const (
	virus = "(0,0):0 (-1,0):0 (-1,1):0 (0,1):2 (0,-1):1"
	ring  = "(0,0):0 (1,-1):2 (1,0):1 (2,-2):1 (2,-1):0 (2,0):2"
	worm  = "(0,0):0 (0,1):0 (1,-1):1 (1,0):0 (1,1):1 (2,0):1 (2,1):2"
)

// withoutLast splits a layout into all but its last k tiles and those k.
func withoutLast(layout string, k int) (string, []string) {
	f := strings.Fields(layout)
	return tilesText(strings.Join(f[:len(f)-k], " ")), f[len(f)-k:]
}

// TestDice checks docs/rules/palagonia.md#components/N1 and the chance model: 21 unordered rolls with
// doubles at 1/36 and the rest at 2/36, 6 faces in the roll-off.
func TestDice(t *testing.T) {
	s := pos(t, "roll p1 scores=0,0,0 bag=47 table=(0,0):0", nil)
	outs := s.ChanceOutcomes()
	if len(outs) != 21 {
		t.Fatalf("%d roll outcomes, want 21", len(outs))
	}
	var sum float64
	for _, o := range outs {
		a, _ := Decode(o.Move)
		want := 2.0 / 36
		if a.Faces[0] == a.Faces[1] {
			want = 1.0 / 36
		}
		if math.Abs(o.Prob-want) > 1e-12 {
			t.Errorf("P(%s) = %v, want %v", a, o.Prob, want)
		}
		sum += o.Prob
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("roll probabilities sum to %v", sum)
	}
	start, _ := Info.New(game.Options{Players: 3})
	if got := moveStrings(start.(*State)); !slices.Equal(got, []string{"roll:2", "roll:3", "roll:4", "roll:5", "roll:X", "roll:R"}) {
		t.Errorf("start roll outcomes %v", got)
	}
	if start.ToMove() != game.Chance {
		t.Errorf("start ToMove = %v, want chance", start.ToMove())
	}
}

// TestStartRollOff checks docs/rules/palagonia.md#start and docs/rules/palagonia.md#ties-in-the-start-roll.
func TestStartRollOff(t *testing.T) {
	s0, _ := Info.New(game.Options{Players: 3})
	s := s0.(*State)
	t.Run("highest number starts and places that many from (0,0)", func(t *testing.T) {
		s := play(t, s, "roll:3", "roll:5", "roll:R")
		if s.ToMove() != 1 || s.phase != phasePlace || s.left != 5 {
			t.Fatalf("after 3, 5, R: %s", s)
		}
		if got := moveStrings(s); !slices.Equal(got, []string{"(0,0):0", "(0,0):1", "(0,0):2"}) {
			t.Errorf("first tile moves %v, want (0,0) in 3 orientations", got)
		}
		s = play(t, s, "(0,0):0", "(1,0):0", "(2,0):0", "(3,0):0", "(4,0):0")
		if s.ToMove() != game.Chance || s.turn != 2 || s.Bag() != 43 {
			t.Errorf("after the start turn: %s, want p3 to roll with 43 in the bag", s)
		}
	})
	t.Run("symbols count as nothing: all roll again", func(t *testing.T) {
		s := play(t, s, "roll:X", "roll:R", "roll:X")
		if s.phase != phaseStart || s.contend != 0b111 || s.roller() != 0 {
			t.Errorf("after three symbols: %s, want everyone to roll again", s)
		}
	})
	t.Run("N6 tied highest roll again among themselves", func(t *testing.T) {
		s := play(t, s, "roll:4", "roll:2", "roll:4")
		if s.phase != phaseStart || s.contend != 0b101 {
			t.Fatalf("after 4, 2, 4: %s, want p1 and p3 to roll again", s)
		}
		if !strings.Contains(s.String(), "rolls=?-?") {
			t.Errorf("position %s, want rolls=?-?", s)
		}
		s = play(t, s, "roll:2", "roll:3")
		if s.phase != phasePlace || s.turn != 2 || s.left != 3 {
			t.Errorf("after the re-roll 2, 3: %s, want p3 to place 3", s)
		}
	})
	t.Run("solo rolls until a number", func(t *testing.T) {
		s0, _ := Info.New(game.Options{Players: 1})
		s := play(t, s0.(*State), "roll:R", "roll:X", "roll:2")
		if s.phase != phasePlace || s.turn != 0 || s.left != 2 {
			t.Errorf("solo start: %s", s)
		}
	})
}

// lineTable returns a table of n tiles in a row from (0,0) eastwards.
func lineTable(n int) string {
	var tiles []string
	for q := range n {
		tiles = append(tiles, palago.Tile{Cell: palago.Cell{Q: int16(q)}}.String())
	}
	return strings.Join(tiles, "+")
}

// TestTurnSteps checks docs/rules/palagonia.md#a-turn: the choice between two usable dice, the only
// usable die, the forced removal and the pass.
func TestTurnSteps(t *testing.T) {
	for _, tc := range []struct {
		name, pos, roll string
		want            []string // the moves after the roll
	}{
		{"two usable dice: choose", "roll p1 scores=0,0,0 bag=45 table=" + lineTable(3), "roll:3+X", []string{"use:3", "use:X"}},
		{"rotate impossible without an internal tile: remove", "roll p1 scores=0,0,0 bag=45 table=" + lineTable(3), "roll:X+R", []string{"remove:(0,0)", "remove:(2,0)"}},
		{"both impossible: forced removal (rule 4)", "roll p1 scores=0,0,0 bag=45 table=" + lineTable(3), "roll:R+R", []string{"remove:(0,0)", "remove:(2,0)"}},
		{"both impossible on an empty table: pass", "roll p1 scores=0,0,0 bag=48 table=-", "roll:X+R", []string{"pass"}},
		{"numbers above the bag: forced removal", "roll p1 scores=0,0,0 bag=2 table=" + lineTable(46), "roll:3+5", []string{"remove:(0,0)", "remove:(45,0)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := play(t, pos(t, tc.pos, nil), tc.roll)
			if got := moveStrings(s); !slices.Equal(got, tc.want) {
				t.Errorf("after %s: moves %v, want %v (%s)", tc.roll, got, tc.want, s)
			}
		})
	}
	t.Run("C.7 example: 4 left and 3+5, placing 3 is the only action", func(t *testing.T) {
		s := play(t, pos(t, "roll p1 scores=0,0,0 bag=4 table="+lineTable(44), nil), "roll:3+5")
		if s.phase != phasePlace || s.left != 3 {
			t.Errorf("after 3+5 with 4 left: %s, want a placement of 3", s)
		}
	})
	t.Run("C.7 a number equal to the bag is playable and ends the game", func(t *testing.T) {
		s := play(t, pos(t, "roll p2 scores=1,4,4 bag=2 table="+lineTable(46), nil), "roll:2+R", "(46,0):0", "(47,0):0")
		o, over := s.Outcome()
		if !over || s.ToMove() != game.NoPlayer {
			t.Fatalf("after emptying the bag: %s, want the game over", s)
		}
		if !slices.Equal(o.Winners, []game.Player{1, 2}) || !slices.Equal(o.Scores, []int{1, 4, 4}) || o.Reason != ReasonBagEmpty {
			t.Errorf("outcome %+v, want p2 and p3 joint winners on 1,4,4", o)
		}
	})
}

// TestRemove checks the Remove action (docs/rules/palagonia.md#actions, docs/rules/palagonia.md#removed-tiles-go-back-into-the-bag, docs/rules/palagonia.md#the-palago-stays-connected).
func TestRemove(t *testing.T) {
	// A Y: (1,0) joins three arms; it is external but removing it splits
	// the palago.
	y := tilesText("(0,0):0 (1,0):0 (2,0):0 (1,1):0 (1,-1):0 (2,-2):0")
	s := pos(t, "remove p1 dice=X+R scores=0,0,0 bag=42 table="+y, nil)
	got := moveStrings(s)
	if slices.Contains(got, "remove:(1,0)") || slices.Contains(got, "remove:(1,-1)") {
		t.Errorf("N3: removals %v split the palago", got)
	}
	if !slices.Equal(got, []string{"remove:(0,0)", "remove:(2,0)", "remove:(1,1)", "remove:(2,-2)"}) {
		t.Errorf("removals %v", got)
	}
	if _, err := s.ParseMove("remove:(1,0)"); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("removing the joint: %v, want ErrIllegalMove", err)
	}
	next := play(t, s, "remove:(2,-2)")
	if next.Bag() != 43 || next.board.Occupied(palago.Cell{Q: 2, R: -2}) {
		t.Errorf("N2: after the removal %s, want the tile back in the bag", next)
	}
	if next.turn != 1 || next.phase != phaseRoll {
		t.Errorf("after the removal: %s, want p2 to roll", next)
	}
	t.Run("internal tiles are not removed", func(t *testing.T) {
		s := pos(t, "remove p1 dice=X+R scores=0,0,0 bag=41 table="+tilesText("(0,0):0 (1,-1):0 (1,0):0 (0,1):0 (-1,1):0 (-1,0):0 (0,-1):0"), nil)
		if got := moveStrings(s); slices.Contains(got, "remove:(0,0)") || len(got) != 6 {
			t.Errorf("removals %v, want the 6 outer tiles", got)
		}
	})
	t.Run("the only tile may be removed", func(t *testing.T) {
		s := play(t, pos(t, "remove p1 dice=X+X scores=0,0,0 bag=47 table=(0,0):1", nil), "remove:(0,0)")
		if s.board.Len() != 0 || s.Bag() != 48 {
			t.Errorf("after removing the last tile: %s", s)
		}
		// Doubles: the same player rolls again, and a number starts at
		// (0,0) again.
		s = play(t, s, "roll:2+2")
		if got := moveStrings(s); s.turn != 0 || !s.extra || !slices.Equal(got, []string{"(0,0):0", "(0,0):1", "(0,0):2"}) {
			t.Errorf("extra turn on an empty table: %s, moves %v", s, got)
		}
	})
}

// flower is a tile with its six neighbours.
const flower = "(0,0):0 (1,-1):0 (1,0):0 (0,1):0 (-1,1):0 (-1,0):0 (0,-1):0"

// TestRotate checks the Rotate action (docs/rules/palagonia.md#actions, docs/rules/palagonia.md#rotation).
func TestRotate(t *testing.T) {
	s := pos(t, "rotate p1 dice=3+R scores=0,0,0 bag=41 table="+tilesText(flower), nil)
	if got := moveStrings(s); !slices.Equal(got, []string{"rotate:(0,0):1", "rotate:(0,0):2"}) {
		t.Errorf("N4 rotations %v, want the internal tile's other two orientations", got)
	}
	for _, bad := range []string{"rotate:(0,0):0", "rotate:(1,0):1", "rotate:(5,5):1"} {
		if _, err := s.ParseMove(bad); !errors.Is(err, game.ErrIllegalMove) {
			t.Errorf("ParseMove(%q) = %v, want ErrIllegalMove", bad, err)
		}
	}
	next := play(t, s, "rotate:(0,0):2")
	if o, _ := next.board.At(palago.Cell{}); o != 2 || next.Bag() != 41 || next.turn != 1 {
		t.Errorf("after the rotation: %s", next)
	}
}

// TestDoubles checks the extra turn (docs/rules/palagonia.md#a-turn rule 3, docs/rules/palagonia.md#doubles-in-an-extra-turn).
func TestDoubles(t *testing.T) {
	s := pos(t, "roll p2 scores=0,0,0 bag=45 table="+lineTable(3), nil)
	s = play(t, s, "roll:2+2", "(3,0):0", "(4,0):0")
	if s.turn != 1 || !s.extra || s.phase != phaseRoll {
		t.Fatalf("after doubles: %s, want an extra turn for p2", s)
	}
	s = play(t, s, "roll:X+X", "remove:(0,0)")
	if s.turn != 1 || !s.extra {
		t.Fatalf("N5: doubles during an extra turn: %s, want another extra turn", s)
	}
	s = play(t, s, "roll:2+3", "use:2", "(5,0):0", "(6,0):0")
	if s.turn != 2 || s.extra {
		t.Errorf("after a plain roll: %s, want p3 on a normal turn", s)
	}
}

// TestPlacementRules checks the placement rules of docs/rules/palagonia.md#actions: connection,
// touching, and the completability of a partial placement.
func TestPlacementRules(t *testing.T) {
	t.Run("placed tiles must touch one another", func(t *testing.T) {
		s := pos(t, "place p1 dice=2+X left=2 placed=0 scores=0,0,0 bag=45 table="+lineTable(3), nil)
		s = play(t, s, "(-1,0):0")
		for _, m := range moveStrings(s) {
			tl, err := palago.ParseTile(m)
			if err != nil {
				t.Fatal(err)
			}
			if !tl.Cell.Adjacent(palago.Cell{Q: -1}) {
				t.Errorf("second tile %s does not touch the first", m)
			}
		}
		if _, err := s.ParseMove("(3,0):0"); !errors.Is(err, game.ErrIllegalMove) {
			t.Errorf("a second tile apart from the first: %v, want ErrIllegalMove", err)
		}
	})
	t.Run("tiles must touch the table", func(t *testing.T) {
		s := pos(t, "place p1 dice=2+X left=2 placed=0 scores=0,0,0 bag=45 table="+lineTable(3), nil)
		if _, err := s.ParseMove("(7,7):0"); !errors.Is(err, game.ErrIllegalMove) {
			t.Errorf("a tile off the palago: %v, want ErrIllegalMove", err)
		}
	})
	t.Run("a first tile that cannot be completed is not offered", func(t *testing.T) {
		// The hole (0,0) of a flower's ring: a tile there has no empty
		// neighbour, so a second tile could touch it only by closing a
		// creature round both.
		ringOnly := strings.Join(strings.Fields(flower)[1:], " ")
		s := pos(t, "place p1 dice=2+X left=2 placed=0 scores=0,0,0 bag=42 table="+tilesText(ringOnly), nil)
		for _, m := range s.LegalMoves(nil) {
			a, _ := Decode(m)
			if a.Tile.Cell != (palago.Cell{}) {
				continue
			}
			// Legal only if some second tile completes it.
			next, _ := s.Play(m)
			if len(next.LegalMoves(nil)) == 0 {
				t.Errorf("%s is offered but cannot be completed", a)
			}
		}
		// With one tile to place, the hole is fine.
		one := pos(t, "place p1 dice=2+X left=1 placed=1 scores=0,0,0 bag=42 table="+tilesText(ringOnly), nil)
		_ = one
	})
}

// TestRemovalsMatchConnectivity checks the removals listed at once (cut
// tiles of one depth-first search) against the per-tile test of docs/rules/palagonia.md#actions and
// docs/rules/palagonia.md#the-palago-stays-connected (external, and the rest stays connected) in seeded random games.
func TestRemovalsMatchConnectivity(t *testing.T) {
	checked := 0
	for seed := range uint64(8) {
		rng := rand.New(rand.NewPCG(seed, 91))
		s0, _ := Info.New(game.Options{Players: 4})
		s := s0.(*State)
		for s.ToMove() != game.NoPlayer {
			if s.board.Len() > 0 {
				var want []game.Move
				for i := range s.board.Len() {
					if c := s.board.Tile(i).Cell; s.removable(c) {
						want = append(want, RemoveMove(c))
					}
				}
				saved := s.phase
				s.phase = phaseRemove
				got := s.LegalMoves(nil)
				s.phase = saved
				if !slices.Equal(got, want) {
					t.Fatalf("seed %d, %s: listed removals %v, want %v", seed, s, got, want)
				}
				checked++
			}
			m := randomMove(s, rng)
			next, err := s.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			s = next.(*State)
		}
	}
	if checked < 100 {
		t.Errorf("only %d positions checked", checked)
	}
}
