package ai

import "github.com/tabula-games/tabula/game"

// Booker is implemented by states whose game ships an opening book of
// moves proven by exhaustive search (Palago: docs/palago-openings.md).
// BookMove returns the book's move for the position, its result for the
// mover (+1 a win, 0 a draw, -1 a loss) and the plies to the end, and ok
// false when the book does not have the position (or was proven for other
// options).
type Booker interface {
	BookMove() (m game.Move, result, plies int, ok bool)
}

// bookReport is the report of a book move for s at the given level: only
// bot:max plays the book, since the weaker levels are meant to be
// beatable. Nodes is 0, which tells a book move from a searched one.
func bookReport(level Level, s game.State) (Report, bool) {
	if level != Max {
		return Report{}, false
	}
	bk, ok := s.(Booker)
	if !ok {
		return Report{}, false
	}
	m, result, plies, ok := bk.BookMove()
	if !ok {
		return Report{}, false
	}
	return Report{Move: m, Score: float64(result), Mate: result * plies, PV: []game.Move{m}}, true
}
