package pathagon_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/game/ui/uitest"
	"github.com/tabula-games/tabula/games/pathagon"
)

// TestUI: every legal move of random games, with automatic and with
// optional captures, has a form that leads back to it; the games run into
// the relocation phase.
func TestUI(t *testing.T) {
	for _, optional := range []string{"false", "true"} {
		t.Run("optionalCaptures="+optional, func(t *testing.T) {
			uitest.Run(t, pathagon.Info, uitest.Config{Options: game.Options{Values: map[string]string{pathagon.OptOptionalCaptures: optional}}, Games: 3, MaxPlies: 120, Seed: 24})
		})
	}
}

// TestUIForms: the forms of a position with a locked piece, a forbidden
// cell and a capture say so.
func TestUIForms(t *testing.T) {
	// Light to move, 11 in hand (a piece captured after its relocation);
	// Light's a7 is still locked, d5 is forbidden; a placement on d4 traps
	// Dark's e4 against f4.
	st, err := pathagon.ParsePosition("L....../......./......./.L..DL./......./......./......D l 11 12 a7,- d5", game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pos := st.UIPosition()
	want := []ui.Piece{{Cell: "a7", Owner: 0, Kind: "locked"}, {Cell: "b4", Owner: 0}, {Cell: "e4", Owner: 1}, {Cell: "f4", Owner: 0}, {Cell: "g1", Owner: 1}}
	if len(pos.Pieces) != len(want) {
		t.Fatalf("pieces %v, want %v", pos.Pieces, want)
	}
	for i := range want {
		if pos.Pieces[i] != want[i] {
			t.Errorf("piece %d is %v, want %v", i, pos.Pieces[i], want[i])
		}
	}
	if len(pos.Closed) != 1 || pos.Closed[0] != "d5" {
		t.Errorf("closed %v, want [d5]", pos.Closed)
	}
	if len(pos.Reserve[0]) != 11 || len(pos.Reserve[1]) != 12 {
		t.Errorf("reserve %v, want 11 and 12 pieces", pos.Reserve)
	}
	m, err := st.ParseMove("d4xe4")
	if err != nil {
		t.Fatal(err)
	}
	f := st.UIMove(m)
	if f.Kind != "place" || f.From != "" || f.To != "d4" || len(f.Captures) != 1 || f.Captures[0] != "e4" {
		t.Errorf("d4xe4 has form %+v, want a placement on d4 capturing e4", f)
	}
}
