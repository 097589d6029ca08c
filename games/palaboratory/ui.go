package palaboratory

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/games/palago"
)

// UIPosition implements ui.Describer. Tiles are the tiles on the table
// sorted by cell; Creatures every creature on it with its shells, limbs and
// points; Task the variant ("red", "green", "free"), the cards (Card the
// target, From a green task's start), the target's layout as its card
// draws it, the moves used, the par (a green task's fewest moves, 0
// otherwise), Done once a free build is over and, in a free build, the
// points of its creatures. Pieces is empty.
func (s *State) UIPosition() ui.Position {
	var b palago.Board
	for _, t := range s.tiles {
		_ = b.Place(t)
	}
	p := ui.Position{Pieces: []ui.Piece{}, Tiles: palago.UITiles(s.tiles)}
	points := 0
	for _, g := range b.Creatures() {
		c := palago.UIValued(&b, &g)
		points += c.Points
		p.Creatures = append(p.Creatures, c)
	}
	tk := &ui.Task{Kind: Red, Card: s.tk.to, Target: palago.UITiles(s.tk.target), Moves: s.moves, Par: s.Par(), Done: s.done}
	switch {
	case s.tk.free:
		tk.Kind, tk.Points = Free, points
	case s.tk.green:
		tk.Kind, tk.From = Green, s.tk.from
	}
	p.Task = tk
	return p
}

// UIMove implements ui.Describer. Kind is "place", "rotate", "relocate"
// or "done"; Tiles is the tile as the operation leaves it (its cell and
// orientation); From is the cell a relocated tile leaves.
func (s *State) UIMove(m game.Move) ui.Move {
	op, _ := decodeOp(m)
	f := ui.Move{Kind: op.Kind.String()}
	if op.Kind == Done {
		return f
	}
	f.Tiles = []ui.Tile{palago.UITile(palago.Tile{Cell: op.To, O: op.O})}
	if op.Kind == Relocate {
		f.From = op.From.String()
	}
	return f
}
