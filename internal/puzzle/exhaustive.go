package puzzle

import (
	"context"
	"errors"
	"fmt"

	"github.com/tabula-games/tabula/game"
)

// Exhaustive proofs (Limits.Exhaustive) search every listed move of both
// sides, without the game's search candidates: Villa Paletti's searcher
// looks at one target per column (game.Candidates), so a win it proves
// is not proven against the replies it skips. The proof is a plain
// AND/OR search over State.LegalMoves to Limits.Depth plies, with
// positions that recur within one proof looked up (by position text)
// rather than searched again, and at most Limits.Nodes moves played.
//
// Uniqueness is up to Limits.Class: the moves that win within the horizon
// must all be of one class (in Villa Paletti: take the same column), and
// the position must offer at least two classes. Every winning move of
// that class is an accepted answer (Puzzle.Accept); a move of the class
// that does not win is a wrong answer.

// line is a proven solution: its moves, the moves accepted at each of
// the solver's plies (nil at the replies), and the horizon of the proof.
type line struct {
	moves   []string
	accept  [][]string
	horizon int
}

// prover proves forced wins of one player within a number of plies.
type prover struct {
	ctx   context.Context
	me    game.Player
	memo  map[memoKey]bool
	plays int64
	limit int64
	err   error
}

type memoKey struct {
	pos   string
	plies int
}

func newProver(ctx context.Context, me game.Player, lim Limits) *prover {
	return &prover{ctx: ctx, me: me, memo: map[memoKey]bool{}, limit: lim.Nodes}
}

// errChance: the exhaustive proof has no chance nodes (no game that uses
// it has any).
var errChance = errors.New("puzzle: chance moves are not searched exhaustively")

// wins reports whether p.me wins within plies plies from st against every
// listed reply. After p.err is set the answers mean nothing.
func (p *prover) wins(st game.State, plies int) bool {
	if o, over := st.Outcome(); over {
		return len(o.Winners) == 1 && o.Winners[0] == p.me
	}
	if plies <= 0 || p.err != nil {
		return false
	}
	if st.ToMove() == game.Chance {
		p.err = errChance
		return false
	}
	key := memoKey{st.String(), plies}
	if v, ok := p.memo[key]; ok {
		return v
	}
	mine := st.ToMove() == p.me
	moves := st.LegalMoves(nil)
	res := !mine && len(moves) > 0
	for _, m := range moves {
		next, ok := p.play(st, m)
		if !ok {
			return false
		}
		if p.wins(next, plies-1) == mine {
			res = mine
			break
		}
	}
	if p.err != nil {
		return false
	}
	p.memo[key] = res
	return res
}

// play plays m, counting it against the budget.
func (p *prover) play(st game.State, m game.Move) (game.State, bool) {
	if p.plays++; p.plays > p.limit {
		p.err = ErrUnproven
		return nil, false
	}
	if p.plays%256 == 0 && p.ctx.Err() != nil {
		p.err = p.ctx.Err()
		return nil, false
	}
	next, err := st.Play(m)
	if err != nil {
		p.err = err
		return nil, false
	}
	return next, true
}

// mate is the fewest plies within which p.me wins from st, at most
// limit; 0 when st is over, limit+1 when p.me does not win within limit.
func (p *prover) mate(st game.State, limit int) int {
	if _, over := st.Outcome(); over {
		return 0
	}
	for k := 1; k <= limit; k++ {
		if p.wins(st, k) {
			return k
		}
	}
	return limit + 1
}

// choice is the winning moves of one solver ply: all of them (in listed
// order), the fastest (the line's move) and how many classes the ply
// offered.
type choice struct {
	wins    []game.Move
	best    game.Move
	classes int
}

