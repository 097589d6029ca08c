package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/internal/analysis"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

const (
	// maxExploreMoves bounds the moves of one position request: longer
	// than any stored game of the listed games, so replaying them costs
	// what a replay of a match costs.
	maxExploreMoves = 1000
	// reviewCacheSize is how many finished reviews the server keeps: a
	// review is a few tens of KB, so the cache stays under ~10 MB and
	// holds the recent games' reviews; the oldest is dropped first.
	reviewCacheSize = 256
	// maxReviewJobs bounds the reviews running or waiting at once: each
	// holds an analysis worker for up to a minute, and the analysis
	// board must still get one.
	maxReviewJobs = 4
)

// tools holds the analysis board's, the review's and the puzzles' state.
type tools struct {
	mu      sync.Mutex
	reviews map[string]*analysis.Review // by match ID, finished
	order   []string                    // reviews, oldest first
	running map[string]*reviewProgress  // by match ID
	puzzles *puzzleSet
}

type reviewProgress struct{ done, total int }

func newTools() (*tools, error) {
	ps, err := loadPuzzles()
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	return &tools{reviews: map[string]*analysis.Review{}, running: map[string]*reviewProgress{}, puzzles: ps}, nil
}

// exploreRequest is the body of POST /api/analysis/position.
type exploreRequest struct {
	Game     string            `json:"game"`
	Variant  string            `json:"variant,omitempty"`
	Players  int               `json:"players,omitempty"`
	Options  map[string]string `json:"options,omitempty"`
	Position string            `json:"position,omitempty"` // a start position text; empty: the game's start
	Match    string            `json:"match,omitempty"`    // or: the start of this match
	Moves    []string          `json:"moves,omitempty"`    // played from the start
}

// explorePly is the position after one move of an explore request.
type explorePly struct {
	Move     string `json:"move,omitempty"`
	Seat     int    `json:"seat"`
	Position string `json:"position"`
	ToMove   int    `json:"toMove"`
}

// exploreResponse is what the analysis board draws: the game, the
// position after every move, the legal moves and result of the last.
type exploreResponse struct {
	Game      string            `json:"game"`
	Variant   string            `json:"variant"`
	Players   int               `json:"players"`
	Options   map[string]string `json:"options,omitempty"`
	Positions []explorePly      `json:"positions"`
	Legal     []protocol.Move   `json:"legal"`
	Result    *protocol.Result  `json:"result,omitempty"`
	// Board is the last position's board form with its legal moves' and
	// the last move's (game/ui), for games whose boards read forms.
	Board *protocol.Board `json:"board,omitempty"`
}

// handleExplore answers POST /api/analysis/position: the analysis board
// asks for a position (a start text, a match's start or the game's start,
// and moves played from it) and gets what it needs to draw it and offer
// its moves, since the client runs no rules. A position the game's parser
// refuses is bad-position with the parser's message; an illegal move is
// illegal-move or syntax, naming the move. It changes nothing on the
// server.
func (s *Server) handleExplore(w http.ResponseWriter, r *http.Request) {
	var req exploreRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	out, err := s.explore(r.Context(), req)
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusOK, out)
}

