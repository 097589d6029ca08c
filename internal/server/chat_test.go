package server

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
)

// chatReader reads a client's frames, keeping the chat messages apart
// from the match messages (which it drops).
func (c *client) chatMsg() protocol.ChatMessage {
	c.t.Helper()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
		_, data, err := c.ws.Read(ctx)
		cancel()
		if err != nil {
			c.t.Fatalf("read: %v", err)
		}
		var m protocol.ChatMessage
		if err := json.Unmarshal(data, &m); err != nil {
			c.t.Fatalf("decode %s: %v", data, err)
		}
		if strings.HasPrefix(m.Type, "chat") {
			return m
		}
		if m.Type == protocol.TypeError {
			var e protocol.ServerMessage
			json.Unmarshal(data, &e)
			return protocol.ChatMessage{Type: "error:" + string(e.Error.Code), ID: e.ID}
		}
	}
}

// say sends a chat line and returns the answer to it: the line echoed
// (type chat with the ID) or "error:CODE". Lines of others read on the way
// are returned in seen.
func (c *client) say(channel, text string) (answer protocol.ChatMessage, seen []string) {
	c.t.Helper()
	id := fmt.Sprintf("chat-%d", c.n.Add(1))
	c.sendJSON(protocol.ClientMessage{Type: protocol.TypeChat, ID: id, Channel: channel, Text: text})
	for {
		m := c.chatMsg()
		if m.ID == id {
			return m, seen
		}
		if m.Chat != nil {
			seen = append(seen, m.Chat.Text)
		}
	}
}

func chatCode(m protocol.ChatMessage) string {
	if m.Type == protocol.TypeChat && m.Chat != nil {
		return "ok"
	}
	return strings.TrimPrefix(m.Type, "error:")
}

// TestChatChannelsAndMute: the players' line reaches the other player and
// not the spectator; the spectators' line reaches spectators and not the
// players while the match is on; a muted player no longer gets the other
// player's lines (nor in the history), the lines are stored with the
// match, and the length, channel and rate rules hold.
func TestChatChannelsAndMute(t *testing.T) {
	h := start(t, "", func(c *Config) { c.Clock = clock.NewFake(epoch) }) // the chat rate does not refill meanwhile
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	p0, p1, spec := h.connect(id, tokens[0]), h.connect(id, tokens[1]), h.connect(id, "")

	if m, _ := p0.say("", "hello"); chatCode(m) != "ok" || m.Chat.Channel != protocol.ChatPlayers || m.Chat.Seat != 0 {
		t.Fatalf("p0's line answered %+v", m)
	}
	if m := p1.chatMsg(); m.Chat == nil || m.Chat.Text != "hello" || m.ID != "" {
		t.Fatalf("p1 got %+v; want p0's line without p0's ID", m)
	}
	// The spectator's own line comes back to it with nothing before it:
	// p0's line did not reach it.
	if m, seen := spec.say("", "nice move"); chatCode(m) != "ok" || m.Chat.Channel != protocol.ChatSpectators || len(seen) != 0 {
		t.Fatalf("spectator's line answered %+v after %q; want its echo alone", m, seen)
	}
	// p1 mutes; p0's next line does not reach p1, nor does the
	// spectator's (players never read spectators during the match).
	p1.sendJSON(protocol.ClientMessage{Type: protocol.TypeChatMute, ID: "mute"})
	if m := p1.chatMsg(); m.Type != protocol.TypeChatHistory || !m.Muted {
		t.Fatalf("mute answered %+v", m)
	}
	if m, _ := p0.say("", "are you there?"); chatCode(m) != "ok" {
		t.Fatalf("p0's second line answered %+v", m)
	}
	if m, seen := p1.say("", "muted"); chatCode(m) != "ok" || len(seen) != 0 {
		t.Errorf("muted p1 read %q before its own line; want nothing", seen)
	}
	if m, seen := p0.say("", "still here"); chatCode(m) != "ok" || len(seen) != 1 || seen[0] != "muted" {
		t.Errorf("p0 read %q; want p1's line (a mute is one-way)", seen)
	}
	p1.sendJSON(protocol.ClientMessage{Type: protocol.TypeChatHistory, ID: "hist"})
	hist := p1.chatMsg()
	var texts []string
	for _, l := range hist.Chats {
		texts = append(texts, l.Text)
	}
	// Muted, the history shows p1's own lines only.
	if want := "muted"; strings.Join(texts, " ") != want || !hist.Muted || strings.Join(hist.Write, ",") != protocol.ChatPlayers {
		t.Errorf("p1's history %q muted %v write %v; want %q, muted, players", texts, hist.Muted, hist.Write, want)
	}

	for _, tt := range []struct {
		name          string
		c             *client
		channel, text string
		code          string
	}{
		{"too long", p0, "", strings.Repeat("é", protocol.MaxChatRunes+1), string(protocol.CodeTooLarge)},
		{"empty", p0, "", "", string(protocol.CodeBadRequest)},
		{"spectator in the players' channel", spec, protocol.ChatPlayers, "psst", string(protocol.CodeNotAPlayer)},
		{"player in the spectators' channel", p0, protocol.ChatSpectators, "psst", string(protocol.CodeNotAllowed)},
		{"unknown channel", p0, "everyone", "hi", string(protocol.CodeBadRequest)},
	} {
		if m, _ := tt.c.say(tt.channel, tt.text); chatCode(m) != tt.code {
			t.Errorf("%s: answered %s, want %s", tt.name, chatCode(m), tt.code)
		}
	}
	// The rate: a burst of chatBurst lines, then rate-limited (p1 has
	// said one line).
	var codes []string
	for i := range chatBurst + 1 {
		m, _ := p1.say("", fmt.Sprint("line ", i))
		codes = append(codes, chatCode(m))
	}
	if codes[chatBurst-2] != "ok" || codes[chatBurst] != string(protocol.CodeRateLimited) {
		t.Errorf("a burst of lines answered %v; want ok up to the burst, then rate-limited", codes)
	}

	stored, err := h.db.ChatMessages(context.Background(), id, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored) < 5 || stored[0].Text != "hello" || stored[1].Channel != protocol.ChatSpectators {
		t.Errorf("stored %+v; want the lines in order, with their channels", stored)
	}
}

