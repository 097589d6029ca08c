package server

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/rating"
	"github.com/tabula-games/tabula/internal/seek"
	"github.com/tabula-games/tabula/internal/store"
)

// Seeks (docs/protocol.md, "Seeks, challenges and notifications"): a
// player's standing offer to play, kept in the seek book (internal/seek)
// while the lobby connection it was made for is open. When a table of
// seeks that fit one another fills, the server starts the match with a
// seat for each seeker, seated in the order they came, and sends each
// its seat and token on its lobby stream.

const (
	// seeksPerConn bounds one lobby connection's seeks: a player seeks a
	// few kinds of game at once.
	seeksPerConn = 3
	// seeksPerClient bounds one client's seeks over all its connections.
	seeksPerClient = 6
	// seeksTotal bounds the seek book.
	seeksTotal = 5_000
	// maxRatingBound bounds a seek's rating range: beyond any rating.
	maxRatingBound = 10_000
)

// newSeekBook returns the configured book, or a Memory book with the
// documented caps (Limits.Off lifts the per-client one).
func newSeekBook(cfg Config, l Limits) seek.Book {
	if cfg.SeekBook != nil {
		return cfg.SeekBook
	}
	return seek.NewMemory(seekLimits(l)) // cluster2: the caps shared with a cluster's book
}

// seekLimits are the seek book's caps (Limits.Off lifts the per-client
// one).
func seekLimits(l Limits) seek.Limits {
	perClient := seeksPerClient
	if l.Off {
		perClient = seeksTotal
	}
	return seek.Limits{MaxPerOwner: seeksPerConn, MaxPerClient: perClient, MaxTotal: seeksTotal}
}

// POST /api/seeks: puts a seek in the book for the lobby connection
// named in the body, which must be the requester's (the same client, and
// the same account when the stream was opened logged in).
func (s *Server) handleSeek(w http.ResponseWriter, r *http.Request) {
	if !s.limitHTTP(w, r, limitSeek) {
		return
	}
	var req protocol.SeekRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	c, err := s.seekConn(w, r, req.Conn)
	if err != nil {
		s.httpError(w, err)
		return
	}
	sk, err := s.newSeek(r.Context(), c, req)
	if err != nil {
		s.httpError(w, err)
		return
	}
	full, err := s.book.Add(sk)
	if err != nil {
		s.httpError(w, seekError(err))
		return
	}
	resp := protocol.SeekResponse{ID: sk.ID}
	if full != nil {
		id, err := s.pair(r.Context(), full)
		if err != nil {
			s.httpError(w, err)
			return
		}
		resp.Paired = id
	}
	s.lobby.tablesChanged()
	s.writeJSON(w, http.StatusCreated, resp)
}

// seekConn returns the lobby connection id if the request may act for
// it.
func (s *Server) seekConn(w http.ResponseWriter, r *http.Request, id string) (*lobbyConn, error) {
	c := s.lobby.get(id)
	if c == nil || c.client != s.clientOf(r) {
		return nil, protocol.Errorf(protocol.CodeNotFound, "no lobby connection %q of yours: open /ws/lobby first", id)
	}
	h, err := s.holderOf(w, r)
	if err != nil {
		return nil, err
	}
	acct := ""
	if h != nil {
		acct = h.account
	}
	if acct != c.account {
		return nil, protocol.Errorf(protocol.CodeBadRequest, "the lobby connection was opened by another session: reconnect it")
	}
	return c, nil
}

