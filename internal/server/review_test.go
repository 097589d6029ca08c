package server

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/analysis"
	"github.com/tabula-games/tabula/internal/protocol"
)

// The analysis board's position requests: the legal moves and result of
// any position, and clear errors, naming the move or the parser's
// complaint, for what is not a position.
func TestExplorePosition(t *testing.T) {
	h := start(t, "", analysisGames)
	tests := []struct {
		name   string
		req    map[string]any
		status int
		code   protocol.Code
		text   string // in the error message
		legal  int
		result bool
	}{
		{"start", map[string]any{"game": "tictactoe"}, 200, "", "", 9, false},
		{"moves", map[string]any{"game": "tictactoe", "moves": []string{"4", "0"}}, 200, "", "", 7, false},
		{"edited position", map[string]any{"game": "tictactoe", "position": "xx.oo.... x"}, 200, "", "", 5, false},
		{"won", map[string]any{"game": "tictactoe", "position": "xx.oo.... x", "moves": []string{"2"}}, 200, "", "", 0, true},
		{"impossible position", map[string]any{"game": "tictactoe", "position": "xxx...... o"}, 422, protocol.CodeBadPosition, "", 0, false},
		{"malformed position", map[string]any{"game": "tictactoe", "position": "nonsense"}, 422, protocol.CodeBadPosition, "want 9 cells", 0, false},
		{"illegal move", map[string]any{"game": "tictactoe", "moves": []string{"4", "4"}}, 422, protocol.CodeIllegalMove, `move 2 "4"`, 0, false},
		{"unknown game", map[string]any{"game": "chess"}, 404, protocol.CodeUnknownGame, "chess", 0, false},
		{"no match", map[string]any{"match": "nosuch"}, 404, protocol.CodeNotFound, "nosuch", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out struct {
				exploreResponse
				Error protocol.Error `json:"error"`
			}
			status := h.api("POST", "/api/analysis/position", tc.req, &out)
			if tc.code != "" {
				if out.Error.Code != tc.code || !strings.Contains(out.Error.Message, tc.text) {
					t.Fatalf("%d %+v, want %s mentioning %q", status, out.Error, tc.code, tc.text)
				}
				return
			}
			if status != tc.status || len(out.Legal) != tc.legal || (out.Result != nil) != tc.result {
				t.Fatalf("%d: %d legal, result %+v; want %d legal, result %v", status, len(out.Legal), out.Result, tc.legal, tc.result)
			}
			if moves, _ := tc.req["moves"].([]string); len(out.Positions) != len(moves)+1 {
				t.Errorf("%d positions for %d moves", len(out.Positions), len(moves))
			}
		})
	}
}

// A review is refused while the match is played; once it ended, one
// request starts it, the state reports progress, and the finished review
// has every move, every ply's expected results and both seats' accuracy;
// asking again answers from the cache without searching again.
func TestReviewOfFinishedMatch(t *testing.T) {
	h := start(t, "", analysisGames, func(c *Config) { c.Review = analysis.ReviewBudget{Nodes: 300} })
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	players := [2]*client{h.connect(id, tokens[0]), h.connect(id, tokens[1])}
	var e protocol.ErrorBody
	if st := h.api("POST", "/api/matches/"+id+"/review", struct{}{}, &e); st != http.StatusConflict || e.Error.Code != protocol.CodeNotAllowed {
		t.Fatalf("review of a live match: %d %+v, want 409 not-allowed", st, e.Error)
	}
	end := playOut(t, players)
	plies := len(end.Moves)
	var r reviewResponse
	if st := h.api("POST", "/api/matches/"+id+"/review", struct{}{}, &r); st != http.StatusAccepted && st != http.StatusOK {
		t.Fatalf("start: %d", st)
	}
	deadline := time.Now().Add(testTimeout)
	for r.Status != "done" {
		if time.Now().After(deadline) {
			t.Fatalf("review still %+v", r)
		}
		time.Sleep(50 * time.Millisecond)
		h.api("GET", "/api/matches/"+id+"/review", nil, &r)
		if r.Status == "none" {
			t.Fatal("the review vanished")
		}
	}
	rv := r.Review
	if len(rv.Moves) != plies || len(rv.Expected) != plies+1 || len(rv.Accuracy) != 2 {
		t.Fatalf("review of %d plies: %d moves, %d evaluations, accuracy %v", plies, len(rv.Moves), len(rv.Expected), rv.Accuracy)
	}
	for i, m := range rv.Moves {
		if m.Ply != i+1 || m.Move != end.Moves[i] || m.Loss < 0 || m.Loss > 1 {
			t.Errorf("move %d: %+v", i, m)
		}
	}
	var again reviewResponse
	if st := h.api("POST", "/api/matches/"+id+"/review", struct{}{}, &again); st != http.StatusOK || again.Status != "done" || again.Review.TimeMS != rv.TimeMS {
		t.Errorf("second request: %d %s, want the cached review", st, again.Status)
	}
	if r, w := h.srv.analysis.Busy(); r != 0 || w != 0 {
		t.Errorf("the pool is busy (%d, %d) after a cached answer", r, w)
	}
}

