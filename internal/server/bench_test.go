package server

import (
	"context"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
	"github.com/tabula-games/tabula/internal/protocol"
)

// BenchmarkMoveRoundTrip measures one move over a real WebSocket on
// loopback: send, durable commit in SQLite, update and ack back. Two players
// alternate in Pathagon; a finished match is replaced.
func BenchmarkMoveRoundTrip(b *testing.B) {
	h := start(b, "", func(c *Config) { c.Games = []*game.Info{pathagon.Info} })
	newMatch := func() [2]*client {
		zero := 0
		resp := h.create(protocol.CreateRequest{Game: "pathagon", Join: &zero, Options: map[string]string{"plyCap": "0", "repetitionDraw": "false"}})
		p := [2]*client{h.connect(resp.Match.ID, resp.Token), h.connect(resp.Match.ID, h.join(resp.Match.ID, 1))}
		p[0].untilVersion(p[1].version) // the join
		return p
	}
	p := newMatch()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if p[0].state.Status != protocol.StatusLive {
			p = newMatch()
		}
		mover := p[p[0].state.ToMove]
		mover.untilVersion(p[0].version)
		legal := mover.state.Legal
		if m := mover.do(protocol.TypeMove, legal[i*7%len(legal)].Text); m.Type != protocol.TypeAck {
			b.Fatalf("move: %+v", m.Error)
		}
		p[0].untilVersion(mover.version)
	}
}

// BenchmarkView measures building the state view sent with every update:
// a Pathagon match 10 plies in, two seats connected.
func BenchmarkView(b *testing.B) {
	h := start(b, "", func(c *Config) { c.Games = []*game.Info{pathagon.Info} })
	zero := 0
	resp := h.create(protocol.CreateRequest{Game: "pathagon", Join: &zero, TimeControl: protocol.TimeControl{Kind: "fischer", BaseMs: 300_000, IncrementMs: 2_000}})
	id := resp.Match.ID
	h.join(id, 1)
	r, err := h.srv.room(context.Background(), id)
	if err != nil {
		b.Fatal(err)
	}
	done := make(chan struct{})
	r.in <- funcMsg(func() {
		defer close(done)
		for ply := range 10 {
			legal := r.st.LegalMoves(nil)
			if err := r.play(context.Background(), int(r.st.ToMove()), legal[ply*7%len(legal)], ""); err != nil {
				b.Error(err)
				return
			}
		}
		b.ReportAllocs()
		for b.Loop() {
			r.view()
		}
	})
	<-done
}
