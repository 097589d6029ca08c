package palago

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// Positions from seeded random games, named for the threats (one-tile
// completions, docs/rules/palago.md#winning) on the table with the mover to play.
const (
	// p2 (colour B) to move; A has one threat cell, B none.
	posOppThreat = "p1 (0,0):0+(1,0):2 (1,-1):0+(1,-2):1 (-1,1):1+(0,1):1"
	// p2 (colour B) to move; A has one threat cell, B none but a
	// two-tile completion: B wins first.
	posTwoTileWin = "p1 (0,0):0+(0,-1):0 (0,-2):2+(1,-2):0 (0,1):0+(1,0):2 (2,-3):0+(2,-2):0 (2,0):2+(3,0):0 (-1,0):2+(-2,0):0 (0,2):1+(1,2):2 (1,3):1+(2,2):2 (1,4):2+(2,4):1 (-3,0):2+(-4,1):1 (3,2):0+(4,1):2 (-1,1):2+(-1,2):1 (-1,-2):1+(-1,-1):0"
	// p1 (colour A) to move with one threat cell of A: a win in one.
	posOwnThreat = posTwoTileWin + " (5,0):2+(6,0):0"
	// p2 to move; A has three threat cells: two tiles cannot block them all.
	posFork = "p1 (0,0):0+(0,1):2 (1,0):0+(2,-1):1 (3,-2):1+(4,-3):1 (-1,2):0+(-1,3):2 (5,-3):2+(5,-2):2 (4,-4):1+(5,-4):1 (-1,4):2+(0,3):1 (1,-1):0+(1,-2):1 (1,2):1+(2,1):2 (2,0):0+(3,-1):1 (3,0):2+(4,-1):0 (-2,4):1+(-3,4):2 (-4,5):2+(-5,5):2 (-1,5):0+(-2,6):0 (-1,0):0+(0,-1):1"
	// p2 to move; A has three threat cells, but B completes a creature
	// with two tiles first.
	posForkTwoTileWin = "p1 (0,0):1+(1,0):2 (-1,1):1+(-2,1):2 (-2,2):2+(-2,3):2 (-3,3):0+(-3,4):1 (0,-1):0+(1,-1):0 (-3,5):2+(-4,6):2 (0,1):0+(1,1):1 (-4,3):2+(-4,4):1 (-5,6):2+(-6,6):0 (-3,1):0+(-3,0):2 (-5,7):2+(-4,7):1 (-4,0):1+(-4,-1):1 (-7,7):0+(-8,7):2 (-6,5):1+(-5,5):2 (-3,-1):1+(-2,-1):0"
	// p1 to move, no threat on either side.
	posQuiet = "p1 (0,0):0+(0,-1):0 (0,-2):2+(1,-2):0 (0,1):0+(1,0):2 (2,-3):0+(2,-2):0 (2,0):2+(3,0):0 (-1,0):2+(-2,0):0"
)

func mustParse(t *testing.T, text string) *State {
	t.Helper()
	s, err := Info.ParsePosition(text, game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

func threatsOf(s *State) threatScan {
	var th threatScan
	var fr CellSet
	s.board.Clone().scanThreats(&th, &fr)
	return th
}

func TestExamplePositions(t *testing.T) {
	tests := []struct {
		name      string
		pos       string
		mine, opp int // threat cells of the mover's colour and the opponent's
	}{
		{"opp-threat", posOppThreat, 0, 1},
		{"two-tile-win", posTwoTileWin, 0, 1},
		{"own-threat", posOwnThreat, 1, 0},
		{"fork", posFork, 0, 3},
		{"fork-two-tile-win", posForkTwoTileWin, 0, 3},
		{"quiet", posQuiet, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, tc.pos)
			th := threatsOf(s)
			mine := s.ColourOf(s.ToMove())
			if th.n[mine] != tc.mine || th.n[mine.Other()] != tc.opp {
				t.Errorf("threats mover %d, opponent %d; want %d, %d", th.n[mine], th.n[mine.Other()], tc.mine, tc.opp)
			}
		})
	}
}

