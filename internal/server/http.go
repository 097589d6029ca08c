package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

const (
	// maxBody bounds lobby request bodies; a create request is well under
	// 1 KiB.
	maxBody = 64 << 10
	// defaultList and maxList bound GET /api/matches.
	defaultList, maxList = 50, 200
)

// Handler returns the HTTP handler: the lobby API, the WebSocket, health
// and the web client, behind guard (security headers, Host, Origin and
// content-type checks). Metrics are served apart (MetricsHandler).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/games", s.handleGames)
	mux.HandleFunc("GET /api/matches", s.handleList)
	mux.HandleFunc("POST /api/matches", s.handleCreate)
	mux.HandleFunc("GET /api/matches/{id}", s.handleState)
	mux.HandleFunc("POST /api/matches/{id}/join", s.handleJoin)
	mux.HandleFunc("GET /api/matches/{id}/record", s.handleRecordText)
	mux.HandleFunc("GET /api/matches/{id}/record.json", s.handleRecordJSON)
	mux.HandleFunc("GET /api/matches/{id}/positions", s.handlePositions)
	mux.HandleFunc("POST /api/replay", s.handleReplay) // replay.go; web import, issue 24
	mux.HandleFunc("GET /ws/matches/{id}", s.handleWS)
	mux.HandleFunc("GET /ws/analysis", s.handleAnalysisWS)
	mux.HandleFunc("POST /api/analysis/position", s.handleExplore)
	mux.HandleFunc("GET /api/matches/{id}/review", s.handleReviewGet)
	mux.HandleFunc("POST /api/matches/{id}/review", s.handleReviewStart)
	mux.HandleFunc("GET /api/puzzles", s.handlePuzzles)
	mux.HandleFunc("GET /api/puzzles/{id}", s.handlePuzzle)
	mux.HandleFunc("POST /api/puzzles/{id}/attempt", s.handleAttempt)
	mux.HandleFunc("GET /healthz", s.handleHealth)
	mux.HandleFunc("GET /api/account", s.handleAccount)
	mux.HandleFunc("POST /api/account/signup", s.handleSignup)
	mux.HandleFunc("POST /api/account/login", s.handleLogin)
	mux.HandleFunc("POST /api/account/logout", s.handleLogout)
	mux.HandleFunc("POST /api/account/password", s.handlePassword)
	mux.HandleFunc("POST /api/account/claim", s.handleClaim)
	mux.HandleFunc("GET /api/account/matches", s.handleAccountMatches)
	mux.HandleFunc("GET /api/account/settings", s.handleSettings) // settings.go; issue 24
	mux.HandleFunc("PUT /api/account/settings", s.handleSetSettings)
	mux.HandleFunc("GET /api/users/{name}", s.handleUser)
	mux.HandleFunc("GET /api/users/{name}/games", s.handleArchive) // profiles
	mux.HandleFunc("GET /api/leaderboard", s.handleLeaderboard)
	// botapi: access tokens and the bot API (botapi.go)
	mux.HandleFunc("GET /api/account/tokens", s.handleTokens)
	mux.HandleFunc("POST /api/account/tokens", s.handleCreateToken)
	mux.HandleFunc("POST /api/account/tokens/{id}/revoke", s.handleRevokeToken)
	mux.HandleFunc("GET /api/bot/account", s.handleBotAccount)
	mux.HandleFunc("POST /api/bot/account/upgrade", s.handleBotUpgrade)
	mux.HandleFunc("POST /api/bot/matches", s.handleBotCreate)
	mux.HandleFunc("POST /api/bot/matches/{id}/join", s.handleBotJoin)
	mux.HandleFunc("GET /api/stream/event", s.handleEventStream)
	mux.HandleFunc("GET /api/bot/game/stream/{id}", s.handleGameStream)
	mux.HandleFunc("POST /api/bot/game/{id}/move/{move...}", s.handleBotMove)
	mux.HandleFunc("POST /api/bot/game/{id}/resign", s.handleBotResign)
	mux.HandleFunc("POST /api/bot/game/{id}/abort", s.handleBotAbort)
	mux.HandleFunc("POST /api/bot/game/{id}/chat", s.handleBotChat)
	mux.HandleFunc("POST /api/bot/game/{id}/draw/{answer}", s.handleBotOffer) // players2: offers and challenges (botchallenges.go)
	mux.HandleFunc("POST /api/bot/game/{id}/takeback/{answer}", s.handleBotOffer)
	mux.HandleFunc("GET /api/challenge", s.handleBotChallenges)
	mux.HandleFunc("POST /api/challenge/{username}", s.handleBotChallenge)
	mux.HandleFunc("POST /api/challenge/{id}/accept", s.handleBotAccept)
	mux.HandleFunc("POST /api/challenge/{id}/decline", s.handleBotDecline)
	// seeks, challenges and the lobby stream (seeks.go, challenges.go, lobby.go, turn.go)
	mux.HandleFunc("GET /ws/lobby", s.handleLobbyWS)
	mux.HandleFunc("GET /api/seeks", s.handleSeekList)
	mux.HandleFunc("POST /api/seeks", s.handleSeek)
	mux.HandleFunc("POST /api/seeks/{id}/cancel", s.handleSeekCancel)
	mux.HandleFunc("GET /api/challenges", s.handleChallengeList)
	mux.HandleFunc("POST /api/challenges", s.handleChallenge)
	mux.HandleFunc("POST /api/challenges/{id}/accept", s.handleChallengeAccept)
	mux.HandleFunc("POST /api/challenges/{id}/decline", s.handleChallengeDecline)
	mux.HandleFunc("GET /api/account/turn", s.handleYourTurn)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.httpError(w, protocol.Errorf(protocol.CodeNotFound, "no API route %s %s", r.Method, r.URL.Path))
	})
	switch {
	case s.cfg.Web != nil:
		mux.Handle("/", s.cfg.Web)
	case s.cfg.Assets != nil:
		mux.Handle("/", spa(s.cfg.Assets))
	}
	return s.guard(mux)
}

