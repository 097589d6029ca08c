package server

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
)

// engineClient is a client that asked for deltas: it keeps the position
// itself with the rules, as an engine or a load generator does, and
// rebuilds it from a full state whenever it gets one.
type engineClient struct {
	*client
	info   *game.Info
	opts   game.Options
	st     game.State
	ply    int
	toMove int
	status string
	clocks *protocol.Clocks
	result *protocol.Result
	deltas int    // updates applied as deltas
	prefix uint64 // command IDs are unique per seat, across connections
}

// engine dials and says hello asking for deltas with the given tokens.
func (h *harness) engine(id string, tokens []string) (*engineClient, protocol.ServerMessage) {
	h.t.Helper()
	e := &engineClient{client: h.dial(id), info: race.NewInfo(), opts: game.Options{Players: 2}, prefix: rand.Uint64()}
	e.sendJSON(protocol.ClientMessage{Type: protocol.TypeHello, Tokens: tokens, Delta: true})
	return e, e.next()
}

// reconnect dials again and says hello with since, keeping the position.
func (e *engineClient) reconnect(h *harness, id string, tokens []string) protocol.ServerMessage {
	h.t.Helper()
	e.ws.CloseNow()
	since := e.version
	old := e.client
	e.client = h.dial(id)
	e.version, e.state = since, old.state
	e.n.Store(old.n.Load())
	e.sendJSON(protocol.ClientMessage{Type: protocol.TypeHello, Tokens: tokens, Since: &since, Delta: true})
	return e.next()
}

// next reads one message and applies it to the client's position.
func (e *engineClient) next() protocol.ServerMessage {
	e.t.Helper()
	m := e.read()
	switch {
	case m.State != nil:
		st, err := e.info.New(e.opts)
		if err != nil {
			e.t.Fatal(err)
		}
		if e.st, err = game.PlayAll(st, m.State.Moves); err != nil {
			e.t.Fatal(err)
		}
		e.ply, e.toMove, e.status, e.clocks, e.result = len(m.State.Moves), m.State.ToMove, m.State.Status, m.State.Clocks, m.State.Result
	case m.Delta != nil:
		if m.State != nil || m.Event == nil || m.Event.Kind != protocol.EventMove {
			e.t.Fatalf("delta update %+v", m)
		}
		mv, err := e.st.ParseMove(m.Event.Move)
		if err != nil {
			e.t.Fatal(err)
		}
		if e.st, err = e.st.Play(mv); err != nil {
			e.t.Fatal(err)
		}
		e.ply++
		e.toMove, e.clocks = m.Delta.ToMove, m.Delta.Clocks
		if m.Delta.Status != "" {
			e.status, e.result = m.Delta.Status, m.Delta.Result
		}
		if e.ply != m.Delta.Ply {
			e.t.Fatalf("delta ply %d, client at %d", m.Delta.Ply, e.ply)
		}
		if p := e.st.ToMove(); e.toMove >= 0 && int(p) != e.toMove {
			e.t.Fatalf("delta says seat %d to move, the rules say %v", e.toMove, p)
		}
		e.deltas++
	case m.Type == protocol.TypeUpdate && m.Event.Kind == protocol.EventMove:
		// A missed move replayed after a welcome: the event only (the
		// last replayed update carries the state).
		mv, err := e.st.ParseMove(m.Event.Move)
		if err != nil {
			e.t.Fatal(err)
		}
		if e.st, err = e.st.Play(mv); err != nil {
			e.t.Fatal(err)
		}
		e.ply++
	}
	return m
}

// untilVersion reads until the client has seen version v.
func (e *engineClient) untilVersion(v int64) {
	e.t.Helper()
	for e.version < v {
		e.next()
	}
}

// do sends a command for seat and reads until its ack or error.
func (e *engineClient) do(typ, move string, seat *int) protocol.ServerMessage {
	e.t.Helper()
	id := fmt.Sprintf("e%x-%d", e.prefix, e.n.Add(1))
	e.sendJSON(protocol.ClientMessage{Type: typ, ID: id, Version: e.version, Move: move, Seat: seat})
	for {
		if m := e.next(); (m.Type == protocol.TypeAck || m.Type == protocol.TypeError) && m.ID == id {
			return m
		}
	}
}

