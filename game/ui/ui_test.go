package ui_test

import (
	"testing"

	"github.com/tabula-games/tabula/game/ui"
)

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