// choose proves st's winning moves within depth plies. Its errors are
// ErrNoWin, ErrNotUnique (winning moves of two classes), ErrUnproven
// (budget) and the context's.
func (p *prover) choose(st game.State, depth int, class func(string) string) (choice, error) {
	var c choice
	moves := st.LegalMoves(nil)
	classes := map[string]bool{}
	for _, m := range moves {
		classes[class(st.MoveString(m))] = true
	}
	c.classes = len(classes)
	winning := map[string]bool{}
	fastest := depth + 1
	for _, m := range moves {
		cl := class(st.MoveString(m))
		next, ok := p.play(st, m)
		if !ok {
			break
		}
		if k := p.mate(next, depth-1); k <= depth-1 {
			c.wins = append(c.wins, m)
			winning[cl] = true
			if k < fastest {
				fastest, c.best = k, m
			}
		}
	}
	switch {
	case errors.Is(p.err, ErrUnproven):
		return c, ErrUnproven
	case p.err != nil:
		return c, fmt.Errorf("puzzle: %w", p.err)
	case len(c.wins) == 0:
		return c, ErrNoWin
	case len(winning) > 1:
		return c, ErrNotUnique
	}
	return c, nil
}

// classOf is lim.Class, or every move a class of its own.
func classOf(lim Limits) func(string) string {
	if lim.Class != nil {
		return lim.Class
	}
	return func(s string) string { return s }
}

// checkExhaustive is Check under Limits.Exhaustive: the first move of the
// line (the fastest win of the one winning class).
func checkExhaustive(ctx context.Context, st game.State, lim Limits) ([]game.Move, int, error) {
	if st.ToMove() < 0 {
		return nil, 0, ErrNoWin
	}
	p := newProver(ctx, st.ToMove(), lim)
	c, err := p.choose(st, lim.Depth, classOf(lim))
	if c.classes == 1 {
		return nil, 0, ErrForced
	}
	if err != nil {
		return nil, 0, err
	}
	return []game.Move{c.best}, lim.Depth, nil
}

// solveExhaustive is Solve under Limits.Exhaustive: the first ply is a
// puzzle (one winning class out of two or more); at each later ply of the
// solver the moves that win within the horizon are again of one class,
// and the line takes the fastest; each reply is the one that holds out
// longest (the first of those in listed order). The line ends in the
// solver's win within the horizon.
func solveExhaustive(ctx context.Context, st game.State, lim Limits) (line, error) {
	if st.ToMove() < 0 {
		return line{}, ErrNoWin
	}
	class := classOf(lim)
	winner := st.ToMove()
	p := newProver(ctx, winner, lim)
	var out line
	cur := st
	for ply := 0; ; ply++ {
		if _, over := cur.Outcome(); over {
			break
		}
		left := lim.Depth - ply
		if left <= 0 {
			return line{}, fmt.Errorf("puzzle: the line outlasts the horizon: %w", ErrNoWin)
		}
		var m game.Move
		var accept []string
		if cur.ToMove() == winner {
			// Every ply of the solver is proven over the whole horizon,
			// as the first: a slower win of another class is excluded too.
			c, err := p.choose(cur, lim.Depth, class)
			if ply == 0 && c.classes == 1 {
				return line{}, ErrForced
			}
			if err != nil {
				if ply > 0 {
					return line{}, fmt.Errorf("puzzle: move %d of the solution: %w", ply+1, err)
				}
				return line{}, err
			}
			m = c.best
			for _, w := range c.wins {
				accept = append(accept, cur.MoveString(w))
			}
		} else {
			best := -1
			for _, r := range cur.LegalMoves(nil) {
				next, ok := p.play(cur, r)
				if !ok {
					break
				}
				if k := p.mate(next, left-1); k > best {
					best, m = k, r
				}
			}
			if p.err != nil {
				if errors.Is(p.err, ErrUnproven) {
					return line{}, ErrUnproven
				}
				return line{}, fmt.Errorf("puzzle: %w", p.err)
			}
			if best > left-1 || best < 0 {
				return line{}, fmt.Errorf("puzzle: a reply escapes at move %d: %w", ply+1, ErrNoWin)
			}
		}
		out.moves = append(out.moves, cur.MoveString(m))
		out.accept = append(out.accept, accept)
		next, err := cur.Play(m)
		if err != nil {
			return line{}, fmt.Errorf("puzzle: solution move %d: %w", ply+1, err)
		}
		cur = next
	}
	o, over := cur.Outcome()
	if !over || len(o.Winners) != 1 || o.Winners[0] != winner {
		return line{}, fmt.Errorf("puzzle: the solution does not end in a win: %w", ErrNoWin)
	}
	out.horizon = lim.Depth
	return out, nil
}
