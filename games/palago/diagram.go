package palago

import (
	"fmt"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// diagramCell is the width of one hexagon in Board.Diagram, in columns:
// room for a label such as "-10,-2" and a space, and even so that a tip on
// a shared corner lines up with the neighbour's tip above or below.
const diagramCell = 8

// Diagram draws the tiles on the plane for a terminal, as pointy-top
// hexagons in three text lines each, rows r from top to bottom, every row
// shifted half a hexagon to the right of the one above, so the six
// neighbours of a tile are where they are on the table. The middle line of
// a hexagon is its axial coordinates "q,r", to type in a move. On a tile,
// the top line shows the tip at the upper-left, top or upper-right corner
// and the bottom line the tip at the lower-left, bottom or lower-right
// corner: "A" is the tip of colour A (the first player's) and "B" that of
// colour B. From the A tip across to the B tip the tile is striped A tip, B
// arch, A arch, B tip, so the tips show the bands: orientation 0 has its A
// tip at the upper right, 1 at the bottom, 2 at the upper left. An empty
// cell beside a tile, where a tile may go, shows its coordinates alone.
// An empty plane is drawn as "".
func (b *Board) Diagram() string {
	if b.n == 0 {
		return ""
	}
	type spot struct {
		c    Cell
		tile bool
		o    Orientation
	}
	var spots []spot
	seen := make(map[Cell]bool, 3*b.n)
	for _, t := range b.tiles[:b.n] {
		seen[t.Cell] = true
		spots = append(spots, spot{t.Cell, true, t.O})
	}
	for _, t := range b.tiles[:b.n] {
		for k := range 6 {
			if n := t.Cell.Neighbour(k); !seen[n] {
				seen[n] = true
				spots = append(spots, spot{c: n})
			}
		}
	}
	// x is the column of a cell's left edge in half hexagons: 2q + r.
	x := func(c Cell) int { return 2*int(c.Q) + int(c.R) }
	minR, maxR, minX := spots[0].c.R, spots[0].c.R, x(spots[0].c)
	for _, p := range spots {
		minR, maxR, minX = min(minR, p.c.R), max(maxR, p.c.R), min(minX, x(p.c))
	}
	lines := make([][]byte, 3*(int(maxR-minR)+1))
	put := func(line, col int, s string) {
		l := &lines[line]
		for len(*l) < col+len(s) {
			*l = append(*l, ' ')
		}
		copy((*l)[col:], s)
	}
	half := diagramCell / 2
	for _, p := range spots {
		line, col := 3*int(p.c.R-minR), half*(x(p.c)-minX)
		label := fmt.Sprintf("%d,%d", p.c.Q, p.c.R)
		put(line+1, col+max(0, (diagramCell-1-len(label))/2), label)
		if !p.tile {
			continue
		}
		// The tip columns: upper-left and lower-left at 1, top and bottom
		// at 3, upper-right and lower-right at 5.
		switch p.o {
		case 0: // A tip at corner 0 (upper right), B tip at corner 3 (lower left)
			put(line, col+5, "A")
			put(line+2, col+1, "B")
		case 1: // A tip at corner 2 (bottom), B tip at corner 5 (top)
			put(line, col+3, "B")
			put(line+2, col+3, "A")
		case 2: // A tip at corner 4 (upper left), B tip at corner 1 (lower right)
			put(line, col+1, "A")
			put(line+2, col+5, "B")
		}
	}
	var sb strings.Builder
	for _, l := range lines {
		sb.WriteString(strings.TrimRight(string(l), " "))
		sb.WriteByte('\n')
	}
	// The frontier's outer rows have labels only on their middle lines.
	return strings.Trim(sb.String(), "\n")
}

// Diagram draws the position for a terminal: the tiles as Board.Diagram
// draws them (an empty plane as a note that the first move places two
// touching tiles anywhere), then the tiles left in the supply, which seat
// plays which colour and whose turn it is.
func (s *State) Diagram() string {
	var b strings.Builder
	if s.board.n == 0 {
		b.WriteString("(no tiles yet: the first move places two touching tiles, e.g. 0,0:0+1,0:1)")
	} else {
		b.WriteString(s.board.Diagram())
	}
	names := s.info.PlayerNames
	fmt.Fprintf(&b, "\ntiles left %d; %s plays A, %s plays B\n", s.Supply(), names[s.first], names[1-s.first])
	if p := s.ToMove(); p != game.NoPlayer {
		fmt.Fprintf(&b, "%s (%s) to move", names[p], s.ColourOf(p))
	} else {
		b.WriteString("game over")
	}
	return b.String()
}
