package palago

import "github.com/tabula-games/tabula/game"

// MoveCells returns the cells of a listed move's tiles, in order, and how
// many there are (1 or 2), without allocating: for search code that
// filters long move lists by where the tiles go.
func MoveCells(m game.Move) (first, second Cell, n int) {
	var buf [2]Tile
	tiles := moveTilesInto(m, &buf)
	if len(tiles) == 1 {
		return tiles[0].Cell, Cell{}, 1
	}
	return tiles[0].Cell, tiles[1].Cell, 2
}
