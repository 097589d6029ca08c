package cluster

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store/postgres/pgtest"
)

// TestClaimAcrossNodes: an account on node B claims the seat its
// anonymous token holds in a match node A runs; a wrong token claims
// nothing there.
func TestClaimAcrossNodes(t *testing.T) {
	dsn := pgtest.URL(t)
	natsURL := startNATS(t)
	a := startNode(t, dsn, natsURL, 0)
	b := startNode(t, dsn, natsURL, 0)
	zero := 0
	var created protocol.CreateResponse
	postJSON(t, a.http.URL+"/api/matches", protocol.CreateRequest{Game: "pathagon", Join: &zero}, &created)
	var joined protocol.JoinResponse
	postJSON(t, a.http.URL+"/api/matches/"+created.Match.ID+"/join", protocol.JoinRequest{}, &joined)
	id := created.Match.ID
	if got := a.node.Owned(); len(got) != 1 || got[0] != id {
		t.Fatalf("a owns %v, want [%s]", got, id)
	}
	ann := signup(t, b.http.URL, "ann")
	if st := ann.call("POST", "/api/account/claim", protocol.ClaimRequest{Seats: []protocol.SeatClaim{{Match: id, Token: "not-" + created.Token}}}, nil); st != http.StatusForbidden && st != http.StatusUnauthorized {
		t.Fatalf("claim with a wrong token through b: %d, want a refusal", st)
	}
	var got protocol.ClaimResponse
	ann.must(http.StatusOK, "POST", "/api/account/claim", protocol.ClaimRequest{Seats: []protocol.SeatClaim{{Match: id, Token: joined.Token}}}, &got)
	if len(got.Seats) != 1 || got.Seats[0].Match != id || got.Seats[0].Seat != 1 {
		t.Fatalf("claimed through b: %+v, want seat 1 of %s", got.Seats, id)
	}
	if got := a.node.Owned(); len(got) != 1 || got[0] != id {
		t.Fatalf("after the claim a owns %v, want [%s]", got, id)
	}
}

// TestEventStreamAcrossNodes: a bot account's event stream opened on
// node B starts with a gameStart for its live match node A runs, and
// then carries the start and the end of a match A runs.
func TestEventStreamAcrossNodes(t *testing.T) {
	dsn := pgtest.URL(t)
	natsURL := startNATS(t)
	a := startNode(t, dsn, natsURL, 0)
	b := startNode(t, dsn, natsURL, 0)
	robo := signup(t, b.http.URL, "robo")
	var tok protocol.TokenCreated
	robo.must(http.StatusCreated, "POST", "/api/account/tokens", protocol.TokenRequest{Description: "test bot", Scopes: []string{protocol.ScopeBotPlay}}, &tok)
	if st := botCall(t, b.http.URL, tok.Token, "POST", "/api/bot/account/upgrade", nil, nil); st != http.StatusOK {
		t.Fatalf("upgrade: %d", st)
	}
	var created protocol.CreateResponse
	req := protocol.CreateRequest{Game: "pathagon", Seats: []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatBot, Bot: "random"}}}
	if st := botCall(t, a.http.URL, tok.Token, "POST", "/api/bot/matches", req, &created); st != http.StatusCreated {
		t.Fatalf("create on a: %d", st)
	}
	id := created.Match.ID
	if got := a.node.Owned(); len(got) != 1 || got[0] != id {
		t.Fatalf("a owns %v, want [%s]", got, id)
	}
	sreq, _ := http.NewRequest("GET", b.http.URL+"/api/stream/event", nil)
	sreq.Header.Set("Authorization", "Bearer "+tok.Token)
	resp, err := http.DefaultClient.Do(sreq)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("event stream on b: %s", resp.Status)
	}
	lines := make(chan []byte, 8)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if len(bytes.TrimSpace(sc.Bytes())) > 0 {
				lines <- bytes.Clone(sc.Bytes())
			}
		}
	}()
	next := func(what string) protocol.BotEvent {
		t.Helper()
		select {
		case l := <-lines:
			var ev protocol.BotEvent
			if err := json.Unmarshal(l, &ev); err != nil {
				t.Fatalf("%v in %s", err, l)
			}
			return ev
		case <-time.After(5 * time.Second):
			t.Fatalf("the event stream on b: no %s", what)
		}
		panic("unreachable")
	}
	ev := next("gameStart of the match a runs")
	if ev.Type != protocol.EventGameStart || ev.Game == nil || ev.Game.ID != id || len(ev.Game.Seats) != 1 || ev.Game.Seats[0] != 0 || ev.Game.Status != protocol.StatusLive {
		t.Fatalf("first event on b: %+v, want gameStart of %s, seats [0]", ev, id)
	}
	// While the stream is open: a match that starts on a, and its end.
	var second protocol.CreateResponse
	if st := botCall(t, a.http.URL, tok.Token, "POST", "/api/bot/matches", req, &second); st != http.StatusCreated {
		t.Fatalf("second create on a: %d", st)
	}
	if got := a.node.Owned(); len(got) != 2 {
		t.Fatalf("a owns %v, want both matches", got)
	}
	ev = next("gameStart of a match started on a")
	for ev.Type == protocol.EventGameStart && ev.Game != nil && ev.Game.ID == id {
		// The first match's own announcement from a, which can reach b
		// after the stream opened: a second gameStart, as on one node.
		ev = next("gameStart of a match started on a")
	}
	if ev.Type != protocol.EventGameStart || ev.Game == nil || ev.Game.ID != second.Match.ID {
		t.Fatalf("event on b: %+v, want gameStart of %s", ev, second.Match.ID)
	}
	if st := botCall(t, a.http.URL, tok.Token, "POST", "/api/bot/game/"+second.Match.ID+"/resign", nil, nil); st != http.StatusOK {
		t.Fatalf("resign on a: %d", st)
	}
	if ev := next("gameFinish of a match ended on a"); ev.Type != protocol.EventGameFinish || ev.Game == nil || ev.Game.ID != second.Match.ID {
		t.Fatalf("event on b: %+v, want gameFinish of %s", ev, second.Match.ID)
	}
}
