package testgames

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// Node is a position of a Graph game.
type Node struct {
	Side  game.Player // seat to move (0 or 1)
	Eval  float64     // Evaluate for seat 0, in [-1, 1]; seat 1 gets the negation
	Moves []Edge      // in listing order; none makes the node a terminal draw
	// AllLose makes a node without moves a game everyone lost (as a Villa
	// Paletti that collapses with nobody holding the seal) instead of a
	// draw.
	AllLose bool
}

// Edge is a move of a Graph game: its name and the node it leads to.
type Edge struct{ Name, To string }

// Edges returns the edges named by pairs NAME, TO, NAME, TO, ...
func Edges(pairs ...string) []Edge {
	var out []Edge
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, Edge{Name: pairs[i], To: pairs[i+1]})
	}
	return out
}

// Graph returns a two-player game played on a directed graph of named
// positions, with Abalone's repetition rule: the third occurrence of a
// position in a game is a draw. Its states implement game.Evaluator (the
// nodes' Eval) and game.Repeater, and keep their history, so tests can
// build exactly the repetition a search must see. Moves are the edges'
// names; the position text is the node's name (a parsed position starts a
// fresh history). start names the start position.
func Graph(nodes map[string]Node, start string) *game.Info {
	info := &game.Info{ID: "graph", Title: "Graph", MinPlayers: 2, MaxPlayers: 2, DefaultPlayers: 2,
		Variants: []string{"standard"}}
	parse := func(text string, _ game.Options) (game.State, error) {
		name := strings.TrimSpace(text)
		if _, ok := nodes[name]; !ok {
			return nil, &game.ParseError{Game: "graph", What: "position", Input: text, Offset: -1, Msg: "no such node"}
		}
		return &GraphState{info: info, nodes: nodes, hist: []string{name}}, nil
	}
	info.New = func(o game.Options) (game.State, error) { return parse(start, o) }
	info.ParsePosition = parse
	return info
}

// GraphState is a position of a Graph game with its history.
type GraphState struct {
	info  *game.Info
	nodes map[string]Node
	hist  []string // every position of the game so far, the current one last
}

func (s *GraphState) node() Node { return s.nodes[s.cur()] }
func (s *GraphState) cur() string {
	return s.hist[len(s.hist)-1]
}

// occurrences counts the current position in the history, itself included.
func (s *GraphState) occurrences() int {
	n := 0
	for _, h := range s.hist {
		if h == s.cur() {
			n++
		}
	}
	return n
}

func (s *GraphState) Info() *game.Info { return s.info }
func (s *GraphState) NumPlayers() int  { return 2 }
func (s *GraphState) ToMove() game.Player {
	if s.occurrences() >= 3 || len(s.node().Moves) == 0 {
		return game.NoPlayer
	}
	return s.node().Side
}
func (s *GraphState) LegalMoves(dst []game.Move) []game.Move {
	if s.ToMove() == game.NoPlayer {
		return dst
	}
	for i := range s.node().Moves {
		dst = append(dst, game.Move(i))
	}
	return dst
}
func (s *GraphState) Play(m game.Move) (game.State, error) {
	if s.ToMove() == game.NoPlayer {
		return nil, fmt.Errorf("graph: %w", game.ErrGameOver)
	}
	if int(m) >= len(s.node().Moves) {
		return nil, fmt.Errorf("graph: move %d: %w", m, game.ErrIllegalMove)
	}
	next := &GraphState{info: s.info, nodes: s.nodes, hist: slices.Clone(s.hist)}
	next.hist = append(next.hist, s.node().Moves[m].To)
	return next, nil
}
func (s *GraphState) ChanceOutcomes() []game.ChanceOutcome { return nil }
func (s *GraphState) Outcome() (game.Outcome, bool) {
	switch {
	case s.occurrences() >= 3:
		return game.Outcome{Reason: game.ReasonRepetition}, true
	case len(s.node().Moves) == 0:
		return game.Outcome{Reason: "end", AllLose: s.node().AllLose}, true
	}
	return game.Outcome{}, false
}
func (s *GraphState) MoveString(m game.Move) string { return s.node().Moves[m].Name }
func (s *GraphState) ParseMove(text string) (game.Move, error) {
	for i, e := range s.node().Moves {
		if e.Name == text && s.ToMove() != game.NoPlayer {
			return game.Move(i), nil
		}
	}
	return 0, fmt.Errorf("graph: move %q: %w", text, game.ErrIllegalMove)
}
func (s *GraphState) String() string { return s.cur() }
func (s *GraphState) Hash() uint64 {
	h := fnv.New64a()
	h.Write([]byte(s.cur()))
	return h.Sum64()
}

// Evaluate returns the node's Eval for seat 0, negated for seat 1.
func (s *GraphState) Evaluate(p game.Player) float64 {
	if p == 1 {
		return -s.node().Eval
	}
	return s.node().Eval
}

// Repeated reports whether the position occurred before in the game
// (game.Repeater).
func (s *GraphState) Repeated() bool { return s.occurrences() >= 2 }

// Chain returns n nodes named prefix1..prefixN, sides alternating from
// side, each with the single move "n" to the next and the given Eval; the
// last has no move (a draw). They give a line longer than a test's search
// whose value is eval.
func Chain(prefix string, n int, side game.Player, eval float64) map[string]Node {
	out := make(map[string]Node, n)
	for i := 1; i <= n; i++ {
		nd := Node{Side: side, Eval: eval}
		if i < n {
			nd.Moves = Edges("n", fmt.Sprintf("%s%d", prefix, i+1))
		}
		out[fmt.Sprintf("%s%d", prefix, i)] = nd
		side = 1 - side
	}
	return out
}