// A mover with a threat wins at once (docs/rules/palago.md#winning): the evaluation says so, and
// the candidates are the winning moves alone.
func TestOwnThreatWins(t *testing.T) {
	s := mustParse(t, posOwnThreat)
	mover := s.ToMove()
	if v := s.Evaluate(mover); v < 0.9 {
		t.Errorf("Evaluate(mover) = %v, want a near win", v)
	}
	if v := s.Evaluate(1 - mover); v > -0.9 {
		t.Errorf("Evaluate(opponent) = %v, want a near loss", v)
	}
	onlyWins(t, s)
}

// A two-tile completion (the second tile closes the mover's creature,
// docs/rules/palago.md#winning) is found among the candidates, and they are the wins alone.
func TestTwoTileWin(t *testing.T) {
	s := mustParse(t, posTwoTileWin)
	onlyWins(t, s)
	tiles, _ := MoveTiles(s.SearchMoves(nil)[0])
	if len(tiles) != 2 {
		t.Errorf("the win places %d tiles, want 2", len(tiles))
	}
}

func onlyWins(t *testing.T, s *State) {
	t.Helper()
	mover := s.ToMove()
	for _, st := range []game.State{s, s.Mutable()} {
		moves := st.(game.Candidates).SearchMoves(nil)
		if len(moves) == 0 {
			t.Fatal("no candidates")
		}
		for _, m := range moves {
			next, err := s.Play(m)
			if err != nil {
				t.Fatalf("candidate %s: %v", s.MoveString(m), err)
			}
			if o, over := next.Outcome(); !over || !o.Won(mover) {
				t.Errorf("candidate %s does not win: %v", s.MoveString(m), o)
			}
		}
	}
}

// With one opponent threat on the table, the best candidate fills its cell:
// a threat left open wins for the opponent next turn (docs/rules/palago.md#winning).
func TestCandidatesBlockThreat(t *testing.T) {
	s := mustParse(t, posOppThreat)
	th := threatsOf(s)
	opp := s.ColourOf(s.ToMove()).Other()
	cell := th.cells[opp][0]
	moves := s.SearchMoves(nil)
	tiles, _ := MoveTiles(moves[0])
	if !slices.ContainsFunc(tiles, func(x Tile) bool { return x.Cell == cell }) {
		t.Errorf("first candidate %s does not fill the threat cell %v", s.MoveString(moves[0]), cell)
	}
	if v := s.Evaluate(s.ToMove()); v >= 0 {
		t.Errorf("Evaluate(mover) = %v facing a threat, want < 0", v)
	}
}

// Three opponent threats are a lost position for the mover, unless the
// mover completes a creature first, with one tile or two (docs/rules/palago.md#winning).
func TestEvaluateFork(t *testing.T) {
	s := mustParse(t, posFork)
	if v := s.Evaluate(s.ToMove()); v > -0.5 {
		t.Errorf("Evaluate(mover) = %v facing a fork, want < -0.5", v)
	}
	s = mustParse(t, posForkTwoTileWin)
	if v := s.Evaluate(s.ToMove()); v < 0.9 {
		t.Errorf("Evaluate(mover) = %v with a two-tile win, want a near win", v)
	}
}

// twoTileWin agrees with the candidates: a mover has a two-tile win
// exactly when SearchMoves offers a winning two-tile move and there is no
// one-tile win. Checked on random games.
func TestTwoTileWinDetection(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 34))
	seen := 0
	for range 15 {
		s0, _ := Info.New(game.Options{Values: map[string]string{OptFirstPlayer: "p1"}})
		s := s0.(*State)
		for !s.over && s.Supply() >= 2 {
			mover := s.ToMove()
			mine := s.ColourOf(mover)
			th := threatsOf(s)
			if th.n[mine] == 0 {
				b := s.board.Clone()
				var fr CellSet
				var th threatScan
				b.scanThreats(&th, &fr)
				got := b.twoTileWin(mine, &fr, &th)
				want := false
				for _, m := range s.LegalMoves(nil) {
					if next, _ := s.Play(m); next != nil {
						if o, over := next.Outcome(); over && o.Won(mover) {
							want = true
							break
						}
					}
				}
				if got != want {
					t.Fatalf("%s: twoTileWin = %v, want %v", s, got, want)
				}
				if got {
					seen++
				}
			}
			legal := s.LegalMoves(nil)
			next, _ := s.Play(legal[rng.IntN(len(legal))])
			s = next.(*State)
		}
	}
	if seen == 0 {
		t.Error("no two-tile win met: the test proves nothing")
	}
}