// newSeek checks a seek request and returns the seek.
func (s *Server) newSeek(ctx context.Context, c *lobbyConn, req protocol.SeekRequest) (seek.Seek, error) {
	info, ok := s.games[req.Game]
	if !ok {
		return seek.Seek{}, protocol.Errorf(protocol.CodeUnknownGame, "no game %q", req.Game)
	}
	opts, err := info.Check(game.Options{Variant: req.Variant, Players: req.Players})
	if err != nil {
		return seek.Seek{}, protocol.Errorf(protocol.CodeBadOption, "%v", err)
	}
	if opts.Players < 2 {
		return seek.Seek{}, protocol.Errorf(protocol.CodeBadOption, "a seek is for %d players: want 2 or more", opts.Players)
	}
	tc, err := timeControl(req.TimeControl)
	if err != nil {
		return seek.Seek{}, err
	}
	switch {
	case req.RatingMin < 0 || req.RatingMin > maxRatingBound || req.RatingMax < 0 || req.RatingMax > maxRatingBound:
		return seek.Seek{}, protocol.Errorf(protocol.CodeBadRequest, "rating bounds outside 0..%d", maxRatingBound)
	case req.RatingMax != 0 && req.RatingMax < req.RatingMin:
		return seek.Seek{}, protocol.Errorf(protocol.CodeBadRequest, "ratingMax %g under ratingMin %g", req.RatingMax, req.RatingMin)
	}
	if req.Rated {
		if s.ratingStore() == nil {
			return seek.Seek{}, protocol.Errorf(protocol.CodeNotRatable, "this server keeps no ratings")
		}
		if c.account == "" {
			return seek.Seek{}, protocol.Errorf(protocol.CodeRatedNeedsAccount, "log in to seek a rated match")
		}
		if tc.Kind != clock.Fischer && tc.Kind != clock.Correspondence {
			return seek.Seek{}, protocol.Errorf(protocol.CodeNotRatable, "a rated match needs a fischer or correspondence clock, not %q", tc.Kind)
		}
	}
	id, err := s.randomID("s_")
	if err != nil {
		return seek.Seek{}, err
	}
	wtc := wireTC(tc)
	sk := seek.Seek{ID: id, Key: seek.Key{Game: info.ID, Variant: opts.Variant, Players: opts.Players, Kind: wtc.Kind,
		BaseMs: wtc.BaseMs, IncrementMs: wtc.IncrementMs, Days: wtc.Days, Rated: req.Rated},
		Owner: c.id, Client: c.client, Account: c.account, Name: c.name, Min: req.RatingMin, Max: req.RatingMax, Created: s.clock.Now()}
	sk.Rating, err = s.ratingFor(ctx, c.account, store.RatingKey{Game: info.ID, Variant: opts.Variant, Players: opts.Players})
	return sk, err
}

// ratingFor returns an account's rating under key, the initial rating
// for a guest or an account never rated under it.
func (s *Server) ratingFor(ctx context.Context, acct string, key store.RatingKey) (float64, error) {
	rs := s.ratingStore()
	if acct == "" || rs == nil {
		return rating.Initial().Rating, nil
	}
	rts, err := rs.Ratings(ctx, acct)
	if err != nil {
		return 0, fmt.Errorf("server: ratings: %w", err)
	}
	for _, rt := range rts {
		if rt.Key == key {
			return rt.Rating, nil
		}
	}
	return rating.Initial().Rating, nil
}

// seekError maps the book's errors to wire errors.
func seekError(err error) error {
	switch {
	case errors.Is(err, seek.ErrOwnerFull), errors.Is(err, seek.ErrClientFull), errors.Is(err, seek.ErrBookFull):
		return protocol.Errorf(protocol.CodeTooManySeeks, "%v", err)
	case errors.Is(err, seek.ErrNotFound):
		return protocol.Errorf(protocol.CodeNotFound, "%v", err)
	}
	return err
}

// POST /api/seeks/{id}/cancel: takes a seek of the named lobby connection
// out of the book.
func (s *Server) handleSeekCancel(w http.ResponseWriter, r *http.Request) {
	var req protocol.SeekCancel
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	c, err := s.seekConn(w, r, req.Conn)
	if err != nil {
		s.httpError(w, err)
		return
	}
	if err := s.book.Remove(c.id, r.PathValue("id")); err != nil {
		s.httpError(w, seekError(err))
		return
	}
	s.lobby.tablesChanged()
	s.writeJSON(w, http.StatusOK, struct{}{})
}

// GET /api/seeks: the waiting seek tables.
func (s *Server) handleSeekList(w http.ResponseWriter, _ *http.Request) {
	s.writeJSON(w, http.StatusOK, protocol.SeekList{Tables: s.seekTables("")})
}

// seekTables returns the book's tables for the wire, marking the seeks
// of lobby connection owner.
func (s *Server) seekTables(owner string) []protocol.SeekTable {
	out := []protocol.SeekTable{}
	for _, t := range s.book.Tables(lobbyTables) {
		st := protocol.SeekTable{Game: t.Game, Variant: t.Variant, Players: t.Players, Rated: t.Rated,
			TimeControl: protocol.TimeControl{Kind: t.Kind, BaseMs: t.BaseMs, IncrementMs: t.IncrementMs, Days: t.Days}}
		for _, sk := range t.Seeks {
			sr := protocol.Seeker{ID: sk.ID, Username: sk.Name, RatingMin: sk.Min, RatingMax: sk.Max, Created: sk.Created.UnixMilli(), Mine: owner != "" && sk.Owner == owner}
			if sk.Account != "" {
				sr.Rating = sk.Rating
			}
			st.Seekers = append(st.Seekers, sr)
		}
		out = append(out, st)
	}
	return out
}

