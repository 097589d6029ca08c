package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store/sqlite"
)

// testTimeout bounds every wait for a server message; generous because the
// machine is shared.
const testTimeout = 15 * time.Second

type harness struct {
	t    testing.TB
	srv  *Server
	http *httptest.Server
	// metrics serves MetricsHandler, apart from the game port as tabula
	// serve --metrics-addr does.
	metrics *httptest.Server
	db      *sqlite.DB
	path    string
	clock   clock.Clock
}

type option func(*Config)

// start runs a real server on a random loopback port over a fresh SQLite
// file in t.TempDir (or path, to reopen one).
func start(t testing.TB, path string, opts ...option) *harness {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "tabula.db")
	}
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{
		Games: []*game.Info{race.NewInfo()}, Store: db, BotWorkers: 2,
		Assets: fstest.MapFS{"index.html": {Data: []byte("<!doctype html>tabula")}, "app.js": {Data: []byte("js")}},
	}
	for _, o := range opts {
		o(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, srv: srv, http: httptest.NewServer(srv.Handler()), metrics: httptest.NewServer(srv.MetricsHandler()),
		db: db, path: path, clock: srv.clock}
	t.Cleanup(h.stop)
	return h
}

func (h *harness) stop() {
	if h.srv == nil {
		return
	}
	h.http.CloseClientConnections()
	h.http.Close()
	h.metrics.Close()
	h.srv.Close()
	h.db.Close()
	h.srv = nil
}

// api calls the lobby API and decodes the answer into out (unless nil); it
// returns the status.
func (h *harness) api(method, path string, body, out any) int {
	h.t.Helper()
	var header http.Header
	if body != nil {
		header = http.Header{"Content-Type": {"application/json"}}
	}
	return h.send(method, path, body, out, header).StatusCode
}

// send sends a request with body as JSON (no body when nil) and the
// header, decodes the answer into out (when not nil) and returns the
// response, its body read and closed.
func (h *harness) send(method, path string, body, out any, header http.Header) *http.Response {
	h.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, h.http.URL+path, rd)
	maps.Copy(req.Header, header)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			h.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp
}

// create makes a match, joining seat 0 when humans > 0.
func (h *harness) create(req protocol.CreateRequest) protocol.CreateResponse {
	h.t.Helper()
	var resp protocol.CreateResponse
	if st := h.api("POST", "/api/matches", req, &resp); st != http.StatusCreated {
		h.t.Fatalf("create %+v: status %d", req, st)
	}
	return resp
}

func (h *harness) join(id string, seat int) string {
	h.t.Helper()
	var resp protocol.JoinResponse
	if st := h.api("POST", "/api/matches/"+id+"/join", protocol.JoinRequest{Seat: &seat}, &resp); st != http.StatusOK {
		h.t.Fatalf("join %s seat %d: status %d", id, seat, st)
	}
	return resp.Token
}

// twoPlayers creates a race match with both seats taken; it returns the ID
// and the tokens.
func (h *harness) twoPlayers(tc protocol.TimeControl) (string, [2]string) {
	zero := 0
	resp := h.create(protocol.CreateRequest{Game: "race", Join: &zero, TimeControl: tc})
	return resp.Match.ID, [2]string{resp.Token, h.join(resp.Match.ID, 1)}
}

// client is a test WebSocket client that tracks the match version.
// waitClosed reads (and drops) what the server sent until the connection
// fails, as a closed one does once the kernel's buffers are drained, and
// returns the read's error (a websocket.CloseError if a close frame came);
// it fails the test with why if that takes testTimeout.
func (c *client) waitClosed(why string) error {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	for {
		if _, _, err := c.ws.Read(ctx); err != nil {
			if ctx.Err() != nil {
				c.t.Fatal(why)
			}
			return err
		}
	}
}

type client struct {
	t       testing.TB
	ws      *websocket.Conn
	version int64
	state   *protocol.State
	seat    int
	n       atomic.Int64
}

