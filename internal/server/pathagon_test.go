package server

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
	"github.com/tabula-games/tabula/internal/protocol"
)

// TestPathagonFullGame plays Pathagon to its end over WebSockets, each
// player clicking a legal move by its cells, and checks the board form of
// the legal moves.
func TestPathagonFullGame(t *testing.T) {
	h := start(t, "", func(c *Config) { c.Games = []*game.Info{pathagon.Info} })
	zero := 0
	resp := h.create(protocol.CreateRequest{Game: "pathagon", Join: &zero, Options: map[string]string{"plyCap": "60"}})
	id := resp.Match.ID
	p := [2]*client{h.connect(id, resp.Token), h.connect(id, h.join(id, 1))}
	spec := h.connect(id, "")
	p[0].untilVersion(2)
	if n := len(p[0].state.Legal); n != 49 {
		t.Fatalf("start position offers %d moves, want 49 placements", n)
	}
	for _, m := range p[0].state.Legal {
		if m.To == "" || m.From != "" || m.To != m.Text {
			t.Fatalf("placement %+v: want only To, equal to the text", m)
		}
	}
	// An illegal move (a placement on an occupied cell) is refused with
	// its code and changes nothing.
	wantAck(t, p[0].do(protocol.TypeMove, "d4"))
	p[1].untilVersion(p[0].version)
	before := p[1].state.Position
	wantCode(t, p[1].do(protocol.TypeMove, "d4"), protocol.CodeIllegalMove)
	wantCode(t, p[1].do(protocol.TypeMove, "z9"), protocol.CodeSyntax)
	if st := h.srv.mustSnap(t, id); st.Position != before || st.Version != p[1].version {
		t.Fatalf("after refused moves: %q v%d, want %q v%d", st.Position, st.Version, before, p[1].version)
	}
	relocations := 0
	for ply := 0; p[0].state.Status == protocol.StatusLive; ply++ {
		if ply > 100 {
			t.Fatal("no end after 100 plies with a 60-ply cap")
		}
		mover := p[p[0].state.ToMove]
		mover.untilVersion(p[0].version)
		// Click the last listed move: its cells say what it is.
		m := mover.state.Legal[len(mover.state.Legal)-1]
		if m.From != "" {
			relocations++
		}
		wantAck(t, mover.do(protocol.TypeMove, m.Text))
		p[0].untilVersion(mover.version)
	}
	final := p[0].state
	if final.Status != protocol.StatusFinished || final.Result == nil {
		t.Fatalf("final %+v", final)
	}
	spec.untilVersion(final.Version)
	if spec.state.Position != final.Position {
		t.Errorf("spectator %q, player %q", spec.state.Position, final.Position)
	}
	st, err := pathagon.Info.New(game.Options{Values: map[string]string{"plyCap": "60"}})
	if err != nil {
		t.Fatal(err)
	}
	if st, err = game.PlayAll(st, final.Moves); err != nil || st.String() != final.Position {
		t.Fatalf("moves %v replay to %v (%v), want %q", final.Moves, st, err, final.Position)
	}
	t.Logf("%d plies, %d relocations, %s", len(final.Moves), relocations, final.Result.Text)
}

// mustSnap returns the published state of a live match.
func (s *Server) mustSnap(t *testing.T, id string) *protocol.State {
	t.Helper()
	r, err := s.room(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return r.snapshot()
}
