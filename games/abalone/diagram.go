package abalone

import (
	"fmt"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// Diagram draws the board for a terminal: rows I down to A with their
// letters, "b" and "w" for the marbles and "." for empty cells, each row
// ending with the number of its last diagonal, then the marbles pushed off.
func (s *State) Diagram() string {
	var b strings.Builder
	for r := 8; r >= 0; r-- {
		b.WriteString(strings.Repeat(" ", abs(r-4)))
		b.WriteByte(byte('A' + r))
		last := rowFirst(r) + rowLen(r) - 1
		for n := rowFirst(r); n <= last; n++ {
			ch := "."
			switch s.At(CellAt(r, n)) {
			case 0:
				ch = "b"
			case 1:
				ch = "w"
			}
			b.WriteString(" " + ch)
		}
		if r <= 4 {
			fmt.Fprintf(&b, "  %d", last)
		}
		b.WriteByte('\n')
	}
	b.WriteString("      1 2 3 4\n")
	fmt.Fprintf(&b, "pushed off: black %d, white %d", s.PushedOff(0), s.PushedOff(1))
	return b.String()
}

var _ game.State = (*State)(nil)