// room returns match id's live room, loading it if need be.
func (h *harness) room(id string) *room {
	h.t.Helper()
	r, err := h.srv.room(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return r
}

// settle waits until the match's room has finished what it is doing (the
// work after a command's ack, such as arming the flag timer, included), so
// a test can move the fake clock without racing the room.
func (h *harness) settle(id string) {
	h.t.Helper()
	r := h.room(id)
	done := make(chan struct{})
	go r.do(func() { close(done) })
	select {
	case <-done:
	case <-time.After(testTimeout):
		h.t.Fatal("room did not settle")
	}
}

func (h *harness) dial(id string) *client {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, strings.Replace(h.http.URL, "http", "ws", 1)+"/ws/matches/"+id, nil)
	if err != nil {
		h.t.Fatal(err)
	}
	ws.SetReadLimit(1 << 20)
	c := &client{t: h.t, ws: ws, seat: -1}
	h.t.Cleanup(func() { ws.CloseNow() })
	return c
}

// connect dials and says hello with token (empty: spectator).
func (h *harness) connect(id, token string) *client {
	h.t.Helper()
	c := h.dial(id)
	w := c.hello(token, nil)
	if w.Type != protocol.TypeWelcome {
		h.t.Fatalf("hello answered %+v", w)
	}
	return c
}

func (c *client) write(data []byte) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, data); err != nil {
		c.t.Fatal(err)
	}
}

func (c *client) sendJSON(v any) {
	c.t.Helper()
	b, _ := json.Marshal(v)
	c.write(b)
}

// read returns the next message and tracks version and state.
func (c *client) read() protocol.ServerMessage {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	_, data, err := c.ws.Read(ctx)
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	var m protocol.ServerMessage
	if err := json.Unmarshal(data, &m); err != nil {
		c.t.Fatalf("decode %s: %v", data, err)
	}
	if m.Type == protocol.TypeUpdate && m.Version != c.version+1 && c.version != 0 {
		c.t.Fatalf("update version %d after %d: a gap", m.Version, c.version)
	}
	if m.State != nil {
		c.state = m.State
	}
	if m.Type == protocol.TypeUpdate || (m.Type == protocol.TypeWelcome && m.State != nil) {
		c.version = max(c.version, m.Version)
	}
	if m.Seat != nil {
		c.seat = *m.Seat
	}
	return m
}

func (c *client) hello(token string, since *int64) protocol.ServerMessage {
	c.t.Helper()
	c.sendJSON(protocol.ClientMessage{Type: protocol.TypeHello, Token: token, Since: since})
	return c.read()
}

// until reads until pred holds for a message and returns it.
func (c *client) until(pred func(protocol.ServerMessage) bool) protocol.ServerMessage {
	c.t.Helper()
	for {
		if m := c.read(); pred(m) {
			return m
		}
	}
}

// untilVersion reads until the client has seen version v.
func (c *client) untilVersion(v int64) {
	c.t.Helper()
	for c.version < v {
		c.read()
	}
}

// do sends a command based on the client's version and returns its ack or
// error.
func (c *client) do(typ, move string) protocol.ServerMessage {
	c.t.Helper()
	id := fmt.Sprintf("c%d-%d", c.seat, c.n.Add(1))
	c.sendJSON(protocol.ClientMessage{Type: typ, ID: id, Version: c.version, Move: move})
	return c.until(func(m protocol.ServerMessage) bool {
		return (m.Type == protocol.TypeAck || m.Type == protocol.TypeError) && m.ID == id
	})
}

func wantAck(t *testing.T, m protocol.ServerMessage) {
	t.Helper()
	if m.Type != protocol.TypeAck {
		t.Fatalf("got %s %+v, want ack", m.Type, m.Error)
	}
}

func wantCode(t *testing.T, m protocol.ServerMessage, code protocol.Code) {
	t.Helper()
	if m.Type != protocol.TypeError || m.Error == nil || m.Error.Code != code {
		t.Fatalf("got %s %+v, want error %s", m.Type, m.Error, code)
	}
}

// playOut plays the match to its end, each seat playing its first legal
// move, and returns the final state as seen by players[0].
func playOut(t *testing.T, players [2]*client) *protocol.State {
	t.Helper()
	for i := 0; ; i++ {
		st := players[0].state
		if st.ToMove < 0 || st.Status != protocol.StatusLive {
			return st
		}
		if i > 100 {
			t.Fatal("race did not end in 100 moves")
		}
		mover := players[st.ToMove]
		mover.untilVersion(st.Version)
		wantAck(t, mover.do(protocol.TypeMove, mover.state.Legal[0].Text))
		players[0].untilVersion(mover.version)
		players[1].untilVersion(mover.version)
		// Chance events follow a move without a command; wait until the
		// server has played them.
		for players[0].state.ToMove == int(game.Chance) {
			players[0].read()
		}
		players[1].untilVersion(players[0].version)
	}
}