// TestChatRatedGuests: in a rated match a guest spectator may not chat,
// a logged-in one may; with Config.ChatGuests the guest may too.
func TestChatRatedGuests(t *testing.T) {
	for _, guests := range []bool{false, true} {
		t.Run(fmt.Sprint("ChatGuests=", guests), func(t *testing.T) {
			h := rated(t, func(c *Config) { c.ChatGuests = guests })
			ds := h.players("Alice", "Bob")
			id, tokens := seatAll(t, ds, protocol.CreateRequest{Game: "pathagon", Rated: true, TimeControl: fischer})
			alice := h.connect(id, tokens[0])
			guest := h.connect(id, "")
			carol := h.players("Carol")[0]
			member := carol.dial(id)
			if w := member.hello("", nil); w.Type != protocol.TypeWelcome {
				t.Fatal(w)
			}
			want := string(protocol.CodeChatNeedsAccount)
			if guests {
				want = "ok"
			}
			if m, _ := guest.say("", "hi all"); chatCode(m) != want {
				t.Errorf("guest spectator: %s, want %s", chatCode(m), want)
			}
			m, _ := member.say("", "hi all")
			if chatCode(m) != "ok" || m.Chat.Username != "Carol" {
				t.Errorf("logged-in spectator: %+v, want ok as Carol", m)
			}
			// A player who came with the seat token alone chats under the
			// account holding the seat.
			if m, _ := alice.say("", "good luck"); chatCode(m) != "ok" || m.Chat.Username != "Alice" {
				t.Errorf("player: %+v, want ok as Alice", m)
			}
		})
	}
}

// history asks for the chat history and returns its texts and muted
// seats.
func (c *client) history() (texts []string, muted []int) {
	c.t.Helper()
	id := fmt.Sprintf("hist-%d", c.n.Add(1))
	c.sendJSON(protocol.ClientMessage{Type: protocol.TypeChatHistory, ID: id})
	for {
		if m := c.chatMsg(); m.Type == protocol.TypeChatHistory && m.ID == id {
			for _, l := range m.Chats {
				texts = append(texts, l.Text)
			}
			return texts, m.MutedSeats
		}
	}
}

