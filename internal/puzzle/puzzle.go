// Package puzzle finds, checks and rates puzzles: positions of two-player
// games where the side to move has exactly one move that wins by force,
// proven by an exhaustive alpha-beta search (docs/puzzles.md).
//
// A position is a puzzle when the search to a fixed depth proves a forced
// win for the side to move and proves that no other move wins within the
// same horizon; every later move of the winner along the solution must be
// unique in the same sense, so a solver is never refused a move that also
// wins. The alpha-beta searcher has no null-move or reduction pruning, so a
// proven score is a proof within its depth. Abalone's threats persist, so
// its puzzles ask for the one fastest win instead (Limits.Fastest), in
// positions where the next marble pushed off decides (NextPushOff).
package puzzle

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/tabula-games/tabula/ai/alphabeta"
	"github.com/tabula-games/tabula/game"
)

// Puzzle is one verified puzzle, as the data files keep it (one JSON
// object a line).
type Puzzle struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Variant string            `json:"variant,omitempty"`
	Players int               `json:"players"`
	Options map[string]string `json:"options,omitempty"`
	// Seed is the game's seed (game.Options.Seed) the moves replay with.
	Seed uint64 `json:"seed,omitempty"`
	// Moves lead from the start to the puzzle's position: the game it was
	// found in, so the position keeps its history.
	Moves []string `json:"moves"`
	// Position is the puzzle's position text, for display and checks.
	Position string `json:"position"`
	ToMove   int    `json:"toMove"`
	// Solution is the winning line: the solver's moves and the forced
	// replies, as the game orders them, ending in the win.
	Solution []string `json:"solution"`
	// Mate is the plies to the win (len(Solution)).
	Mate int `json:"mate"`
	// Horizon is the plies within which the proof shows no other move of
	// the solver wins (Check): the game's search depth, or 1 for a win at
	// once that a deeper search could not finish.
	Horizon int `json:"horizon,omitempty"`
	// Accept lists, at each ply of the solver, every move accepted as the
	// answer (the solution's move among them); nil at the replies. Only
	// exhaustive proofs (Limits.Exhaustive) set it: there, all winning
	// moves are of one class, and any of them is right.
	Accept [][]string `json:"accept,omitempty"`
	// Legal is the number of moves in the position: more to choose from is
	// harder.
	Legal int `json:"legal"`
	// Rating is the puzzle's starting rating (Difficulty).
	Rating float64 `json:"rating"`
}

// Check's errors.
var (
	// ErrNoWin: the search proves no forced win for the side to move.
	ErrNoWin = errors.New("puzzle: no forced win found")
	// ErrNotUnique: a second move also wins within the horizon.
	ErrNotUnique = errors.New("puzzle: more than one move wins")
	// ErrUnproven: the search did not reach its depth within its node
	// budget, so uniqueness is not proven.
	ErrUnproven = errors.New("puzzle: the search did not finish")
	// ErrForced: the side to move has one legal move: nothing to find.
	ErrForced = errors.New("puzzle: only one legal move")
)

// Limits bound one uniqueness check.
type Limits struct {
	// Depth is the horizon in plies: a win must be proven within Depth−2
	// plies, and no other move may win within Depth.
	Depth int
	// Nodes caps the search; a search cut short proves nothing.
	Nodes int64
	// Fastest relaxes uniqueness to the fastest win: the solution wins in
	// M plies and no other move wins within M plies, while another move
	// may win more slowly. Games whose threats persist (Abalone: a marble
	// that can be pushed off now can usually still be pushed off after a
	// quiet move) have almost no position with a single winning move at
	// any horizon, but many with a single fastest one.
	Fastest bool
	// Exhaustive proves over every listed move of both sides (State.
	// LegalMoves) with a plain AND/OR search to Depth plies instead of
	// alpha-beta, and Nodes counts the moves played. For games whose
	// searcher only looks at a few candidates (game.Candidates): a win
	// proven against those is not proven against the rest.
	Exhaustive bool
	// Class, with Exhaustive, names a move's class from its text:
	// uniqueness asks that every move that wins is of one class, and a
	// position offer at least two classes; nil makes every move its own.
	Class func(move string) string
}

