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

// Opener is implemented by states whose game ships an opening book of
// preferred moves with no proven result, grown by self-play searches
// (Abalone: docs/strength.md, "Abalone opening book"). OpeningMove returns
// the book's move for the position and the score the growing search gave
// it, in [-1, 1] for the mover, and ok false when the book does not have
// the position (or was grown for other options).
type Opener interface {
	OpeningMove() (m game.Move, score float64, ok bool)
}

// bookReport is the report of a book move for s at the given level: only
// bot:max plays a book, since the weaker levels are meant to be beatable.
// Nodes is 0, which tells a book move from a searched one; only a proven
// book (Booker) reports a mate distance.
func bookReport(level Level, s game.State) (Report, bool) {
	if level != Max {
		return Report{}, false
	}
	if bk, ok := s.(Booker); ok {
		if m, result, plies, ok := bk.BookMove(); ok {
			return Report{Move: m, Score: float64(result), Mate: result * plies, PV: []game.Move{m}}, true
		}
	}
	if op, ok := s.(Opener); ok {
		if m, score, ok := op.OpeningMove(); ok {
			return Report{Move: m, Score: score, PV: []game.Move{m}}, true
		}
	}
	return Report{}, false
}
