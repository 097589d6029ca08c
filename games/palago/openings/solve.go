// Package openings proves the game-theoretic value of Palago positions with
// a small supply by exhaustive search, and studies the six openings with it
// (docs/palago-openings.md).
//
// The solver is negamax alpha-beta over every legal move (no candidate
// selection, no evaluation: a line ends only when the game does), with a
// transposition table keyed by the tile set, so move orders that lead to
// the same tiles are searched once whoever placed them, and, while few
// tiles are down, by the canonical form of the tile set under the six
// colour-preserving symmetries and translation. Scores count plies: a win
// for the side to move that ends the game n plies from the root scores
// win-n, so the search proves the fastest win and the slowest loss. A
// search stopped by its budget reports Unknown, never a value.
package openings

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
	"github.com/tabula-games/tabula/hexgrid"
)

// Value is a proven result for the side to move, or Unknown.
type Value int8

// The values, worst first for the side to move.
const (
	Unknown Value = iota // the budget ran out first
	Loss
	Draw
	Win
)

func (v Value) String() string {
	switch v {
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	case Win:
		return "win"
	}
	return "unknown"
}

// Limits bound one proof. Zero fields are unlimited. A wall-time budget
// is the context's deadline: a proof whose deadline passes ends Unknown,
// one whose context is cancelled ends with an error or Unknown (see Solve).
type Limits struct {
	Nodes int64 // positions searched
	// Check searches without the two shortcuts that need an argument of
	// their own (canonical keys under symmetry, the last-move filter):
	// slower, to cross-check a proof.
	Check bool
}

// Result is what a proof found.
type Result struct {
	Value Value
	// Plies is the number of moves from the position to the end of the
	// game along the proving line when Value is Win or Loss (each side
	// playing its best: the winner the fastest win, the loser the slowest
	// loss), and the moves left in the supply for a Draw.
	Plies int
	// PV is a proving line: for a Win the winner's moves win against
	// every defence (the loser's moves shown are its longest resistance);
	// for a Draw neither side can do better than the moves shown.
	PV    []game.Move
	Nodes int64
	// Stop says why the search stopped early when Value is Unknown.
	Stop string
}

const (
	// win is the score of a win at the root; a win n plies away scores
	// win-n.
	win = 1000
	// symTiles is the largest tile count at which positions are keyed by
	// their canonical form under the colour-preserving symmetries:
	// canonicalising costs a few microseconds, worth it only near the root
	// where each symmetric copy stands for a whole subtree.
	symTiles = 8
	// checkEvery is how many nodes pass between clock and context checks.
	checkEvery = 1024
	// maxEntries bounds the transposition table (about 50 bytes an entry
	// in a Go map): past it no new position is stored, which costs speed,
	// never correctness.
	maxEntries = 4 << 20
)

// errStop unwinds the search when the budget or the context ends it.
var errStop = errors.New("openings: budget exhausted")

// entry is what the table knows of a position: bounds on its exact score
// (lo == hi when exact) and the best move found.
type entry struct {
	lo, hi int16
	move   game.Move
}

type solver struct {
	ctx   context.Context
	lim   Limits
	nodes int64
	stop  string
	tt    map[uint64]entry
	syms  []hexgrid.Symmetry
	moves [][]game.Move // per ply
}

// Solve proves the value of s for the side to move by exhaustive search
// within lim. The supply and rules options are the state's own. It returns
// an error only for a finished game or a cancelled context before the
// search starts; an exhausted budget is a Result with Value Unknown.
func Solve(ctx context.Context, s *palago.State, lim Limits) (Result, error) {
	if s.ToMove() == game.NoPlayer {
		return Result{}, fmt.Errorf("openings: the game is over")
	}
	if err := ctx.Err(); errors.Is(err, context.Canceled) {
		return Result{}, err
	}
	sv := &solver{ctx: ctx, lim: lim, tt: map[uint64]entry{}, syms: palago.ColourPreserving()}
	var res Result
	var pv []game.Move
	score, err := sv.search(s.Mutable().(*palago.State), 0, -win, win)
	if err == nil {
		pv, err = sv.line(s.Mutable().(*palago.State), score)
	}
	res = Result{Nodes: sv.nodes, PV: pv}
	if err != nil {
		if !errors.Is(err, errStop) || sv.stop == "" {
			return Result{}, err
		}
		res.Stop, res.PV = sv.stop, nil
		return res, nil
	}
	switch {
	case score > 0:
		res.Value, res.Plies = Win, win-score
	case score < 0:
		res.Value, res.Plies = Loss, win+score
	default:
		res.Value, res.Plies = Draw, len(res.PV)
	}
	return res, nil
}

// key is the table key of st: the hash of its tile set, or of the
// canonical form of it while few tiles are down.
func (sv *solver) key(st *palago.State) uint64 {
	if sv.lim.Check {
		return st.Hash()
	}
	b := st.Board()
	if b.Len() > symTiles {
		return st.Hash()
	}
	var h uint64 = 0x5bd1e995 // keeps canonical keys apart from raw hashes
	for _, t := range palago.Canonical(b.Tiles(), sv.syms) {
		h ^= palago.TileHash(t)
	}
	return h
}

