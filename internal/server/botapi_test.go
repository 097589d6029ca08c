package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/account"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
)

// newToken has the device's account make a token with scopes.
func (d *device) newToken(scopes ...string) string {
	d.h.t.Helper()
	return d.makeToken(scopes...).Token
}

// makeToken has the device's account make a token with scopes and
// returns it with its description.
func (d *device) makeToken(scopes ...string) protocol.TokenCreated {
	d.h.t.Helper()
	var created protocol.TokenCreated
	d.must(http.StatusCreated, "POST", "/api/account/tokens", protocol.TokenRequest{Description: "test bot", Scopes: scopes}, &created)
	if !strings.HasPrefix(created.Token, accessTokenPrefix) {
		d.h.t.Fatalf("token %q", created.Token)
	}
	return created
}

// botCall sends a bot API request with token (none when ""), the header
// extra and body as JSON, and decodes the answer into out; it returns the
// status and the error code.
func (h *harness) botCall(token, method, path string, body, out any, extra ...string) (int, protocol.Code) {
	h.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, h.http.URL+path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(extra); i += 2 {
		req.Header.Set(extra[i], extra[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 400 {
		var e protocol.ErrorBody
		json.Unmarshal(data, &e)
		return resp.StatusCode, e.Error.Code
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			h.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode, ""
}

// ndjsonStream is an open NDJSON stream.
type ndjsonStream struct {
	t     testing.TB
	resp  *http.Response
	lines chan []byte
}

// stream opens a bot API stream with token.
func (h *harness) stream(token, path string) *ndjsonStream {
	h.t.Helper()
	req, _ := http.NewRequest("GET", h.http.URL+path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/x-ndjson" {
		data, _ := io.ReadAll(resp.Body)
		h.t.Fatalf("GET %s: %s %s", path, resp.Status, data)
	}
	s := &ndjsonStream{t: h.t, resp: resp, lines: make(chan []byte, 1024)}
	go func() {
		defer close(s.lines)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if len(bytes.TrimSpace(sc.Bytes())) > 0 {
				s.lines <- bytes.Clone(sc.Bytes())
			}
		}
	}()
	h.t.Cleanup(func() { resp.Body.Close() })
	return s
}

// next decodes the next line into out; false at the stream's end.
func (s *ndjsonStream) next(out any) bool {
	s.t.Helper()
	select {
	case line, ok := <-s.lines:
		if !ok {
			return false
		}
		if err := json.Unmarshal(line, out); err != nil {
			s.t.Fatalf("decode %s: %v", line, err)
		}
		return true
	case <-time.After(testTimeout):
		s.t.Fatal("no line from the stream")
		return false
	}
}

// TestBotTokens: a token is made on the account page (session and
// CSRF), shown once, stored hashed, listed without its secret, and
// revoked; a cookie never authenticates the bot API; scopes and the bot
// flag are checked.
func TestBotTokens(t *testing.T) {
	h := rated(t)
	robo := h.players("Robo")[0]

	// Without the CSRF header a cookie-authenticated creation is refused.
	csrf := robo.csrf
	robo.csrf = ""
	if st, code := robo.call("POST", "/api/account/tokens", protocol.TokenRequest{Description: "x", Scopes: []string{protocol.ScopeBotPlay}}, nil); code != protocol.CodeCsrf {
		t.Errorf("token without CSRF: %d %s, want csrf", st, code)
	}
	robo.csrf = csrf
	for _, bad := range []protocol.TokenRequest{
		{Description: "", Scopes: []string{protocol.ScopeBotPlay}},
		{Description: "x", Scopes: nil},
		{Description: "x", Scopes: []string{"admin"}},
		{Description: strings.Repeat("x", maxTokenDescription+1), Scopes: []string{protocol.ScopeBotPlay}},
	} {
		if st, code := robo.call("POST", "/api/account/tokens", bad, nil); code != protocol.CodeBadRequest {
			t.Errorf("token %+v: %d %s, want bad-request", bad, st, code)
		}
	}
	playInfo := robo.makeToken(protocol.ScopeBotPlay)
	play := playInfo.Token
	read := robo.newToken(protocol.ScopeChallengeRead)
	// tokenOf finds the play token in a list (two tokens made in one
	// millisecond are listed in no set order).
	tokenOf := func(l protocol.TokenList) protocol.TokenInfo {
		for _, ti := range l.Tokens {
			if ti.ID == playInfo.Info.ID {
				return ti
			}
		}
		t.Fatalf("token %s not in %+v", playInfo.Info.ID, l)
		return protocol.TokenInfo{}
	}

	var list protocol.TokenList
	robo.must(http.StatusOK, "GET", "/api/account/tokens", nil, &list)
	if len(list.Tokens) != 2 || list.Bot {
		t.Fatalf("token list %+v; want two tokens, no bot", list)
	}
	raw, _ := json.Marshal(list)
	if bytes.Contains(raw, []byte(play)) {
		t.Error("the token list shows a token's secret")
	}
	if _, _, _, err := h.db.TokenAccount(context.Background(), account.HashToken(play)); err != nil {
		t.Errorf("the token is not stored by its hash: %v", err)
	}

	for _, tt := range []struct {
		name, token, method, path string
		extra                     []string
		st                        int
		code                      protocol.Code
	}{
		{"no token", "", "GET", "/api/bot/account", nil, 401, protocol.CodeBadAccessToken},
		{"the session cookie alone", "", "GET", "/api/bot/account", []string{"Cookie", sessionCookie + "=" + robo.cookie}, 401, protocol.CodeBadAccessToken},
		{"a wrong token", accessTokenPrefix + "nope", "GET", "/api/bot/account", nil, 401, protocol.CodeBadAccessToken},
		{"a session token as bearer", robo.cookie, "GET", "/api/bot/account", nil, 401, protocol.CodeBadAccessToken},
		{"a read token plays", read, "POST", "/api/bot/game/m_x/resign", nil, 403, protocol.CodeMissingScope},
		{"before the upgrade", play, "POST", "/api/bot/game/m_x/resign", nil, 403, protocol.CodeNotABot},
		{"the account", play, "GET", "/api/bot/account", nil, 200, ""},
		// Origin and content type are the web's checks; a program's
		// token request from anywhere is answered.
		{"another origin", play, "POST", "/api/bot/account/upgrade", []string{"Origin", "https://elsewhere.example", "Sec-Fetch-Site", "cross-site"}, 200, ""},
		{"after the upgrade", play, "POST", "/api/bot/game/m_x/resign", nil, 404, protocol.CodeNotFound},
	} {
		if st, code := h.botCall(tt.token, tt.method, tt.path, nil, nil, tt.extra...); st != tt.st || code != tt.code {
			t.Errorf("%s: %d %s, want %d %s", tt.name, st, code, tt.st, tt.code)
		}
	}
	robo.must(http.StatusOK, "GET", "/api/account/tokens", nil, &list)
	if !list.Bot || tokenOf(list).Used == 0 {
		t.Errorf("after use and upgrade: %+v; want a bot, the token's use recorded", list)
	}
	// Revoked, the token stops at once.
	robo.must(http.StatusOK, "POST", "/api/account/tokens/"+playInfo.Info.ID+"/revoke", struct{}{}, &list)
	if st, code := h.botCall(play, "GET", "/api/bot/account", nil, nil); code != protocol.CodeBadAccessToken {
		t.Errorf("revoked token: %d %s, want bad-access-token", st, code)
	}
	// Another account cannot revoke it.
	other := h.players("Eve")[0]
	if st, code := other.call("POST", "/api/account/tokens/"+list.Tokens[0].ID+"/revoke", struct{}{}, nil); code != protocol.CodeNotFound { // the read token
		t.Errorf("another's revoke: %d %s, want not-found", st, code)
	}
}

// botPlayer is a test bot: an upgraded account and its token.
func (h *harness) botPlayer(name string) string {
	h.t.Helper()
	d := h.players(name)[0]
	token := d.newToken(protocol.ScopeBotPlay)
	if st, code := h.botCall(token, "POST", "/api/bot/account/upgrade", nil, nil); st != http.StatusOK {
		h.t.Fatalf("upgrade: %d %s", st, code)
	}
	return token
}

// TestBotPlaysServerBot: a bot account creates a match against the
// server's random bot and plays it to the end through the API: the event
// stream announces the start and the finish, the game stream gives the
// full match first and then every move with the clocks, and chat reaches
// a player connected by WebSocket and the bot's stream.
func TestBotPlaysServerBot(t *testing.T) {
	h := rated(t)
	token := h.botPlayer("Robo")
	events := h.stream(token, "/api/stream/event")

	var created protocol.CreateResponse
	req := protocol.CreateRequest{Game: "race", TimeControl: protocol.TimeControl{Kind: "fischer", BaseMs: 300_000, IncrementMs: 1000},
		Seats: []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatBot, Bot: "random"}}}
	if st, code := h.botCall(token, "POST", "/api/bot/matches", req, &created); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, code)
	}
	id := created.Match.ID
	var ev protocol.BotEvent
	if !events.next(&ev) || ev.Type != protocol.EventGameStart || ev.Game.ID != id || len(ev.Game.Seats) != 1 || ev.Game.Seats[0] != 0 {
		t.Fatalf("event %+v; want gameStart of %s, seat 0", ev, id)
	}

	game := h.stream(token, "/api/bot/game/stream/"+id)
	var full protocol.BotGameFull
	if !game.next(&full) || full.Type != protocol.TypeGameFull || full.ID != id || full.Game != "race" || len(full.Mine) != 1 || full.Seats[0].Username != "Robo" {
		t.Fatalf("first line %+v; want gameFull of %s with Robo in seat 0", full, id)
	}
	spec := h.connect(id, "")
	st := full.State
	moves := 0
	for st.Status == protocol.StatusLive {
		if st.ToMove == 0 {
			legal := h.state(id).Legal
			if st, code := h.botCall(token, "POST", "/api/bot/game/"+id+"/move/"+legal[0].Text, nil, nil); st != http.StatusOK {
				t.Fatalf("move %s: %d %s", legal[0].Text, st, code)
			}
			moves++
		}
		var line struct {
			protocol.BotGameState
			Text string `json:"text"`
		}
		if !game.next(&line) {
			t.Fatal("the game stream ended before the match")
		}
		if line.Type != protocol.TypeGameState {
			continue
		}
		if line.Version <= st.Version || line.Clocks == nil || len(line.Moves) < len(st.Moves) {
			t.Fatalf("gameState %+v after version %d; want a later version with clocks and moves", line.BotGameState, st.Version)
		}
		st = line.BotGameState
	}
	if st.Status != protocol.StatusFinished || st.Result == nil || moves == 0 {
		t.Fatalf("last state %+v after %d moves; want finished with a result", st, moves)
	}
	var rest protocol.BotGameState
	if game.next(&rest) {
		t.Errorf("the game stream went on after the end: %+v", rest)
	}
	if !events.next(&ev) || ev.Type != protocol.EventGameFinish || ev.Game.ID != id || ev.Game.Result == nil {
		t.Errorf("event %+v; want gameFinish of %s with its result", ev, id)
	}
	if spec.until(func(m protocol.ServerMessage) bool {
		return m.State != nil && m.State.Status == protocol.StatusFinished
	}).State.Result == nil {
		t.Error("the spectator saw no result")
	}
	stored, _, err := h.db.Load(context.Background(), id)
	if err != nil || stored.Status != protocol.StatusFinished || stored.Ply != len(st.Moves) {
		t.Errorf("stored %+v, %v; want finished with %d moves", stored, err, len(st.Moves))
	}
}

