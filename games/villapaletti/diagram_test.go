package villapaletti

import (
	"path/filepath"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// TestDiagram compares the terminal diagram with testdata/diagram/*.golden
// (regenerate with -update): the top view of every level, the columns by
// colour and kind with frozen ones in lower case, the floors, scores (docs/rules/villapaletti.md#scoring-and-the-master-builder-seal),
// the seal and the step of the turn.
func TestDiagram(t *testing.T) {
	for _, tc := range []struct {
		name     string
		players  int
		unsteady string
		position string
	}{
		// 3 players, the start (docs/rules/villapaletti.md#setup): every column on the foundation, red neutral (docs/rules/villapaletti.md#two-and-three-players).
		{"3p-start", 3, "false", "floors: blue (0,0,0); columns: blue-thin-1 0 (61.819,16.564), blue-thin-2 0 (-45.255,45.255), blue-thin-3 0 (-16.564,-61.819), blue-medium 0 (-26.87,-26.87), blue-thick 0 (38,0), yellow-thin-1 0 (45.255,45.255), yellow-thin-2 0 (-61.819,16.564), yellow-thin-3 0 (16.564,-61.819), yellow-medium 0 (26.87,-26.87), yellow-thick 0 (0,38), green-thin-1 0 (16.564,61.819), green-thin-2 0 (-61.819,-16.564), green-thin-3 0 (45.255,-45.255), green-medium 0 (26.87,26.87), green-thick 0 (-38,0), red-thin-1 0 (-16.564,61.819), red-thin-2 0 (-45.255,-45.255), red-thin-3 0 (61.819,-16.564), red-medium 0 (-26.87,26.87), red-thick 0 (0,-38); seal: none; claimed: no; turn: 1; rng: 9e3779b97f4a7c1a"},
		// 2 players, testdata/playthroughs/2p-seed8.golden position 35: a floor proposal waiting for an objection (docs/rules/villapaletti.md#proposal-and-objection), two floors, frozen columns.
		{"2p-proposal", 2, "false", "floors: blue (0,0,0), green (0,40,180); columns: blue-thin-1 2 (-60,70), blue-thin-2 1 (20,-40), blue-thin-3 2 (50,70), blue-medium out, blue-thick 0 (38,0) frozen, yellow-thin-1 2 (-60,40), yellow-thin-2 1 (80,-30), yellow-thin-3 2 (30,60), yellow-medium 1 (50,-60), yellow-thick 1 (50,-30), green-thin-1 1 (0,80), green-thin-2 1 (60,20), green-thin-3 2 (10,60), green-medium out, green-thick 0 (-38,0) frozen, red-thin-1 out, red-thin-2 1 (-20,30) frozen, red-thin-3 2 (-10,50), red-medium out, red-thick 1 (-80,-10); seal: 1; claimed: yes; turn: 0 proposes (30,20,210) asking 1; rng: 9e3779b97f4a7c1d"},
		// 4 players with unsteady hands, testdata/playthroughs/4p-seed9-unsteady.golden position 55: four floors, the seal held (docs/rules/villapaletti.md#scoring-and-the-master-builder-seal).
		{"4p-orange", 4, "true", "floors: blue (0,0,0), green (9.907,20.356,331.873), yellow (-10.262,29.689,209.473), orange (-31.234,20.052,331.401); columns: blue-thin-1 3 (-52.073,40.044) frozen, blue-thin-2 out, blue-thin-3 0 (-16.564,-61.819) frozen, blue-medium 2 (20.19,19.521), blue-thick 2 (19.856,49.007) frozen, yellow-thin-1 2 (-39.96,-10.121), yellow-thin-2 2 (-8.316,0.924) frozen, yellow-thin-3 3 (8.253,1.191), yellow-medium 2 (-20.861,-19.88) frozen, yellow-thick 0 (0,38) frozen, green-thin-1 2 (-30.303,70.55) frozen, green-thin-2 out, green-thin-3 1 (50.986,0.719), green-medium 2 (30.516,-10.574) frozen, green-thick 2 (-40.467,48.588) frozen, red-thin-1 out, red-thin-2 0 (-45.255,-45.255) frozen, red-thin-3 2 (69.173,37.793) frozen, red-medium 1 (-48.698,61.161) frozen, red-thick 2 (-11.721,30.674) frozen; seal: 0 after 3; claimed: no; turn: 0; rng: d7c60c5e70c5e89b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Info.ParsePosition(tc.position, game.Options{Players: tc.players, Values: map[string]string{"unsteadyHands": tc.unsteady}})
			if err != nil {
				t.Fatal(err)
			}
			gametest.Golden(t, filepath.Join("testdata", "diagram", tc.name+".golden"), s.(*State).Diagram())
		})
	}
}
