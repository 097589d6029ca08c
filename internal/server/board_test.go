package server

import (
	"net/http"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/games/abalone"
	"github.com/tabula-games/tabula/internal/protocol"
)

// TestBoardForms: a game that describes itself to boards (game/ui) gets
// its board forms with every state: the pieces, one form per legal move in
// the order of Legal, and the last move's form, also after a restart (the
// room rebuilds it from the record) and for every ply of the replay; a game
// that does not gets none.
func TestBoardForms(t *testing.T) {
	games := func(c *Config) { c.Games = []*game.Info{race.NewInfo(), abalone.Info} }
	h := start(t, "", games)
	zero := 0
	resp := h.create(protocol.CreateRequest{Game: "abalone", Join: &zero, TimeControl: protocol.TimeControl{Kind: "none"}})
	id, tokens := resp.Match.ID, [2]string{resp.Token, h.join(resp.Match.ID, 1)}
	c0, c1 := h.connect(id, tokens[0]), h.connect(id, tokens[1])

	b := c0.state.Board
	if b == nil {
		t.Fatal("no board form for abalone")
	}
	if len(b.Position.Pieces) != 28 || len(b.Moves) != len(c0.state.Legal) || b.Last != nil {
		t.Fatalf("start: %d pieces, %d forms for %d moves, last %v", len(b.Position.Pieces), len(b.Moves), len(c0.state.Legal), b.Last)
	}
	// The moves' forms come from the rules, in the order of Legal.
	st, err := abalone.Info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, lm := range c0.state.Legal {
		m, err := st.ParseMove(lm.Text)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := ui.Key(b.Moves[i]), ui.Key(st.(ui.Describer).UIMove(m)); got != want {
			t.Fatalf("form %d of %s: %s, want %s", i, lm.Text, got, want)
		}
	}
	played, form := c0.state.Legal[3].Text, b.Moves[3]
	wantAck(t, c0.do(protocol.TypeMove, played))
	c1.untilVersion(c0.version)
	if l := c1.state.Board.Last; l == nil || ui.Key(*l) != ui.Key(form) {
		t.Fatalf("last move form %v, want %s's %s", l, played, ui.Key(form))
	}

	// After a restart the room has no state before the last move: it
	// replays the record for it.
	path := h.path
	h.stop()
	h2 := start(t, path, games)
	c := h2.connect(id, tokens[1])
	if l := c.state.Board.Last; l == nil || ui.Key(*l) != ui.Key(form) {
		t.Fatalf("after restart: last move form %v, want %s", l, ui.Key(form))
	}
	if len(c.state.Board.Moves) != len(c.state.Legal) || len(c.state.Legal) == 0 {
		t.Fatalf("after restart: %d forms for %d moves", len(c.state.Board.Moves), len(c.state.Legal))
	}

	var got protocol.Positions
	if code := h2.api("GET", "/api/matches/"+id+"/positions", nil, &got); code != http.StatusOK {
		t.Fatalf("positions: status %d", code)
	}
	if len(got.Positions) != 2 || got.Positions[0].Board == nil || got.Positions[1].Board == nil {
		t.Fatalf("positions: %+v", got.Positions)
	}
	if l := got.Positions[1].Board.Last; l == nil || ui.Key(*l) != ui.Key(form) || len(got.Positions[1].Board.Moves) != 0 {
		t.Errorf("ply 1: last %v, %d moves; want %s and no moves", l, len(got.Positions[1].Board.Moves), ui.Key(form))
	}

	// race does not describe itself: no board form.
	rid, _ := h2.twoPlayers(protocol.TimeControl{Kind: "none"})
	if r := h2.dial(rid); r.hello("", nil).State.Board != nil {
		t.Error("race has a board form")
	}
}
