package palaboratory

import (
	"fmt"
	"strings"

	"github.com/tabula-games/tabula/games/palago"
)

// Diagram draws the position for a terminal. First the layout on the table
// as palago.Board.Diagram draws it, to type moves from: each hexagon
// labelled with its axial coordinates "q,r", a tile's A tip and B tip on
// its corners ("A" at the upper right and "B" at the lower left for
// orientation 0, "A" at the bottom and "B" at the top for 1, "A" at the
// upper left and "B" at the lower right for 2), the empty cells beside
// the tiles (where tiles may go) as bare labels. Then the layout and the
// target card side by side as Picture draws them (each tile as its
// orientation digit, the hexagons interlocking as on the table), and a
// line with the task, the moves used, the par (the fewest moves, green
// tasks only) and the move limit.
func (s *State) Diagram() string {
	var b strings.Builder
	if len(s.tiles) == 0 {
		b.WriteString("(no tiles on the table: the first goes on 0,0)\n")
	} else {
		var board palago.Board
		for _, t := range s.tiles {
			// The tiles of a position are distinct cells in range.
			if err := board.Place(t); err != nil {
				return fmt.Sprintf("palaboratory: %v", err)
			}
		}
		b.WriteString(board.Diagram())
		b.WriteString("\n\n")
	}
	left := strings.Split(strings.TrimSuffix(Picture(s.tiles), "\n"), "\n")
	left = append([]string{"table"}, left...)
	var right []string // the target card beside the table; a free build has none
	if !s.tk.free {
		card := Cards()[s.tk.to-1]
		right = strings.Split(strings.TrimSuffix(Picture(card.Tiles), "\n"), "\n")
		right = append([]string{fmt.Sprintf("target %s, %d tiles", card.String(), len(card.Tiles))}, right...)
	}
	width := 0
	for _, l := range left {
		width = max(width, len(l))
	}
	for i := range max(len(left), len(right)) {
		var l, r string
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		b.WriteString(strings.TrimRight(fmt.Sprintf("%-*s    %s", width, l, r), " "))
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "%s: moves %d", s.tk, s.moves)
	if s.tk.green {
		fmt.Fprintf(&b, ", par %d", s.Par())
	}
	fmt.Fprintf(&b, ", limit %d", MoveLimit)
	switch {
	case s.solved:
		b.WriteString(", solved")
	case s.moves >= MoveLimit:
		b.WriteString(", out of moves")
	}
	return b.String()
}
