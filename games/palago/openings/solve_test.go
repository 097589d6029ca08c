package openings

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

func position(t *testing.T, tiles int, text string) *palago.State {
	t.Helper()
	s, err := palago.Info.ParsePosition(text, game.Options{Values: map[string]string{palago.OptTiles: strconv.Itoa(tiles)}})
	if err != nil {
		t.Fatal(err)
	}
	return s.(*palago.State)
}

// solveCases are positions whose tree plain minimax walks in well under a
// second, with the value and distance plain minimax gives them: a win on
// the last move, a draw when the last move closes nothing, a draw and a
// win with two moves left, and with two viruses of the first player's
// colour one tile short, far apart (the second player can block only one:
// a loss in two) or with the first player to move (a win in one).
var solveCases = []struct {
	name  string
	tiles int
	pos   string
	want  Value
	plies int
}{
	{"last move wins", 8, "p1 (0,0):2+(-1,0):2 (-1,1):1+(-1,2):0 (-2,1):0+(-3,2):1", Win, 1},
	{"last move draws", 8, "p1 (0,0):2+(1,0):2 (-1,1):1+(-2,2):1 (-2,1):1+(-1,0):1", Draw, 1},
	{"two moves, draw", 10, "p1 (0,0):0+(1,0):0 (0,1):1+(0,2):1 (1,-1):1+(2,-1):2", Draw, 2},
	{"two moves, win now", 10, "p1 (0,0):0+(1,-1):0 (-1,0):2+(0,-1):2 (1,-2):1+(2,-2):1", Win, 1},
	{"virus in one", 8, "p2 (0,0):0+(-1,0):0 (-1,1):0+(0,1):2", Win, 1},
	{"two threats", 14, "p1 (0,0):0+(-1,0):0 (-1,1):0+(0,1):2 (1,0):0+(2,0):0 (1,1):0+(2,1):0 (3,0):0+(3,1):2", Loss, 2},
	{"two threats, other join", 14, "p1 (0,0):0+(-1,0):0 (-1,1):0+(0,1):2 (1,0):1+(2,0):0 (1,1):2+(2,1):0 (3,0):0+(3,1):2", Loss, 2},
	{"threat of the mover", 14, "p1 (0,0):0+(-1,0):0 (-1,1):0+(0,1):2 (1,0):1+(2,0):0 (1,1):1+(2,1):0 (3,0):0+(3,1):2", Win, 1},
}

// TestSolveMatchesPlain checks the solver's value and distance, with and
// without its shortcuts (Limits.Check), against plain minimax over the
// same tree and against the table, and that its proving line is legal and
// ends as claimed.
func TestSolveMatchesPlain(t *testing.T) {
	for _, tc := range solveCases {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.tiles, tc.pos)
			score, _ := plain(s.Mutable(), 0)
			pv, pp := valueOf(score)
			if pv == Draw {
				pp = s.Supply() / 2
			}
			if pv != tc.want || pp != tc.plies {
				t.Fatalf("plain minimax: %v in %d, the table says %v in %d", pv, pp, tc.want, tc.plies)
			}
			for _, check := range []bool{false, true} {
				res, err := Solve(context.Background(), s, Limits{Nodes: 1 << 20, Check: check})
				if err != nil {
					t.Fatal(err)
				}
				if res.Value != tc.want || res.Plies != tc.plies {
					t.Fatalf("solver (check %v): %v in %d, plain minimax: %v in %d", check, res.Value, res.Plies, tc.want, tc.plies)
				}
				checkLine(t, s, res)
			}
		})
	}
}

// checkLine replays res.PV from s: every move legal, the game over after
// exactly res.Plies moves, with the result res.Value promised the mover.
func checkLine(t *testing.T, s *palago.State, res Result) {
	t.Helper()
	mover := s.ToMove()
	var st game.State = s
	for i, m := range res.PV {
		next, err := st.Play(m)
		if err != nil {
			t.Fatalf("proving line move %d: %v", i+1, err)
		}
		st = next
	}
	o, over := st.Outcome()
	if !over || len(res.PV) != res.Plies {
		t.Fatalf("proving line of %d moves (over: %v), want %d ending the game", len(res.PV), over, res.Plies)
	}
	got := Draw
	if len(o.Winners) == 1 {
		got = Loss
		if o.Winners[0] == mover {
			got = Win
		}
	}
	if got != res.Value {
		t.Errorf("proving line ends in a %v for the mover, the proof says %v", got, res.Value)
	}
}

// TestOpeningsEight proves the smallest row of the study: with eight tiles
// every opening is a draw, over three more moves.
func TestOpeningsEight(t *testing.T) {
	for _, o := range Openings() {
		r, err := Prove(context.Background(), o, 8, Limits{Nodes: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		if r.Value != Draw || r.Plies != 3 || r.FirstValue() != Draw {
			t.Errorf("%s with 8 tiles: %v in %d (first player %v), want a draw over 3 moves", o.Name, r.Value, r.Plies, r.FirstValue())
		}
		s, _ := o.Position(8)
		checkLine(t, s, r.Result)
	}
}

// TestBudgetIsUnknown checks that a search stopped by its node or time
// budget reports Unknown with the reason and no line, never a value.
func TestBudgetIsUnknown(t *testing.T) {
	o, _ := OpeningByName("AB")
	s, err := o.Position(12)
	if err != nil {
		t.Fatal(err)
	}
	past, stop := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer stop()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		lim  Limits
		stop string
	}{
		{"nodes", context.Background(), Limits{Nodes: 500}, "node budget 500"},
		{"time", past, Limits{}, "time budget spent"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Solve(tc.ctx, s, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != Unknown || res.PV != nil || !strings.Contains(res.Stop, tc.stop) {
				t.Errorf("stopped search: %v, line %v, stop %q; want unknown, no line, %q", res.Value, res.PV, res.Stop, tc.stop)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, s, Limits{}); err == nil {
		t.Error("a cancelled context solved anyway")
	}
}

// TestTableMoveFromSymmetricCopy checks that a best move the table holds
// for a symmetric copy of a position (keyed by the canonical form, so in
// other coordinates) is never tried where it is illegal.
func TestTableMoveFromSymmetricCopy(t *testing.T) {
	o, _ := OpeningByName("AB")
	s, err := o.Position(10)
	if err != nil {
		t.Fatal(err)
	}
	st := s.Mutable().(*palago.State)
	sv := &solver{tt: map[uint64]entry{}, syms: palago.ColourPreserving()}
	// (1,-1) is occupied after AB: a move there is illegal.
	bad := palago.NewMove(palago.MustParseTiles("(1,-1):1+(2,-2):0")...)
	legal := st.LegalMoves(nil)
	for _, m := range sv.orderedMoves(st, 0, bad) {
		if !slices.Contains(legal, m) {
			t.Fatalf("orderedMoves lists %s, which is not legal here", st.MoveString(m))
		}
	}
	if got := len(sv.orderedMoves(st, 0, bad)); got != len(legal) {
		t.Errorf("orderedMoves lists %d moves, want the %d legal ones", got, len(legal))
	}
}
