package palaboratory_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/game/ui/uitest"
	"github.com/tabula-games/tabula/games/palaboratory"
)

// TestUI: every legal move of random red, green and free tasks has a form
// that leads back to it.
func TestUI(t *testing.T) {
	for _, o := range []game.Options{
		{Variant: palaboratory.Red, Values: map[string]string{palaboratory.OptCard: "3"}},
		{Variant: palaboratory.Green, Values: map[string]string{palaboratory.OptCard: "4", palaboratory.OptFrom: "2"}},
		{Variant: palaboratory.Free},
	} {
		t.Run(o.Variant, func(t *testing.T) {
			uitest.Run(t, palaboratory.Info, uitest.Config{Options: o, Games: 2, MaxPlies: 30, Seed: 24})
		})
	}
}

// TestUIForms: a green task's form names its cards, target, moves and
// par; a free build's its points; the three kinds of operation have their
// forms.
func TestUIForms(t *testing.T) {
	st, err := palaboratory.Info.New(game.Options{Variant: palaboratory.Green, Values: map[string]string{palaboratory.OptCard: "2", palaboratory.OptFrom: "1"}})
	if err != nil {
		t.Fatal(err)
	}
	lab := st.(*palaboratory.State)
	pos := lab.UIPosition()
	tk := pos.Task
	if tk == nil || tk.Kind != "green" || tk.Card != 2 || tk.From != 1 || tk.Moves != 0 || tk.Par != lab.Par() || tk.Par == 0 {
		t.Errorf("green 1→2 task form %+v, want cards 1→2, par %d", tk, lab.Par())
	}
	if len(tk.Target) != len(lab.Target()) || len(pos.Tiles) != len(lab.Tiles()) {
		t.Errorf("target %v and tiles %v, want %d and %d tiles", tk.Target, pos.Tiles, len(lab.Target()), len(lab.Tiles()))
	}
	if len(pos.Creatures) != 1 || pos.Creatures[0].Points == 0 {
		t.Errorf("card 1's layout has creatures %+v, want its one creature valued", pos.Creatures)
	}
	kinds := map[string]int{}
	for _, m := range st.LegalMoves(nil) {
		f := lab.UIMove(m)
		kinds[f.Kind]++
		text := st.MoveString(m)
		want := f.Tiles[0].Cell + ":" + string(rune('0'+f.Tiles[0].O))
		if f.Kind == "relocate" {
			want = f.From + ">" + want
		}
		if text != want {
			t.Errorf("move %s has form %+v", text, f)
		}
	}
	if kinds["rotate"] == 0 || kinds["relocate"] == 0 || kinds["place"] == 0 {
		t.Errorf("forms by kind %v, want places, rotations and relocations", kinds)
	}
	free, err := palaboratory.Info.ParsePosition("free 0 (0,0):0 (-1,0):0 (-1,1):0 (0,1):2 (0,-1):1", game.Options{Variant: palaboratory.Free})
	if err != nil {
		t.Fatal(err)
	}
	fp := free.(ui.Describer).UIPosition()
	if fp.Task == nil || fp.Task.Kind != "free" || fp.Task.Card != 0 || fp.Task.Points != 1 || len(fp.Creatures) != 1 {
		t.Errorf("free build with the virus: task %+v, creatures %+v, want 1 point", fp.Task, fp.Creatures)
	}
}
