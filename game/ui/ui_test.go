package ui_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/games/palago"
)

// TestOfSharesTiles: Of sends each tile of the moves' forms once, in
// Board.Tiles, and every form names its tiles by TileRefs, in order; the
// forms read back are the game's, and the board is smaller on the wire.
func TestOfSharesTiles(t *testing.T) {
	st, err := palago.Info.ParsePosition("p1 (0,0):0+(1,-1):0 (1,0):1+(2,0):2", game.Options{Values: map[string]string{palago.OptFirstPlayer: "p1"}})
	if err != nil {
		t.Fatal(err)
	}
	legal := st.LegalMoves(nil)
	b := ui.Of(st, legal, nil, 0)
	d := st.(ui.Describer)
	seen := map[ui.Tile]bool{}
	for _, tl := range b.Tiles {
		if seen[tl] {
			t.Fatalf("tile %v sent twice", tl)
		}
		seen[tl] = true
	}
	full := make([]ui.Move, len(legal))
	for i, m := range legal {
		full[i] = d.UIMove(m)
		f := b.Moves[i]
		if len(f.Tiles) != 0 || len(f.TileRefs) != len(full[i].Tiles) {
			t.Fatalf("move %s sent as %+v", st.MoveString(m), f)
		}
		if got := b.MoveTiles(f); !slices.Equal(got, full[i].Tiles) {
			t.Errorf("move %s reads back as %v, want %v", st.MoveString(m), got, full[i].Tiles)
		}
	}
	if len(b.Tiles) == 0 || len(b.Tiles) >= 2*len(legal) {
		t.Errorf("%d shared tiles for %d two-tile moves", len(b.Tiles), len(legal))
	}
	shared, _ := json.Marshal(b)
	plain, _ := json.Marshal(ui.Board{Position: b.Position, Moves: full})
	if len(shared) >= len(plain)*2/3 {
		t.Errorf("shared tiles: %d bytes, repeated: %d; want a third less at least", len(shared), len(plain))
	}
	t.Logf("%d moves over %d tiles: %d bytes shared, %d repeated", len(legal), len(b.Tiles), len(shared), len(plain))
}

// TestGroupExpand: runs of forms that differ only in At become one group
// each; forms without At, and a run of one, stay as they are; Expand gives
// the forms back in order.
func TestGroupExpand(t *testing.T) {
	take := func(piece string, x, y float64) ui.Move {
		return ui.Move{Kind: "take", Pieces: []string{piece}, At: []float64{x, y}}
	}
	forms := []ui.Move{
		{Kind: "pass"},
		take("a", 0, 0), take("a", 10, 0), take("a", 0, -10),
		{Kind: "onto", Pieces: []string{"a"}, Targets: []string{"b"}},
		take("b", 5, 5),
		take("c", 0, 0), take("c", 1, 1),
		take("a", 2, 2), // a again after c: a new group
	}
	groups := ui.Group(forms)
	want := []string{
		`{"kind":"pass"}`,
		`{"kind":"take","pieces":["a"],"each":[[0,0],[10,0],[0,-10]]}`,
		`{"kind":"onto","pieces":["a"],"targets":["b"]}`,
		`{"kind":"take","pieces":["b"],"at":[5,5]}`,
		`{"kind":"take","pieces":["c"],"each":[[0,0],[1,1]]}`,
		`{"kind":"take","pieces":["a"],"at":[2,2]}`,
	}
	if len(groups) != len(want) {
		t.Fatalf("%d groups, want %d", len(groups), len(want))
	}
	for i, g := range groups {
		if ui.Key(g) != want[i] {
			t.Errorf("group %d: %s, want %s", i, ui.Key(g), want[i])
		}
	}
	b := ui.Board{Groups: groups}
	back := b.Expand()
	if len(back) != len(forms) {
		t.Fatalf("expands to %d forms, want %d", len(back), len(forms))
	}
	for i := range forms {
		if ui.Key(back[i]) != ui.Key(forms[i]) {
			t.Errorf("form %d: %s, want %s", i, ui.Key(back[i]), ui.Key(forms[i]))
		}
	}
	plain := ui.Board{Moves: forms[:1]}
	if got := plain.Expand(); len(got) != 1 || got[0].Kind != "pass" {
		t.Errorf("a board without groups expands to %v", got)
	}
}