// mute sends chat-mute or chat-unmute about target (nil: every other
// player) and returns the answer: the muted seats, or "error:CODE".
func (c *client) mute(typ string, target *int) (string, []int) {
	c.t.Helper()
	id := fmt.Sprintf("mute-%d", c.n.Add(1))
	c.sendJSON(protocol.ClientMessage{Type: typ, ID: id, Target: target})
	for {
		if m := c.chatMsg(); m.ID == id {
			return m.Type, m.MutedSeats
		}
	}
}

// TestChatMutePerSeatKept: in a three-player match a player mutes one
// other player: that player's lines no longer reach it, live or in the
// history, while the third player's still do; the mute is stored with the
// match and holds after the server restarts; unmuting shows every line
// again, and a mute without a target mutes every other player.
func TestChatMutePerSeatKept(t *testing.T) {
	h := start(t, "", func(c *Config) { c.Limits = Limits{Off: true} })
	zero, seat0 := 0, 0
	resp := h.create(protocol.CreateRequest{Game: "race", Players: 3, Join: &zero})
	id := resp.Match.ID
	tokens := []string{resp.Token, h.join(id, 1), h.join(id, 2)}
	ps := []*client{h.connect(id, tokens[0]), h.connect(id, tokens[1]), h.connect(id, tokens[2])}
	if typ, muted := ps[2].mute(protocol.TypeChatMute, &seat0); typ != protocol.TypeChatHistory || !slices.Equal(muted, []int{0}) {
		t.Fatalf("seat 2 mutes seat 0: %s %v; want the history with seat 0 muted", typ, muted)
	}
	for _, tt := range []struct {
		name   string
		target int
	}{{"itself", 2}, {"no such seat", 3}, {"a negative seat", -1}} {
		if typ, _ := ps[2].mute(protocol.TypeChatMute, &tt.target); typ != "error:"+string(protocol.CodeBadRequest) {
			t.Errorf("muting %s: %s; want bad-request", tt.name, typ)
		}
	}
	say := func(round string) {
		t.Helper()
		for i, p := range ps[:2] {
			if m, _ := p.say("", fmt.Sprint(round, i)); chatCode(m) != "ok" {
				t.Fatalf("seat %d: %+v", i, m)
			}
		}
		if _, seen := ps[2].say("", round+"2"); !slices.Equal(seen, []string{round + "1"}) {
			t.Errorf("seat 2 read %q before its own line; want seat 1's alone", seen)
		}
	}
	say("a")
	if texts, _ := ps[0].history(); !slices.Equal(texts, []string{"a0", "a1", "a2"}) {
		t.Errorf("seat 0's history %q; want every line (a mute is one-way)", texts)
	}

	path := h.path
	h.stop()
	h = start(t, path, func(c *Config) { c.Limits = Limits{Off: true} })
	ps = []*client{h.connect(id, tokens[0]), h.connect(id, tokens[1]), h.connect(id, tokens[2])}
	if texts, muted := ps[2].history(); !slices.Equal(texts, []string{"a1", "a2"}) || !slices.Equal(muted, []int{0}) {
		t.Errorf("after a restart seat 2's history is %q muting %v; want seat 0's lines hidden", texts, muted)
	}
	say("b")
	if typ, muted := ps[2].mute(protocol.TypeChatUnmute, &seat0); typ != protocol.TypeChatHistory || len(muted) != 0 {
		t.Errorf("unmute: %s %v", typ, muted)
	}
	if texts, _ := ps[2].history(); len(texts) != 6 {
		t.Errorf("unmuted, seat 2's history is %q; want all six lines", texts)
	}
	if typ, muted := ps[2].mute(protocol.TypeChatMute, nil); typ != protocol.TypeChatHistory || !slices.Equal(muted, []int{0, 1}) {
		t.Errorf("mute everyone: %s %v; want seats 0 and 1 muted", typ, muted)
	}
	if got, err := h.db.ChatMutes(context.Background(), id); err != nil || len(got) != 1 || got[2] != 0b11 {
		t.Errorf("stored mutes %v, %v; want seat 2 muting seats 0 and 1", got, err)
	}
}
