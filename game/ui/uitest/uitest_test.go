package uitest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/game/ui/uitest"
)

// recorder is a TB that keeps the errors instead of failing.
type recorder struct{ errs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// described wraps a race state with forms made by form.
type described struct {
	game.State
	form func(game.Move) ui.Move
}

func (d described) UIPosition() ui.Position    { return ui.Position{Pieces: []ui.Piece{}} }
func (d described) UIMove(m game.Move) ui.Move { return d.form(m) }

// TestCheckCatchesBrokenForms: the kit fails a game whose forms are empty,
// shared by two moves, or missing, and passes one whose forms are fine.
func TestCheckCatchesBrokenForms(t *testing.T) {
	st, err := race.NewInfo().New(game.Options{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		st   game.State
		want string // in the errors; "" for none
	}{
		{"good", described{st, func(m game.Move) ui.Move { return ui.Move{To: st.MoveString(m)} }}, ""},
		{"empty", described{st, func(game.Move) ui.Move { return ui.Move{} }}, "empty form"},
		{"shared", described{st, func(game.Move) ui.Move { return ui.Move{Kind: "step"} }}, "the same form"},
		{"none", st, "does not implement"},
	}
	for _, tc := range tests {
		r := &recorder{}
		ok := uitest.Check(r, tc.st, false)
		got := strings.Join(r.errs, "; ")
		if tc.want == "" && (!ok || got != "") || tc.want != "" && (ok || !strings.Contains(got, tc.want)) {
			t.Errorf("%s: ok %v, errors %q; want %q", tc.name, ok, got, tc.want)
		}
	}
}
