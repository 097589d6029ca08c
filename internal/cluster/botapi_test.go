package cluster

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store/postgres/pgtest"
)

// botCall sends a bot API request to url with token and decodes the
// answer into out; it returns the status.
func botCall(t *testing.T, url, token, method, path string, body, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url+path, rd)
	req.Header.Set("Authorization", "Bearer "+token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		t.Logf("%s %s: %d %s", method, path, resp.StatusCode, data)
	} else if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode
}

// TestBotAPIAcrossNodes: a bot account's match created through node A is
// played through node B: the game stream (held open, relayed as a byte
// stream) and the moves (relayed by request/reply) reach A, which runs
// the match, and the stream carries every move, the server bot's too.
func TestBotAPIAcrossNodes(t *testing.T) {
	dsn := pgtest.URL(t)
	natsURL := startNATS(t)
	a := startNode(t, dsn, natsURL, 1)
	b := startNode(t, dsn, natsURL, 1)
	robo := signup(t, b.http.URL, "robo")
	var tok protocol.TokenCreated
	robo.must(http.StatusCreated, "POST", "/api/account/tokens", protocol.TokenRequest{Description: "test bot", Scopes: []string{protocol.ScopeBotPlay}}, &tok)
	if st := botCall(t, b.http.URL, tok.Token, "POST", "/api/bot/account/upgrade", nil, nil); st != http.StatusOK {
		t.Fatalf("upgrade: %d", st)
	}
	var created protocol.CreateResponse
	req := protocol.CreateRequest{Game: "pathagon", Seats: []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatBot, Bot: "random"}}}
	if st := botCall(t, a.http.URL, tok.Token, "POST", "/api/bot/matches", req, &created); st != http.StatusCreated {
		t.Fatalf("create on A: %d", st)
	}
	id := created.Match.ID
	if got := a.node.Owned(); len(got) != 1 || got[0] != id {
		t.Fatalf("A owns %v, want [%s]", got, id)
	}

	sreq, _ := http.NewRequest("GET", b.http.URL+"/api/bot/game/stream/"+id, nil)
	sreq.Header.Set("Authorization", "Bearer "+tok.Token)
	resp, err := http.DefaultClient.Do(sreq)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		data, _ := io.ReadAll(resp.Body)
		t.Fatalf("game stream through B: %s %s", resp.Status, data)
	}
	lines := make(chan []byte, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if len(bytes.TrimSpace(sc.Bytes())) > 0 {
				lines <- bytes.Clone(sc.Bytes())
			}
		}
	}()
	next := func(v any) {
		t.Helper()
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("the game stream ended")
			}
			if err := json.Unmarshal(l, v); err != nil {
				t.Fatalf("%v in %s", err, l)
			}
		case <-time.After(15 * time.Second):
			t.Fatal("no line on the game stream")
		}
	}
	var full protocol.BotGameFull
	if next(&full); full.Type != protocol.TypeGameFull || full.ID != id {
		t.Fatalf("first line through B: %+v", full)
	}
	st := full.State
	for moves := 0; moves < 2 && st.Status == protocol.StatusLive; {
		if st.ToMove == 0 {
			legal := getState(t, b.http.URL, id).Legal
			if code := botCall(t, b.http.URL, tok.Token, "POST", "/api/bot/game/"+id+"/move/"+legal[0].Text, nil, nil); code != http.StatusOK {
				t.Fatalf("move through B: %d", code)
			}
			moves++
		}
		var line protocol.BotGameState
		for line.Type != protocol.TypeGameState {
			next(&line)
		}
		if line.Version <= st.Version {
			t.Fatalf("gameState version %d after %d", line.Version, st.Version)
		}
		st = line
	}
	if len(st.Moves) < 3 {
		t.Errorf("after two of robo's moves the stream shows %d moves; want the bot's reply too", len(st.Moves))
	}
}
