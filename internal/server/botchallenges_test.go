package server

import (
	"net/http"
	"testing"

	"github.com/tabula-games/tabula/internal/protocol"
)

// nextEvent returns the next event of a bot's event stream that is not a
// gameStart of a match under way (the stream may repeat those).
func nextEvent(t *testing.T, s *ndjsonStream, typ string) protocol.BotEvent {
	t.Helper()
	var ev protocol.BotEvent
	if !s.next(&ev) {
		t.Fatalf("the event stream ended; want %s", typ)
	}
	if ev.Type != typ {
		t.Fatalf("event %+v; want %s", ev, typ)
	}
	return ev
}

// TestBotChallenges: a challenge from a person reaches the bot's event
// stream and the bot declines it with its token (a cookie or a token
// without bot:play cannot); a bot challenges another bot by username,
// both event streams get the challenge, the other accepts and both get
// the match's gameStart.
func TestBotChallenges(t *testing.T) {
	h := rated(t)
	robo, bobo := h.botPlayer("Robo"), h.botPlayer("Bobo")
	alice := h.players("Alice")[0]
	reader := alice.newToken(protocol.ScopeChallengeRead)
	roboEv, boboEv := h.stream(robo, "/api/stream/event"), h.stream(bobo, "/api/stream/event")

	var c protocol.Challenge
	alice.must(http.StatusCreated, "POST", "/api/challenges", protocol.ChallengeRequest{To: "robo", Game: "race", TimeControl: fischer, Rated: true}, &c)
	if ev := nextEvent(t, roboEv, protocol.EventChallenge); ev.Challenge == nil || ev.Challenge.ID != c.ID || ev.Challenge.From != "Alice" || !ev.Challenge.Rated {
		t.Fatalf("event %+v; want Alice's rated challenge %s", ev, c.ID)
	}
	var list protocol.ChallengeList
	if st, code := h.botCall(robo, "GET", "/api/challenge", nil, &list); st != http.StatusOK || len(list.In) != 1 || list.In[0].ID != c.ID {
		t.Fatalf("GET /api/challenge: %d %s %+v; want Alice's challenge in", st, code, list)
	}
	for _, tt := range []struct {
		name, token string
		code        protocol.Code
	}{
		{"a session cookie and its CSRF token", "", protocol.CodeBadAccessToken},
		{"challenge:read only", reader, protocol.CodeMissingScope},
		{"not the receiver", bobo, protocol.CodeNotFound},
	} {
		cookie := []string{"Cookie", sessionCookie + "=" + alice.cookie, "Content-Type", "application/json", csrfHeader, alice.csrf}
		if st, code := h.botCall(tt.token, "POST", "/api/challenge/"+c.ID+"/accept", nil, nil, cookie...); code != tt.code || st != tt.code.HTTPStatus() {
			t.Errorf("%s accepts: %d %s; want %s", tt.name, st, code, tt.code)
		}
	}
	if st, code := h.botCall(robo, "POST", "/api/challenge/"+c.ID+"/decline", nil, nil); st != http.StatusOK {
		t.Fatalf("decline: %d %s", st, code)
	}
	if ev := nextEvent(t, roboEv, protocol.EventChallengeDeclined); ev.Challenge == nil || ev.Challenge.ID != c.ID || ev.Reason != protocol.ChallengeDeclined {
		t.Errorf("event %+v; want challenge %s declined", ev, c.ID)
	}

	// A bot challenges a bot, the challenger cancels; then again, and
	// the other accepts.
	send := func() protocol.Challenge {
		t.Helper()
		var c protocol.Challenge
		if st, code := h.botCall(bobo, "POST", "/api/challenge/robo", protocol.BotChallengeRequest{Game: "race", TimeControl: fischer, Rated: true}, &c); st != http.StatusCreated {
			t.Fatalf("challenge: %d %s", st, code)
		}
		for _, s := range []*ndjsonStream{roboEv, boboEv} {
			if ev := nextEvent(t, s, protocol.EventChallenge); ev.Challenge == nil || ev.Challenge.ID != c.ID || ev.Challenge.From != "Bobo" || ev.Challenge.To != "Robo" {
				t.Fatalf("event %+v; want Bobo's challenge %s to Robo", ev, c.ID)
			}
		}
		return c
	}
	c = send()
	if st, code := h.botCall(bobo, "POST", "/api/challenge/"+c.ID+"/decline", nil, nil); st != http.StatusOK {
		t.Fatalf("cancel: %d %s", st, code)
	}
	for _, s := range []*ndjsonStream{roboEv, boboEv} {
		if ev := nextEvent(t, s, protocol.EventChallengeCanceled); ev.Challenge.ID != c.ID || ev.Reason != protocol.ChallengeCancelled {
			t.Errorf("event %+v; want challenge %s cancelled", ev, c.ID)
		}
	}
	c = send()
	var ok protocol.OK
	if st, code := h.botCall(robo, "POST", "/api/challenge/"+c.ID+"/accept", nil, &ok); st != http.StatusOK || !ok.OK || ok.Match == "" {
		t.Fatalf("accept: %d %s %+v", st, code, ok)
	}
	for _, s := range []*ndjsonStream{roboEv, boboEv} {
		if ev := nextEvent(t, s, protocol.EventGameStart); ev.Game.ID != ok.Match || !ev.Game.Rated || len(ev.Game.Seats) != 1 {
			t.Errorf("event %+v; want the gameStart of %s with one seat", ev, ok.Match)
		}
	}
	if st, code := h.botCall(bobo, "POST", "/api/challenge/robo", protocol.BotChallengeRequest{Game: "race", TimeControl: protocol.TimeControl{Kind: "none"}, Rated: true}, nil); code != protocol.CodeNotRatable {
		t.Errorf("a rated challenge without a clock: %d %s; want not-ratable", st, code)
	}
}

