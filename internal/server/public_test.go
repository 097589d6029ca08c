package server

import (
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/villapaletti"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// generatorState is the noise generator's state in a Villa Paletti
// position text: with it, a player predicts every wobble to come.
var generatorState = regexp.MustCompile(`rng: [0-9a-f]{16}`)

// TestLiveVillaHidesGenerator: under unsteady hands, no position text a
// client of a running match receives (the state over the socket and over
// HTTP, the text and JSON records, the replay's positions, the analysis
// board's) carries the noise generator's state, nor may the analysis
// board play a move the match has not played; a restart still restores
// the match exactly (the store keeps the seed and the moves); a finished
// match's texts are full.
func TestLiveVillaHidesGenerator(t *testing.T) {
	games := func(c *Config) { c.Games = []*game.Info{villapaletti.Info} }
	h := start(t, "", games)
	zero := 0
	resp := h.create(protocol.CreateRequest{Game: "villapaletti", Players: 2, Options: map[string]string{"unsteadyHands": "true"}, Join: &zero})
	id := resp.Match.ID
	players := [2]*client{h.connect(id, resp.Token), nil}
	players[1] = h.connect(id, h.join(id, 1))
	players[0].untilVersion(players[1].version)
	for range 4 {
		st := players[0].state
		mover := players[st.ToMove]
		mover.untilVersion(st.Version)
		wantAck(t, mover.do(protocol.TypeMove, mover.state.Legal[0].Text))
		players[0].untilVersion(mover.version)
		players[1].untilVersion(mover.version)
	}

	texts := map[string][]string{"socket": {players[0].state.Position}}
	var state protocol.State
	h.api("GET", "/api/matches/"+id, nil, &state)
	texts["GET state"] = []string{state.Position}
	texts["record"] = []string{recordLine(t, h.http.URL+"/api/matches/"+id+"/record", "# position: ")}
	var record protocol.Record
	h.api("GET", "/api/matches/"+id+"/record.json", nil, &record)
	texts["record.json"] = []string{record.Position}
	var positions protocol.Positions
	h.api("GET", "/api/matches/"+id+"/positions", nil, &positions)
	for _, p := range positions.Positions {
		texts["positions"] = append(texts["positions"], p.Position)
	}
	var explored exploreResponse
	h.api("POST", "/api/analysis/position", exploreRequest{Match: id, Moves: players[0].state.Moves}, &explored)
	for _, p := range explored.Positions {
		texts["analysis"] = append(texts["analysis"], p.Position)
	}
	// A move the match has not played would draw from its generator.
	next := append(slices.Clone(players[0].state.Moves), players[0].state.Legal[0].Text)
	if st := h.api("POST", "/api/analysis/position", exploreRequest{Match: id, Moves: next}, nil); st != http.StatusBadRequest {
		t.Errorf("exploring a move a running match has not played: status %d, want %d", st, http.StatusBadRequest)
	}
	for where, list := range texts {
		if len(list) == 0 {
			t.Errorf("%s: no position", where)
		}
		for _, p := range list {
			if generatorState.MatchString(p) || !strings.HasSuffix(p, "rng: hidden") {
				t.Errorf("%s of a running match: %q", where, p)
			}
		}
	}

	full := h.room(id).st.String()
	if !generatorState.MatchString(full) {
		t.Fatalf("the room's own state %q lacks the generator", full)
	}
	path := h.path
	h.stop()
	h = start(t, path, games)
	if got := h.room(id).st.String(); got != full {
		t.Errorf("after a restart the room holds\n%q\nwant\n%q", got, full)
	}

	st := h.room(id).st
	for _, status := range []string{store.StatusFinished, store.StatusAborted} {
		if got := positionText(st, store.Match{Status: status}); got != full {
			t.Errorf("%s match: position %q, want the full text", status, got)
		}
	}
}

// recordLine returns the rest of the line of the text at url that begins
// with prefix.
func recordLine(t *testing.T, url, prefix string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			return rest
		}
	}
	t.Fatalf("no %q line in %s", prefix, data)
	return ""
}

// TestBotStreamHidesGenerator: the bot API's full match gives a running
// Villa Paletti match's start (whose generator state is the seed's) with
// the generator hidden.
func TestBotStreamHidesGenerator(t *testing.T) {
	h := rated(t, func(c *Config) { c.Games = append(c.Games, villapaletti.Info) })
	token := h.botPlayer("Robo")
	var created protocol.CreateResponse
	req := protocol.CreateRequest{Game: "villapaletti", Players: 2, Options: map[string]string{"unsteadyHands": "true"},
		Seats: []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatBot, Bot: "random"}}}
	if st, code := h.botCall(token, "POST", "/api/bot/matches", req, &created); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, code)
	}
	var full protocol.BotGameFull
	if !h.stream(token, "/api/bot/game/stream/"+created.Match.ID).next(&full) || full.Type != protocol.TypeGameFull {
		t.Fatalf("first line %+v, want the full match", full)
	}
	if generatorState.MatchString(full.Initial) || !strings.HasSuffix(full.Initial, "rng: hidden") {
		t.Errorf("the start of a running match: %q", full.Initial)
	}
}