func TestFullGameWithSpectator(t *testing.T) {
	h := start(t, "")
	id, tokens := h.twoPlayers(protocol.TimeControl{Kind: "fischer", BaseMs: 60000, IncrementMs: 1000})
	p := [2]*client{h.connect(id, tokens[0]), h.connect(id, tokens[1])}
	if p[0].seat != 0 || p[1].seat != 1 {
		t.Fatalf("seats %d, %d; want 0, 1", p[0].seat, p[1].seat)
	}
	spec := h.connect(id, "")
	if spec.seat != -1 {
		t.Fatalf("spectator seat %d, want -1", spec.seat)
	}
	final := playOut(t, p)
	if final.Status != protocol.StatusFinished || final.Result == nil || len(final.Result.Winners) != 1 {
		t.Fatalf("final state %+v", final)
	}
	spec.untilVersion(final.Version)
	if spec.state.Position != final.Position || spec.state.Result == nil || spec.state.Result.Text != final.Result.Text {
		t.Errorf("spectator sees %q %+v, players %q %+v", spec.state.Position, spec.state.Result, final.Position, final.Result)
	}
	if final.Clocks == nil || final.Clocks.Running != -1 {
		t.Errorf("clocks after the end: %+v", final.Clocks)
	}
	// The record replays to the same position.
	resp, err := http.Get(h.http.URL + "/api/matches/" + id + "/record")
	if err != nil {
		t.Fatal(err)
	}
	text, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	st, err := race.NewInfo().New(game.Options{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	st, err = game.PlayAll(st, game.SplitRecord(string(text)))
	if err != nil {
		t.Fatalf("record %q: %v", text, err)
	}
	if st.String() != final.Position {
		t.Errorf("record replays to %q, want %q", st.String(), final.Position)
	}
	var rec protocol.Record
	h.api("GET", "/api/matches/"+id+"/record.json", nil, &rec)
	if len(rec.Moves) != len(final.Moves) || rec.Position != final.Position || rec.Status != protocol.StatusFinished {
		t.Errorf("record.json %+v, want %d moves at %q", rec, len(final.Moves), final.Position)
	}
	var list protocol.MatchList
	h.api("GET", "/api/matches?status=finished", nil, &list)
	if len(list.Matches) != 1 || list.Matches[0].ID != id {
		t.Errorf("finished list %+v", list)
	}
}

func TestSeatTokens(t *testing.T) {
	h := start(t, "")
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	spec := h.connect(id, "")
	wantCode(t, spec.do(protocol.TypeMove, "+1"), protocol.CodeNotAPlayer)
	wantCode(t, spec.do(protocol.TypeResign, ""), protocol.CodeNotAPlayer)
	bad := h.dial(id)
	wantCode(t, bad.hello("not-a-token", nil), protocol.CodeBadToken)
	// After a refused hello the connection may try again.
	if w := bad.hello(tokens[0], nil); w.Type != protocol.TypeWelcome || *w.Seat != 0 {
		t.Fatalf("second hello: %+v", w)
	}
	// The second seat cannot be joined again, nor a missing seat.
	two := 1
	var e protocol.ErrorBody
	if st := h.api("POST", "/api/matches/"+id+"/join", protocol.JoinRequest{Seat: &two}, &e); st != http.StatusConflict || e.Error.Code != protocol.CodeSeatTaken {
		t.Fatalf("joining a taken seat: %d %+v", st, e)
	}
	nine := 9
	if st := h.api("POST", "/api/matches/"+id+"/join", protocol.JoinRequest{Seat: &nine}, &e); st != http.StatusBadRequest || e.Error.Code != protocol.CodeBadRequest {
		t.Fatalf("joining seat 9: %d %+v", st, e)
	}
	if st := h.api("POST", "/api/matches/m_nope/join", protocol.JoinRequest{}, &e); st != http.StatusNotFound || e.Error.Code != protocol.CodeNotFound {
		t.Fatalf("joining a missing match: %d %+v", st, e)
	}
	// The bearer header works for non-browser clients.
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, strings.Replace(h.http.URL, "http", "ws", 1)+"/ws/matches/"+id,
		&websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + tokens[1]}}})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	c := &client{t: t, ws: ws, seat: -1}
	if w := c.hello("", nil); w.Seat == nil || *w.Seat != 1 {
		t.Fatalf("bearer hello: %+v", w)
	}
}

