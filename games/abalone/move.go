package abalone

import (
	"fmt"
	"strings"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/hexgrid"
)

// A move is encoded in a game.Move as bit fields, so that Apply needs no
// search of the board:
//
//	bits 0-5    from: the trailing marble (in-line) or the lower end (broadside)
//	bits 6-8    direction of motion
//	bits 9-10   number of own marbles moved (1..3)
//	bits 11-12  number of enemy marbles pushed (0..2), in-line only
//	bit  13     set for a broadside
//	bits 14-15  axis of a broadside group: 0 E, 1 NE, 2 NW
const (
	moveDirShift  = 6
	moveSizeShift = 9
	movePushShift = 11
	moveBroadside = 1 << 13
	moveAxisShift = 14
)

func inlineMove(from Cell, d Dir, size, pushed int) game.Move {
	return game.Move(from) | game.Move(d)<<moveDirShift | game.Move(size)<<moveSizeShift | game.Move(pushed)<<movePushShift
}

func broadsideMove(from Cell, axis int, size int, d Dir) game.Move {
	return game.Move(from) | game.Move(d)<<moveDirShift | game.Move(size)<<moveSizeShift | moveBroadside | game.Move(axis)<<moveAxisShift
}

func moveFrom(m game.Move) Cell    { return Cell(m & 63) }
func moveDir(m game.Move) Dir      { return Dir(m >> moveDirShift & 7) }
func moveSize(m game.Move) int     { return int(m >> moveSizeShift & 3) }
func movePushed(m game.Move) int   { return int(m >> movePushShift & 3) }
func isBroadside(m game.Move) bool { return m&moveBroadside != 0 }
func moveAxis(m game.Move) int     { return int(m >> moveAxisShift & 3) }
func wellFormed(m game.Move) bool {
	return m < 1<<16 && moveFrom(m).Valid() && moveDir(m) < hexgrid.NumDirs && moveAxis(m) < 3
}
func walk(c Cell, d Dir, n int) Cell {
	for ; n > 0 && c != NoCell; n-- {
		c = geo.next[c][d]
	}
	return c
}

// formatMove writes m in ABA-PRO notation: "<from><to>" for an in-line move
// (the trailing marble and the cell it moves to), "<end1><end2><dest1>" for
// a broadside, lower end first.
func formatMove(m game.Move) string {
	if !wellFormed(m) {
		return fmt.Sprintf("?%d", uint64(m))
	}
	from, d := moveFrom(m), moveDir(m)
	if !isBroadside(m) {
		return from.String() + walk(from, d, 1).String()
	}
	end := walk(from, axes[moveAxis(m)], moveSize(m)-1)
	return from.String() + end.String() + walk(from, d, 1).String()
}

// moveKey is what notation says about a move: in-line moves are known by
// their trailing marble and direction, broadsides by their lower end, axis,
// size and direction.
type moveKey struct {
	from      Cell
	dir       Dir
	broadside bool
	axis      int
	size      int
}

func keyOf(m game.Move) moveKey {
	k := moveKey{from: moveFrom(m), dir: moveDir(m), broadside: isBroadside(m)}
	if k.broadside {
		k.axis, k.size = moveAxis(m), moveSize(m)
	}
	return k
}

// parseMoveText reads ABA-PRO notation into a moveKey. Cell names are case
// insensitive and broadsides may name either end first. A *game.ParseError
// reports text that is not notation; an error wrapping game.ErrIllegalMove
// reports notation that names no possible move (cells not in line).
func parseMoveText(text string) (moveKey, error) {
	t := strings.TrimSpace(text)
	syntax := func(msg string) error {
		return &game.ParseError{Game: "abalone", What: "move", Input: text, Offset: -1, Msg: msg}
	}
	if len(t) != 4 && len(t) != 6 {
		return moveKey{}, syntax(`want an in-line move "a1b2" or a broadside "c3c5d4"`)
	}
	var cells [3]Cell
	for i := 0; i < len(t)/2; i++ {
		c, err := ParseCell(t[2*i : 2*i+2])
		if err != nil {
			pe := syntax(fmt.Sprintf("%q is not a cell (a1..i9)", t[2*i:2*i+2])).(*game.ParseError)
			pe.Offset = 2 * i
			return moveKey{}, pe
		}
		cells[i] = c
	}
	illegal := func(msg string) error {
		return fmt.Errorf("abalone: move %q: %s: %w", text, msg, game.ErrIllegalMove)
	}
	if len(t) == 4 {
		d, n, ok := hexgrid.Line(cells[0].Coord(), cells[1].Coord())
		if !ok || n != 1 {
			return moveKey{}, illegal("the two cells are not neighbours")
		}
		return moveKey{from: cells[0], dir: d}, nil
	}
	a, n, ok := hexgrid.Line(cells[0].Coord(), cells[1].Coord())
	if !ok || n > 2 {
		return moveKey{}, illegal("the ends of a broadside must be 1 or 2 cells apart in line")
	}
	d, steps, ok := hexgrid.Line(cells[0].Coord(), cells[2].Coord())
	if !ok || steps != 1 {
		return moveKey{}, illegal("the destination must be a neighbour of the first end")
	}
	if d == a || d == a.Opposite() {
		return moveKey{}, illegal("a broadside moves across its line; write in-line moves as two cells")
	}
	low := cells[0]
	if a >= hexgrid.W {
		low, a = cells[1], a.Opposite()
	}
	return moveKey{from: low, dir: d, broadside: true, axis: int(a), size: n + 1}, nil
}