// TestDeltaClientMatchesFullClient plays random games from one connection
// holding both seats and asking for deltas, with full-state clients
// watching: at every step both kinds agree on position, version, clocks,
// status and result; a second hello resyncs with a full state.
func TestDeltaClientMatchesFullClient(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h := start(t, "", func(c *Config) { c.Clock = fake })
	for g := range 6 {
		rng := rand.New(rand.NewPCG(uint64(g), 7))
		id, tokens := h.twoPlayers(protocol.TimeControl{Kind: "fischer", BaseMs: 600_000, IncrementMs: 1500})
		full := h.connect(id, tokens[0]) // a web-style client on seat 0
		spec := h.connect(id, "")
		e, w := h.engine(id, tokens[:])
		if w.Type != protocol.TypeWelcome || w.Seat == nil || *w.Seat != 0 || !slices.Equal(w.Seats, []int{0, 1}) || w.State == nil {
			t.Fatalf("welcome for two seats: %+v", w)
		}
		for e.status == protocol.StatusLive {
			if e.toMove < 0 {
				t.Fatalf("live with nobody to move")
			}
			fake.Advance(time.Duration(rng.IntN(5000)) * time.Millisecond)
			legal := e.st.LegalMoves(nil)
			mv := e.st.MoveString(legal[rng.IntN(len(legal))])
			var seat *int
			if rng.IntN(2) == 0 { // name the seat or let the server pick the one to move
				s := e.toMove
				seat = &s
			}
			wantAck(t, e.do(protocol.TypeMove, mv, seat))
			for e.st.ToMove() == game.Chance && e.status == protocol.StatusLive {
				e.next() // the server's coin toss follows as its own update
			}
			for _, c := range []*client{full, spec} {
				c.untilVersion(e.version)
				compare(t, e, c.state)
			}
		}
		if e.deltas == 0 {
			t.Fatal("no update came as a delta")
		}
		if e.result == nil || !reflect.DeepEqual(e.result, full.state.Result) {
			t.Fatalf("result %+v, full client %+v", e.result, full.state.Result)
		}
		// A second hello is a full resync.
		e.sendJSON(protocol.ClientMessage{Type: protocol.TypeHello, Tokens: tokens[:], Delta: true})
		if w := e.next(); w.Type != protocol.TypeWelcome || w.State == nil {
			t.Fatalf("resync: %+v", w)
		}
		compare(t, e, full.state)
	}
}

// compare fails unless the engine client's view of the match is the full
// state's.
func compare(t *testing.T, e *engineClient, full *protocol.State) {
	t.Helper()
	if e.version != full.Version || e.st.String() != full.Position || e.ply != len(full.Moves) || e.toMove != full.ToMove ||
		e.status != full.Status || !reflect.DeepEqual(e.clocks, full.Clocks) {
		t.Fatalf("delta client: version %d position %q ply %d toMove %d status %s clocks %+v\nfull client: version %d position %q ply %d toMove %d status %s clocks %+v",
			e.version, e.st.String(), e.ply, e.toMove, e.status, e.clocks,
			full.Version, full.Position, len(full.Moves), full.ToMove, full.Status, full.Clocks)
	}
}

// TestDeltaReconnect: a delta client that reconnects with since gets the
// missed updates (events; the last with the full state), and other
// events than moves reach it as full states.
func TestDeltaReconnect(t *testing.T) {
	h := start(t, "")
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	e, _ := h.engine(id, tokens[:1])
	other := h.connect(id, tokens[1])
	wantAck(t, e.do(protocol.TypeMove, "+1", nil))
	e.ws.CloseNow()
	other.untilVersion(e.version)
	wantAck(t, other.do(protocol.TypeMove, "+1")) // counter 2
	wantAck(t, other.do(protocol.TypeOfferDraw, ""))
	if e.deltas != 1 {
		t.Fatalf("the first move: %d deltas, want 1", e.deltas)
	}
	w := e.reconnect(h, id, tokens[:1])
	if w.State != nil || w.Version != other.version {
		t.Fatalf("welcome after reconnect: %+v", w)
	}
	e.untilVersion(other.version)
	if e.st == nil || e.st.String() != other.state.Position || e.version != other.state.Version {
		t.Fatalf("after reconnect: %v at %d, want %q at %d", e.st, e.version, other.state.Position, other.state.Version)
	}
	// The draw offer is not a move: it came with the full state.
	wantAck(t, e.do(protocol.TypeDeclineDraw, "", nil))
	if e.deltas != 1 {
		t.Fatalf("%d deltas, want 1: the replayed moves and the draw events are not deltas", e.deltas)
	}
	wantAck(t, e.do(protocol.TypeMove, "+2", nil))
	if e.deltas != 2 {
		t.Fatalf("a move after the reconnect: %d deltas in all, want 2", e.deltas)
	}
	other.untilVersion(e.version)
	compare(t, e, other.state)
}