// tick counts a node and checks the budget every checkEvery nodes.
func (sv *solver) tick() error {
	sv.nodes++
	if sv.lim.Nodes > 0 && sv.nodes > sv.lim.Nodes {
		sv.stop = fmt.Sprintf("node budget %d spent", sv.lim.Nodes)
		return errStop
	}
	if sv.nodes%checkEvery != 0 {
		return nil
	}
	switch err := sv.ctx.Err(); {
	case errors.Is(err, context.DeadlineExceeded):
		sv.stop = "time budget spent"
		return errStop
	case err != nil:
		sv.stop = "cancelled"
		return errStop
	}
	return nil
}

// terminal is the score, from the view of mover, of a finished game
// ending ply plies from the root.
func terminal(st *palago.State, mover game.Player, ply int) int {
	o, _ := st.Outcome()
	switch {
	case len(o.Winners) == 0:
		return 0
	case o.Winners[0] == mover:
		return win - ply
	}
	return -(win - ply)
}

// orderedMoves lists every legal move of st, the table's move first (when
// it is legal here), then the engine's search candidates (a winning move
// alone when it sees one), then the rest.
func (sv *solver) orderedMoves(st *palago.State, ply int, first game.Move) []game.Move {
	legal := st.LegalMoves(nil)
	out := sv.buf(ply)
	seen := make(map[game.Move]bool, 64)
	add := func(m game.Move) {
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	// The table's move may come from a symmetric copy of st (keyed by its
	// canonical form), in other coordinates: it leads only when legal here.
	if first != 0 && slices.Contains(legal, first) {
		add(first)
	}
	for _, m := range st.SearchMoves(nil) {
		add(m)
	}
	for _, m := range legal {
		add(m)
	}
	sv.moves[ply] = out
	return out
}

// search returns the exact score of st within (alpha, beta), fail-soft,
// from the view of its side to move, ply plies below the root.
func (sv *solver) search(st *palago.State, ply, alpha, beta int) (int, error) {
	if err := sv.tick(); err != nil {
		return 0, err
	}
	// No win comes sooner than the next ply.
	if best := win - (ply + 1); beta > best {
		beta = best
		if alpha >= beta {
			return beta, nil
		}
	}
	key := sv.key(st)
	e, hit := sv.tt[key]
	if hit {
		switch {
		case e.lo == e.hi:
			return int(e.lo), nil
		case int(e.lo) >= beta:
			return int(e.lo), nil
		case int(e.hi) <= alpha:
			return int(e.hi), nil
		}
		alpha, beta = max(alpha, int(e.lo)), min(beta, int(e.hi))
	} else {
		e = entry{lo: -win, hi: win}
	}
	if st.Supply() <= 2 && !sv.lim.Check {
		v, exact := sv.lastMove(st, ply, beta)
		if exact {
			e.lo, e.hi = int16(v), int16(v)
		} else {
			e.lo = int16(max(int(e.lo), v))
		}
		sv.store(key, e, hit)
		return v, nil
	}
	a0 := alpha
	mover := st.ToMove()
	moves := sv.orderedMoves(st, ply, e.move)
	best, bestMove := -win-1, game.Move(0)
	for _, m := range moves {
		st.Apply(m)
		var v int
		if st.ToMove() == game.NoPlayer {
			v = terminal(st, mover, ply+1)
		} else {
			var err error
			v, err = sv.search(st, ply+1, -beta, -max(alpha, best))
			if err != nil {
				st.Undo()
				return 0, err
			}
			v = -v
		}
		st.Undo()
		if v > best {
			best, bestMove = v, m
			if best >= beta {
				break
			}
		}
	}
	switch {
	case best <= a0:
		e.hi = int16(min(int(e.hi), best))
	case best >= beta:
		e.lo = int16(max(int(e.lo), best))
		e.move = bestMove
	default:
		e.lo, e.hi, e.move = int16(best), int16(best), bestMove
	}
	sv.store(key, e, hit)
	return best, nil
}

// store keeps e for key unless the table is full and key is new.
func (sv *solver) store(key uint64, e entry, hit bool) {
	if hit || len(sv.tt) < maxEntries {
		sv.tt[key] = e
	}
}

// line returns a proving line from st (a private copy it plays the line
// on), whose exact score is score: at each position the first move whose
// exact score matches, searched with the warm table.
func (sv *solver) line(st *palago.State, score int) ([]game.Move, error) {
	var pv []game.Move
	depth := 0
	for st.ToMove() != game.NoPlayer {
		mover := st.ToMove()
		var found game.Move
		for _, m := range st.LegalMoves(nil) {
			st.Apply(m)
			var v int
			if st.ToMove() == game.NoPlayer {
				v = terminal(st, mover, depth+1)
			} else {
				// The exact score of the child is -score exactly when a
				// null window around it fails neither way.
				lo, err := sv.search(st, depth+1, -score-1, -score+1)
				if err != nil {
					return nil, err
				}
				v = -lo
			}
			if v == score {
				found = m
				break
			}
			st.Undo()
		}
		if found == 0 {
			return nil, fmt.Errorf("openings: no move keeps the proven score %d at ply %d (a table collision?)", score, depth)
		}
		pv = append(pv, found)
		score = -score
		depth++
	}
	return pv, nil
}
