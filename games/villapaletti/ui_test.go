package villapaletti_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/game/ui/uitest"
	"github.com/tabula-games/tabula/games/villapaletti"
)

// TestUI: every legal move of random games, for each number of players,
// both setups and unsteady hands, has a form that leads back to it, and
// the grouped board sent on the wire expands to the forms.
func TestUI(t *testing.T) {
	tests := []struct {
		name string
		opts game.Options
	}{
		{"2p", game.Options{Players: 2}},
		{"3p", game.Options{Players: 3, Seed: 5}},
		{"4p-unsteady", game.Options{Players: 4, Seed: 9, Values: map[string]string{"unsteadyHands": "true"}}},
		{"3p-custom", game.Options{Players: 3, Seed: 2, Values: map[string]string{"setup": "custom"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			uitest.Run(t, villapaletti.Info, uitest.Config{Options: tc.opts, Games: 2, MaxPlies: 80, Seed: 3})
		})
	}
}

// TestUIForms pins the forms a board reads: the columns with owners,
// colours, centres and levels; the floors' poses; the seal; the phase of a
// proposal; and the moves' forms and groups.
func TestUIForms(t *testing.T) {
	st, err := villapaletti.Info.New(game.Options{Players: 2, Seed: 8})
	if err != nil {
		t.Fatal(err)
	}
	d := st.(ui.Describer)
	pos := d.UIPosition()
	if len(pos.Pieces) != 20 || pos.Phase != "turn" || pos.Turn != 1 || len(pos.Floors) != 1 {
		t.Fatalf("start: %d pieces, phase %q turn %d, %d floors", len(pos.Pieces), pos.Phase, pos.Turn, len(pos.Floors))
	}
	wantPiece := map[string]string{
		"blue-thin-1":  `{"cell":"blue-thin-1","owner":0,"kind":"thin","colour":"blue","x":61.819,"y":16.564}`,
		"green-medium": `{"cell":"green-medium","owner":0,"kind":"medium","colour":"green","x":26.87,"y":26.87}`,
		"red-thick":    `{"cell":"red-thick","owner":1,"kind":"thick","colour":"red","y":-38}`,
	}
	for _, pc := range pos.Pieces {
		if w, ok := wantPiece[pc.Cell]; ok && marshal(t, pc) != w {
			t.Errorf("%s: %s, want %s", pc.Cell, marshal(t, pc), w)
		}
	}
	if got := marshal(t, pos.Floors); got != `[{"name":"blue","at":[0,0,0]}]` {
		t.Errorf("floors %s", got)
	}
	if got := marshal(t, pos.Seal); got != `[-1,-1]` {
		t.Errorf("seal %s", got)
	}
	legal := st.LegalMoves(nil)
	b := ui.Of(st, legal, nil, 0)
	if b.Moves != nil || len(b.Groups) != 10 {
		t.Fatalf("the start's %d moves: %d groups (moves %v), want one per column of seat 1", len(legal), len(b.Groups), b.Moves != nil)
	}
	// The grouped board costs about ten bytes a move (22 kB for these
	// 2270); one form per move would be 162 kB.
	const maxStartBoard = 32 << 10
	if n := len(marshal(t, b)); n > maxStartBoard {
		t.Errorf("the start's board is %d bytes, more than %d", n, maxStartBoard)
	}
	if g := b.Groups[0]; g.Kind != "take" || g.Pieces[0] != "yellow-thin-1" || len(g.Each) < 100 {
		t.Errorf("first group %s ... with %d points", g.Kind, len(g.Each))
	}

	// Play to a proposal (testdata/playthroughs/2p-seed8.golden).
	for _, text := range []string{"yellow-thin-3:0>(-20,-50)", "blue-thin-3:0>(-20,50)", "red-thin-2:0>(-20,30)", "green-thin-2:0>(60,20)", "yellow-thin-2:0>(80,-30)", "propose:green(-30,0,270)"} {
		m, err := st.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		before := st
		if st, err = st.Play(m); err != nil {
			t.Fatal(err)
		}
		if text == "propose:green(-30,0,270)" {
			if got := marshal(t, before.(ui.Describer).UIMove(m)); got != `{"kind":"propose","piece":"green","at":[-30,0,270]}` {
				t.Errorf("proposal form %s", got)
			}
		}
		if text == "yellow-thin-3:0>(-20,-50)" {
			if got := marshal(t, before.(ui.Describer).UIMove(m)); got != `{"kind":"take","pieces":["yellow-thin-3"],"piece":"thin","at":[-20,-50]}` {
				t.Errorf("take form %s", got)
			}
		}
	}
	pos = st.(ui.Describer).UIPosition()
	if pos.Phase != "proposes" || pos.Turn != 0 || pos.Proposed == nil || marshal(t, *pos.Proposed) != `{"name":"green","at":[-30,0,270]}` {
		t.Errorf("proposal: phase %q turn %d proposed %s", pos.Phase, pos.Turn, marshal(t, pos.Proposed))
	}
	for _, pc := range pos.Pieces {
		if pc.Cell == "yellow-thin-3" && marshal(t, pc) != `{"cell":"yellow-thin-3","owner":1,"kind":"thin","colour":"yellow","x":-20,"y":-50,"level":1}` {
			t.Errorf("moved column %s", marshal(t, pc))
		}
	}
	var kinds []string
	for _, m := range st.LegalMoves(nil) {
		kinds = append(kinds, st.(ui.Describer).UIMove(m).Kind)
	}
	if !strings.HasPrefix(strings.Join(kinds, " "), "pass take") {
		t.Errorf("objection window's forms begin %v", kinds[:2])
	}
}

func marshal(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
