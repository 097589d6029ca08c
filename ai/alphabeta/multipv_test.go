package alphabeta

import (
	"context"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// minimax is the reference: a full-width negamax without pruning, table or
// ordering, scoring as the searcher does (a win n plies from the root is
// Win-n for the winner, a draw 0).
func minimax(st game.State, ply int) int {
	if o, over := st.Outcome(); over {
		if o.IsDraw() {
			return 0
		}
		// The side that just moved won: a loss for the side to move here.
		return -(Win - ply)
	}
	best := -inf
	for _, m := range st.LegalMoves(nil) {
		next, err := st.Play(m)
		if err != nil {
			panic(err)
		}
		best = max(best, -minimax(next, ply+1))
	}
	return best
}

// The MultiPV lines are the best root moves by a full-width search of
// tic-tac-toe to the end, best first, each with its exact score, a PV that
// starts with its move and is legal, and the mate distance of its score.
func TestMultiPVMatchesFullWidth(t *testing.T) {
	for _, v := range variants {
		for _, pos := range []string{"x.o.o...x x", "xx..o.... o", "....x.... o", "x...o...x o"} {
			for _, k := range []int{2, 3, 5} {
				root := v.wrap(ttt(t, pos))
				ref := map[game.Move]int{}
				var scores []int
				for _, m := range root.LegalMoves(nil) {
					next, _ := root.Play(m)
					ref[m] = -minimax(next, 1)
					scores = append(scores, ref[m])
				}
				slices.Sort(scores)
				slices.Reverse(scores)
				want := min(k, len(scores))

				res, err := New(Config{MultiPV: k}).Search(context.Background(), root, Limits{Depth: 9})
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Lines) != want {
					t.Fatalf("%s %q k=%d: %d lines, want %d", v.name, pos, k, len(res.Lines), want)
				}
				for i, l := range res.Lines {
					if l.Score != scores[i] || l.Score != ref[l.Move] {
						t.Errorf("%s %q k=%d line %d: move %d score %d, want the %d-th best score %d (the move's own: %d)",
							v.name, pos, k, i+1, l.Move, l.Score, i+1, scores[i], ref[l.Move])
					}
					if l.Mate != MateIn(l.Score) || len(l.PV) == 0 || l.PV[0] != l.Move {
						t.Errorf("%s %q line %d: mate %d PV %v for move %d", v.name, pos, i+1, l.Mate, l.PV, l.Move)
					}
					if _, err := game.PlayAll(root, moveTexts(root, l.PV)); err != nil {
						t.Errorf("%s %q line %d: PV %v: %v", v.name, pos, i+1, l.PV, err)
					}
					for _, o := range res.Lines[:i] {
						if o.Move == l.Move {
							t.Errorf("%s %q: move %d listed twice", v.name, pos, l.Move)
						}
					}
				}
				if res.Move != res.Lines[0].Move || res.Score != res.Lines[0].Score {
					t.Errorf("%s %q: result move %d score %d, first line %d %d", v.name, pos, res.Move, res.Score, res.Lines[0].Move, res.Lines[0].Score)
				}
			}
		}
	}
}

func moveTexts(s game.State, pv []game.Move) []string {
	var out []string
	for _, m := range pv {
		out = append(out, s.MoveString(m))
		s, _ = s.Play(m)
	}
	return out
}

// Lines arrive with every completed iteration, depth by depth, and
// SearchMoves restricts the root.
func TestMultiPVInfoAndSearchMoves(t *testing.T) {
	var depths []int
	cfg := Config{MultiPV: 3, Info: func(r Result) {
		depths = append(depths, r.Depth)
		if len(r.Lines) != 3 {
			t.Errorf("depth %d: %d lines, want 3", r.Depth, len(r.Lines))
		}
	}}
	if _, err := New(cfg).Search(context.Background(), ttt(t, "....x.... o"), Limits{Depth: 4}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(depths, []int{1, 2, 3, 4}) {
		t.Errorf("info at depths %v, want 1 2 3 4", depths)
	}
	// The winning move 6 excluded, the best of the rest is a draw or loss.
	res, err := New(Config{MultiPV: 2}).Search(context.Background(), ttt(t, "x.o.o...x x"), Limits{Depth: 9, SearchMoves: []game.Move{1, 3, 5}})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range res.Lines {
		if !slices.Contains([]game.Move{1, 3, 5}, l.Move) {
			t.Errorf("line with move %d outside searchmoves", l.Move)
		}
	}
	if len(res.Lines) != 2 || !slices.Contains([]game.Move{1, 3, 5}, res.Move) {
		t.Errorf("searchmoves 1 3 5: move %d, %d lines", res.Move, len(res.Lines))
	}
}
