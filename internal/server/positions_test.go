package server

import (
	"maps"
	"net/http"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/internal/protocol"
)

// TestPositions plays a game out and checks that GET .../positions lists
// the start and the position after every ply, each one what the rules give
// for the record's prefix, ending at the final state's position.
func TestPositions(t *testing.T) {
	h := start(t, "")
	zero := 0
	resp := h.create(protocol.CreateRequest{Game: "race", Join: &zero, TimeControl: protocol.TimeControl{Kind: "none"},
		Options: map[string]string{"goal": "12"}})
	id, tokens := resp.Match.ID, [2]string{resp.Token, h.join(resp.Match.ID, 1)}
	p := [2]*client{h.connect(id, tokens[0]), h.connect(id, tokens[1])}
	final := playOut(t, p)

	var got protocol.Positions
	if st := h.api("GET", "/api/matches/"+id+"/positions", nil, &got); st != http.StatusOK {
		t.Fatalf("status %d", st)
	}
	if got.ID != id || got.Status != protocol.StatusFinished || got.Result == nil {
		t.Errorf("summary %+v", got.Summary)
	}
	if len(got.Positions) != len(final.Moves)+1 {
		t.Fatalf("%d positions for %d moves", len(got.Positions), len(final.Moves))
	}
	opts, err := race.NewInfo().Check(game.Options{Players: 2, Values: map[string]string{"goal": "12"}})
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(got.Options, map[string]string{"goal": "12"}) {
		t.Errorf("options %v, want the match's goal=12", got.Options)
	}
	st, err := race.NewInfo().New(opts)
	if err != nil {
		t.Fatal(err)
	}
	for i, pp := range got.Positions {
		if i > 0 {
			if pp.Move != final.Moves[i-1] {
				t.Errorf("ply %d: move %q, record has %q", i, pp.Move, final.Moves[i-1])
			}
			if st, err = game.PlayAll(st, []string{pp.Move}); err != nil {
				t.Fatalf("ply %d: %v", i, err)
			}
			if pp.At == 0 {
				t.Errorf("ply %d: no time", i)
			}
		} else if pp.Move != "" || pp.Seat != -1 {
			t.Errorf("ply 0: %+v, want no move and seat -1", pp)
		}
		if pp.Ply != i || pp.Position != st.String() || pp.ToMove != int(st.ToMove()) {
			t.Errorf("ply %d: %+v; rules give %q to move %d", i, pp, st.String(), st.ToMove())
		}
	}
	if last := got.Positions[len(got.Positions)-1]; last.Position != final.Position || last.ToMove != -1 {
		t.Errorf("last %+v, final position %q", last, final.Position)
	}
}

func TestPositionsErrors(t *testing.T) {
	h := start(t, "")
	tests := []struct {
		name, path string
		status     int
		code       protocol.Code
	}{
		{"no such match", "/api/matches/m_nosuchmatch/positions", http.StatusNotFound, protocol.CodeNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var body struct{ Error protocol.Error }
			if st := h.api("GET", tc.path, nil, &body); st != tc.status || body.Error.Code != tc.code {
				t.Errorf("status %d, error %+v; want %d %s", st, body.Error, tc.status, tc.code)
			}
		})
	}
}

// TestPositionsNewMatch: a match without moves has only the start.
func TestPositionsNewMatch(t *testing.T) {
	h := start(t, "")
	id, _ := h.twoPlayers(protocol.TimeControl{Kind: "none"})
	var got protocol.Positions
	if st := h.api("GET", "/api/matches/"+id+"/positions", nil, &got); st != http.StatusOK {
		t.Fatalf("status %d", st)
	}
	if len(got.Positions) != 1 || got.Positions[0].Ply != 0 || got.Positions[0].ToMove != 0 {
		t.Errorf("positions %+v, want only the start with seat 0 to move", got.Positions)
	}
}
