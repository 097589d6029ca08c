package server

import (
	"net/http"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/analysis"
	"github.com/tabula-games/tabula/internal/protocol"
)

// A finished review is kept in the store: after a restart on the same
// database the review is answered at once, by a GET (which never starts
// a search) and by a start request (200 done, not 202 running), with the
// pool idle.
func TestReviewSurvivesRestart(t *testing.T) {
	budget := func(c *Config) { c.Review = analysis.ReviewBudget{Nodes: 300} }
	h := start(t, "", analysisGames, budget)
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	end := playOut(t, [2]*client{h.connect(id, tokens[0]), h.connect(id, tokens[1])})
	var r reviewResponse
	h.api("POST", "/api/matches/"+id+"/review", struct{}{}, &r)
	deadline := time.Now().Add(testTimeout)
	for r.Status != "done" {
		if time.Now().After(deadline) {
			t.Fatalf("review still %+v", r)
		}
		time.Sleep(50 * time.Millisecond)
		h.api("GET", "/api/matches/"+id+"/review", nil, &r)
	}
	path := h.path
	h.stop()

	h = start(t, path, analysisGames, budget)
	var got reviewResponse
	if st := h.api("GET", "/api/matches/"+id+"/review", nil, &got); st != http.StatusOK || got.Status != "done" {
		t.Fatalf("after a restart: %d %s, want the stored review", st, got.Status)
	}
	if len(got.Review.Moves) != len(end.Moves) || got.Review.TimeMS != r.Review.TimeMS || got.Review.Moves[0].Move != r.Review.Moves[0].Move {
		t.Errorf("stored review: %d moves, time %d; want %d moves, time %d", len(got.Review.Moves), got.Review.TimeMS, len(end.Moves), r.Review.TimeMS)
	}
	var again reviewResponse
	if st := h.api("POST", "/api/matches/"+id+"/review", struct{}{}, &again); st != http.StatusOK || again.Status != "done" || again.Review.TimeMS != r.Review.TimeMS {
		t.Errorf("start after a restart: %d %s, want 200 done from the store", st, again.Status)
	}
	if run, wait := h.srv.analysis.Busy(); run != 0 || wait != 0 {
		t.Errorf("the pool is busy (%d, %d): the review was searched again", run, wait)
	}
	var none reviewResponse
	if st := h.api("GET", "/api/matches/nosuch/review", nil, &none); st != http.StatusOK || none.Status != "none" {
		t.Errorf("a match never reviewed: %d %s, want none", st, none.Status)
	}
}

// Puzzle ratings are kept in the store: a puzzle's rating moved by an
// anonymous solver and a logged-in solver's puzzle rating survive a
// restart; a logged-in solver moves a puzzle once, also across the
// restart, and the rating it sends is ignored for the stored one.
func TestPuzzleRatingsSurviveRestart(t *testing.T) {
	h := start(t, "", analysisGames, behindProxy, cheapHashes)
	var list struct {
		Puzzles []puzzleSummary `json:"puzzles"`
	}
	h.api("GET", "/api/puzzles?game=tictactoe", nil, &list)
	if len(list.Puzzles) < 2 {
		t.Fatalf("%d puzzles", len(list.Puzzles))
	}
	one, two := list.Puzzles[0].ID, list.Puzzles[1].ID
	player := wireRating{Rating: 1500, RD: 200, Volatility: 0.06}

	var anon attemptResponse
	if st, _ := h.apiAs("10.0.0.1", "POST", "/api/puzzles/"+one+"/attempt", attemptRequest{Solved: true, Player: player}, &anon); st != 200 || anon.Kept {
		t.Fatalf("anonymous attempt: %d %+v", st, anon)
	}
	d := h.device("10.0.0.2")
	d.signup("solver", "correct horse")
	var a attemptResponse
	d.must(200, "POST", "/api/puzzles/"+two+"/attempt", attemptRequest{Solved: true, Player: wireRating{Rating: 2500, RD: 50, Volatility: 0.06}}, &a)
	if !a.Kept || a.Player.Games != 1 || a.Player.Rating <= 1500 || a.Player.Rating > 1900 {
		t.Fatalf("logged-in attempt: %+v; want a kept rating from the start (1500), not the one sent", a)
	}
	var b attemptResponse
	d.must(200, "POST", "/api/puzzles/"+two+"/attempt", attemptRequest{Solved: false}, &b)
	if b.Player != a.Player || b.Puzzle != a.Puzzle {
		t.Errorf("a second attempt of the account moved the ratings: %+v, was %+v", b, a)
	}
	path := h.path
	h.stop()

	h = start(t, path, analysisGames, behindProxy, cheapHashes)
	for _, tc := range []struct {
		id   string
		want wireRating
	}{{one, anon.Puzzle}, {two, a.Puzzle}} {
		var p puzzleResponse
		if st := h.api("GET", "/api/puzzles/"+tc.id, nil, &p); st != 200 || p.Current != tc.want {
			t.Errorf("puzzle %s after a restart: %d %+v, want %+v", tc.id, st, p.Current, tc.want)
		}
	}
	h.api("GET", "/api/puzzles?game=tictactoe", nil, &list)
	for _, p := range list.Puzzles {
		if p.ID == one && p.Rating != float64(int(anon.Puzzle.Rating+0.5)) {
			t.Errorf("listed rating of %s: %v, want %v", one, p.Rating, anon.Puzzle.Rating)
		}
	}
	d2 := h.device("10.0.0.2")
	d2.cookie, d2.csrf = d.cookie, d.csrf
	var mine puzzleResponse
	d2.must(200, "GET", "/api/puzzles/"+one, nil, &mine)
	if mine.Solver == nil || *mine.Solver != a.Player {
		t.Errorf("the logged-in solver's rating after a restart: %+v, want %+v", mine.Solver, a.Player)
	}
	var anonView puzzleResponse
	if h.api("GET", "/api/puzzles/"+one, nil, &anonView); anonView.Solver != nil {
		t.Errorf("an anonymous view carries a solver rating: %+v", anonView.Solver)
	}
	var c attemptResponse
	d2.must(200, "POST", "/api/puzzles/"+two+"/attempt", attemptRequest{Solved: false}, &c)
	if c.Player != a.Player || c.Puzzle != a.Puzzle {
		t.Errorf("an attempt after the restart moved a puzzle the account attempted: %+v, was %+v", c, a)
	}
	var e attemptResponse
	d2.must(200, "POST", "/api/puzzles/"+one+"/attempt", attemptRequest{Solved: true}, &e)
	if e.Player.Games != 2 || e.Player.Rating <= a.Player.Rating || e.Puzzle.Rating >= anon.Puzzle.Rating {
		t.Errorf("the account's attempt at another puzzle: %+v; want its kept rating (%v) to move on", e, a.Player)
	}
}