// MetricsHandler serves the server's Prometheus metrics (and
// Config.Collectors'); it is not on the game port (see tabula serve
// --metrics-addr).
func (s *Server) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{})
}

// healthChecker is a store that knows whether its writes succeed (the
// SQLite store): Health returns nil while they do, else why not.
type healthChecker interface {
	Health(ctx context.Context) error
}

// handleHealth answers 200 "ok" while the store can write, and 503 with
// the store's reason while its writes fail (a read-only file, a full
// disk), so a load balancer or supervisor stops sending players to a
// server that cannot keep their moves.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if h, ok := s.cfg.Store.(healthChecker); ok {
		if err := h.Health(r.Context()); err != nil {
			// The reason names the database (its host, user, file), which
			// is the operator's business: it goes to the log, not to
			// whoever asks.
			s.log.Warn("health check failed", "err", err)
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, "unavailable\n")
			return
		}
	}
	io.WriteString(w, "ok\n")
}

// spa serves the web client's files, and index.html for client routes
// (paths whose last element has no dot, like /game/m_x).
func spa(assets fs.FS) http.Handler {
	files := http.FileServerFS(assets)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if p == "" {
			p = "."
		}
		if _, err := fs.Stat(assets, p); err != nil && !strings.Contains(path.Base(p), ".") {
			http.ServeFileFS(w, r, assets, "index.html")
			return
		}
		files.ServeHTTP(w, r)
	})
}

func (s *Server) writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		s.log.Debug("write response", "err", err)
	}
}

func (s *Server) httpError(w http.ResponseWriter, err error) {
	e := wireError(err)
	if e.Code == protocol.CodeInternal {
		s.log.Error("request failed", "err", err)
	}
	s.writeJSON(w, e.Code.HTTPStatus(), protocol.ErrorBody{Error: *e})
}

func (s *Server) readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	return s.readJSONMax(w, r, v, maxBody)
}