func TestBadMessagesLeaveTheGameUnharmed(t *testing.T) {
	h := start(t, "")
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	c0 := h.dial(id)
	// Before hello, commands are refused.
	c0.sendJSON(protocol.ClientMessage{Type: protocol.TypeResign, ID: "x", Version: 1})
	wantCode(t, c0.read(), protocol.CodeNeedHello)
	c0.hello(tokens[0], nil)
	c1 := h.connect(id, tokens[1])
	before := c0.state.Position
	tests := []struct {
		name string
		send func()
		code protocol.Code
	}{
		{"malformed JSON", func() { c0.write([]byte(`{"type":"move",`)) }, protocol.CodeBadJSON},
		{"unknown type", func() { c0.write([]byte(`{"type":"castle","id":"u1","version":1}`)) }, protocol.CodeUnknownType},
		{"oversized frame", func() {
			c0.write([]byte(`{"type":"move","id":"big","version":1,"move":"` + strings.Repeat("x", 2*protocol.MaxMessageBytes) + `"}`))
		}, protocol.CodeTooLarge},
		{"syntax", func() {
			c0.sendJSON(protocol.ClientMessage{Type: protocol.TypeMove, ID: "s1", Version: c0.version, Move: "e2e4"})
		}, protocol.CodeSyntax},
		{"out of turn", func() {
			c1.sendJSON(protocol.ClientMessage{Type: protocol.TypeMove, ID: "o1", Version: c1.version, Move: "+1"})
		}, protocol.CodeNotYourTurn},
		{"stale version", func() {
			c0.sendJSON(protocol.ClientMessage{Type: protocol.TypeMove, ID: "v1", Version: c0.version - 1, Move: "+1"})
		}, protocol.CodeStaleVersion},
		{"no offer to accept", func() {
			c0.sendJSON(protocol.ClientMessage{Type: protocol.TypeAcceptDraw, ID: "d1", Version: c0.version})
		}, protocol.CodeNoOffer},
		{"rematch while playing", func() { c0.sendJSON(protocol.ClientMessage{Type: protocol.TypeRematch, ID: "r1", Version: c0.version}) }, protocol.CodeNotAllowed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.send()
			reader := c0
			if tt.code == protocol.CodeNotYourTurn {
				reader = c1
			}
			wantCode(t, reader.until(func(m protocol.ServerMessage) bool { return m.Type == protocol.TypeError }), tt.code)
		})
	}
	// Nothing changed, and the game goes on.
	var st protocol.State
	h.api("GET", "/api/matches/"+id, nil, &st)
	if st.Position != before || st.Version != c0.version {
		t.Fatalf("after bad messages: %q v%d, want %q v%d", st.Position, st.Version, before, c0.version)
	}
	wantAck(t, c0.do(protocol.TypeMove, "+1"))
	// Race has no move that parses yet is illegal while the game is on;
	// a move at a finished game is refused.
	c1.untilVersion(c0.version)
	wantAck(t, c1.do(protocol.TypeResign, ""))
	c0.untilVersion(c1.version)
	wantCode(t, c0.do(protocol.TypeMove, "+1"), protocol.CodeGameOver)
}

func TestDuplicateCommandAppliedOnce(t *testing.T) {
	h := start(t, "")
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	c0 := h.connect(id, tokens[0])
	msg := protocol.ClientMessage{Type: protocol.TypeMove, ID: "same", Version: c0.version, Move: "+1"}
	c0.sendJSON(msg)
	ack := c0.until(func(m protocol.ServerMessage) bool { return m.Type == protocol.TypeAck })
	c0.sendJSON(msg) // resent, for example after a reconnect
	again := c0.until(func(m protocol.ServerMessage) bool { return m.Type == protocol.TypeAck || m.Type == protocol.TypeError })
	if again.Type != protocol.TypeAck || again.Version != ack.Version {
		t.Fatalf("resent command answered %+v, want the ack %+v", again, ack)
	}
	var st protocol.State
	h.api("GET", "/api/matches/"+id, nil, &st)
	if len(st.Moves) != 1 {
		t.Fatalf("moves %v: the command was applied twice", st.Moves)
	}
}