// A puzzle attempt is a Glicko-2 game between solver and puzzle: a solve
// raises the solver and lowers the puzzle, a miss the reverse; the puzzle
// moves once per client, and a rating that is not one is refused.
func TestPuzzleAttemptRating(t *testing.T) {
	h := start(t, "", analysisGames, behindProxy)
	var list struct {
		Puzzles []puzzleSummary `json:"puzzles"`
	}
	if st := h.api("GET", "/api/puzzles?game=tictactoe", nil, &list); st != 200 || len(list.Puzzles) == 0 {
		t.Fatalf("list: %d, %d puzzles", st, len(list.Puzzles))
	}
	id := list.Puzzles[0].ID
	var p puzzleResponse
	if st := h.api("GET", "/api/puzzles/"+id, nil, &p); st != 200 || len(p.Solution) == 0 || p.Current.Rating != p.Rating {
		t.Fatalf("puzzle: %d %+v", st, p)
	}
	player := wireRating{Rating: 1500, RD: 200, Volatility: 0.06}
	var a attemptResponse
	if st, _ := h.apiAs("10.0.0.1", "POST", "/api/puzzles/"+id+"/attempt", attemptRequest{Solved: true, Player: player}, &a); st != 200 {
		t.Fatalf("attempt: %d", st)
	}
	if a.Player.Rating <= player.Rating || a.Puzzle.Rating >= p.Rating || a.Player.Games != 1 || a.Player.RD >= player.RD {
		t.Fatalf("after a solve: player %+v, puzzle %+v (was %v)", a.Player, a.Puzzle, p.Rating)
	}
	solved := a.Puzzle.Rating
	var b attemptResponse
	h.apiAs("10.0.0.1", "POST", "/api/puzzles/"+id+"/attempt", attemptRequest{Solved: true, Player: a.Player}, &b)
	if b.Puzzle.Rating != solved || b.Player.Rating <= a.Player.Rating {
		t.Errorf("second attempt of one client: puzzle %v (want %v), player %v", b.Puzzle.Rating, solved, b.Player.Rating)
	}
	var c attemptResponse
	h.apiAs("10.0.0.2", "POST", "/api/puzzles/"+id+"/attempt", attemptRequest{Solved: false, Player: player}, &c)
	if c.Puzzle.Rating <= solved || c.Player.Rating >= player.Rating {
		t.Errorf("a miss by another client: puzzle %v (was %v), player %v", c.Puzzle.Rating, solved, c.Player.Rating)
	}
	var e protocol.ErrorBody
	if st, _ := h.apiAs("10.0.0.3", "POST", "/api/puzzles/"+id+"/attempt", attemptRequest{Solved: true, Player: wireRating{Rating: 1500, RD: -1, Volatility: 0.06}}, &e); st != 400 || e.Error.Code != protocol.CodeBadRequest {
		t.Errorf("a negative RD: %d %+v, want bad-request", st, e.Error)
	}
	if st := h.api("GET", "/api/puzzles/nosuch", nil, &e); st != 404 {
		t.Errorf("unknown puzzle: %d", st)
	}
}