// Check proves that st has exactly one winning move within lim and
// returns the winning line (the move first) and the horizon of the proof:
// no other move wins within that many plies. Its errors are ErrForced,
// ErrNoWin, ErrNotUnique, ErrUnproven, or the searcher's.
//
// A win at once needs no deep search to be found, and in games of
// hundreds of moves (Palago) the full horizon is out of reach: when the
// search proves a win in one ply but cannot finish, the position still
// counts if exactly one move wins at once, with horizon 1.
//
// Under Limits.Exhaustive the answer is the first move of the line only.
func Check(ctx context.Context, st game.State, lim Limits) ([]game.Move, int, error) {
	if lim.Exhaustive {
		return checkExhaustive(ctx, st, lim)
	}
	if st.ToMove() < 0 {
		return nil, 0, ErrNoWin
	}
	moves := st.LegalMoves(nil)
	if len(moves) == 1 {
		return nil, 0, ErrForced
	}
	now := immediateWins(st, moves)
	if len(now) > 1 {
		return nil, 0, ErrNotUnique
	}
	s := alphabeta.New(alphabeta.Config{MultiPV: 2, Threads: 1, HashMiB: 8})
	res, err := s.Search(ctx, st, alphabeta.Limits{Depth: lim.Depth, Nodes: lim.Nodes})
	if err != nil {
		return nil, 0, fmt.Errorf("puzzle: %w", err)
	}
	if len(res.Lines) == 0 || res.Lines[0].Mate <= 0 {
		return nil, 0, ErrNoWin
	}
	best := res.Lines[0]
	if lim.Fastest {
		return fastest(res, lim, now)
	}
	if len(res.Lines) > 1 && res.Lines[1].Mate > 0 {
		return nil, 0, ErrNotUnique
	}
	// Search stops early once every line is proven; a proven loss of the
	// second move is a proof at any depth, an unproven one only at the
	// full horizon, with room for a slower second win inside it.
	if len(res.Lines) > 1 && res.Lines[1].Mate < 0 {
		return best.PV, lim.Depth, nil
	}
	if res.Depth >= lim.Depth && best.Mate <= lim.Depth-2 {
		return best.PV, lim.Depth, nil
	}
	if best.Mate == 1 && len(now) == 1 && now[0] == best.Move {
		return best.PV, 1, nil
	}
	return nil, 0, ErrUnproven
}

// fastest is Check's verdict under Limits.Fastest: the best line is a
// proven win in M plies, and the second best move is a proven loss, a win
// slower than M, or — searched to at least M plies — no win. The horizon
// of the proof is M: no other move wins within M plies.
func fastest(res alphabeta.Result, lim Limits, now []game.Move) ([]game.Move, int, error) {
	best := res.Lines[0]
	m := best.Mate
	if len(now) == 1 && m == 1 && now[0] == best.Move {
		return best.PV, 1, nil // the only move that wins at once
	}
	if len(res.Lines) < 2 {
		return nil, 0, ErrUnproven // Check asks for two lines of two or more moves
	}
	second := res.Lines[1].Mate
	switch {
	case second > 0 && second <= m:
		return nil, 0, ErrNotUnique
	case second != 0 || res.Depth >= m:
		return best.PV, m, nil
	}
	return nil, 0, ErrUnproven
}

// immediateWins lists the moves after which the game is over and the
// mover has won alone.
func immediateWins(st game.State, moves []game.Move) []game.Move {
	var out []game.Move
	for _, m := range moves {
		next, err := st.Play(m)
		if err != nil {
			continue
		}
		if o, over := next.Outcome(); over && len(o.Winners) == 1 && o.Winners[0] == st.ToMove() {
			out = append(out, m)
		}
	}
	return out
}

// Solve checks st as a puzzle and its whole solution: each move of the
// winner along the line is unique (Check), the line ends in the winner's
// win. It returns the solution as texts and the smallest horizon of its
// proofs (Check).
func Solve(ctx context.Context, st game.State, lim Limits) ([]string, int, error) {
	l, err := solve(ctx, st, lim)
	return l.moves, l.horizon, err
}

