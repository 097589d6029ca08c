package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/games/abalone"
	"github.com/tabula-games/tabula/games/tictactoe"
	"github.com/tabula-games/tabula/internal/analysis"
	"github.com/tabula-games/tabula/internal/protocol"
)

// analysisGames serves race (MCTS, three seats possible), tic-tac-toe
// (alpha-beta, solved at once) and Abalone (alpha-beta that deepens for
// seconds).
func analysisGames(c *Config) {
	c.Games = []*game.Info{race.NewInfo(), tictactoe.Info, abalone.Info}
}

// analysisMsg is what the analysis socket sends: lines or an error.
type analysisMsg struct {
	Type string `json:"type"`
	Seq  int    `json:"seq"`
	analysis.Update
	Error protocol.Error `json:"error"`
}

type analysisClient struct {
	t  *testing.T
	ws *websocket.Conn
}

func (h *harness) dialAnalysis(t *testing.T, header http.Header) (*analysisClient, *http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, strings.Replace(h.http.URL, "http", "ws", 1)+"/ws/analysis", &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		return nil, resp, err
	}
	t.Cleanup(func() { ws.CloseNow() })
	return &analysisClient{t: t, ws: ws}, resp, nil
}

func (c *analysisClient) send(v any) {
	c.t.Helper()
	b, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, b); err != nil {
		c.t.Fatal(err)
	}
}

func (c *analysisClient) read() analysisMsg {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	_, data, err := c.ws.Read(ctx)
	if err != nil {
		c.t.Fatal(err)
	}
	var m analysisMsg
	if err := json.Unmarshal(data, &m); err != nil {
		c.t.Fatal(err)
	}
	return m
}

// untilFinal reads to the final update of an analysis and returns it.
func (c *analysisClient) untilFinal() analysisMsg {
	c.t.Helper()
	for {
		m := c.read()
		if m.Type == protocol.TypeError {
			c.t.Fatalf("error %+v", m.Error)
		}
		if m.Final {
			return m
		}
	}
}

// waitIdle waits until the pool has nothing running or waiting.
func waitIdle(t *testing.T, h *harness) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		r, w := h.srv.analysis.Busy()
		if r == 0 && w == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("pool still busy: %d running, %d waiting", r, w)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

var abaloneAnalyse = map[string]any{"type": "analyse", "game": "abalone", "lines": 2}