// TestBotOffers: bots answer draw and takeback offers through the bot
// API: a takeback is requested, declined, requested again and accepted
// (the move is gone); a draw is offered, declined, offered again and
// accepted (the match ends drawn); an answer other than yes or no, and an
// answer with nothing offered, are refused.
func TestBotOffers(t *testing.T) {
	h := rated(t)
	robo, bobo := h.botPlayer("Robo"), h.botPlayer("Bobo")
	var c protocol.Challenge
	if st, code := h.botCall(bobo, "POST", "/api/challenge/Robo", protocol.BotChallengeRequest{Game: "race", TimeControl: fischer}, &c); st != http.StatusCreated {
		t.Fatalf("challenge: %d %s", st, code)
	}
	var ok protocol.OK
	if st, code := h.botCall(robo, "POST", "/api/challenge/"+c.ID+"/accept", nil, &ok); st != http.StatusOK {
		t.Fatalf("accept: %d %s", st, code)
	}
	id := ok.Match
	// first is the bot in seat 0, second the other.
	first, second := robo, bobo
	var full protocol.BotGameFull
	if !h.stream(robo, "/api/bot/game/stream/"+id).next(&full) || len(full.Mine) != 1 {
		t.Fatalf("gameFull %+v", full)
	}
	if full.Mine[0] != 0 {
		first, second = bobo, robo
	}
	post := func(token, path string, want protocol.Code) {
		t.Helper()
		if st, code := h.botCall(token, "POST", "/api/bot/game/"+id+path, nil, nil); code != want {
			t.Fatalf("%s: %d %s; want %q", path, st, code, want)
		}
	}
	move := h.state(id).Legal[0].Text
	post(first, "/move/"+move, "")
	post(second, "/takeback/no", protocol.CodeNoOffer)
	post(first, "/takeback/yes", "")
	if st := h.state(id); st.Offers.Takeback != 0 {
		t.Fatalf("offers %+v; want seat 0's takeback request", st.Offers)
	}
	post(second, "/takeback/no", "")
	if st := h.state(id); st.Offers.Takeback != -1 || len(st.Moves) != 1 {
		t.Fatalf("after declining: offers %+v, %d moves; want none and the move kept", st.Offers, len(st.Moves))
	}
	post(first, "/takeback/yes", "")
	post(second, "/takeback/yes", "")
	if st := h.state(id); st.Offers.Takeback != -1 || len(st.Moves) != 0 {
		t.Fatalf("after accepting: offers %+v, moves %v; want none", st.Offers, st.Moves)
	}

	post(second, "/draw/maybe", protocol.CodeNotFound)
	post(second, "/draw/no", protocol.CodeNoOffer)
	post(first, "/draw/yes", "")
	if st := h.state(id); len(st.Offers.Draw) != 1 || st.Offers.Draw[0] != 0 {
		t.Fatalf("offers %+v; want seat 0's draw offer", st.Offers)
	}
	post(second, "/draw/no", "")
	if st := h.state(id); len(st.Offers.Draw) != 0 || st.Status != protocol.StatusLive {
		t.Fatalf("after declining: %s, offers %+v; want live without offers", st.Status, st.Offers)
	}
	post(first, "/draw/yes", "")
	post(second, "/draw/yes", "")
	if st := h.state(id); st.Status != protocol.StatusFinished || st.Result == nil || len(st.Result.Winners) != 0 {
		t.Fatalf("after agreeing: %s, result %+v; want finished drawn", st.Status, st.Result)
	}
}
