package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/rating"
	"github.com/tabula-games/tabula/internal/store"
)

// Rated matches, ratings, profiles and leaderboards (docs/ratings.md).
//
// A rated match is rated by the change that finishes it: room.commit
// gives the store a RatingUpdate (ratingUpdate) with the result, and the
// store reads the seats' accounts and ratings, runs the update and writes
// the new ratings in the transaction that stores the result. A crash
// leaves both or neither; two matches of one player that end at once are
// rated one after the other.

// RatingStore is what rated matches, profiles and leaderboards need
// from the store: accounts and all of store.Ratings, whose contract the
// storetest suite checks on every implementation. A store without it
// offers no rated matches (a rated create is refused as not-ratable) and
// the profile and leaderboard routes answer not-found.
type RatingStore interface {
	AccountStore
	store.Ratings
}

const (
	// leaderboardSize is how many players a leaderboard lists: a page's
	// worth.
	leaderboardSize = 50
	// profileMatches is how many recent finished matches a profile lists.
	profileMatches = 20
)

// ratingStore returns the store's rating methods, nil without them.
func (s *Server) ratingStore() RatingStore {
	rs, _ := s.cfg.Store.(RatingStore)
	return rs
}

// holder is an account taking a seat.
type holder struct{ account, name string }

// checkRated refuses a rated create that breaks docs/ratings.md's rule:
// a creator without a session, a control without a clock, a bot seat.
// The rule that every seat is an account's is kept by join.
func (s *Server) checkRated(se *session, kind string, seats []protocol.SeatSpec) error {
	if s.ratingStore() == nil {
		return protocol.Errorf(protocol.CodeNotRatable, "this server keeps no ratings")
	}
	if se == nil {
		return protocol.Errorf(protocol.CodeRatedNeedsAccount, "log in to create a rated match")
	}
	if kind != clock.Fischer && kind != clock.Correspondence {
		return protocol.Errorf(protocol.CodeNotRatable, "a rated match needs a fischer or correspondence clock, not %q", kind)
	}
	for i, sp := range seats {
		if sp.Kind == protocol.SeatBot {
			return protocol.Errorf(protocol.CodeNotRatable, "seat %d is a bot: bots never sit in rated matches", i)
		}
	}
	return nil
}

// seatNames returns the usernames holding the seats of match id, by seat,
// for a room being loaded; nil (no names) when the store keeps none or
// the read fails (logged: names only label the seats).
func (s *Server) seatNames(id string, players int) []string {
	rs := s.ratingStore()
	if rs == nil {
		return nil
	}
	got, err := rs.SeatNames(s.ctx, []string{id})
	if err != nil {
		s.log.Warn("seat names", "match", id, "err", err)
		return nil
	}
	return nameList(got[id], players)
}

// nameList is names by seat as a list of players entries.
func nameList(names map[int]string, players int) []string {
	if len(names) == 0 {
		return nil
	}
	out := make([]string, players)
	for seat, n := range names {
		if seat >= 0 && seat < players {
			out[seat] = n
		}
	}
	return out
}

// bind has the next commit (a join's) bind seat to h's account in its
// transaction, so a seat taken by a logged-in player is never stored
// without its account: a rated match's seats are all accounts' by
// construction. mu held.
func (r *room) bind(seat int, h *holder) {
	if h == nil || r.s.acct.st == nil {
		return
	}
	r.binds = append(r.binds[:0], store.Binding{Account: h.account, Seat: seat})
}

// bindError is the answer to a join whose binding the store refused:
// another account holds the seat (taken), or the account is gone.
func bindError(err error) error {
	switch {
	case errors.Is(err, store.ErrConflict):
		return protocol.Errorf(protocol.CodeSeatTaken, "the seat was taken")
	case errors.Is(err, store.ErrNotFound):
		return protocol.Errorf(protocol.CodeNotAllowed, "your account is gone: log in again")
	}
	return err
}

// setName keeps the username of a seat's account for the views, in a new
// list (a join's failed commit puts the old one back). mu held.
func (r *room) setName(seat int, name string) {
	names := make([]string, r.m.Players)
	copy(names, r.names)
	names[seat] = name
	r.names = names
}