// TestBotChatAndCommands: chat from a bot reaches the other player's
// WebSocket, the other player's line reaches the bot's game stream;
// moves out of turn and by an account holding no seat are refused;
// resignation ends the match.
func TestBotChatAndCommands(t *testing.T) {
	h := rated(t)
	token := h.botPlayer("Robo")
	other := h.botPlayer("Mallory")
	var created protocol.CreateResponse
	zero := 0
	if st := h.api("POST", "/api/matches", protocol.CreateRequest{Game: "race", Join: &zero}, &created); st != http.StatusCreated {
		t.Fatal(st)
	}
	id := created.Match.ID
	var joined protocol.JoinResponse
	if st, code := h.botCall(token, "POST", "/api/bot/matches/"+id+"/join", protocol.BotJoinRequest{}, &joined); st != http.StatusOK || joined.Seat != 1 {
		t.Fatalf("join: %d %s %+v", st, code, joined)
	}
	human := h.connect(id, created.Token)
	game := h.stream(token, "/api/bot/game/stream/"+id)
	var full protocol.BotGameFull
	game.next(&full)
	if full.State.Status != protocol.StatusLive || full.State.ToMove != 0 {
		t.Fatalf("gameFull state %+v; want live, seat 0 to move", full.State)
	}

	if st, code := h.botCall(token, "POST", "/api/bot/game/"+id+"/move/1", nil, nil); code != protocol.CodeNotYourTurn {
		t.Errorf("move out of turn: %d %s, want not-your-turn", st, code)
	}
	if st, code := h.botCall(other, "POST", "/api/bot/game/"+id+"/resign", nil, nil); code != protocol.CodeNotAPlayer {
		t.Errorf("resign by a non-player: %d %s, want not-a-player", st, code)
	}
	if st, code := h.botCall(token, "POST", "/api/bot/game/"+id+"/chat", protocol.BotChatRequest{Text: "good luck"}, nil); st != http.StatusOK {
		t.Fatalf("bot chat: %d %s", st, code)
	}
	if m := human.chatMsg(); m.Chat == nil || m.Chat.Text != "good luck" || m.Chat.Username != "Robo" || m.Chat.Seat != 1 {
		t.Errorf("the human got %+v; want Robo's line", m)
	}
	if m, _ := human.say("", "thanks"); chatCode(m) != "ok" {
		t.Fatalf("human chat: %+v", m)
	}
	// The bot's stream has its own line, then the human's.
	var line protocol.BotChatLine
	for game.next(&line) && line.Text != "thanks" {
		line = protocol.BotChatLine{}
	}
	if line.Text != "thanks" || line.Seat != 0 {
		t.Errorf("the bot's stream got %+v; want the human's line", line)
	}
	if st, code := h.botCall(token, "POST", "/api/bot/game/"+id+"/resign", nil, nil); st != http.StatusOK {
		t.Fatalf("resign: %d %s", st, code)
	}
	var end protocol.BotGameState
	for game.next(&end) && (end.Type != protocol.TypeGameState || end.Status == protocol.StatusLive) {
		end = protocol.BotGameState{}
	}
	if end.Status != protocol.StatusFinished || end.Event == nil || end.Event.Kind != protocol.EventResign || end.Result.Winners[0] != 0 {
		t.Errorf("last state %+v; want finished by the bot's resignation", end)
	}
}

