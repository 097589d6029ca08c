package server

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/protocol"
)

// While a live command is being handled the server's analyses pause, and
// they go on when it ends: a tic-tac-toe analysis, solved in a
// millisecond, sends nothing while the gate is held and its final update
// once it is let go.
func TestAnalysisGatePausesForLiveCommand(t *testing.T) {
	// One pause lasts as long as the command (MaxPause bounds it: 20 ms
	// by default, after which the search takes a few nodes and pauses
	// again).
	h := start(t, "", analysisGames, func(c *Config) { c.AnalysisGate.MaxPause = time.Minute })
	c, _, err := h.dialAnalysis(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	h.srv.live.Begin() // as handleFrame does around a command
	c.send(map[string]any{"type": "analyse", "game": "tictactoe", "position": "x.o.o...x x", "lines": 1})
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	_, data, err := c.ws.Read(ctx)
	cancel()
	if err == nil {
		t.Fatalf("the analysis sent %s while a live command was being handled", data)
	}
	// A read cut by its context closes the socket: a new one for the rest.
	h.srv.live.End()
	waitIdle(t, h)
	c, _, err = h.dialAnalysis(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	h.srv.live.Begin()
	c.send(map[string]any{"type": "analyse", "game": "tictactoe", "position": "x.o.o...x x", "lines": 1})
	time.Sleep(100 * time.Millisecond)
	if r, _ := h.srv.analysis.Busy(); r != 1 {
		t.Fatalf("%d analyses running, want the paused one", r)
	}
	h.srv.live.End()
	if f := c.untilFinal(); f.Reason != "done" || len(f.Lines) != 1 || f.Lines[0].Move != "6" {
		t.Errorf("final %+v, want the win by 6", f)
	}
	if n, _ := h.srv.live.Pauses(); n == 0 {
		t.Error("the gate counted no pause")
	}
}

// A match played over WebSockets while an Abalone analysis deepens: the
// moves pause the analysis (the move path marks them), the analysis keeps
// streaming lines, and every move is acknowledged.
func TestAnalysisStreamsWhileGamesMove(t *testing.T) {
	h := start(t, "", analysisGames)
	c, _, err := h.dialAnalysis(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.send(abaloneAnalyse)
	if m := c.read(); m.Type != typeLines || m.Final {
		t.Fatalf("got %+v, want lines", m)
	}
	updates := make(chan analysisMsg, 1024)
	go func() { // the socket's messages while the match is played
		defer close(updates)
		for {
			_, data, err := c.ws.Read(context.Background())
			if err != nil {
				return
			}
			var m analysisMsg
			if json.Unmarshal(data, &m) == nil {
				updates <- m
			}
		}
	}()
	before, _ := h.srv.live.Pauses()
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	if st := h.playToEnd(id, tokens[:], func(_, _ int, legal []protocol.Move) protocol.Move { return legal[0] }); st.Status != protocol.StatusFinished {
		t.Fatalf("match status %s", st.Status)
	}
	if after, _ := h.srv.live.Pauses(); after == before {
		t.Error("the match's moves never paused the analysis")
	}
	// Lines keep coming: the next depth, within the test's patience.
	select {
	case m, ok := <-updates:
		if !ok || m.Type != typeLines || len(m.Lines) != 2 {
			t.Fatalf("got %+v (open %v), want lines", m, ok)
		}
	case <-time.After(testTimeout):
		t.Fatal("no lines after the match")
	}
	c.send(map[string]string{"type": "stop"})
	for m := range updates {
		if m.Final {
			if m.Reason != "stopped" {
				t.Errorf("final reason %q, want stopped", m.Reason)
			}
			return
		}
	}
	t.Error("no final update after stop")
}
