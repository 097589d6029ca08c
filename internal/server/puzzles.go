package server

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"sort"
	"sync"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/puzzle"
	"github.com/tabula-games/tabula/internal/rating"
	"github.com/tabula-games/tabula/internal/store"
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
// every first attempt of a client (docs/puzzles.md). With a store that
// keeps them (AnalysisStore) the ratings are the store's, read once per
// game and written by every rated attempt; without one they live in
// memory and a restart starts every puzzle at its mined difficulty again.
type puzzleSet struct {
	mu       sync.Mutex
	byGame   map[string][]puzzle.Puzzle
	byID     map[string]puzzle.Puzzle
	ratings  map[string]rating.Rating
	loaded   map[string]bool // games whose stored ratings were read
	attempts map[string]bool // client + "\x00" + puzzle ID
}

func loadPuzzles() (*puzzleSet, error) {
	all, err := puzzle.Shipped()
	if err != nil {
		return nil, err
	}
	ps := &puzzleSet{byGame: all, byID: map[string]puzzle.Puzzle{}, ratings: map[string]rating.Rating{}, loaded: map[string]bool{}, attempts: map[string]bool{}}
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

// loadPuzzleRatings reads a game's stored puzzle ratings into the set,
// once (then every rated attempt keeps them current).
func (s *Server) loadPuzzleRatings(ctx context.Context, game string) error {
	ps := s.tools.puzzles
	ps.mu.Lock()
	done := ps.loaded[game]
	ps.mu.Unlock()
	as := s.analysisStore()
	if done || as == nil {
		return nil
	}
	stored, err := as.PuzzleRatings(ctx, game)
	if err != nil {
		return fmt.Errorf("server: puzzle ratings: %w", err)
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.loaded[game] {
		return nil
	}
	for id, r := range stored {
		if _, ok := ps.byID[id]; ok {
			ps.ratings[id] = fromStore(r)
		}
	}
	ps.loaded[game] = true
	return nil
}

func fromStore(r store.PuzzleRating) rating.Rating {
	return rating.Rating{Rating: r.Rating, RD: r.RD, Volatility: r.Volatility, Games: r.Games}
}

func toStore(r rating.Rating) store.PuzzleRating {
	return store.PuzzleRating{Rating: r.Rating, RD: r.RD, Volatility: r.Volatility, Games: r.Games}
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

// puzzleResponse is a puzzle with its current rating and, for a
// logged-in solver, the solver's puzzle rating in the game as the store
// keeps it.
type puzzleResponse struct {
	puzzle.Puzzle
	Current wireRating  `json:"current"`
	Solver  *wireRating `json:"solver,omitempty"`
}

// handlePuzzles answers GET /api/puzzles?game=G: the game's puzzles by
// rating, lowest first.
func (s *Server) handlePuzzles(w http.ResponseWriter, r *http.Request) {
	g := r.URL.Query().Get("game")
	if _, ok := s.games[g]; !ok {
		s.httpError(w, protocol.Errorf(protocol.CodeUnknownGame, "no game %q", g))
		return
	}
	if err := s.loadPuzzleRatings(r.Context(), g); err != nil {
		s.httpError(w, err)
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
	ps.mu.Unlock()
	if !ok || s.games[p.Game] == nil {
		s.httpError(w, protocol.Errorf(protocol.CodeNotFound, "no puzzle %q", r.PathValue("id")))
		return
	}
	if err := s.loadPuzzleRatings(r.Context(), p.Game); err != nil {
		s.httpError(w, err)
		return
	}
	ps.mu.Lock()
	cur := ps.ratings[p.ID]
	ps.mu.Unlock()
	out := puzzleResponse{Puzzle: p, Current: toWire(cur)}
	if as := s.analysisStore(); as != nil {
		se, err := s.sessionOf(w, r)
		if err != nil {
			s.httpError(w, err)
			return
		}
		if se != nil {
			sr, err := as.SolverRating(r.Context(), se.a.ID, p.Game)
			solver := fromStore(sr)
			if errors.Is(err, store.ErrNotFound) {
				solver = rating.Initial()
			} else if err != nil {
				s.httpError(w, err)
				return
			}
			wr := toWire(solver)
			out.Solver = &wr
		}
	}
	s.writeJSON(w, http.StatusOK, out)
}

// attemptRequest is the body of POST /api/puzzles/{id}/attempt: whether
// the solver solved it at the first try, and the solver's rating, which
// an anonymous solver's client keeps (a logged-in solver's is the
// store's, and the one sent is ignored).
type attemptRequest struct {
	Solved bool       `json:"solved"`
	Player wireRating `json:"player"`
}

// attemptResponse is both ratings after the attempt; Kept marks a
// solver's rating the server keeps (a logged-in solver on a store with
// AnalysisStore).
type attemptResponse struct {
	Player wireRating `json:"player"`
	Puzzle wireRating `json:"puzzle"`
	Kept   bool       `json:"kept,omitempty"`
}

// handleAttempt answers POST /api/puzzles/{id}/attempt: a Glicko-2 game
// between the solver and the puzzle (a solve is the solver's win). The
// puzzle's rating moves on a client's first attempt only (an account's,
// for a logged-in solver, whose puzzle rating in the game the store
// keeps and moves on that first attempt only; an anonymous client's,
// remembered in memory, whose answer always carries the solver's new
// rating for its client to keep). Counts against the join rate.
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
	p, ok := ps.byID[id]
	ps.mu.Unlock()
	if !ok {
		s.httpError(w, protocol.Errorf(protocol.CodeNotFound, "no puzzle %q", id))
		return
	}
	places := []int{1, 0}
	if req.Solved {
		places = []int{0, 1}
	}
	if _, err := attempt(player, rating.Initial(), places); err != nil {
		s.httpError(w, err) // a rating that is not one
		return
	}
	as := s.analysisStore()
	if as == nil {
		s.attemptInMemory(w, r, id, player, places)
		return
	}
	se, err := s.sessionOf(w, r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	if err := s.loadPuzzleRatings(r.Context(), p.Game); err != nil {
		s.httpError(w, err)
		return
	}
	a := store.PuzzleAttempt{Puzzle: id, Game: p.Game, Solved: req.Solved, At: s.clock.Now(),
		PuzzleStart: toStore(ps.startOf(p)), SolverStart: toStore(player),
		Rate: func(solver, puz store.PuzzleRating) (store.PuzzleRating, store.PuzzleRating, error) {
			out, err := attempt(fromStore(solver), fromStore(puz), places)
			if err != nil {
				return solver, puz, err
			}
			return toStore(out[0]), toStore(out[1]), nil
		}}
	if se != nil {
		a.Account, a.SolverStart = se.a.ID, toStore(rating.Initial())
	} else if !ps.firstAttempt(s.clientOf(r), id) {
		// A client's later attempt: its own rating moves, the puzzle's not.
		ps.mu.Lock()
		cur := ps.ratings[id]
		ps.mu.Unlock()
		out, err := attempt(player, cur, places)
		if err != nil {
			s.httpError(w, err)
			return
		}
		s.writeJSON(w, http.StatusOK, attemptResponse{Player: toWire(out[0]), Puzzle: toWire(cur)})
		return
	}
	solver, puz, _, err := as.AttemptPuzzle(r.Context(), a)
	if err != nil {
		s.httpError(w, err)
		return
	}
	ps.mu.Lock()
	ps.ratings[id] = fromStore(puz)
	ps.mu.Unlock()
	s.writeJSON(w, http.StatusOK, attemptResponse{Player: toWire(fromStore(solver)), Puzzle: toWire(fromStore(puz)), Kept: se != nil})
}

// startOf is a puzzle's rating before any stored attempt: its mined
// difficulty with puzzleRD.
func (ps *puzzleSet) startOf(p puzzle.Puzzle) rating.Rating {
	r := rating.Initial()
	r.Rating, r.RD = p.Rating, puzzleRD
	return r
}

// firstAttempt records a client's attempt at a puzzle and reports
// whether it was its first (bounded by maxPuzzleAttempts).
func (ps *puzzleSet) firstAttempt(client, id string) bool {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return ps.firstAttemptLocked(client, id)
}

// firstAttemptLocked is firstAttempt with ps.mu held.
func (ps *puzzleSet) firstAttemptLocked(client, id string) bool {
	key := client + "\x00" + id
	if ps.attempts[key] {
		return false
	}
	if len(ps.attempts) >= maxPuzzleAttempts {
		clear(ps.attempts)
	}
	ps.attempts[key] = true
	return true
}

// attemptInMemory rates an attempt on a store that keeps no puzzle
// ratings: the puzzle's rating in memory, moved on a client's first
// attempt.
func (s *Server) attemptInMemory(w http.ResponseWriter, r *http.Request, id string, player rating.Rating, places []int) {
	ps := s.tools.puzzles
	ps.mu.Lock()
	cur := ps.ratings[id]
	out, err := attempt(player, cur, places)
	if err == nil && ps.firstAttemptLocked(s.clientOf(r), id) {
		ps.ratings[id] = out[1]
		cur = out[1]
	}
	ps.mu.Unlock()
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusOK, attemptResponse{Player: toWire(out[0]), Puzzle: toWire(cur)})
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