// readJSONMax is readJSON for a body of at most limit bytes.
func (s *Server) readJSONMax(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	body := http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return protocol.Errorf(protocol.CodeTooLarge, "body over %d bytes", limit)
		}
		if errors.Is(err, io.EOF) {
			return nil // an empty body is an empty request
		}
		return protocol.Errorf(protocol.CodeBadJSON, "%v", err)
	}
	// One value and nothing after it but white space: a second value
	// would otherwise be ignored, and what was ignored is not what the
	// client meant.
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return protocol.Errorf(protocol.CodeTooLarge, "body over %d bytes", limit)
		}
		return protocol.Errorf(protocol.CodeBadJSON, "data after the JSON value")
	}
	return nil
}

func (s *Server) handleGames(w http.ResponseWriter, _ *http.Request) {
	out := protocol.GameList{Games: []protocol.GameInfo{}}
	for _, g := range s.cfg.Games {
		gi := protocol.GameInfo{ID: g.ID, Title: g.Title, MinPlayers: g.MinPlayers, MaxPlayers: g.MaxPlayers,
			DefaultPlayers: g.DefaultPlayers, AllowedPlayers: g.AllowedPlayers, VariantPlayers: g.VariantPlayers,
			PlayerNames: g.PlayerNames, Variants: g.Variants,
			Options: []protocol.OptionSpec{}, Bots: s.botTab.offered(g.ID)}
		gi.BotMoveMs = s.botMoveMs(g, gi.Bots)
		gi.BotRatings = botRatings(g, gi.Bots)
		for _, o := range g.Options {
			kind := map[game.OptionKind]string{game.Bool: "bool", game.Int: "int", game.Enum: "enum"}[o.Kind]
			gi.Options = append(gi.Options, protocol.OptionSpec{Name: o.Name, Kind: kind, Default: o.Default,
				Choices: o.Choices, Min: o.Min, Max: o.Max, Doc: o.Doc})
		}
		out.Games = append(out.Games, gi)
	}
	s.writeJSON(w, http.StatusOK, out)
}

// botMoveMs is the most each of bots thinks per move in game g at its
// default options, for the lobby to say: a level's share of the server's
// bot time, the whole bot time for an engine; random answers at once.
func (s *Server) botMoveMs(g *game.Info, bots []string) map[string]int64 {
	opts, err := g.Check(game.Options{})
	if err != nil {
		return nil
	}
	st, err := g.New(opts)
	if err != nil {
		return nil
	}
	out := map[string]int64{}
	for _, b := range bots {
		switch l, ok := ai.ParseLevel(b); {
		case ok:
			out[b] = l.Params().MoveTime(s.cfg.BotBudget.Time, st).Milliseconds()
		case b != "random":
			out[b] = s.cfg.BotBudget.Time.Milliseconds()
		}
	}
	return out
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := store.Filter{Game: q.Get("game"), Limit: defaultList}
	switch st := q.Get("status"); st {
	case "", "active":
		f.Statuses = []string{store.StatusWaiting, store.StatusLive}
	case "all":
	case store.StatusWaiting, store.StatusLive, store.StatusFinished, store.StatusAborted:
		f.Statuses = []string{st}
	default:
		s.httpError(w, protocol.Errorf(protocol.CodeBadRequest, "unknown status %q", st))
		return
	}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > maxList {
			s.httpError(w, protocol.Errorf(protocol.CodeBadRequest, "limit %q: want 1..%d", l, maxList))
			return
		}
		f.Limit = n
	}
	ms, err := s.cfg.Store.List(r.Context(), f)
	if err != nil {
		s.httpError(w, err)
		return
	}
	names, err := s.listNames(r.Context(), ms)
	if err != nil {
		s.httpError(w, err)
		return
	}
	out := protocol.MatchList{Matches: []protocol.Summary{}}
	for _, m := range ms {
		if info, ok := s.games[m.Game]; ok {
			out.Matches = append(out.Matches, summary(info, m, nameList(names[m.ID], m.Players)))
		}
	}
	s.writeJSON(w, http.StatusOK, out)
}

