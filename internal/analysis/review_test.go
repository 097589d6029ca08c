package analysis

import (
	"context"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/ai/alphabeta"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games"
	"github.com/tabula-games/tabula/internal/puzzle"
)

// plantBlunder builds a game from a shipped puzzle: the moves that reach
// its position, where the side to move wins by force with one move only,
// then a move after which the search proves the opponent wins. It returns
// the start, the moves and the winning moves the blunder threw away: the
// solution's, or every move the puzzle accepts (Villa Paletti: each
// winning target of its one winning column).
func plantBlunder(t *testing.T, info *game.Info, ps []puzzle.Puzzle) (game.State, []string, []string, bool) {
	t.Helper()
	lim := puzzle.DefaultLimits[info.ID]
	// The shortest games first: the review searches every position.
	ps = slices.Clone(ps)
	slices.SortStableFunc(ps, func(a, b puzzle.Puzzle) int { return len(a.Moves) - len(b.Moves) })
	for _, p := range ps {
		st, err := puzzle.Start(info, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range st.LegalMoves(nil) {
			text := st.MoveString(m)
			if text == p.Solution[0] {
				continue
			}
			after, err := st.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if after.ToMove() < 0 || after.ToMove() == st.ToMove() {
				continue
			}
			res, err := alphabeta.New(alphabeta.Config{Threads: 1}).Search(context.Background(), after, alphabeta.Limits{Depth: lim.Depth, Nodes: lim.Nodes})
			if err != nil {
				t.Fatal(err)
			}
			if alphabeta.MateIn(res.Score) > 0 { // the opponent now wins by force
				start, err := puzzle.Game(info, p)
				if err != nil {
					t.Fatal(err)
				}
				best := []string{p.Solution[0]}
				if len(p.Accept) > 0 && len(p.Accept[0]) > 0 {
					best = p.Accept[0]
				}
				return start, append(append([]string{}, p.Moves...), text), best, true
			}
		}
	}
	return nil, nil, nil, false
}

// In every two-player game with shipped puzzles, a review of a game whose
// last move throws away a forced win marks that move a blunder, names the
// winning move as the better one and charges the mover the swing.
func TestReviewMarksPlantedBlunder(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every position of several games")
	}
	all, err := puzzle.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for id := range puzzle.DefaultLimits {
		t.Run(id, func(t *testing.T) {
			info, _ := games.ByID(id)
			ps := all[id]
			if len(ps) == 0 {
				t.Skipf("no shipped %s puzzles to plant a blunder in", id)
			}
			start, moves, best, ok := plantBlunder(t, info, ps)
			if !ok {
				t.Fatalf("no %s puzzle has a move that loses by force", id)
			}
			lim := puzzle.DefaultLimits[id]
			// Seed-free, node-bounded searches: the same review on every machine.
			r, err := New(Config{}).Review(context.Background(), start, moves, ReviewBudget{Depth: lim.Depth, Nodes: lim.Nodes}, nil)
			if err != nil {
				t.Fatal(err)
			}
			last := r.Moves[len(r.Moves)-1]
			if last.Class != ClassBlunder || !slices.Contains(best, last.Best) || last.Loss < BlunderLoss || last.Mate <= 0 {
				t.Fatalf("the blunder %s at ply %d: %+v; want a blunder, best one of %v", last.Move, last.Ply, last, best)
			}
			if len(r.Expected) != len(moves)+1 || len(r.Accuracy) != 2 || r.Accuracy[last.Seat] >= 100 {
				t.Errorf("expected %d plies, accuracy %v", len(r.Expected), r.Accuracy)
			}
		})
	}
}
