package server

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/games/abalone"
	"github.com/tabula-games/tabula/games/talat"
	"github.com/tabula-games/tabula/internal/protocol"
)

// TestReplayImportsRecords: a match's record, exported as text or as
// JSON, imported back by POST /api/replay gives the same positions and
// board forms as the match's own replay; records that cannot be replayed
// are refused with their wire code and nothing is stored.
func TestReplayImportsRecords(t *testing.T) {
	h := start(t, "", func(c *Config) { c.Games = []*game.Info{race.NewInfo(), abalone.Info} })
	zero := 0
	resp := h.create(protocol.CreateRequest{Game: "abalone", Variant: "belgian-daisy", Join: &zero, TimeControl: protocol.TimeControl{Kind: "none"}})
	id, tokens := resp.Match.ID, [2]string{resp.Token, h.join(resp.Match.ID, 1)}
	c := [2]*client{h.connect(id, tokens[0]), h.connect(id, tokens[1])}
	for ply := range 5 {
		p := c[ply%2]
		p.untilVersion(max(c[0].version, c[1].version))
		wantAck(t, p.do(protocol.TypeMove, p.state.Legal[ply].Text))
	}
	var want protocol.Positions
	if code := h.api("GET", "/api/matches/"+id+"/positions", nil, &want); code != http.StatusOK {
		t.Fatalf("positions: %d", code)
	}
	for _, format := range []string{"record", "record.json"} {
		r, err := http.Get(h.http.URL + "/api/matches/" + id + "/" + format)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := io.ReadAll(r.Body)
		r.Body.Close()
		var got protocol.Positions
		if code := h.api("POST", "/api/replay", protocol.ReplayRequest{Record: string(text)}, &got); code != http.StatusOK {
			t.Fatalf("%s: status %d", format, code)
		}
		if got.Game != "abalone" || got.Variant != "belgian-daisy" || len(got.Positions) != len(want.Positions) {
			t.Fatalf("%s: %s %s, %d positions; want abalone belgian-daisy, %d", format, got.Game, got.Variant, len(got.Positions), len(want.Positions))
		}
		for i, p := range got.Positions {
			w := want.Positions[i]
			if p.Position != w.Position || p.Move != w.Move || p.Seat != w.Seat || p.ToMove != w.ToMove || boardKey(p.Board) != boardKey(w.Board) {
				t.Errorf("%s ply %d: %+v, want %+v", format, i, p, w)
			}
		}
	}
	var list protocol.MatchList
	h.api("GET", "/api/matches", nil, &list)
	before := list.Matches

	bad := []struct {
		name string
		req  protocol.ReplayRequest
		code protocol.Code
	}{
		{"empty", protocol.ReplayRequest{Record: "  "}, protocol.CodeBadRequest},
		{"no game", protocol.ReplayRequest{Record: "1. a1b2"}, protocol.CodeUnknownGame},
		{"unknown game", protocol.ReplayRequest{Record: "# game: chess\n1. e4 e5"}, protocol.CodeUnknownGame},
		{"bad variant", protocol.ReplayRequest{Record: "# game: abalone\n# variant: square\n1. a1b2"}, protocol.CodeBadOption},
		{"illegal move", protocol.ReplayRequest{Record: "1. a1b2 a1b2", Game: "abalone"}, protocol.CodeIllegalMove},
		{"syntax", protocol.ReplayRequest{Record: "1. zz", Game: "abalone"}, protocol.CodeSyntax},
		{"bad JSON record", protocol.ReplayRequest{Record: `{"game": 3}`}, protocol.CodeBadJSON},
		{"too many moves", protocol.ReplayRequest{Record: strings.Repeat("+1 ", maxReplayPlies+1), Game: "race"}, protocol.CodeTooLarge},
	}
	for _, tc := range bad {
		var e protocol.ErrorBody
		code := h.api("POST", "/api/replay", tc.req, &e)
		if e.Error.Code != tc.code || code != tc.code.HTTPStatus() {
			t.Errorf("%s: %d %s (%s), want %s", tc.name, code, e.Error.Code, e.Error.Message, tc.code)
		}
	}
	h.api("GET", "/api/matches", nil, &list)
	if len(list.Matches) != len(before) {
		t.Errorf("replays stored matches: %d, then %d", len(before), len(list.Matches))
	}
}

func boardKey(b *protocol.Board) string {
	if b == nil {
		return ""
	}
	data, _ := json.Marshal(b)
	return string(data)
}

// TestReplayNeedsTheSeed: Palat draws its first player from the match's
// seed; the export of an ended match carries the seed (a live one does
// not: it would tell the match's coming random draws), and the import
// replays with it.
func TestReplayNeedsTheSeed(t *testing.T) {
	h := start(t, "", func(c *Config) { c.Games = []*game.Info{talat.Info} })
	zero := 0
	resp := h.create(protocol.CreateRequest{Game: "talat", Variant: "palat", Join: &zero, TimeControl: protocol.TimeControl{Kind: "none"}})
	id, tokens := resp.Match.ID, [2]string{resp.Token, h.join(resp.Match.ID, 1)}
	c := [2]*client{h.connect(id, tokens[0]), h.connect(id, tokens[1])}
	for range 4 {
		v := max(c[0].version, c[1].version)
		c[0].untilVersion(v)
		c[1].untilVersion(v)
		p := c[c[0].state.ToMove]
		wantAck(t, p.do(protocol.TypeMove, p.state.Legal[0].Text))
	}
	record := func() string {
		r, err := http.Get(h.http.URL + "/api/matches/" + id + "/record")
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return string(b)
	}
	if strings.Contains(record(), "# seed:") {
		t.Fatal("a live match's record tells its seed")
	}
	c[0].untilVersion(max(c[0].version, c[1].version))
	wantAck(t, c[0].do(protocol.TypeResign, ""))
	text := record()
	if !strings.Contains(text, "# seed:") {
		t.Fatalf("an ended match's record has no seed:\n%s", text)
	}
	var want, got protocol.Positions
	h.api("GET", "/api/matches/"+id+"/positions", nil, &want)
	if code := h.api("POST", "/api/replay", protocol.ReplayRequest{Record: text}, &got); code != http.StatusOK {
		t.Fatalf("replay: status %d", code)
	}
	if n := len(want.Positions); len(got.Positions) != n || got.Positions[n-1].Position != want.Positions[n-1].Position {
		t.Fatalf("replay ends in %+v, the match in %+v", got.Positions[len(got.Positions)-1], want.Positions[n-1])
	}
	var js protocol.Record
	h.api("GET", "/api/matches/"+id+"/record.json", nil, &js)
	if js.Seed == "" {
		t.Fatal("the JSON record of an ended match has no seed")
	}
}