func summary(info *game.Info, m store.Match, names []string) protocol.Summary {
	return protocol.Summary{ID: m.ID, Game: m.Game, Variant: m.Variant, Players: m.Players, Status: m.Status, Rated: m.Rated,
		Seats: seats(info, m, names, nil), TimeControl: wireTC(m.TimeControl), Ply: m.Ply, Result: wireResult(info, m),
		Created: m.Created.UnixMilli(), Updated: m.Updated.UnixMilli()}
}

func wireTC(tc store.TimeControl) protocol.TimeControl {
	return protocol.TimeControl{Kind: tc.Kind, BaseMs: tc.Base.Milliseconds(), IncrementMs: tc.Increment.Milliseconds(), Days: tc.Days}
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	if !s.limitHTTP(w, r, limitCreate) {
		return
	}
	var req protocol.CreateRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	if req.Rated {
		se, err := s.sessionOf(w, r)
		if err == nil {
			err = s.checkRated(se, req.TimeControl.Kind, req.Seats)
		}
		if err != nil {
			s.httpError(w, err)
			return
		}
	}
	// profiles: a logged-in creator's seat is bound in the create's
	// transaction.
	var h *holder
	if req.Join != nil {
		var err error
		if h, err = s.holderOf(w, r); err != nil {
			s.httpError(w, err)
			return
		}
	}
	resp, err := s.create(r.Context(), s.clientOf(r), req, h)
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusCreated, resp)
}

// create validates a request of client, stores the new match and starts
// its room; the joined seat, if any, is bound to creator's account (when
// given) in the transaction that stores the match.
func (s *Server) create(ctx context.Context, client string, req protocol.CreateRequest, creator ...*holder) (protocol.CreateResponse, error) {
	var resp protocol.CreateResponse
	info, ok := s.games[req.Game]
	if !ok {
		return resp, protocol.Errorf(protocol.CodeUnknownGame, "no game %q", req.Game)
	}
	var seed [8]byte
	if _, err := io.ReadFull(s.cfg.Random, seed[:]); err != nil {
		return resp, fmt.Errorf("server: random: %w", err)
	}
	opts, err := info.Check(game.Options{Variant: req.Variant, Players: req.Players, Values: req.Options,
		Seed: uint64(seed[0]) | uint64(seed[1])<<8 | uint64(seed[2])<<16 | uint64(seed[3])<<24 | uint64(seed[4])<<32 | uint64(seed[5])<<40 | uint64(seed[6])<<48 | uint64(seed[7])<<56})
	if err != nil {
		return resp, protocol.Errorf(protocol.CodeBadOption, "%v", err)
	}
	if _, err := info.New(opts); err != nil {
		return resp, protocol.Errorf(protocol.CodeBadOption, "%v", err)
	}
	if req.Rated && opts.Players < 2 {
		return resp, protocol.Errorf(protocol.CodeNotRatable, "a game of %d player is not rated", opts.Players)
	}
	tc, err := timeControl(req.TimeControl)
	if err != nil {
		return resp, err
	}
	seatList := make([]store.Seat, opts.Players)
	if len(req.Seats) != 0 && len(req.Seats) != opts.Players {
		return resp, protocol.Errorf(protocol.CodeBadRequest, "%d seats for %d players", len(req.Seats), opts.Players)
	}
	humans := opts.Players
	for i, sp := range req.Seats {
		switch sp.Kind {
		case protocol.SeatHuman, "":
		case protocol.SeatBot:
			// A name the server offers, never a program: the agent is
			// made from the server's own table (botTable).
			if !s.botTab.offers(info.ID, sp.Bot) {
				return resp, protocol.Errorf(protocol.CodeUnknownBot, "seat %d: no bot %q (offered: %s)", i, sp.Bot, strings.Join(s.botTab.offered(info.ID), ", "))
			}
			seatList[i].Bot = sp.Bot
			humans--
		default:
			return resp, protocol.Errorf(protocol.CodeBadRequest, "seat %d: kind %q", i, sp.Kind)
		}
	}
	if humans == 0 {
		// Games between bots only would take bot workers from people's
		// games for nobody: the lobby never makes them.
		return resp, protocol.Errorf(protocol.CodeNotAllowed, "a match needs a human seat")
	}
	if req.Join != nil {
		j := *req.Join
		if j < 0 || j >= opts.Players || seatList[j].Bot != "" {
			return resp, protocol.Errorf(protocol.CodeBadRequest, "cannot join seat %d", j)
		}
		token, hash, err := s.newToken()
		if err != nil {
			return resp, err
		}
		seatList[j].TokenHash = hash
		resp.Seat, resp.Token = &j, token
	}
	id, err := s.newID()
	if err != nil {
		return resp, err
	}
	now := s.clock.Now()
	m := store.Match{ID: id, Game: info.ID, Variant: opts.Variant, Players: opts.Players, Seed: opts.Seed, Options: opts.Values,
		Seats: seatList, TimeControl: tc, Rated: req.Rated, Status: store.StatusWaiting, Version: 1, Created: now, Updated: now}
	waiting, seated := !allTaken(seatList), req.Join != nil
	if err := s.usage.take(client, id, waiting, seated); err != nil {
		return resp, err
	}
	var binds []store.Binding
	if req.Join != nil && len(creator) > 0 && creator[0] != nil && s.acct.st != nil {
		binds = []store.Binding{{Account: creator[0].account, Seat: *req.Join}}
	}
	m, err = s.open(ctx, m, false, binds...)
	if err != nil {
		s.usage.undo(client, id, waiting, seated)
		return resp, bindError(err)
	}
	resp.Match = summary(info, m, nil)
	return resp, nil
}