// TestBotStreamHoldsSeat: a bot reading its game stream is present for
// the abandonment sweep, as a player's WebSocket is; once its stream
// closes, the match is abandoned like any other.
func TestBotStreamHoldsSeat(t *testing.T) {
	fake := clock.NewFake(epoch)
	h := rated(t, func(c *Config) { c.Clock = fake })
	token := h.botPlayer("Robo")
	var created protocol.CreateResponse
	req := protocol.CreateRequest{Game: "race", Seats: []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatBot, Bot: "random"}}}
	if st, code := h.botCall(token, "POST", "/api/bot/matches", req, &created); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, code)
	}
	id := created.Match.ID
	game := h.stream(token, "/api/bot/game/stream/"+id)
	var full protocol.BotGameFull
	game.next(&full)
	if st, code := h.botCall(token, "POST", "/api/bot/game/"+id+"/move/"+h.state(id).Legal[0].Text, nil, nil); st != http.StatusOK {
		t.Fatalf("move: %d %s", st, code)
	}
	h.sweepAfter(fake, 31*time.Minute)
	if st := h.stored(id).Status; st != protocol.StatusLive {
		t.Fatalf("with the bot's stream open, after 31 minutes: %s, want live", st)
	}
	game.resp.Body.Close()
	r := h.room(id)
	waitFor(t, "the room to see the stream go", func() bool {
		n := -1
		r.do(func() { n = len(r.streams) })
		return n == 0
	})
	h.sweepAfter(fake, 29*time.Minute)
	h.sweepAfter(fake, 2*time.Minute)
	if st := h.stored(id); st.Status == protocol.StatusLive || st.Result == nil || st.Result.Reason != "abandonment" {
		t.Errorf("31 minutes after the stream closed: %s %+v, want ended by abandonment", st.Status, st.Result)
	}
}
