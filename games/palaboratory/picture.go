package palaboratory

import (
	"strings"

	"github.com/tabula-games/tabula/games/palago"
)

// Picture draws a layout as text: one line per row r, each tile as its
// orientation digit at column 2q + r (so the hexagons interlock as on the
// table), empty cells as spaces.
func Picture(tiles []palago.Tile) string {
	if len(tiles) == 0 {
		return ""
	}
	minR, maxR, minX := tiles[0].Cell.R, tiles[0].Cell.R, 2*int(tiles[0].Cell.Q)+int(tiles[0].Cell.R)
	for _, t := range tiles {
		minR, maxR = min(minR, t.Cell.R), max(maxR, t.Cell.R)
		minX = min(minX, 2*int(t.Cell.Q)+int(t.Cell.R))
	}
	rows := make([][]byte, int(maxR-minR)+1)
	for _, t := range tiles {
		row := &rows[t.Cell.R-minR]
		x := 2*int(t.Cell.Q) + int(t.Cell.R) - minX
		for len(*row) <= x {
			*row = append(*row, ' ')
		}
		(*row)[x] = '0' + byte(t.O)
	}
	var b strings.Builder
	for _, row := range rows {
		b.WriteString(strings.TrimRight(string(row), " "))
		b.WriteByte('\n')
	}
	return b.String()
}