func TestReconnectLosesNothing(t *testing.T) {
	h := start(t, "")
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	c0, c1 := h.connect(id, tokens[0]), h.connect(id, tokens[1])
	wantAck(t, c0.do(protocol.TypeMove, "+1"))
	c1.untilVersion(c0.version)
	seen := c1.version
	c1.ws.Close(websocket.StatusNormalClosure, "")
	// Seat 1 is away; seat 0 cannot move, but can offer a draw and take it back.
	wantCode(t, c0.do(protocol.TypeMove, "+1"), protocol.CodeNotYourTurn)
	wantAck(t, c0.do(protocol.TypeOfferDraw, ""))
	// Reconnect with since: exactly the missed updates, no state in the welcome.
	c1 = h.dial(id)
	c1.version = seen
	w := c1.hello(tokens[1], &seen)
	if w.State != nil || w.Version != c0.version {
		t.Fatalf("welcome after reconnect: state %v, version %d (want none, %d)", w.State != nil, w.Version, c0.version)
	}
	u := c1.read()
	if u.Type != protocol.TypeUpdate || u.Version != seen+1 || u.Event.Kind != protocol.EventDrawOffered {
		t.Fatalf("missed update %+v", u)
	}
	if len(c1.state.Offers.Draw) != 1 {
		t.Fatalf("offers after reconnect %+v", c1.state.Offers)
	}
	// A client with no history gets the full state.
	fresh := h.dial(id)
	zero := int64(0)
	if w := fresh.hello(tokens[1], &zero); w.State == nil || w.State.Version != c0.version {
		t.Fatalf("welcome from version 0: %+v", w)
	}
	wantAck(t, c1.do(protocol.TypeDeclineDraw, ""))
	wantAck(t, c1.do(protocol.TypeMove, "+2"))
}

func TestBotGames(t *testing.T) {
	h := start(t, "")
	t.Run("human against bot", func(t *testing.T) {
		zero := 0
		resp := h.create(protocol.CreateRequest{Game: "race", Join: &zero, Seats: []protocol.SeatSpec{{Kind: "human"}, {Kind: "bot", Bot: "random"}}})
		if resp.Match.Status != protocol.StatusLive {
			t.Fatalf("status %s, want live", resp.Match.Status)
		}
		c := h.connect(resp.Match.ID, resp.Token)
		for c.state.Status == protocol.StatusLive {
			if c.state.ToMove == 0 {
				wantAck(t, c.do(protocol.TypeMove, c.state.Legal[0].Text))
				continue
			}
			c.read()
		}
		if c.state.Status != protocol.StatusFinished {
			t.Fatalf("ended as %s", c.state.Status)
		}
	})
	t.Run("bots only refused", func(t *testing.T) {
		var e protocol.ErrorBody
		st := h.api("POST", "/api/matches", protocol.CreateRequest{Game: "race", Players: 3, Seats: []protocol.SeatSpec{{Kind: "bot", Bot: "random"}, {Kind: "bot", Bot: "random"}, {Kind: "bot", Bot: "random"}}}, &e)
		if st != http.StatusConflict || e.Error.Code != protocol.CodeNotAllowed {
			t.Fatalf("bots only: %d %+v", st, e)
		}
	})
	t.Run("unknown bot", func(t *testing.T) {
		var e protocol.ErrorBody
		st := h.api("POST", "/api/matches", protocol.CreateRequest{Game: "race", Seats: []protocol.SeatSpec{{Kind: "bot", Bot: "bot:godlike"}, {}}}, &e)
		if st != http.StatusBadRequest || e.Error.Code != protocol.CodeUnknownBot {
			t.Fatalf("unknown bot: %d %+v", st, e)
		}
	})
}

