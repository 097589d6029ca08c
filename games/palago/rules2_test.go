package palago

import (
	"errors"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestFirstMove checks docs/rules/palago.md#first-tile, docs/rules/palago.md#two-tiles-from-the-start: two tiles, the first on (0,0) in
// any orientation, the second on any neighbour in any orientation.
func TestFirstMove(t *testing.T) {
	s := newGame(t, nil)
	moves := s.LegalMoves(nil)
	if len(moves) != 3*6*3 {
		t.Fatalf("%d first moves, want 54", len(moves))
	}
	for _, m := range moves {
		ts, _ := MoveTiles(m)
		if len(ts) != 2 || ts[0].Cell != (Cell{}) || !ts[0].Cell.Adjacent(ts[1].Cell) {
			t.Fatalf("first move %s", s.MoveString(m))
		}
	}
	for _, bad := range []string{"(0,0):0", "(1,0):0+(2,0):0", "(0,0):0+(2,0):1"} {
		if _, err := s.ParseMove(bad); !errors.Is(err, game.ErrIllegalMove) {
			t.Errorf("ParseMove(%q) = %v, want ErrIllegalMove", bad, err)
		}
	}
}

// TestMoveRules checks docs/rules/palago.md#a-turn: the tiles touch each other, one touches the
// palago, and the same two tiles in the other order are one move.
func TestMoveRules(t *testing.T) {
	s := play(t, newGame(t, map[string]string{OptFirstPlayer: "p1"}), "(0,0):0+(1,-1):0")
	if s.ToMove() != 1 {
		t.Fatalf("ToMove = %v after the first move", s.ToMove())
	}
	tests := []struct {
		name, move string
		want       error
	}{
		{"not touching each other", "(1,0):0+(3,0):0", game.ErrIllegalMove},
		{"neither touches the palago", "(3,0):0+(4,0):0", game.ErrIllegalMove},
		{"first does not touch the palago", "(2,0):1+(1,0):2", nil}, // read as (1,0) first
		{"occupied", "(0,0):1+(1,0):0", game.ErrIllegalMove},
		{"one tile completing nothing", "(1,0):0", game.ErrIllegalMove},
		{"three tiles", "(1,0):0+(2,0):0+(2,1):0", game.ErrSyntax},
		{"same cell twice", "(1,0):0+(1,0):1", game.ErrIllegalMove},
		{"plain", "(1,0):0+(2,0):1", nil},
		{"spaces and no parentheses", "1,0:0 2,0:1", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := s.ParseMove(tc.move)
			if tc.want != nil {
				if !errors.Is(err, tc.want) {
					t.Fatalf("ParseMove(%q) = %v, want %v", tc.move, err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tc.move, err)
			}
			if !slices.Contains(s.LegalMoves(nil), m) {
				t.Fatalf("ParseMove(%q) = %s is not listed", tc.move, s.MoveString(m))
			}
		})
	}
	// Both orders of two frontier tiles are one move: one is listed, the
	// other parses to it and does not play as a separate move.
	a, b := Tile{Cell{1, 0}, 1}, Tile{Cell{0, 1}, 2}
	if !a.Cell.Adjacent(b.Cell) {
		t.Fatal("test tiles must touch")
	}
	m1, err1 := s.ParseMove(a.String() + "+" + b.String())
	m2, err2 := s.ParseMove(b.String() + "+" + a.String())
	if err1 != nil || err2 != nil || m1 != m2 {
		t.Fatalf("orders parse to %s (%v) and %s (%v)", s.MoveString(m1), err1, s.MoveString(m2), err2)
	}
	other := NewMove(b, a)
	if other == m1 {
		other = NewMove(a, b)
	}
	if _, err := s.Play(other); !errors.Is(err, game.ErrIllegalMove) {
		t.Fatalf("Play of the unlisted order: %v", err)
	}
}

// holePosition returns a game in which (1,0) has five occupied neighbours
// and (1,1) is the sixth: p1 to move, all tiles in orientation o.
func holePosition(t *testing.T, opts map[string]string, o int) *State {
	t.Helper()
	s := newGame(t, opts)
	os := string(rune('0' + o))
	return play(t, s,
		"(0,0):"+os+"+(1,-1):"+os,
		"(2,-1):"+os+"+(2,0):"+os,
		"(0,1):"+os+"+(-1,1):"+os)
}

// TestHoleRule checks docs/rules/palago.md#strict-hole-rule and docs/rules/palago.md#holes for every orientation of the two
// tiles: a second tile that fills a hole made by the first is legal only
// if it completes a creature under strict, always under firstTileOnly; a
// first tile in a hole that existed before is legal only if it completes.
func TestHoleRule(t *testing.T) {
	for _, rule := range []string{HoleStrict, HoleFirstTileOnly} {
		for o := range 3 {
			s := holePosition(t, map[string]string{OptHoleRule: rule, OptFirstPlayer: "p1"}, o)
			hole := Cell{1, 0}
			if s.board.IsHole(hole) {
				t.Fatal("hole made too early")
			}
			blocked, allowed := 0, 0
			for o1 := range Orientation(3) {
				t1 := Tile{Cell{1, 1}, o1}
				b := s.board.Clone()
				b.place(t1)
				if ca, cb := b.lastCreatures(); ca || cb || !b.IsHole(hole) {
					t.Fatalf("setup: %v completes or makes no hole", t1)
				}
				for o2 := range Orientation(3) {
					t2 := Tile{hole, o2}
					b.place(t2)
					ca, cb := b.lastCreatures()
					b.Undo()
					want := ca || cb || rule == HoleFirstTileOnly
					// The order matters for the hole rule: check the
					// tiles in exactly this order.
					_, err := s.check([]Tile{t1, t2})
					if errors.Is(err, errNotCanonical) {
						err = nil
					}
					if (err == nil) != want {
						t.Errorf("%s o=%d: %v+%v: err %v, want legal %v", rule, o, t1, t2, err, want)
					}
					if want {
						allowed++
					} else {
						blocked++
					}
				}
				// With t1 placed by an earlier move, the hole exists before
				// the move: a first tile there must complete.
				if o1 == 0 {
					s2 := play(t, s, t1.String()+"+(2,1):0")
					for o2 := range Orientation(3) {
						x := Tile{hole, o2}
						b2 := s2.board.Clone()
						b2.place(x)
						ca, cb := b2.lastCreatures()
						_, err := s2.ParseMove(x.String())
						if (err == nil) != (ca || cb) {
							t.Errorf("%s: one-tile %v into an old hole: err %v, completes %v", rule, x, err, ca || cb)
						}
						for _, m := range s2.LegalMoves(nil) {
							if ts, _ := MoveTiles(m); ts[0].Cell == hole && len(ts) == 2 {
								t.Errorf("%s: %s starts in an old hole", rule, s2.MoveString(m))
							}
						}
					}
				}
			}
			if rule == HoleStrict && blocked == 0 && o == 0 {
				t.Errorf("strict, orientation %d: no hole filling was blocked", o)
			}
			if allowed == 0 && rule == HoleFirstTileOnly {
				t.Error("firstTileOnly allowed nothing")
			}
		}
	}
}

// quietGame plays, with the given options, the first listed move that ends
// nothing until the supply is exhausted (or until only one tile is left
// when stopAtOne), and returns the final state.
func quietGame(t *testing.T, opts map[string]string, stopAtOne bool) *State {
	t.Helper()
	s := newGame(t, opts)
	for !s.over {
		if stopAtOne && s.Supply() == 1 {
			return s
		}
		moves := s.LegalMoves(nil)
		var next *State
		for _, m := range moves {
			n, err := s.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			ns := n.(*State)
			if o, over := ns.Outcome(); !over || o.Reason != ReasonCreature && o.Reason != ReasonDoubleCreature {
				next = ns
				break
			}
		}
		if next == nil {
			t.Fatalf("every move completes a creature in %s", s)
		}
		s = next
	}
	return s
}

// TestTilesOut checks docs/rules/palago.md#supply-runs-out (draw, or the largestGroup tiebreak) and
// docs/rules/palago.md#one-tile-left (with an odd supply the last move is one tile).
func TestTilesOut(t *testing.T) {
	s := quietGame(t, map[string]string{OptTiles: "8"}, false)
	if o, over := s.Outcome(); !over || !o.IsDraw() || o.Reason != ReasonTilesOut || s.board.Len() != 8 {
		t.Fatalf("outcome %+v over %v after %d tiles", o, over, s.board.Len())
	}

	for _, n := range []string{"10", "12", "14"} {
		s = quietGame(t, map[string]string{OptTiles: n, OptTilesOutResult: TilesOutLargestGroup, OptFirstPlayer: "p2"}, false)
		o, _ := s.Outcome()
		var best [2]int
		for _, g := range s.board.Groups() {
			if !g.Closed {
				best[g.Colour] = max(best[g.Colour], g.Arches)
			}
		}
		var want []game.Player
		switch {
		case best[A] > best[B]:
			want = []game.Player{1} // p2 moved first and plays A
		case best[B] > best[A]:
			want = []game.Player{0}
		}
		if o.Reason != ReasonLargestGroup || !slices.Equal(o.Winners, want) {
			t.Errorf("tiles %s: outcome %+v, want winners %v (largest open groups %v)", n, o, want, best)
		}
	}

	s = quietGame(t, map[string]string{OptTiles: "9"}, true)
	moves := s.LegalMoves(nil)
	for _, m := range moves {
		if ts, _ := MoveTiles(m); len(ts) != 1 {
			t.Fatalf("with one tile left, %s is listed", s.MoveString(m))
		}
	}
	next, err := s.Play(moves[0])
	if err != nil {
		t.Fatal(err)
	}
	if o, over := next.Outcome(); !over || next.(*State).board.Len() != 9 {
		t.Fatalf("after the last tile: %+v, %v", o, over)
	}
}

// TestOptions checks the option ranges of docs/rules/palago.md#supply-size and the enums.
func TestOptions(t *testing.T) {
	for _, bad := range []map[string]string{
		{OptTiles: "7"}, {OptTiles: "97"}, {OptHoleRule: "lax"}, {OptTilesOutResult: "coin"}, {OptFirstPlayer: "p3"},
	} {
		if _, err := Info.New(game.Options{Values: bad}); !errors.Is(err, game.ErrBadOption) {
			t.Errorf("New(%v) = %v, want ErrBadOption", bad, err)
		}
	}
	for _, good := range []string{"8", "48", "96"} {
		s, err := Info.New(game.Options{Values: map[string]string{OptTiles: good}})
		if err != nil || s.(*State).Supply() != len(good)*0+atoi(good) {
			t.Errorf("tiles %s: %v", good, err)
		}
	}
	// firstPlayer random follows the seed, and both seats occur.
	seen := map[game.Player]bool{}
	for seed := range uint64(16) {
		s, _ := Info.New(game.Options{Seed: seed})
		s2, _ := Info.New(game.Options{Seed: seed})
		if s.ToMove() != s2.ToMove() {
			t.Fatal("random first player is not reproducible")
		}
		seen[s.ToMove()] = true
	}
	if len(seen) != 2 {
		t.Errorf("random first player gave only %v", seen)
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = 10*n + int(c-'0')
	}
	return n
}

// TestGameOver checks that a finished game lists nothing and refuses moves.
func TestGameOver(t *testing.T) {
	s := quietGame(t, map[string]string{OptTiles: "8"}, false)
	if len(s.LegalMoves(nil)) != 0 || s.ToMove() != game.NoPlayer {
		t.Fatal("finished game lists moves")
	}
	if _, err := s.Play(NewMove(Tile{Cell{5, 5}, 0})); !errors.Is(err, game.ErrGameOver) {
		t.Fatalf("Play after the end: %v", err)
	}
}

// TestPositionText checks the position text's round trip and its errors.
func TestPositionText(t *testing.T) {
	s := play(t, newGame(t, map[string]string{OptFirstPlayer: "p2"}), "(0,0):0+(1,-1):0", "(1,0):1+(2,0):2")
	text := s.String()
	if text != "p2 (0,0):0+(1,-1):0 (1,0):1+(2,0):2" {
		t.Fatalf("String() = %q", text)
	}
	back, err := Info.ParsePosition(text, game.Options{})
	if err != nil || back.String() != text || back.Hash() != s.Hash() || back.ToMove() != s.ToMove() {
		t.Fatalf("round trip: %v, %v", back, err)
	}
	for _, bad := range []string{"", "p3", "p1 (0,0):0", "p1 (1,0):0+(2,0):0", "p1 (0,0):0+(1,-1):5", "p1 x"} {
		if _, err := Info.ParsePosition(bad, game.Options{}); !errors.Is(err, game.ErrSyntax) {
			t.Errorf("ParsePosition(%q) = %v, want a syntax error", bad, err)
		}
	}
	if _, err := Info.ParsePosition("p1 (0,0):0+(1,-1):0 (1,0):1+(2,0):2 (3,0):0+(4,0):0", game.Options{Values: map[string]string{OptTiles: "8"}}); err != nil {
		t.Fatalf("8 tiles with tiles=8: %v", err)
	}
}

func FuzzParseMove(f *testing.F) {
	s := newGame(&testing.T{}, map[string]string{OptFirstPlayer: "p1"})
	s = play(&testing.T{}, s, "(0,0):0+(1,-1):0", "(1,0):1+(2,0):2")
	for _, seed := range []string{"(2,-1):0+(3,-1):1", "2,-1:0 3,-1:1", "(0,1):2", "(-1,0):0+(-1,1):2", "((0,0):0", "(1,2):"} {
		f.Add(seed)
	}
	for _, seed := range gametest.SeedMoves(f, "testdata") { // the moves of the golden playthroughs
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) { gametestFuzzMove(t, s, text) })
}

func FuzzParsePosition(f *testing.F) {
	for _, seed := range []string{"p1", "p2 (0,0):0+(1,-1):0", "p1 (0,0):0+(1,-1):0 (1,0):1+(2,0):2", "p1 (0,0):0+(1,-1):1 (1,0):2"} {
		f.Add(seed)
	}
	for _, seed := range gametest.SeedPositions(f, "testdata") { // the positions of testdata (perft and playthroughs)
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) { gametestFuzzPosition(t, text) })
}