// ratingUpdate is the rating of a rated match that next finishes: the
// store calls its Rate inside the transaction that stores the result.
func ratingUpdate(next store.Match) *store.RatingUpdate {
	start := rating.Initial()
	places := places(next.Result, next.Players)
	at := next.Updated
	return &store.RatingUpdate{
		Key:   store.RatingKey{Game: next.Game, Variant: next.Variant, Players: next.Players},
		Start: store.Rating{Rating: start.Rating, RD: start.RD, Volatility: start.Volatility},
		At:    at,
		Rate: func(before []store.Rating) ([]store.Rating, error) {
			in := make([]rating.Rating, len(before))
			for i, b := range before {
				in[i] = rating.Rating{Rating: b.Rating, RD: b.RD, Volatility: b.Volatility, Games: b.Games}
				if !b.Updated.IsZero() {
					in[i] = rating.Age(in[i], at.Sub(b.Updated), rating.Config{})
				}
			}
			out, err := rating.Update(in, places, rating.Config{})
			if err != nil {
				return nil, fmt.Errorf("server: rate: %w", err)
			}
			after := make([]store.Rating, len(out))
			for i, o := range out {
				after[i] = before[i]
				after[i].Rating, after[i].RD, after[i].Volatility, after[i].Games = o.Rating, o.RD, o.Volatility, o.Games
			}
			return after, nil
		},
	}
}

// places are the seats' finishing places of a result (docs/ratings.md):
// the winners share place 0; the others follow, ordered by their scores
// when the game keeps score (a higher score places better) and all tied
// otherwise. No winners is a draw: every seat shares place 0.
func places(res *store.Result, n int) []int {
	out := make([]int, n)
	if res == nil || len(res.Winners) == 0 {
		return out
	}
	for i := range out {
		if slices.Contains(res.Winners, i) {
			continue
		}
		out[i] = 1
		if len(res.Scores) != n {
			continue
		}
		for j := range n {
			if !slices.Contains(res.Winners, j) && res.Scores[j] > res.Scores[i] {
				out[i]++
			}
		}
	}
	return out
}

// GET /api/leaderboard?game=G&variant=V&players=N: the leaderboardSize
// highest ratings that are not provisional. variant and players default
// to the game's defaults.
func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	rs := s.ratingStore()
	if rs == nil {
		s.httpError(w, protocol.Errorf(protocol.CodeNotFound, "this server keeps no ratings"))
		return
	}
	q := r.URL.Query()
	info, ok := s.games[q.Get("game")]
	if !ok {
		s.httpError(w, protocol.Errorf(protocol.CodeUnknownGame, "no game %q", q.Get("game")))
		return
	}
	players := 0
	if p := q.Get("players"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > maxSeats {
			s.httpError(w, protocol.Errorf(protocol.CodeBadRequest, "players %q: want 1..%d", p, maxSeats))
			return
		}
		players = n
	}
	opts, err := info.Check(game.Options{Variant: q.Get("variant"), Players: players})
	if err != nil {
		s.httpError(w, protocol.Errorf(protocol.CodeBadOption, "%v", err))
		return
	}
	key := store.RatingKey{Game: info.ID, Variant: opts.Variant, Players: opts.Players}
	leaders, err := rs.Leaderboard(r.Context(), key, rating.ProvisionalRD, leaderboardSize)
	if err != nil {
		s.httpError(w, err)
		return
	}
	out := protocol.Leaderboard{Game: key.Game, Variant: key.Variant, Players: key.Players, Leaders: []protocol.Leader{}}
	for i, l := range leaders {
		out.Leaders = append(out.Leaders, protocol.Leader{Rank: i + 1, Username: l.Name, Rating: l.Rating.Rating, RD: l.Rating.RD, Games: l.Rating.Games})
	}
	s.writeJSON(w, http.StatusOK, out)
}

// holderOf returns the account of the request's session as a seat's
// holder, nil without one.
func (s *Server) holderOf(w http.ResponseWriter, r *http.Request) (*holder, error) {
	if sessionToken(r) == "" || s.acct.st == nil {
		return nil, nil
	}
	se, err := s.sessionOf(w, r)
	if err != nil || se == nil {
		return nil, err
	}
	return &holder{account: se.a.ID, name: se.a.Name}, nil
}

// listNames returns the usernames holding the seats of listed matches, by
// match and seat, in one read; none when the store keeps none.
func (s *Server) listNames(ctx context.Context, ms []store.Match) (map[string]map[int]string, error) {
	rs := s.ratingStore()
	if rs == nil || len(ms) == 0 {
		return nil, nil
	}
	ids := make([]string, len(ms))
	for i, m := range ms {
		ids[i] = m.ID
	}
	names, err := rs.SeatNames(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("server: seat names: %w", err)
	}
	return names, nil
}