func TestResignDrawAbortTakebackRematch(t *testing.T) {
	h := start(t, "")
	t.Run("resign", func(t *testing.T) {
		id, tokens := h.twoPlayers(protocol.TimeControl{})
		c0 := h.connect(id, tokens[0])
		wantAck(t, c0.do(protocol.TypeResign, ""))
		if r := c0.state.Result; r == nil || r.Reason != game.ReasonResignation || len(r.Winners) != 1 || r.Winners[0] != 1 {
			t.Fatalf("result %+v", r)
		}
	})
	t.Run("draw by agreement", func(t *testing.T) {
		id, tokens := h.twoPlayers(protocol.TimeControl{})
		c0, c1 := h.connect(id, tokens[0]), h.connect(id, tokens[1])
		wantAck(t, c0.do(protocol.TypeOfferDraw, ""))
		c1.untilVersion(c0.version)
		wantAck(t, c1.do(protocol.TypeAcceptDraw, ""))
		if r := c1.state.Result; r == nil || r.Reason != game.ReasonAgreement || len(r.Winners) != 0 {
			t.Fatalf("result %+v", r)
		}
	})
	t.Run("abort only before the seat's own first move", func(t *testing.T) {
		id, tokens := h.twoPlayers(protocol.TimeControl{})
		c0 := h.connect(id, tokens[0])
		wantAck(t, c0.do(protocol.TypeMove, "+1"))
		wantCode(t, c0.do(protocol.TypeAbort, ""), protocol.CodeNotAllowed)
		// Seat 1 has not moved yet: it may still abort.
		c1 := h.connect(id, tokens[1])
		c1.untilVersion(c0.version)
		wantAck(t, c1.do(protocol.TypeAbort, ""))
		if c1.state.Status != protocol.StatusAborted {
			t.Fatalf("status %s after the second seat's abort", c1.state.Status)
		}
		id2, tokens2 := h.twoPlayers(protocol.TimeControl{})
		c := h.connect(id2, tokens2[1])
		wantAck(t, c.do(protocol.TypeAbort, ""))
		if c.state.Status != protocol.StatusAborted {
			t.Fatalf("status %s", c.state.Status)
		}
	})
	t.Run("takeback", func(t *testing.T) {
		id, tokens := h.twoPlayers(protocol.TimeControl{Kind: "fischer", BaseMs: 60000})
		c0, c1 := h.connect(id, tokens[0]), h.connect(id, tokens[1])
		wantAck(t, c0.do(protocol.TypeMove, "+1"))
		start := c0.state.Position
		c1.untilVersion(c0.version)
		wantAck(t, c1.do(protocol.TypeMove, "+1"))
		c0.untilVersion(c1.version)
		before := c0.state.Moves
		wantAck(t, c1.do(protocol.TypeOfferTakeback, ""))
		c0.untilVersion(c1.version)
		wantAck(t, c0.do(protocol.TypeAcceptTakeback, ""))
		if len(c0.state.Moves) != len(before)-1 || c0.state.Position != start || c0.state.ToMove != 1 {
			t.Fatalf("after takeback: moves %v position %q to move %d; want %d moves at %q, seat 1", c0.state.Moves, c0.state.Position, c0.state.ToMove, len(before)-1, start)
		}
		var rec protocol.Record
		h.api("GET", "/api/matches/"+id+"/record.json", nil, &rec)
		if len(rec.Moves) != len(before)-1 {
			t.Fatalf("stored moves after takeback: %+v", rec.Moves)
		}
		wantCode(t, c0.do(protocol.TypeAcceptTakeback, ""), protocol.CodeNoOffer)
	})
	t.Run("rematch", func(t *testing.T) {
		id, tokens := h.twoPlayers(protocol.TimeControl{})
		c0, c1 := h.connect(id, tokens[0]), h.connect(id, tokens[1])
		wantAck(t, c0.do(protocol.TypeResign, ""))
		c1.untilVersion(c0.version)
		wantAck(t, c1.do(protocol.TypeRematch, ""))
		c0.untilVersion(c1.version)
		wantAck(t, c0.do(protocol.TypeRematch, ""))
		next := c0.state.Rematch
		if next == "" {
			t.Fatal("no rematch ID")
		}
		// Seats rotate: the old seat 0 token now holds seat 1.
		r := h.connect(next, tokens[0])
		if r.seat != 1 || r.state.Status != protocol.StatusLive {
			t.Fatalf("rematch: seat %d status %s", r.seat, r.state.Status)
		}
	})
}