// An analysis streams lines whose depth grows, with the lines asked for;
// stop ends it with a final update, and the pool is free after.
func TestAnalysisStreamAndStop(t *testing.T) {
	h := start(t, "", analysisGames)
	c, _, err := h.dialAnalysis(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.send(abaloneAnalyse)
	var depths []int
	for len(depths) < 3 {
		m := c.read()
		if m.Type != typeLines || m.Seq != 1 || m.Final {
			t.Fatalf("got %+v, want lines of analysis 1", m)
		}
		if m.Engine != "alphabeta" || len(m.Lines) != 2 || m.Lines[0].Move == "" || len(m.Lines[0].PV) == 0 {
			t.Fatalf("update %+v: want 2 alpha-beta lines with moves", m.Update)
		}
		if m.Lines[0].Win <= 0 || m.Lines[0].Win >= 1 {
			t.Errorf("win probability %v at the start of Abalone", m.Lines[0].Win)
		}
		if n := len(depths); n > 0 && m.Depth <= depths[n-1] {
			t.Errorf("depth %d after %d", m.Depth, depths[n-1])
		}
		depths = append(depths, m.Depth)
	}
	c.send(map[string]string{"type": "stop"})
	if f := c.untilFinal(); f.Reason != "stopped" {
		t.Errorf("final reason %q, want stopped", f.Reason)
	}
	waitIdle(t, h)
	// The socket serves the next request: tic-tac-toe is solved at once.
	c.send(map[string]any{"type": "analyse", "game": "tictactoe", "position": "x.o.o...x x", "lines": 3})
	f := c.untilFinal()
	if f.Seq != 2 || f.Reason != "done" || len(f.Lines) != 3 || f.Lines[0].Move != "6" || f.Lines[0].Mate != 3 || f.Lines[0].Win != 1 {
		t.Errorf("final %+v, want 3 lines, the first the win in 3 by 6", f)
	}
}

// Closing the socket cancels the search: the pool is free at once, not
// after the analysis's 30 s.
func TestAnalysisCancelledOnLeave(t *testing.T) {
	h := start(t, "", analysisGames)
	c, _, err := h.dialAnalysis(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.send(abaloneAnalyse)
	c.read()
	if r, _ := h.srv.analysis.Busy(); r != 1 {
		t.Fatalf("%d analyses running, want 1", r)
	}
	c.ws.Close(websocket.StatusNormalClosure, "bye")
	waitIdle(t, h)
}

// One analysis per client: a second from the same client (another socket)
// replaces the first, which ends with reason "replaced".
func TestAnalysisOnePerClient(t *testing.T) {
	h := start(t, "", analysisGames)
	a, _, err := h.dialAnalysis(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := h.dialAnalysis(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	a.send(abaloneAnalyse)
	a.read()
	b.send(abaloneAnalyse)
	if f := a.untilFinal(); f.Reason != "replaced" {
		t.Errorf("first analysis ended %q, want replaced", f.Reason)
	}
	if m := b.read(); m.Type != typeLines || m.Final {
		t.Errorf("second analysis: %+v, want lines", m)
	}
	if r, w := h.srv.analysis.Busy(); r != 1 || w != 0 {
		t.Errorf("%d running, %d waiting; want the second alone", r, w)
	}
}

// The upgrade from a page of another site is refused like the match
// socket's.
func TestAnalysisForeignOrigin(t *testing.T) {
	h := start(t, "", analysisGames)
	_, resp, err := h.dialAnalysis(t, http.Header{"Origin": {"http://evil.example"}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("dial from a foreign origin: %v, %v; want 403", err, resp)
	}
	var body protocol.ErrorBody
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || body.Error.Code != protocol.CodeForbiddenOrigin {
		t.Errorf("body %+v (%v), want forbidden-origin", body, err)
	}
}

// Requests that name no position to analyse are refused with a clear
// code and the game's own message.
func TestAnalysisBadRequests(t *testing.T) {
	h := start(t, "", analysisGames)
	c, _, err := h.dialAnalysis(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		msg  map[string]any
		code protocol.Code
		text string // in the message
	}{
		{map[string]any{"type": "analyse", "game": "tictactoe", "position": "nonsense"}, protocol.CodeBadPosition, "want 9 cells"},
		{map[string]any{"type": "analyse", "game": "chess"}, protocol.CodeUnknownGame, "chess"},
		{map[string]any{"type": "analyse", "game": "tictactoe", "position": "xxxoo.... o"}, protocol.CodeGameOver, "over"},
		{map[string]any{"type": "analyse", "game": "tictactoe", "lines": 4}, protocol.CodeBadRequest, "lines"},
		{map[string]any{"type": "analyse", "match": "nosuchmatch"}, protocol.CodeNotFound, "nosuchmatch"},
		{map[string]any{"type": "analyse", "game": "race", "players": 9}, protocol.CodeBadOption, "players"},
		{map[string]any{"type": "ponder"}, protocol.CodeUnknownType, "ponder"},
	}
	for _, tc := range tests {
		c.send(tc.msg)
		m := c.read()
		if m.Type != protocol.TypeError || m.Error.Code != tc.code || !strings.Contains(m.Error.Message, tc.text) {
			t.Errorf("%v: got %+v, want %s mentioning %q", tc.msg, m, tc.code, tc.text)
		}
	}
}

// A finished match's position at ply N is analysed (race: MCTS with every
// seat's expected result); a ply outside the match is refused.
func TestAnalysisOfFinishedMatch(t *testing.T) {
	h := start(t, "", analysisGames, func(c *Config) { c.Analysis.MaxTime = 600 * time.Millisecond }) // room for playouts when the nice-19 search thread waits for busy cores
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	players := [2]*client{h.connect(id, tokens[0]), h.connect(id, tokens[1])}
	// While it is played, the match's own positions are not analysed.
	live, _, err := h.dialAnalysis(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	live.send(map[string]any{"type": "analyse", "match": id})
	if m := live.read(); m.Type != protocol.TypeError || m.Error.Code != protocol.CodeNotAllowed {
		t.Errorf("a live match analysed: %+v, want not-allowed", m)
	}
	end := playOut(t, players)
	if end.Status == protocol.StatusLive {
		t.Fatal("the match did not finish")
	}
	c, _, err := h.dialAnalysis(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.send(map[string]any{"type": "analyse", "match": id, "ply": 2, "lines": 2})
	f := c.untilFinal()
	if f.Engine != "mcts" || f.Reason != "time" || len(f.Lines) == 0 || len(f.Lines[0].Expected) != 2 || f.Nodes == 0 {
		t.Errorf("final %+v, want MCTS lines with two seats' expected results", f.Update)
	}
	c.send(map[string]any{"type": "analyse", "match": id, "ply": 1000})
	if m := c.read(); m.Type != protocol.TypeError || m.Error.Code != protocol.CodeBadPosition {
		t.Errorf("ply 1000: %+v, want bad-position", m)
	}
}
