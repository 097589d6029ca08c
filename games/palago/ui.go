package palago

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
)

// UIPosition implements ui.Describer: Tiles are the tiles in placement
// order, Colours each seat's colour ("A" for the seat that moved first),
// Creatures the creatures on the table (without values: Palago does not
// score them). Pieces is empty: tiles belong to nobody.
func (s *State) UIPosition() ui.Position {
	p := ui.Position{Pieces: []ui.Piece{}, Tiles: UITiles(s.board.tiles[:s.board.n]), Colours: make([]string, 2)}
	for seat := range game.Player(2) {
		p.Colours[seat] = s.ColourOf(seat).String()
	}
	for _, g := range s.board.Creatures() {
		p.Creatures = append(p.Creatures, UICreature(&g))
	}
	return p
}

// UIMove implements ui.Describer: Tiles are the move's one or two tiles in
// the order LegalMoves lists them (either may be laid first on the board).
func (s *State) UIMove(m game.Move) ui.Move {
	tiles, _ := MoveTiles(m)
	return ui.Move{Tiles: UITiles(tiles)}
}

// UITile is t's board form.
func UITile(t Tile) ui.Tile { return ui.Tile{Cell: t.Cell.String(), O: int(t.O)} }

// UITiles is the board form of tiles, in their order.
func UITiles(tiles []Tile) []ui.Tile {
	out := make([]ui.Tile, len(tiles))
	for i, t := range tiles {
		out[i] = UITile(t)
	}
	return out
}

// UICreature is the board form of a creature: its colour and the cells of
// its tips and arches, in the group's order (no value).
func UICreature(g *Group) ui.Creature {
	c := ui.Creature{Colour: g.Colour.String()}
	for _, p := range g.Pieces {
		if p.Kind == Tip {
			c.Tips = append(c.Tips, p.Cell.String())
		} else {
			c.Arches = append(c.Arches, p.Cell.String())
		}
	}
	return c
}

// UIValued is UICreature with the creature's value on board b.
func UIValued(b *Board, g *Group) ui.Creature {
	c := UICreature(g)
	v := b.Value(g)
	c.Shells, c.Limbs, c.Points = v.Loops, v.Limbs, v.Points()
	return c
}