func TestFlagFall(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h := start(t, "", func(c *Config) { c.Clock = fake })
	id, tokens := h.twoPlayers(protocol.TimeControl{Kind: "fischer", BaseMs: 10000, IncrementMs: 2000})
	c0, c1 := h.connect(id, tokens[0]), h.connect(id, tokens[1])
	wantAck(t, c0.do(protocol.TypeMove, "+1")) // the first move, untimed
	c1.untilVersion(c0.version)
	fake.Advance(4 * time.Second)
	wantAck(t, c1.do(protocol.TypeMove, "+1"))
	if got := c1.state.Clocks.Remaining[1]; got != 8000 {
		t.Errorf("seat 1 after 4 s and a 2 s increment: %d ms, want 8000", got)
	}
	c0.untilVersion(c1.version)
	h.settle(id) // the flag timer is armed after the ack
	fake.Advance(12 * time.Second)
	m := c0.until(func(m protocol.ServerMessage) bool {
		return m.Type == protocol.TypeUpdate && m.Event.Kind == protocol.EventTimeout
	})
	if r := m.State.Result; r == nil || r.Reason != game.ReasonTimeout || len(r.Winners) != 1 || r.Winners[0] != 1 {
		t.Fatalf("result %+v", m.State.Result)
	}
	wantCode(t, c0.do(protocol.TypeMove, "+1"), protocol.CodeGameOver)
}

// TestMoveAtFlagFall checks that a move arriving once the mover's time is
// out, before the flag timer has fired, is refused: the room ends the match
// on time, and the timeout update goes out with no ack for the move
// (updates and acks share a frame when a command causes them).
func TestMoveAtFlagFall(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h := start(t, "", func(c *Config) { c.Clock = silentTimers{fake} })
	id, tokens := h.twoPlayers(protocol.TimeControl{Kind: "fischer", BaseMs: 10000})
	c0, c1 := h.connect(id, tokens[0]), h.connect(id, tokens[1])
	wantAck(t, c0.do(protocol.TypeMove, "+1")) // the first move, untimed
	c1.untilVersion(c0.version)
	fake.Advance(11 * time.Second)
	wantCode(t, c1.do(protocol.TypeMove, "+1"), protocol.CodeGameOver)
	if c1.state.Status != protocol.StatusFinished || c1.state.Result == nil || c1.state.Result.Reason != game.ReasonTimeout {
		t.Fatalf("after the flag fall: status %s result %+v", c1.state.Status, c1.state.Result)
	}
}

// silentTimers is a clock whose timers never fire, so the room notices a
// flag fall only when a move comes.
type silentTimers struct{ *clock.Fake }

func (silentTimers) AfterFunc(time.Duration, func()) clock.Timer { return stoppedTimer{} }

type stoppedTimer struct{}

func (stoppedTimer) Stop() bool { return false }

func TestLobby(t *testing.T) {
	h := start(t, "")
	var games protocol.GameList
	if st := h.api("GET", "/api/games", nil, &games); st != http.StatusOK || len(games.Games) != 1 || games.Games[0].ID != "race" {
		t.Fatalf("games: %d %+v", st, games)
	}
	tests := []struct {
		name string
		req  any
		code protocol.Code
	}{
		{"unknown game", protocol.CreateRequest{Game: "chess"}, protocol.CodeUnknownGame},
		{"bad variant", protocol.CreateRequest{Game: "race", Variant: "marathon"}, protocol.CodeBadOption},
		{"too many players", protocol.CreateRequest{Game: "race", Players: 9}, protocol.CodeBadOption},
		{"bad clock", protocol.CreateRequest{Game: "race", TimeControl: protocol.TimeControl{Kind: "fischer", BaseMs: 1}}, protocol.CodeBadRequest},
		{"seat count", protocol.CreateRequest{Game: "race", Seats: []protocol.SeatSpec{{}}}, protocol.CodeBadRequest},
		{"unknown field", map[string]any{"game": "race", "colour": "red"}, protocol.CodeBadJSON},
		{"huge body", map[string]any{"game": strings.Repeat("x", maxBody)}, protocol.CodeTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e protocol.ErrorBody
			st := h.api("POST", "/api/matches", tt.req, &e)
			if e.Error.Code != tt.code || st != tt.code.HTTPStatus() {
				t.Fatalf("got %d %+v, want %s", st, e, tt.code)
			}
		})
	}
	zero := 0
	waiting := h.create(protocol.CreateRequest{Game: "race", Join: &zero})
	if waiting.Match.Status != protocol.StatusWaiting {
		t.Fatalf("status %s, want waiting", waiting.Match.Status)
	}
	var list protocol.MatchList
	h.api("GET", "/api/matches", nil, &list)
	if len(list.Matches) != 1 || list.Matches[0].ID != waiting.Match.ID {
		t.Fatalf("active list %+v", list)
	}
	c := h.connect(waiting.Match.ID, waiting.Token)
	wantCode(t, c.do(protocol.TypeMove, "+1"), protocol.CodeNotAllowed)
	for _, url := range []string{h.http.URL + "/healthz", h.metrics.URL + "/metrics"} {
		resp, err := http.Get(url)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %v %v", url, err, resp)
		}
		resp.Body.Close()
	}
	// The metrics are not on the game port.
	if resp, err := http.Get(h.http.URL + "/metrics"); err != nil {
		t.Fatal(err)
	} else {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if strings.Contains(string(body), "tabula_live_rooms") {
			t.Errorf("GET /metrics on the game port serves the metrics")
		}
	}
	// The web client, with client routes falling back to index.html.
	for path, want := range map[string]string{"/": "tabula", "/game/m_x": "tabula", "/app.js": "js"} {
		resp, err := http.Get(h.http.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(body), want) {
			t.Errorf("GET %s = %d %q, want %q", path, resp.StatusCode, body, want)
		}
	}
	if resp, _ := http.Get(h.http.URL + "/missing.js"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET /missing.js = %d, want 404", resp.StatusCode)
	}
}

