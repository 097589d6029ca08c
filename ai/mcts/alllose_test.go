package mcts

import (
	"context"
	"fmt"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// bust is a three-player game for TestAllLoseScoredByEvaluator: at "root"
// seat 0 either collapses ("collapse": a game everyone lost) or plays on
// into a villa its evaluation rates below even for everyone; after that
// the seats pass forever ("n"), and playouts are cut and evaluated.
type bust struct{ node string }

var bustInfo = &game.Info{ID: "bust", Title: "Bust", MinPlayers: 3, MaxPlayers: 3, DefaultPlayers: 3}

func (s bust) Info() *game.Info { return bustInfo }
func (s bust) NumPlayers() int  { return 3 }
func (s bust) ToMove() game.Player {
	switch s.node {
	case "dead":
		return game.NoPlayer
	case "root":
		return 0
	}
	return game.Player(s.node[1] - '0') // "q0", "q1", "q2"
}
func (s bust) LegalMoves(dst []game.Move) []game.Move {
	switch s.ToMove() {
	case game.NoPlayer:
		return dst
	case 0:
		if s.node == "root" {
			return append(dst, 0, 1)
		}
	}
	return append(dst, 0)
}
func (s bust) Play(m game.Move) (game.State, error) {
	if s.ToMove() == game.NoPlayer || int(m) >= len(s.LegalMoves(nil)) {
		return nil, game.ErrIllegalMove
	}
	switch {
	case s.node == "root" && m == 0:
		return bust{"dead"}, nil
	case s.node == "root":
		return bust{"q1"}, nil
	}
	return bust{fmt.Sprintf("q%d", (s.ToMove()+1)%3)}, nil
}
func (s bust) ChanceOutcomes() []game.ChanceOutcome { return nil }
func (s bust) Outcome() (game.Outcome, bool) {
	if s.node == "dead" {
		return game.Outcome{AllLose: true, Reason: "collapse"}, true
	}
	return game.Outcome{}, false
}
func (s bust) MoveString(m game.Move) string {
	if s.node == "root" {
		return [...]string{"collapse", "play"}[m]
	}
	return "n"
}
func (s bust) ParseMove(text string) (game.Move, error) { return 0, game.ErrIllegalMove }
func (s bust) String() string                           { return s.node }
func (s bust) Hash() uint64                             { return uint64(len(s.node)) }

// Evaluate: a game everyone lost is -0.5 for every seat, as Villa
// Paletti's evaluation has it; the villa played on is -0.3 for every seat.
func (s bust) Evaluate(game.Player) float64 {
	if s.node == "dead" {
		return -0.5
	}
	return -0.3
}

// With more than two seats a game everyone lost is scored by the game's
// Evaluator: the seat to move plays on into a position rated -0.3 rather
// than collapse into one rated -0.5. Scored as a standing of 1/2 for
// every seat, the collapse looked better than any position rated below
// even, and the search chose it.
func TestAllLoseScoredByEvaluator(t *testing.T) {
	res, err := New(Config{PlayoutDepth: 1}).Search(context.Background(), bust{"root"}, Limits{Iterations: 500})
	if err != nil {
		t.Fatal(err)
	}
	if got := (bust{"root"}).MoveString(res.Move); got != "play" {
		t.Errorf("chose %s (value %.3f), want play", got, res.Value)
	}
}
