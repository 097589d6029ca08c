package pathagon

import (
	"fmt"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// Diagram draws the board for a terminal: ranks 7 to 1 with their numbers,
// files a to g below, L and D for the pieces, "x" for a forbidden empty
// cell and "." for an empty one, then both reserves. Light joins the top
// and bottom ranks, Dark the a and g files.
func (s *State) Diagram() string {
	var b strings.Builder
	for row := range Size {
		fmt.Fprintf(&b, "%d ", Size-row)
		for col := range Size {
			c := CellAt(row, col)
			ch := "."
			switch s.At(c) {
			case 0:
				ch = "L"
			case 1:
				ch = "D"
			default:
				if s.Forbidden(c) {
					ch = "x"
				}
			}
			b.WriteString(" " + ch)
		}
		b.WriteByte('\n')
	}
	b.WriteString("   a b c d e f g\n")
	fmt.Fprintf(&b, "reserves: light %d, dark %d", s.Reserve(0), s.Reserve(1))
	return b.String()
}

var _ game.State = (*State)(nil)