// The candidates are a non-empty subset of the legal moves, at most
// searchCandidates of them, the same on the immutable state and on its
// Mutable copy, and listing them leaves the copy as it was.
func TestSearchMovesSubset(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	for g := range 20 {
		s0, _ := Info.New(game.Options{Values: map[string]string{OptFirstPlayer: "p1"}})
		s := s0.(*State)
		for !s.over {
			legal := s.LegalMoves(nil)
			cands := s.SearchMoves(nil)
			mut := s.Mutable().(*State)
			if got := mut.SearchMoves(nil); !slices.Equal(got, cands) {
				t.Fatalf("game %d, %s: Mutable candidates differ", g, s)
			}
			if mut.String() != s.String() || mut.Hash() != s.Hash() || len(mut.board.log) != 0 {
				t.Fatalf("game %d: SearchMoves changed the Mutable copy", g)
			}
			if len(cands) == 0 || len(cands) > max(searchCandidates, 0) && len(cands) != len(legal) {
				t.Fatalf("game %d, %s: %d candidates of %d legal moves", g, s, len(cands), len(legal))
			}
			for _, m := range cands {
				if !slices.Contains(legal, m) {
					t.Fatalf("game %d, %s: candidate %s is not legal", g, s, s.MoveString(m))
				}
			}
			next, _ := s.Play(legal[rng.IntN(len(legal))])
			s = next.(*State)
		}
	}
}

// mayClose is a necessary condition: where it says no, no orientation of a
// tile completes a creature. Checked on every frontier cell of random games.
func TestMayCloseNecessary(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	checked, skipped := 0, 0
	for range 30 {
		s0, _ := Info.New(game.Options{Values: map[string]string{OptFirstPlayer: "p1"}})
		s := s0.(*State)
		for !s.over {
			b := s.board.Clone()
			var fr CellSet
			b.Frontier(&fr)
			for _, c := range fr.Cells() {
				may := b.mayClose(c)
				for o := range Orientation(NumOrientations) {
					if ca, cb := b.completes(Tile{c, o}); (ca || cb) && !may {
						t.Fatalf("%s: %v:%v completes a creature but mayClose says no", s, c, o)
					}
				}
				checked++
				if !may {
					skipped++
				}
			}
			legal := s.LegalMoves(nil)
			next, _ := s.Play(legal[rng.IntN(len(legal))])
			s = next.(*State)
		}
	}
	if skipped == 0 || skipped == checked {
		t.Errorf("mayClose said no on %d of %d cells: the test proves nothing", skipped, checked)
	}
}

// The group weight grows as a group nears closing, and counts nothing for
// an eye-to-be (no arch) or a group far from closing.
func TestNearWeight(t *testing.T) {
	tests := []struct {
		name string
		u    node
		want int
	}{
		{"closed", node{missing: 0, arches: 2}, 0},
		{"no arch", node{missing: 1, arches: 0}, 0},
		{"one slot", node{missing: 1, arches: 1}, nearSlots - 1},
		{"far", node{missing: nearSlots, arches: 3}, 0},
	}
	for _, tc := range tests {
		if got := nearWeight(tc.u); got != tc.want {
			t.Errorf("%s: nearWeight = %d, want %d", tc.name, got, tc.want)
		}
	}
	if nearWeight(node{missing: 2, arches: 1}) <= nearWeight(node{missing: 5, arches: 1}) {
		t.Error("a group missing 2 slots weighs no more than one missing 5")
	}
}
