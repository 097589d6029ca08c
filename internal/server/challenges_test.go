package server

import (
	"net/http"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
)

// corr is a correspondence control: three days a move.
var corr = protocol.TimeControl{Kind: "correspondence", Days: 3}

// turnOf returns the matches of d's "your turn" list.
func (d *device) turnOf() []protocol.TurnMatch {
	d.h.t.Helper()
	var out protocol.TurnList
	d.must(http.StatusOK, "GET", "/api/account/turn", nil, &out)
	return out.Matches
}

// TestChallengeCorrespondenceYourTurn: alice challenges bob (by his name
// in another case) to a rated correspondence Pathagon match; bob's stream
// shows it, he accepts, alice's stream gets her seat; the match is in the
// "your turn" list of the seat to move only, and after its move the
// other's stream hears it is their turn and their list has it; a draw
// offer reaches the other's stream.
func TestChallengeCorrespondenceYourTurn(t *testing.T) {
	h := rated(t)
	ds := h.players("alice", "bob")
	la, lb := ds[0].lobby(), ds[1].lobby()
	var c protocol.Challenge
	ds[0].must(http.StatusCreated, "POST", "/api/challenges", protocol.ChallengeRequest{To: "BOB", Game: "pathagon", TimeControl: corr, Rated: true}, &c)
	if m := lb.next(protocol.LobbyChallenge); m.Challenge == nil || m.Challenge.ID != c.ID || m.Challenge.From != "alice" || !m.Challenge.Rated {
		t.Fatalf("bob's stream: %+v; want alice's challenge %s", m, c.ID)
	}
	var in, out protocol.ChallengeList
	ds[1].must(http.StatusOK, "GET", "/api/challenges", nil, &in)
	ds[0].must(http.StatusOK, "GET", "/api/challenges", nil, &out)
	if len(in.In) != 1 || len(in.Out) != 0 || len(out.Out) != 1 || len(out.In) != 0 {
		t.Fatalf("lists: bob %+v, alice %+v; want the challenge in bob's in and alice's out", in, out)
	}
	var joined protocol.JoinResponse
	ds[1].must(http.StatusOK, "POST", "/api/challenges/"+c.ID+"/accept", struct{}{}, &joined)
	acc := la.next(protocol.LobbyChallengeAccepted)
	if acc.Match != joined.Match || acc.Seat == nil || *acc.Seat+joined.Seat != 1 || *acc.Seat*joined.Seat != 0 || acc.Token == "" {
		t.Fatalf("accepted: alice %+v, bob %+v; want seats 0 and 1 of one match", acc, joined)
	}
	id := joined.Match
	st := h.srv.mustSnap(t, id)
	if !st.Rated || st.Status != protocol.StatusLive || st.Clocks == nil || st.Clocks.Kind != "correspondence" {
		t.Fatalf("challenge match: %+v", st)
	}
	// By seat: the tokens, the devices and the lobby streams.
	tokens := make([]string, 2)
	tokens[*acc.Seat], tokens[joined.Seat] = acc.Token, joined.Token
	ds[*acc.Seat], ds[joined.Seat] = ds[0], ds[1]
	ls := make([]*lobbyClient, 2)
	ls[*acc.Seat], ls[joined.Seat] = la, lb
	mover := st.ToMove
	other := 1 - mover
	if got := ds[mover].turnOf(); len(got) != 1 || got[0].Match.ID != id || got[0].Seat != mover || got[0].Deadline == 0 {
		t.Errorf("the mover's turn list: %+v; want %s seat %d with a deadline", got, id, mover)
	}
	if got := ds[other].turnOf(); len(got) != 0 {
		t.Errorf("the waiting player's turn list: %+v; want none", got)
	}
	p := h.connect(id, tokens[mover])
	wantAck(t, p.do(protocol.TypeMove, p.state.Legal[0].Text))
	if m := ls[other].next(protocol.LobbyYourTurn); m.Match != id || m.Seat == nil || *m.Seat != other {
		t.Errorf("your-turn message %+v; want %s seat %d", m, id, other)
	}
	if got := ds[other].turnOf(); len(got) != 1 || got[0].Match.ID != id {
		t.Errorf("after the move, the other's turn list: %+v; want %s", got, id)
	}
	if got := ds[mover].turnOf(); len(got) != 0 {
		t.Errorf("after the move, the mover's turn list: %+v; want none", got)
	}
	q := h.connect(id, tokens[other])
	wantAck(t, q.do(protocol.TypeOfferDraw, ""))
	if m := ls[mover].next(protocol.LobbyOffer); m.Match != id || m.Offer != "draw" || *m.Seat != mover {
		t.Errorf("offer message %+v; want a draw offer in %s to seat %d", m, id, mover)
	}
	p.untilVersion(q.version)
	wantAck(t, p.do(protocol.TypeOfferTakeback, ""))
	if m := ls[other].next(protocol.LobbyOffer); m.Match != id || m.Offer != "takeback" || *m.Seat != other {
		t.Errorf("offer message %+v; want a takeback request in %s to seat %d", m, id, other)
	}
}

