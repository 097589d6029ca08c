package palago_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/game/ui/uitest"
	"github.com/tabula-games/tabula/games/palago"
)

// TestUI: every legal move of random games, with either seat first, has a
// form that leads back to it.
func TestUI(t *testing.T) {
	for _, first := range []string{"p1", "p2"} {
		t.Run(first, func(t *testing.T) {
			uitest.Run(t, palago.Info, uitest.Config{Options: game.Options{Values: map[string]string{palago.OptFirstPlayer: first, palago.OptTiles: "16"}}, Games: 2, Seed: 24})
		})
	}
}

// TestUIForms: a position's form gives the tiles in order with their
// orientations, the seats' colours and a closed creature; a move's form
// gives its tiles.
func TestUIForms(t *testing.T) {
	// Seat 1 (p2) moved first and plays colour A.
	st, err := palago.Info.ParsePosition("p2 (0,0):0+(1,-1):0", game.Options{Values: map[string]string{palago.OptFirstPlayer: "p2"}})
	if err != nil {
		t.Fatal(err)
	}
	pos := st.(ui.Describer).UIPosition()
	want := []ui.Tile{{Cell: "(0,0)", O: 0}, {Cell: "(1,-1)", O: 0}}
	if len(pos.Tiles) != 2 || pos.Tiles[0] != want[0] || pos.Tiles[1] != want[1] {
		t.Errorf("tiles %v, want %v", pos.Tiles, want)
	}
	if len(pos.Colours) != 2 || pos.Colours[0] != "B" || pos.Colours[1] != "A" {
		t.Errorf("colours %v, want [B A] (p2 moved first)", pos.Colours)
	}
	legal := st.LegalMoves(nil)
	f := st.(ui.Describer).UIMove(legal[0])
	tiles, _ := palago.MoveTiles(legal[0])
	if len(f.Tiles) != len(tiles) || f.Tiles[0] != palago.UITile(tiles[0]) {
		t.Errorf("move %s has form %+v", st.MoveString(legal[0]), f)
	}
}

// TestUICreature: the virus (the smallest creature: one arch closed by
// four tips) is listed with the cells of its pieces and its value.
func TestUICreature(t *testing.T) {
	b := &palago.Board{}
	for _, tl := range palago.MustParseTiles("(0,0):0 (-1,0):0 (-1,1):0 (0,1):2 (0,-1):1") {
		if err := b.Place(tl); err != nil {
			t.Fatal(err)
		}
	}
	cs := b.Creatures()
	if len(cs) != 1 {
		t.Fatalf("%d creatures, want the virus alone", len(cs))
	}
	c := palago.UIValued(b, &cs[0])
	if c.Colour != cs[0].Colour.String() || len(c.Arches) != 1 || c.Arches[0] != "(0,0)" || len(c.Tips)+1 != len(cs[0].Pieces) {
		t.Errorf("virus form %+v, group %+v", c, cs[0])
	}
	if c.Shells != 1 || c.Limbs != 0 || c.Points != 1 {
		t.Errorf("virus valued %d shells + %d limbs = %d, want 1 + 0 = 1", c.Shells, c.Limbs, c.Points)
	}
}