// timeControl reads a request's time control. Every field is bounded
// before it becomes a duration (a huge count of milliseconds would
// overflow into a small or negative one), whatever the kind, then the
// control is checked against the clock's limits.
func timeControl(p protocol.TimeControl) (store.TimeControl, error) {
	switch {
	case p.BaseMs < 0 || p.BaseMs > clock.MaxBase.Milliseconds():
		return store.TimeControl{}, protocol.Errorf(protocol.CodeBadRequest, "baseMs %d outside 0..%d", p.BaseMs, clock.MaxBase.Milliseconds())
	case p.IncrementMs < 0 || p.IncrementMs > clock.MaxIncrement.Milliseconds():
		return store.TimeControl{}, protocol.Errorf(protocol.CodeBadRequest, "incrementMs %d outside 0..%d", p.IncrementMs, clock.MaxIncrement.Milliseconds())
	case p.Days < 0 || p.Days > clock.MaxDays:
		return store.TimeControl{}, protocol.Errorf(protocol.CodeBadRequest, "days %d outside 0..%d", p.Days, clock.MaxDays)
	}
	tc := store.TimeControl{Kind: p.Kind, Base: time.Duration(p.BaseMs) * time.Millisecond,
		Increment: time.Duration(p.IncrementMs) * time.Millisecond, Days: p.Days}
	if tc.Kind == "" {
		tc.Kind = clock.None
	}
	if err := control(tc).Check(); err != nil {
		return tc, protocol.Errorf(protocol.CodeBadRequest, "%v", err)
	}
	return tc, nil
}

// open stores a new match (status and clocks set from its seats), with
// seats bound to accounts when binds are given, and starts its room;
// async when the caller holds another room's mutex (see start).
func (s *Server) open(ctx context.Context, m store.Match, async bool, binds ...store.Binding) (store.Match, error) {
	info := s.games[m.Game]
	st, err := info.New(options(m))
	if err != nil {
		return m, err
	}
	clocks := clock.New(control(m.TimeControl), m.Players)
	if allTaken(m.Seats) {
		m.Status = store.StatusLive
		if ts := int(st.ToMove()); ts >= 0 && !waitsFirstMove(m.TimeControl.Kind, nil) {
			clocks.Switch(ts, m.Created)
		}
	}
	m.Clock = store.Clock{Remaining: clocks.Remaining, Running: clocks.Running, Since: m.Created}
	create := s.cfg.Store.Create
	if len(binds) > 0 { // profiles: the seats' accounts with the match
		create = func(ctx context.Context, m store.Match) error { return s.acct.st.CreateBound(ctx, m, binds) }
	}
	if err := create(ctx, m); err != nil {
		return m, fmt.Errorf("server: create: %w", err)
	}
	r, err := s.newRoom(m, nil)
	if err != nil {
		return m, err
	}
	s.start(r, async)
	return m, nil
}

