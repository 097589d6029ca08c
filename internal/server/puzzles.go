package server

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"sort"
	"sync"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/puzzle"
	"github.com/tabula-games/tabula/internal/rating"
)

// maxPuzzleAttempts bounds the (client, puzzle) pairs remembered so that
// each client moves a puzzle's rating once: a client solves a few hundred
// puzzles a day at most; when the set is full it starts again.
const maxPuzzleAttempts = 100_000

// puzzleRD is a new puzzle's rating deviation: its starting rating comes
// from the mined difficulty, better known than a new player's 1500, so
// the first attempts move it less than RD 350 would.
const puzzleRD = 200

// puzzleSet is the shipped puzzles with their ratings, which move with
// every first attempt of a client (docs/puzzles.md). Ratings live in
// memory: a restart starts every puzzle at its mined difficulty again.
type puzzleSet struct {
	mu       sync.Mutex
	byGame   map[string][]puzzle.Puzzle
	byID     map[string]puzzle.Puzzle
	ratings  map[string]rating.Rating
	attempts map[string]bool // client + "\x00" + puzzle ID
}

func loadPuzzles() (*puzzleSet, error) {
	all, err := puzzle.Shipped()
	if err != nil {
		return nil, err
	}
	ps := &puzzleSet{byGame: all, byID: map[string]puzzle.Puzzle{}, ratings: map[string]rating.Rating{}, attempts: map[string]bool{}}
	for _, list := range all {
		for _, p := range list {
			ps.byID[p.ID] = p
			r := rating.Initial()
			r.Rating, r.RD = p.Rating, puzzleRD
			ps.ratings[p.ID] = r
		}
	}
	return ps, nil
}

// puzzleSummary is one puzzle of a list.
type puzzleSummary struct {
	ID     string  `json:"id"`
	Rating float64 `json:"rating"`
	Mate   int     `json:"mate"`
}

// wireRating is a rating on the wire.
type wireRating struct {
	Rating     float64 `json:"rating"`
	RD         float64 `json:"rd"`
	Volatility float64 `json:"volatility"`
	Games      int     `json:"games"`
}

func toWire(r rating.Rating) wireRating {
	return wireRating{Rating: math.Round(r.Rating*10) / 10, RD: math.Round(r.RD*10) / 10, Volatility: r.Volatility, Games: r.Games}
}

// puzzleResponse is a puzzle with its current rating.
type puzzleResponse struct {
	puzzle.Puzzle
	Current wireRating `json:"current"`
}

// handlePuzzles answers GET /api/puzzles?game=G: the game's puzzles by
// rating, lowest first.
func (s *Server) handlePuzzles(w http.ResponseWriter, r *http.Request) {
	g := r.URL.Query().Get("game")
	if _, ok := s.games[g]; !ok {
		s.httpError(w, protocol.Errorf(protocol.CodeUnknownGame, "no game %q", g))
		return
	}
	ps := s.tools.puzzles
	ps.mu.Lock()
	out := []puzzleSummary{}
	for _, p := range ps.byGame[g] {
		out = append(out, puzzleSummary{ID: p.ID, Rating: math.Round(ps.ratings[p.ID].Rating), Mate: p.Mate})
	}
	ps.mu.Unlock()
	sort.SliceStable(out, func(i, j int) bool { return out[i].Rating < out[j].Rating })
	s.writeJSON(w, http.StatusOK, map[string]any{"puzzles": out})
}

// handlePuzzle answers GET /api/puzzles/{id}.
func (s *Server) handlePuzzle(w http.ResponseWriter, r *http.Request) {
	ps := s.tools.puzzles
	ps.mu.Lock()
	p, ok := ps.byID[r.PathValue("id")]
	cur := ps.ratings[p.ID]
	ps.mu.Unlock()
	if !ok || s.games[p.Game] == nil {
		s.httpError(w, protocol.Errorf(protocol.CodeNotFound, "no puzzle %q", r.PathValue("id")))
		return
	}
	s.writeJSON(w, http.StatusOK, puzzleResponse{Puzzle: p, Current: toWire(cur)})
}

// attemptRequest is the body of POST /api/puzzles/{id}/attempt: whether
// the solver solved it at the first try, and the solver's rating, which
// the client keeps (an anonymous solver has no account to keep it in).
type attemptRequest struct {
	Solved bool       `json:"solved"`
	Player wireRating `json:"player"`
}

// attemptResponse is both ratings after the attempt.
type attemptResponse struct {
	Player wireRating `json:"player"`
	Puzzle wireRating `json:"puzzle"`
}

// handleAttempt answers POST /api/puzzles/{id}/attempt: a Glicko-2 game
// between the solver and the puzzle (a solve is the solver's win). The
// puzzle's rating moves on a client's first attempt only; the answer
// always carries the solver's new rating. Counts against the join rate.
func (s *Server) handleAttempt(w http.ResponseWriter, r *http.Request) {
	if !s.limitHTTP(w, r, limitJoin) {
		return
	}
	var req attemptRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	player := rating.Rating{Rating: req.Player.Rating, RD: req.Player.RD, Volatility: req.Player.Volatility, Games: req.Player.Games}
	if player == (rating.Rating{}) {
		player = rating.Initial()
	}
	ps := s.tools.puzzles
	id := r.PathValue("id")
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if _, ok := ps.byID[id]; !ok {
		s.httpError(w, protocol.Errorf(protocol.CodeNotFound, "no puzzle %q", id))
		return
	}
	places := []int{1, 0}
	if req.Solved {
		places = []int{0, 1}
	}
	out, err := attempt(player, ps.ratings[id], places)
	if err != nil {
		s.httpError(w, err)
		return
	}
	key := s.clientOf(r) + "\x00" + id
	if !ps.attempts[key] {
		if len(ps.attempts) >= maxPuzzleAttempts {
			clear(ps.attempts)
		}
		ps.attempts[key] = true
		ps.ratings[id] = out[1]
	}
	s.writeJSON(w, http.StatusOK, attemptResponse{Player: toWire(out[0]), Puzzle: toWire(ps.ratings[id])})
}

// attempt rates one attempt: the solver and the puzzle as two players.
func attempt(player, puz rating.Rating, places []int) ([]rating.Rating, error) {
	out, err := rating.Update([]rating.Rating{player, puz}, places, rating.Config{})
	if errors.Is(err, rating.ErrInvalid) {
		return nil, protocol.Errorf(protocol.CodeBadRequest, "%v", err)
	}
	if err != nil {
		return nil, fmt.Errorf("server: puzzle rating: %w", err)
	}
	return out, nil
}