// TestSeveralSeatsOneConnection covers the seat rules of a connection
// holding several seats.
func TestSeveralSeatsOneConnection(t *testing.T) {
	h := start(t, "")
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	one := 1
	c := h.dial(id)
	c.sendJSON(protocol.ClientMessage{Type: protocol.TypeHello, Token: tokens[0], Tokens: []string{"wrong"}})
	wantCode(t, c.read(), protocol.CodeBadToken)
	c.sendJSON(protocol.ClientMessage{Type: protocol.TypeHello, Tokens: tokens[:]})
	if w := c.read(); w.Seat == nil || *w.Seat != 0 || !slices.Equal(w.Seats, []int{0, 1}) {
		t.Fatalf("welcome %+v", w)
	}
	// Naming the seat not to move: not your turn; without a seat: the seat to move.
	c.sendJSON(protocol.ClientMessage{Type: protocol.TypeMove, ID: "a", Version: c.version, Move: "+1", Seat: &one})
	wantCode(t, c.until(func(m protocol.ServerMessage) bool { return m.ID == "a" }), protocol.CodeNotYourTurn)
	wantAck(t, c.do(protocol.TypeMove, "+1"))
	if c.state.ToMove != 1 {
		t.Fatalf("seat %d to move, want 1", c.state.ToMove)
	}
	wantAck(t, c.do(protocol.TypeMove, "+1")) // seat 1, chosen by the server
	for _, s := range c.state.Seats {
		if !s.Connected {
			t.Errorf("seat %d not shown connected", s.Seat)
		}
	}
	// A connection holding one seat cannot act for another.
	single := h.connect(id, tokens[0])
	single.sendJSON(protocol.ClientMessage{Type: protocol.TypeResign, ID: "r", Version: single.version, Seat: &one})
	wantCode(t, single.until(func(m protocol.ServerMessage) bool { return m.ID == "r" }), protocol.CodeBadToken)
	// A spectator naming a seat is still a spectator.
	spec := h.connect(id, "")
	spec.sendJSON(protocol.ClientMessage{Type: protocol.TypeResign, ID: "s", Version: spec.version, Seat: &one})
	wantCode(t, spec.until(func(m protocol.ServerMessage) bool { return m.ID == "s" }), protocol.CodeNotAPlayer)
}

// TestSnapshotWithOnlyDeltaClients: with nobody needing full states the
// room builds none per move, but the lobby API still answers the current
// state.
func TestSnapshotWithOnlyDeltaClients(t *testing.T) {
	h := start(t, "")
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	e, _ := h.engine(id, tokens[:])
	for _, mv := range []string{"+1", "+1"} {
		wantAck(t, e.do(protocol.TypeMove, mv, nil))
	}
	// With delta clients only, the room keeps no out-of-date view alive
	// (dropStaleSnap): the one built for the welcome went with the first
	// move.
	h.settle(id)
	r, err := h.srv.room(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if v := r.snap.Load(); v != nil {
		t.Errorf("room keeps a view at version %d after the moves (room at %d)", v.Version, r.version.Load())
	}
	var st protocol.State
	if code := h.api("GET", "/api/matches/"+id, nil, &st); code != 200 {
		t.Fatalf("GET state: %d", code)
	}
	if st.Version != e.version || st.Position != e.st.String() || len(st.Moves) != 2 {
		t.Fatalf("lobby state %d %q %v, delta client at %d %q", st.Version, st.Position, st.Moves, e.version, e.st.String())
	}
	// The view built for that read is current and is kept for the next.
	if v := r.snap.Load(); v == nil || v.Version != st.Version {
		t.Errorf("no current view kept after a read")
	}
}
