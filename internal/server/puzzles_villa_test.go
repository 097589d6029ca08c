package server

import (
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/villapaletti"
)

// A Villa Paletti puzzle is served with the moves it accepts, and the
// analysis board the puzzle page draws lists every one of them among the
// position's moves, so each accepted answer can be clicked (the board
// offers listed moves only).
func TestVillaPuzzleAcceptedMovesListed(t *testing.T) {
	h := start(t, "", func(c *Config) { c.Games = []*game.Info{villapaletti.Info} }, behindProxy)
	var list struct {
		Puzzles []puzzleSummary `json:"puzzles"`
	}
	if st := h.api("GET", "/api/puzzles?game=villapaletti", nil, &list); st != 200 || len(list.Puzzles) < 200 {
		t.Fatalf("list: %d, %d puzzles", st, len(list.Puzzles))
	}
	several := 0
	for _, s := range list.Puzzles[:40] {
		var p puzzleResponse
		if st := h.api("GET", "/api/puzzles/"+s.ID, nil, &p); st != 200 || len(p.Accept) == 0 || len(p.Accept[0]) == 0 {
			t.Fatalf("%s: %d, accept %v", s.ID, st, p.Accept)
		}
		var ex exploreResponse
		req := exploreRequest{Game: p.Game, Variant: p.Variant, Players: p.Players, Options: p.Options, Position: p.Position}
		if st := h.api("POST", "/api/analysis/position", req, &ex); st != 200 {
			t.Fatalf("%s: explore %d", s.ID, st)
		}
		var legal []string
		for _, m := range ex.Legal {
			legal = append(legal, m.Text)
		}
		if !slices.Contains(p.Accept[0], p.Solution[0]) {
			t.Errorf("%s: the solution %s is not accepted", s.ID, p.Solution[0])
		}
		for _, a := range p.Accept[0] {
			if !slices.Contains(legal, a) {
				t.Errorf("%s: accepted %s is not among the board's %d moves", s.ID, a, len(legal))
			}
		}
		if len(p.Accept[0]) > 1 {
			several++
		}
	}
	if several == 0 {
		t.Error("no puzzle of the first 40 accepts more than one move: the test shows nothing of the class rule")
	}
}