func (s *Server) explore(ctx context.Context, req exploreRequest) (*exploreResponse, error) {
	if len(req.Moves) > maxExploreMoves {
		return nil, protocol.Errorf(protocol.CodeBadRequest, "%d moves: at most %d", len(req.Moves), maxExploreMoves)
	}
	var (
		info *game.Info
		opts game.Options
		st   game.State
		err  error
		// match is the match explored, whose hidden draws stay hidden while
		// it runs (positionText); a game's own start has none to hide.
		match = store.Match{Status: store.StatusFinished}
		// played, when set, are the only moves that may be explored.
		played []string
	)
	if req.Match != "" {
		if req.Game != "" || req.Position != "" {
			return nil, protocol.Errorf(protocol.CodeBadRequest, "name a match or a game, not both")
		}
		sm, err := s.load(ctx, req.Match)
		if err != nil {
			return nil, err
		}
		info, opts, st = sm.info, sm.opts, sm.start
		match = sm.m
		if _, hidden := st.(publicTexter); hidden && !matchOver(match) {
			// Moves the match has not played would draw from its hidden
			// generator and tell a player what theirs will do.
			played = make([]string, len(sm.moves))
			for i, mv := range sm.moves {
				played[i] = mv.Text
			}
		}
	} else {
		var ok bool
		if info, ok = s.games[req.Game]; !ok {
			return nil, protocol.Errorf(protocol.CodeUnknownGame, "no game %q", req.Game)
		}
		if opts, err = info.Check(game.Options{Variant: req.Variant, Players: req.Players, Values: req.Options}); err != nil {
			return nil, err
		}
		if req.Position == "" {
			st, err = info.New(opts)
		} else {
			st, err = info.ParsePosition(req.Position, opts)
		}
		if err != nil {
			return nil, protocol.Errorf(protocol.CodeBadPosition, "%v", err)
		}
	}
	out := &exploreResponse{Game: info.ID, Variant: opts.Variant, Players: st.NumPlayers(), Options: opts.Values}
	out.Positions = append(out.Positions, explorePly{Seat: -1, Position: positionText(st, match), ToMove: int(st.ToMove())})
	var before game.State // the position before the last move, and that move
	var last game.Move
	for i, text := range req.Moves {
		seat := int(st.ToMove())
		m, err := st.ParseMove(text)
		if err == nil {
			text = st.MoveString(m)
			if played != nil && (i >= len(played) || played[i] != text) {
				return nil, protocol.Errorf(protocol.CodeBadRequest, "move %d %q: a running match's random draws are secret: explore only the moves it played", i+1, text)
			}
			before, last = st, m
			st, err = st.Play(m)
		}
		if err != nil {
			e := wireError(err)
			return nil, protocol.Errorf(e.Code, "move %d %q: %s", i+1, text, e.Message)
		}
		out.Positions = append(out.Positions, explorePly{Move: text, Seat: seat, Position: positionText(st, match), ToMove: int(st.ToMove())})
	}
	out.Legal = []protocol.Move{}
	legal := st.LegalMoves(nil)
	for _, m := range legal {
		out.Legal = append(out.Legal, protocol.MoveForm(st.MoveString(m)))
	}
	out.Board = ui.Of(st, legal, before, last)
	if o, over := st.Outcome(); over {
		res := protocol.Result{Reason: o.Reason, Text: o.Describe(info), Scores: o.Scores, AllLose: o.AllLose, Winners: []int{}}
		for _, w := range o.Winners {
			res.Winners = append(res.Winners, int(w))
		}
		out.Result = &res
	}
	return out, nil
}

// reviewResponse is the body of the review routes: status "none" (never
// asked), "running" (with the positions searched so far) or "done".
type reviewResponse struct {
	Status string           `json:"status"`
	Done   int              `json:"done,omitempty"`
	Total  int              `json:"total,omitempty"`
	Review *analysis.Review `json:"review,omitempty"`
}

// AnalysisStore is what reviews and puzzle ratings need from the store:
// all of store.Analyses, whose contract the storetest suite checks on
// every implementation. A store without it keeps reviews and puzzle
// ratings in memory only (a restart forgets them).
type AnalysisStore interface {
	store.Analyses
}

// analysisStore returns the store's reviews and puzzle ratings, nil
// without them.
func (s *Server) analysisStore() AnalysisStore {
	as, _ := s.cfg.Store.(AnalysisStore)
	return as
}

// handleReviewGet answers GET /api/matches/{id}/review: the review's
// state, never starting one.
func (s *Server) handleReviewGet(w http.ResponseWriter, r *http.Request) {
	st, err := s.reviewState(r.Context(), r.PathValue("id"))
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusOK, st)
}

// reviewState is a match's review: cached, running, stored (then cached
// too), or none.
func (s *Server) reviewState(ctx context.Context, id string) (reviewResponse, error) {
	t := s.tools
	t.mu.Lock()
	if rv, ok := t.reviews[id]; ok {
		t.mu.Unlock()
		return reviewResponse{Status: "done", Review: rv}, nil
	}
	if p, ok := t.running[id]; ok {
		st := reviewResponse{Status: "running", Done: p.done, Total: p.total}
		t.mu.Unlock()
		return st, nil
	}
	t.mu.Unlock()
	as := s.analysisStore()
	if as == nil {
		return reviewResponse{Status: "none"}, nil
	}
	b, err := as.Review(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return reviewResponse{Status: "none"}, nil
	}
	if err != nil {
		return reviewResponse{}, fmt.Errorf("server: review of %s: %w", id, err)
	}
	rv := new(analysis.Review)
	if err := json.Unmarshal(b, rv); err != nil {
		return reviewResponse{}, fmt.Errorf("server: stored review of %s: %w", id, err)
	}
	t.mu.Lock()
	t.cache(id, rv)
	t.mu.Unlock()
	return reviewResponse{Status: "done", Review: rv}, nil
}