// TestRestartKeepsMatches stops a server mid-game and starts another on the
// same database: the match, its seats and moves are back.
func TestRestartKeepsMatches(t *testing.T) {
	h := start(t, "")
	id, tokens := h.twoPlayers(protocol.TimeControl{Kind: "fischer", BaseMs: 60000})
	c0 := h.connect(id, tokens[0])
	wantAck(t, c0.do(protocol.TypeMove, "+1"))
	want := c0.state
	path := h.path
	h.stop()
	h2 := start(t, path)
	c1 := h2.connect(id, tokens[1])
	if c1.seat != 1 || c1.state.Position != want.Position || c1.state.Version != want.Version || len(c1.state.Moves) != 1 {
		t.Fatalf("after restart: seat %d %q v%d %v; want seat 1 %q v%d", c1.seat, c1.state.Position, c1.state.Version, c1.state.Moves, want.Position, want.Version)
	}
	// Clocks resume with the stored reading (downtime not charged).
	if got := c1.state.Clocks.Remaining[1]; got < 59000 {
		t.Errorf("seat 1 clock after restart %d ms", got)
	}
	wantAck(t, c1.do(protocol.TypeMove, "+2"))
}

// TestMetricsSaveAndCollectors checks /metrics serves the collectors given
// in Config and times each room's Save.
func TestMetricsSaveAndCollectors(t *testing.T) {
	extra := prometheus.NewCounter(prometheus.CounterOpts{Name: "test_extra_total", Help: "A collector from Config."})
	extra.Inc()
	h := start(t, "", func(c *Config) { c.Collectors = append(c.Collectors, extra) })
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	c := h.connect(id, tokens[0])
	wantAck(t, c.do(protocol.TypeMove, "+1"))
	resp, err := http.Get(h.metrics.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{"test_extra_total 1", "tabula_save_seconds_count "} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics has no %q", want)
		}
	}
	if strings.Contains(string(body), "tabula_save_seconds_count 0") {
		t.Error("no Save timed after a move")
	}
}

// TestWelcomeClockReading checks that a client connecting while a clock
// runs gets the clock read at its welcome, not at the room's last change:
// a client counts down from when it receives the state (after a restart
// the last change is the room's load, from before the reconnect's wait).
func TestWelcomeClockReading(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h := start(t, "", func(c *Config) { c.Clock = silentTimers{fake} })
	id, tokens := h.twoPlayers(protocol.TimeControl{Kind: "fischer", BaseMs: 60000})
	c0 := h.connect(id, tokens[0])             // the room is loaded and its view published
	wantAck(t, c0.do(protocol.TypeMove, "+1")) // the first move, untimed: seat 1's clock runs
	fake.Advance(7 * time.Second)
	c1 := h.connect(id, tokens[1])
	c := c1.state.Clocks
	if c == nil || c.Running != 1 || c.At != fake.Now().UnixMilli() || c.Remaining[1] != 53000 {
		t.Fatalf("welcome clocks %+v at %d: want seat 1 running with 53000 ms read now", c, fake.Now().UnixMilli())
	}
}
