package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/coder/websocket"

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
	r := h.room(id)
	r.do(func() {
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
}

// BenchmarkMoveRoundTripDelta measures one move the way the load test
// makes it: one WebSocket holding both seats, delta updates, the client
// keeping the position with the rules and reading raw frames (no JSON
// decoding), so the allocations counted are nearly all the server's: read
// and decode the command, apply, commit, encode and write the delta and
// the ack.
func BenchmarkMoveRoundTripDelta(b *testing.B) {
	h := start(b, "", func(c *Config) { c.Games = []*game.Info{pathagon.Info} })
	opts := map[string]string{"plyCap": "0", "repetitionDraw": "false"}
	ctx := context.Background()
	type match struct {
		ws      *websocket.Conn
		st      game.State
		version int64
	}
	newMatch := func() match {
		zero := 0
		resp := h.create(protocol.CreateRequest{Game: "pathagon", Join: &zero, Options: opts})
		t1 := h.join(resp.Match.ID, 1)
		c := h.dial(resp.Match.ID)
		hello, _ := json.Marshal(protocol.ClientMessage{Type: protocol.TypeHello, Token: resp.Token, Tokens: []string{t1}, Delta: true})
		c.write(hello)
		w := c.read()
		if w.Type != protocol.TypeWelcome || w.State == nil {
			b.Fatalf("hello answered %+v", w)
		}
		st, err := pathagon.Info.New(game.Options{Values: opts})
		if err != nil {
			b.Fatal(err)
		}
		return match{ws: c.ws, st: st, version: w.Version}
	}
	m := newMatch()
	var legal []game.Move
	var cmd []byte
	ack := []byte(`{"type":"ack"`)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, over := m.st.Outcome(); over {
			m.ws.CloseNow()
			m = newMatch()
		}
		legal = m.st.LegalMoves(legal[:0])
		mv := legal[i*7%len(legal)]
		cmd = fmt.Appendf(cmd[:0], `{"type":"move","id":"m%d","version":%d,"move":%q,"seat":%d}`, i, m.version, m.st.MoveString(mv), m.st.ToMove())
		if err := m.ws.Write(ctx, websocket.MessageText, cmd); err != nil {
			b.Fatal(err)
		}
		for {
			_, data, err := m.ws.Read(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if bytes.HasPrefix(data, ack) {
				break
			}
			if !bytes.Contains(data, []byte(`"delta":`)) {
				b.Fatalf("not a delta update: %s", data)
			}
		}
		next, err := m.st.Play(mv)
		if err != nil {
			b.Fatal(err)
		}
		m.st, m.version = next, m.version+1
	}
}
