// Package walk moves a search through a game tree: in place through the
// game's Mutable fast path when the state offers one, or through Play and a
// stack of states otherwise. Both search packages use it, so they get
// make/undo speed where a game provides it and still work on every game.
package walk

import (
	"fmt"

	"github.com/tabula-games/tabula/game"
)

// Walker is a cursor in the game tree. It is not safe for concurrent use.
type Walker struct {
	mut   game.Mutable // nil when walking through Play
	stack []game.State // Play path: stack[len-1] is the current state
}

// New returns a walker at s. It takes the Mutable fast path when s offers
// one and the Mutable copy passes every keep test that s passes (keep tests
// check optional interfaces such as game.Evaluator, which a search would
// lose on a fast path that lacks them).
func New(s game.State, keep ...func(game.State) bool) *Walker {
	if mr, ok := s.(game.Mutabler); ok {
		m := mr.Mutable()
		fast := true
		for _, k := range keep {
			if k(s) && !k(m) {
				fast = false
			}
		}
		if fast {
			return &Walker{mut: m}
		}
	}
	return &Walker{stack: []game.State{s}}
}

// Fast reports whether the walker uses the Mutable fast path.
func (w *Walker) Fast() bool { return w.mut != nil }

// State is the current position. On the fast path it is the Mutable itself:
// it changes with Apply and Undo, so callers must not keep it.
func (w *Walker) State() game.State {
	if w.mut != nil {
		return w.mut
	}
	return w.stack[len(w.stack)-1]
}

// Apply plays m, a move listed by the current state.
func (w *Walker) Apply(m game.Move) {
	if w.mut != nil {
		w.mut.Apply(m)
		return
	}
	cur := w.stack[len(w.stack)-1]
	next, err := cur.Play(m)
	if err != nil {
		// The search only plays listed moves: this is a broken rules engine.
		panic(fmt.Sprintf("walk: listed move %s failed in %s: %v", cur.MoveString(m), cur, err))
	}
	w.stack = append(w.stack, next)
}

// Undo takes back the last Apply.
func (w *Walker) Undo() {
	if w.mut != nil {
		w.mut.Undo()
		return
	}
	w.stack[len(w.stack)-1] = nil
	w.stack = w.stack[:len(w.stack)-1]
}

// Sample picks a chance outcome with probability from its weight, given u
// uniform in [0, 1).
func Sample(outcomes []game.ChanceOutcome, u float64) game.Move {
	for _, o := range outcomes {
		if u < o.Prob {
			return o.Move
		}
		u -= o.Prob
	}
	return outcomes[len(outcomes)-1].Move // rounding: probabilities sum to 1 only approximately
}