// TestChallengeAnswers: a declined, a cancelled and an expired challenge
// end for both sides and cannot be accepted after; only the user
// challenged may accept; the rules and caps of sending.
func TestChallengeAnswers(t *testing.T) {
	fake := clock.NewFake(epoch)
	h := rated(t, func(c *Config) { c.Clock = fake })
	ds := h.players("alice", "bob", "carol")
	la, lb := ds[0].lobby(), ds[1].lobby()
	send := func() string {
		var c protocol.Challenge
		ds[0].must(http.StatusCreated, "POST", "/api/challenges", protocol.ChallengeRequest{To: "bob", Game: "race", TimeControl: fischer}, &c)
		lb.next(protocol.LobbyChallenge)
		return c.ID
	}
	gone := func(id, reason string) {
		t.Helper()
		for i, l := range []*lobbyClient{la, lb} {
			if m := l.next(protocol.LobbyChallengeGone); m.Challenge == nil || m.Challenge.ID != id || m.Reason != reason {
				t.Errorf("stream %d: %+v; want challenge %s %s", i, m, id, reason)
			}
		}
		if _, code := ds[1].call("POST", "/api/challenges/"+id+"/accept", struct{}{}, nil); code != protocol.CodeNotFound {
			t.Errorf("accepting %s challenge: %s; want not-found", reason, code)
		}
	}
	id := send()
	if _, code := ds[2].call("POST", "/api/challenges/"+id+"/accept", struct{}{}, nil); code != protocol.CodeNotFound {
		t.Errorf("carol accepts bob's challenge: %s; want not-found", code)
	}
	ds[1].must(http.StatusOK, "POST", "/api/challenges/"+id+"/decline", struct{}{}, nil)
	gone(id, "declined")
	id = send()
	ds[0].must(http.StatusOK, "POST", "/api/challenges/"+id+"/decline", struct{}{}, nil)
	gone(id, "cancelled")
	id = send()
	fake.Advance(challengeTTL)
	gone(id, "expired")

	guest := h.device("")
	for _, tt := range []struct {
		name string
		d    *device
		req  protocol.ChallengeRequest
		code protocol.Code
	}{
		{"guest", guest, protocol.ChallengeRequest{To: "bob", Game: "race", TimeControl: fischer}, protocol.CodeNotLoggedIn},
		{"self", ds[0], protocol.ChallengeRequest{To: "Alice", Game: "race", TimeControl: fischer}, protocol.CodeBadRequest},
		{"nobody", ds[0], protocol.ChallengeRequest{To: "zed", Game: "race", TimeControl: fischer}, protocol.CodeNotFound},
		{"rated without clock", ds[0], protocol.ChallengeRequest{To: "bob", Game: "race", Rated: true, TimeControl: protocol.TimeControl{Kind: "none"}}, protocol.CodeNotRatable},
		{"no two-player game", ds[0], protocol.ChallengeRequest{To: "bob", Game: "palagonia", TimeControl: fischer}, protocol.CodeBadOption},
	} {
		if st, code := tt.d.call("POST", "/api/challenges", tt.req, nil); code != tt.code || st != tt.code.HTTPStatus() {
			t.Errorf("%s: %d %s; want %s", tt.name, st, code, tt.code)
		}
	}
	for range challengesOut {
		send()
	}
	if _, code := ds[0].call("POST", "/api/challenges", protocol.ChallengeRequest{To: "carol", Game: "race", TimeControl: fischer}, nil); code != protocol.CodeTooManyChallenges {
		t.Errorf("challenge %d pending: %s; want too-many-challenges", challengesOut+1, code)
	}
}

// TestWatchUser: a watcher of an account (a bot's event stream) gets the
// challenges sent to it, and stop ends the channel.
func TestWatchUser(t *testing.T) {
	h := rated(t)
	ds := h.players("alice", "bob")
	ch, stop, err := h.srv.WatchUser("Bob", "watcher")
	if err != nil {
		t.Fatal(err)
	}
	var c protocol.Challenge
	ds[0].must(http.StatusCreated, "POST", "/api/challenges", protocol.ChallengeRequest{To: "bob", Game: "race", TimeControl: fischer}, &c)
	select {
	case m := <-ch:
		if m.Type != protocol.LobbyChallenge || m.Challenge == nil || m.Challenge.ID != c.ID {
			t.Errorf("watcher got %+v; want challenge %s", m, c.ID)
		}
	case <-time.After(testTimeout):
		t.Fatal("the watcher got nothing")
	}
	stop()
	select {
	case _, ok := <-ch:
		if ok {
			t.Error("a message after stop")
		}
	case <-time.After(testTimeout):
		t.Fatal("the channel stayed open after stop")
	}
}