// cache keeps a finished review, dropping the oldest past
// reviewCacheSize; t.mu is held.
func (t *tools) cache(id string, rv *analysis.Review) {
	if _, ok := t.reviews[id]; ok {
		return
	}
	t.reviews[id] = rv
	t.order = append(t.order, id)
	if len(t.order) > reviewCacheSize {
		delete(t.reviews, t.order[0])
		t.order = t.order[1:]
	}
}

// handleReviewStart answers POST /api/matches/{id}/review: it starts the
// review of an ended match unless it is cached or running, and answers
// with its state (202 while it runs). A review is computed once and kept
// (reviewCacheSize); at most maxReviewJobs run or wait at once, and a
// start counts against the client's create rate.
func (s *Server) handleReviewStart(w http.ResponseWriter, r *http.Request) {
	if !s.limitHTTP(w, r, limitCreate) {
		return
	}
	id := r.PathValue("id")
	if st, err := s.reviewState(r.Context(), id); err != nil || st.Status != "none" {
		if err != nil {
			s.httpError(w, err)
			return
		}
		s.writeReview(w, st)
		return
	}
	sm, err := s.load(r.Context(), id)
	if err != nil {
		s.httpError(w, err)
		return
	}
	if sm.m.Status != store.StatusFinished && sm.m.Status != store.StatusAborted {
		s.httpError(w, protocol.Errorf(protocol.CodeNotAllowed, "match %s is still being played: it can be reviewed once it has ended", id))
		return
	}
	moves, start := sm.moves, sm.start
	texts := make([]string, len(moves))
	for i, mv := range moves {
		texts[i] = mv.Text
	}
	t := s.tools
	t.mu.Lock()
	if _, ok := t.running[id]; !ok {
		if len(t.running) >= maxReviewJobs {
			t.mu.Unlock()
			s.httpError(w, protocol.Errorf(protocol.CodeAnalysisBusy, "%d reviews are running; try again later", maxReviewJobs))
			return
		}
		t.running[id] = &reviewProgress{total: min(len(texts), analysis.MaxReviewPlies) + 1}
		s.wg.Go(func() { s.runReview(id, start, texts) })
	}
	t.mu.Unlock()
	st, err := s.reviewState(r.Context(), id)
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeReview(w, st)
}

func (s *Server) writeReview(w http.ResponseWriter, st reviewResponse) {
	code := http.StatusOK
	if st.Status == "running" {
		code = http.StatusAccepted
	}
	s.writeJSON(w, code, st)
}

// runReview computes a review on the analysis pool, stores it (when the
// store keeps reviews) and caches it.
func (s *Server) runReview(id string, start game.State, moves []string) {
	t := s.tools
	rv, err := s.analysis.Review(s.ctx, start, moves, s.cfg.Review, func(done, total int) {
		t.mu.Lock()
		if p := t.running[id]; p != nil {
			p.done, p.total = done, total
		}
		t.mu.Unlock()
	})
	if err == nil {
		s.storeReview(id, rv)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.running, id)
	if err != nil {
		if s.ctx.Err() == nil && !errors.Is(err, analysis.ErrBusy) {
			s.log.Error("review failed", "match", id, "err", err)
		}
		return // asked again, it starts again
	}
	t.cache(id, rv)
}

// storeReview keeps a finished review in the store, so it is computed
// once across restarts; a failed write is logged (the review is still
// served from memory).
func (s *Server) storeReview(id string, rv *analysis.Review) {
	as := s.analysisStore()
	if as == nil {
		return
	}
	b, err := json.Marshal(rv)
	if err == nil {
		err = as.SaveReview(s.ctx, id, b, s.clock.Now())
	}
	if err != nil && s.ctx.Err() == nil {
		s.log.Warn("store review", "match", id, "err", err)
	}
}