// rematch creates the rematch of a finished match: same game and options,
// seats rotated by one, the same seat tokens valid in their new seats.
func (s *Server) rematch(ctx context.Context, old store.Match) (string, error) {
	for i, seat := range old.Seats {
		if seat.Bot != "" && !s.botTab.offers(old.Game, seat.Bot) {
			return "", protocol.Errorf(protocol.CodeUnknownBot, "seat %d: bot %q is no longer offered", i, seat.Bot)
		}
	}
	id, err := s.newID()
	if err != nil {
		return "", err
	}
	now := s.clock.Now()
	m := old
	m.ID, m.Status, m.Result, m.Version, m.Ply, m.Rematch, m.Created, m.Updated = id, store.StatusWaiting, nil, 1, 0, "", now, now
	m.Seed = old.Seed*0x9e3779b97f4a7c15 + 1
	m.Seats = make([]store.Seat, len(old.Seats))
	for i, seat := range old.Seats {
		m.Seats[(i+1)%len(old.Seats)] = seat
	}
	binds, err := s.rematchBinds(ctx, old.ID, len(m.Seats))
	if err != nil {
		return "", err
	}
	if _, err := s.open(ctx, m, true, binds...); err != nil { // under the finished room's mutex
		return "", err
	}
	return id, nil
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	rm, err := s.room(r.Context(), r.PathValue("id"))
	if err != nil {
		s.httpError(w, err)
		return
	}
	v := rm.snapshot()
	s.writeJSON(w, http.StatusOK, v)
}

func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	if !s.limitHTTP(w, r, limitJoin) {
		return
	}
	var req protocol.JoinRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	s.join(w, r, req.Seat, func() (*holder, error) { return s.holderOf(w, r) })
}

// join takes seat want (nil: the first open one) of the match in the
// path for the holder who returns (nil: a guest), and answers with the
// seat and its token.
func (s *Server) join(w http.ResponseWriter, r *http.Request, want *int, who func() (*holder, error)) {
	rm, err := s.room(r.Context(), r.PathValue("id"))
	if err != nil {
		s.httpError(w, err)
		return
	}
	token, hash, err := s.newToken()
	if err != nil {
		s.httpError(w, err)
		return
	}
	client := s.clientOf(r)
	if err := s.usage.take(client, rm.id, false, true); err != nil {
		s.httpError(w, err)
		return
	}
	h, err := who()
	if err != nil {
		s.usage.undo(client, rm.id, false, true)
		s.httpError(w, err)
		return
	}
	seat, err := rm.joinSeat(want, hash, h)
	if err != nil {
		s.usage.undo(client, rm.id, false, true)
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusOK, protocol.JoinResponse{Match: rm.id, Seat: seat, Token: token})
}

// stored is a match read from the store with what replaying it needs.
type stored struct {
	info  *game.Info
	opts  game.Options // checked
	m     store.Match
	moves []store.Move
	start game.State // the position before the first move
}

// load reads match id from the store with its game, checked options and
// start position; a match the store does not have is not-found.
func (s *Server) load(ctx context.Context, id string) (stored, error) {
	m, moves, err := s.cfg.Store.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return stored{}, protocol.Errorf(protocol.CodeNotFound, "no match %q", id)
	}
	if err != nil {
		return stored{}, err
	}
	info, ok := s.games[m.Game]
	if !ok {
		return stored{}, fmt.Errorf("server: match %s: unknown game %q", id, m.Game)
	}
	opts, err := info.Check(options(m))
	if err != nil {
		return stored{}, err
	}
	start, err := info.New(opts)
	if err != nil {
		return stored{}, err
	}
	return stored{info: info, opts: opts, m: m, moves: moves, start: start}, nil
}