// solve is Solve with the accepted moves of an exhaustive proof.
func solve(ctx context.Context, st game.State, lim Limits) (line, error) {
	if lim.Exhaustive {
		return solveExhaustive(ctx, st, lim)
	}
	sol, h, err := solveSearched(ctx, st, lim)
	return line{moves: sol, horizon: h}, err
}

// solveSearched is Solve with alpha-beta proofs (Check).
func solveSearched(ctx context.Context, st game.State, lim Limits) ([]string, int, error) {
	winner := st.ToMove()
	pv, horizon, err := Check(ctx, st, lim)
	if err != nil {
		return nil, 0, err
	}
	var out []string
	cur := st
	for i, m := range pv {
		if cur.ToMove() == winner && i > 0 && len(cur.LegalMoves(nil)) > 1 {
			sub, h, err := Check(ctx, cur, lim)
			if err != nil {
				return nil, 0, fmt.Errorf("puzzle: move %d of the solution: %w", i+1, err)
			}
			if sub[0] != m {
				return nil, 0, fmt.Errorf("puzzle: move %d of the solution: %w", i+1, ErrNotUnique)
			}
			horizon = min(horizon, h)
		}
		out = append(out, cur.MoveString(m))
		next, err := cur.Play(m)
		if err != nil {
			return nil, 0, fmt.Errorf("puzzle: solution move %d: %w", i+1, err)
		}
		cur = next
	}
	o, over := cur.Outcome()
	if !over || len(o.Winners) != 1 || o.Winners[0] != winner {
		return nil, 0, fmt.Errorf("puzzle: the solution does not end in a win: %w", ErrNoWin)
	}
	return out, horizon, nil
}

// Difficulty is a puzzle's starting rating: longer wins and more moves to
// choose from are harder. 1000 for a one-move win among four moves; each
// further move of the solver adds 250, each doubling of the choice 100;
// clamped to [600, 2400].
func Difficulty(solverMoves, legal int) float64 {
	r := 1000 + 250*float64(solverMoves-1) + 100*math.Log2(math.Max(1, float64(legal))/4)
	return math.Round(math.Min(2400, math.Max(600, r)))
}

// Game is the start of the game a puzzle was found in.
func Game(info *game.Info, p Puzzle) (game.State, error) {
	opts, err := info.Check(game.Options{Variant: p.Variant, Players: p.Players, Seed: p.Seed, Values: p.Options})
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	st, err := info.New(opts)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	return st, nil
}

// Start replays a puzzle's moves: the puzzle's position with its history.
func Start(info *game.Info, p Puzzle) (game.State, error) {
	st, err := Game(info, p)
	if err != nil {
		return nil, err
	}
	for i, t := range p.Moves {
		m, err := st.ParseMove(t)
		if err == nil {
			st, err = st.Play(m)
		}
		if err != nil {
			return nil, fmt.Errorf("puzzle %s: move %d %q: %w", p.ID, i+1, t, err)
		}
	}
	if st.String() != p.Position {
		return nil, fmt.Errorf("puzzle %s: the moves lead to another position", p.ID)
	}
	return st, nil
}

// Verify replays p and proves it again with Solve: the same solution.
func Verify(ctx context.Context, info *game.Info, p Puzzle, lim Limits) error {
	st, err := Start(info, p)
	if err != nil {
		return err
	}
	l, err := solve(ctx, st, lim)
	if err != nil {
		return fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	if !slices.Equal(l.moves, p.Solution) {
		return fmt.Errorf("puzzle %s: the search finds %v, the file has %v", p.ID, l.moves, p.Solution)
	}
	if !slices.EqualFunc(acceptOf(l), p.Accept, slices.Equal) {
		return fmt.Errorf("puzzle %s: the search accepts %v, the file has %v", p.ID, acceptOf(l), p.Accept)
	}
	return nil
}

// acceptOf is a line's accepted moves as a Puzzle keeps them: nil when
// the proof lists none (an alpha-beta proof).
func acceptOf(l line) [][]string {
	for _, a := range l.accept {
		if len(a) > 0 {
			return l.accept
		}
	}
	return nil
}
