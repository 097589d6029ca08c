package puzzle

import "strings"

// Villa Paletti's puzzles are proven exhaustively (Limits.Exhaustive): its
// searcher weighs one target per column, and a turn lists up to a
// thousand column moves (every 10 mm lattice point of the top floor that
// a column fits) and hundreds of floor poses. Targets of one column are
// not the same move — one may stand and another collapse, or leave no
// room for the opponent's last column — so every listed move is searched,
// but the answer is the column: all moves that win must take the same
// column (VillaClass), and each winning target of it is accepted.

// VillaClass is the class of a Villa Paletti move (docs/puzzles.md): the
// column taken ("blue-thin-2:0>(12.5,-30)" and "blue-thin-2:4>red-thick"
// are both "blue-thin-2"), "propose" or "place" for a floor at any pose,
// "pass", and each removal on its own ("remove:yellow-thick").
func VillaClass(move string) string {
	if strings.HasPrefix(move, "remove:") {
		return move
	}
	if c, _, ok := strings.Cut(move, ":"); ok {
		return c
	}
	return move
}