// record loads a match for export, its moves played.
func (s *Server) record(ctx context.Context, id string) (*game.Info, store.Match, []store.Move, game.State, error) {
	sm, err := s.load(ctx, id)
	if err != nil {
		return nil, sm.m, nil, nil, err
	}
	info, m, moves, st := sm.info, sm.m, sm.moves, sm.start
	for _, mv := range moves {
		if st, err = playText(st, mv.Text); err != nil {
			return nil, m, nil, nil, fmt.Errorf("server: match %s ply %d: %w", id, mv.Ply, err)
		}
	}
	return info, m, moves, st, nil
}

func (s *Server) handleRecordText(w http.ResponseWriter, r *http.Request) {
	info, m, moves, st, err := s.record(r.Context(), r.PathValue("id"))
	if err != nil {
		s.httpError(w, err)
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# game: %s\n# variant: %s\n# players: %d\n# match: %s\n", m.Game, m.Variant, m.Players, m.ID)
	for k, v := range m.Options {
		fmt.Fprintf(&b, "# option: %s=%s\n", k, v)
	}
	fmt.Fprintf(&b, "# status: %s\n", m.Status)
	if res := wireResult(info, m); res != nil {
		fmt.Fprintf(&b, "# result: %s\n", res.Text)
	}
	fmt.Fprintf(&b, "# position: %s\n", positionText(st, m))
	if seed := recordSeed(m); seed != "" { // replay.go: import needs it (web, issue 24)
		fmt.Fprintf(&b, "# seed: %s\n", seed)
	}
	writeMoves(&b, m.Players, moves)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, b.String())
}

// writeMoves writes the moves of a record, numbered. A two-player game is
// numbered by turn, one line a turn as docs/protocol.md shows ("1. d4 e5":
// the first mover's move, then the other's, chance events where they fell;
// "3... e5" when a turn begins with the second player's move). Other games
// get one numbered line a ply.
func writeMoves(b *strings.Builder, players int, moves []store.Move) {
	if players != 2 {
		for _, mv := range moves {
			fmt.Fprintf(b, "%d. %s\n", mv.Ply, mv.Text)
		}
		return
	}
	first := -1
	for _, mv := range moves {
		if mv.Seat >= 0 {
			first = mv.Seat
			break
		}
	}
	var line []string
	n, seen, moved := 0, [2]bool{}, false
	flush := func() {
		if len(line) > 0 {
			b.WriteString(strings.Join(line, " "))
			b.WriteByte('\n')
		}
		line, seen, moved = line[:0], [2]bool{}, false
	}
	for _, mv := range moves {
		player := mv.Seat == 0 || mv.Seat == 1
		if n == 0 || player && moved && (mv.Seat == first || seen[mv.Seat]) {
			flush()
			n++
			line = append(line, fmt.Sprintf("%d.", n))
		}
		if player {
			if !moved && mv.Seat != first {
				line[0] = fmt.Sprintf("%d...", n)
			}
			seen[mv.Seat], moved = true, true
		}
		line = append(line, mv.Text)
	}
	flush()
}

func (s *Server) handleRecordJSON(w http.ResponseWriter, r *http.Request) {
	info, m, moves, st, err := s.record(r.Context(), r.PathValue("id"))
	if err != nil {
		s.httpError(w, err)
		return
	}
	rec := protocol.Record{Summary: summary(info, m, nil), Options: m.Options, Moves: []protocol.RecordMove{}, Position: positionText(st, m)}
	rec.Seed = recordSeed(m) // replay.go: import needs it (web, issue 24)
	for _, mv := range moves {
		rm := protocol.RecordMove{Ply: mv.Ply, Text: mv.Text, At: mv.At.UnixMilli()}
		if mv.Clock != nil {
			ms := mv.Clock.Milliseconds()
			rm.ClockMs = &ms
		}
		rec.Moves = append(rec.Moves, rm)
	}
	s.writeJSON(w, http.StatusOK, rec)
}