// pair starts the match of a full table: a seat for each seek, drawn at
// random (nobody moves first by seeking first), each bound to its
// seeker's account, and each seeker told its seat and token on its lobby
// stream.
func (s *Server) pair(ctx context.Context, full []seek.Seek) (string, error) {
	k := full[0].Key
	seats := make([]seatFor, len(full))
	for i, sk := range full {
		seats[i] = seatFor{account: sk.Account, name: sk.Name, client: sk.Client}
	}
	id, placed, err := s.startMatch(ctx, k.Game, k.Variant, len(full),
		protocol.TimeControl{Kind: k.Kind, BaseMs: k.BaseMs, IncrementMs: k.IncrementMs, Days: k.Days}, k.Rated, seats)
	if err != nil {
		return "", err
	}
	for i, sk := range full {
		seat := placed[i].seat
		s.lobby.toConn(sk.Owner, protocol.LobbyMessage{Type: protocol.LobbyPaired, Match: id, Game: k.Game, Seat: &seat, Token: placed[i].token})
	}
	s.log.Info("seeks paired", "match", id, "game", k.Game, "players", len(full))
	return id, nil
}

// seatFor is who takes a seat of a match started for them.
type seatFor struct{ account, name, client string }

// placement is the seat a holder got and its token.
type placement struct {
	seat  int
	token string
}

// startMatch creates a live match whose every seat is taken at once by
// holders (a pairing or an accepted challenge), in an order drawn from
// Config.Random: a token for each, each bound to its account, counted
// against its client's seats. It returns the match ID and each holder's
// seat and token, in the holders' order.
func (s *Server) startMatch(ctx context.Context, gameID, variant string, players int, wtc protocol.TimeControl, rated bool, holders []seatFor) (string, []placement, error) {
	info, ok := s.games[gameID]
	if !ok {
		return "", nil, protocol.Errorf(protocol.CodeUnknownGame, "no game %q", gameID)
	}
	var seed [16]byte
	if _, err := io.ReadFull(s.cfg.Random, seed[:]); err != nil {
		return "", nil, fmt.Errorf("server: random: %w", err)
	}
	var sd, shuffle uint64
	for i, b := range seed[:8] {
		sd |= uint64(b) << (8 * i)
		shuffle |= uint64(seed[8+i]) << (8 * i)
	}
	// seats[j] is the holder in seat j.
	perm := rand.New(rand.NewPCG(shuffle, 0)).Perm(len(holders))
	seats := make([]seatFor, len(holders))
	for j, h := range perm {
		seats[j] = holders[h]
	}
	opts, err := info.Check(game.Options{Variant: variant, Players: players, Seed: sd})
	if err != nil {
		return "", nil, protocol.Errorf(protocol.CodeBadOption, "%v", err)
	}
	tc, err := timeControl(wtc)
	if err != nil {
		return "", nil, err
	}
	id, err := s.newID()
	if err != nil {
		return "", nil, err
	}
	placed := make([]placement, len(holders))
	list := make([]store.Seat, len(seats))
	for j, h := range perm {
		token, hash, err := s.newToken()
		if err != nil {
			return "", nil, err
		}
		placed[h], list[j].TokenHash = placement{seat: j, token: token}, hash
	}
	now := s.clock.Now()
	m := store.Match{ID: id, Game: info.ID, Variant: opts.Variant, Players: opts.Players, Seed: opts.Seed, Options: opts.Values,
		Seats: list, TimeControl: tc, Rated: rated, Status: store.StatusWaiting, Version: 1, Created: now, Updated: now}
	// A seat past its client's cap is still given (the seeker asked for
	// it before the cap was reached); it is just not counted.
	counted := make([]bool, len(seats))
	for i, st := range seats {
		counted[i] = s.usage.take(st.client, id, false, true) == nil
	}
	// The accounts' seats are bound in the transaction that stores the
	// match.
	var binds []store.Binding
	for i, st := range seats {
		if st.account != "" && s.acct.st != nil {
			binds = append(binds, store.Binding{Account: st.account, Seat: i})
		}
	}
	if _, err := s.open(ctx, m, false, binds...); err != nil {
		for i, st := range seats {
			if counted[i] {
				s.usage.undo(st.client, id, false, true)
			}
		}
		return "", nil, err
	}
	return id, placed, nil
}

// randomID returns prefix and 128 random bits, base64url.
func (s *Server) randomID(prefix string) (string, error) {
	var b [16]byte
	if _, err := io.ReadFull(s.cfg.Random, b[:]); err != nil {
		return "", fmt.Errorf("server: random: %w", err)
	}
	return prefix + base64.RawURLEncoding.EncodeToString(b[:]), nil
}
