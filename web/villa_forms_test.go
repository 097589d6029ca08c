package web

// The Villa Paletti board's unit tests read the board forms the Go rules
// make for a few positions, as the server sends them (grouped): this test
// writes them, compact, to a file of their own:
// go test ./web -run TestVillaFormsGolden -update

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/games/villapaletti"
)

const villaFormsGolden = "src/boards/testdata/villa-forms.json"

// villaFormsCases are positions of games/villapaletti/testdata/playthroughs
// (2p-seed8 and 4p-seed9-unsteady); Quiet ones are written without their
// legal moves (the start has 2270).
var villaFormsCases = []struct {
	Name, Position string
	Players        int
	Quiet          bool
}{
	{"start", "floors: blue (0,0,0); columns: blue-thin-1 0 (61.819,16.564), blue-thin-2 0 (-45.255,45.255), blue-thin-3 0 (-16.564,-61.819), blue-medium 0 (-26.87,-26.87), blue-thick 0 (38,0), yellow-thin-1 0 (45.255,45.255), yellow-thin-2 0 (-61.819,16.564), yellow-thin-3 0 (16.564,-61.819), yellow-medium 0 (26.87,-26.87), yellow-thick 0 (0,38), green-thin-1 0 (16.564,61.819), green-thin-2 0 (-61.819,-16.564), green-thin-3 0 (45.255,-45.255), green-medium 0 (26.87,26.87), green-thick 0 (-38,0), red-thin-1 0 (-16.564,61.819), red-thin-2 0 (-45.255,-45.255), red-thin-3 0 (61.819,-16.564), red-medium 0 (-26.87,26.87), red-thick 0 (0,-38); seal: none; claimed: no; turn: 1; rng: 9e3779b97f4a7c1d", 2, true},
	{"proposes", "floors: blue (0,0,0); columns: blue-thin-1 0 (61.819,16.564), blue-thin-2 0 (-45.255,45.255), blue-thin-3 1 (-20,50), blue-medium 0 (-26.87,-26.87), blue-thick 0 (38,0), yellow-thin-1 0 (45.255,45.255), yellow-thin-2 1 (80,-30), yellow-thin-3 1 (-20,-50), yellow-medium 0 (26.87,-26.87), yellow-thick 0 (0,38), green-thin-1 0 (16.564,61.819), green-thin-2 1 (60,20), green-thin-3 0 (45.255,-45.255), green-medium 0 (26.87,26.87), green-thick 0 (-38,0), red-thin-1 0 (-16.564,61.819), red-thin-2 1 (-20,30), red-thin-3 0 (61.819,-16.564), red-medium 0 (-26.87,26.87), red-thick 0 (0,-38); seal: none; claimed: no; turn: 0 proposes (-30,0,270) asking 1; rng: 9e3779b97f4a7c1d", 2, false},
	{"removes", "floors: blue (0,0,0), green (9.907,20.356,331.873), yellow (-10.262,29.689,209.473); columns: blue-thin-1 3 (-52.073,40.044), blue-thin-2 out, blue-thin-3 0 (-16.564,-61.819) frozen, blue-medium 2 (20.19,19.521), blue-thick 2 (19.856,49.007), yellow-thin-1 2 (-39.96,-10.121), yellow-thin-2 2 (-8.316,0.924), yellow-thin-3 3 (8.253,1.191), yellow-medium 2 (-20.861,-19.88), yellow-thick 0 (0,38) frozen, green-thin-1 2 (-30.303,70.55) frozen, green-thin-2 out, green-thin-3 1 (50.986,0.719), green-medium 2 (30.516,-10.574), green-thick 2 (-40.467,48.588), red-thin-1 2 (-39.722,10.367), red-thin-2 0 (-45.255,-45.255) frozen, red-thin-3 2 (69.173,37.793), red-medium 1 (-48.698,61.161) frozen, red-thick 2 (-11.721,30.674); seal: 0 after 3; claimed: yes; turn: 2 removes 3; rng: 30bd64397ab31f75", 4, false},
	{"collapse", "floors: blue (0,0,0), green (0,40,180), yellow (20,40,0); columns: blue-thin-1 2 (-60,70), blue-thin-2 1 (20,-40), blue-thin-3 2 (50,70), blue-medium out, blue-thick 0 (38,0) frozen, yellow-thin-1 2 (-60,40), yellow-thin-2 1 (80,-30), yellow-thin-3 2 (30,60), yellow-medium 1 (50,-60), yellow-thick 1 (50,-30), green-thin-1 1 (0,80) frozen, green-thin-2 1 (60,20), green-thin-3 2 (10,60), green-medium out, green-thick 0 (-38,0) frozen, red-thin-1 out, red-thin-2 1 (-20,30) frozen, red-thin-3 2 (-10,50), red-medium out, red-thick 1 (-80,-10); seal: 1; claimed: no; over: collapse by 0; rng: 9e3779b97f4a7c1d", 2, false},
}

func TestVillaFormsGolden(t *testing.T) {
	var out []formsEntry
	for _, c := range villaFormsCases {
		st, err := villapaletti.Info.ParsePosition(c.Position, game.Options{Players: c.Players})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		var legal []game.Move
		if !c.Quiet {
			legal = st.LegalMoves(nil)
		}
		e := formsEntry{Name: "villa " + c.Name, Game: villapaletti.Info.ID, Position: st.(*villapaletti.State).PublicString(), ToMove: int(st.ToMove()),
			Moves: []string{}, Legal: []string{}, Board: *ui.Of(st, legal, nil, 0)}
		for _, m := range legal {
			e.Legal = append(e.Legal, st.MoveString(m))
		}
		out = append(out, e)
	}
	got, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	gametest.Golden(t, filepath.FromSlash(villaFormsGolden), string(got)+"\n")
}
