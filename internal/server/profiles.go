package server

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/tabula-games/tabula/internal/account"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/rating"
	"github.com/tabula-games/tabula/internal/store"
)

// Profiles and games archives (docs/protocol.md, "Ratings and profiles"):
// read-only views over the store's accounts, ratings and finished
// matches. The counting, filtering and paging are the store's queries.

const (
	// historyPoints is how many rated matches a rating's graph shows:
	// enough for a season's trend, small enough for one request.
	historyPoints = 100
	// archivePage is how many matches an archive page lists.
	archivePage = 25
	// maxCursorID bounds the match ID in an archive's after= (IDs are 12
	// characters; a longer one is no page of an archive).
	maxCursorID = 64
)

// profileAccount returns the account the path's {name} names.
func (s *Server) profileAccount(r *http.Request) (RatingStore, store.Account, error) {
	rs := s.ratingStore()
	if rs == nil {
		return nil, store.Account{}, protocol.Errorf(protocol.CodeNotFound, "this server keeps no profiles")
	}
	name := r.PathValue("name")
	a, err := rs.AccountByName(r.Context(), account.Canonical(name))
	if errors.Is(err, store.ErrNotFound) {
		return nil, a, protocol.Errorf(protocol.CodeNotFound, "no user %q", name)
	}
	return rs, a, err
}

// GET /api/users/{name}: an account's profile.
func (s *Server) handleUser(w http.ResponseWriter, r *http.Request) {
	rs, a, err := s.profileAccount(r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	ctx := r.Context()
	out := protocol.Profile{Username: a.Name, Created: a.Created.UnixMilli(), Ratings: []protocol.RatingInfo{},
		Tallies: []protocol.Tally{}, Recent: []protocol.PlayedMatch{}}
	ratings, err := rs.Ratings(ctx, a.ID)
	if err != nil {
		s.httpError(w, err)
		return
	}
	for _, rt := range ratings {
		info := protocol.RatingInfo{Game: rt.Key.Game, Variant: rt.Key.Variant, Players: rt.Key.Players,
			Rating: rt.Rating, RD: rt.RD, Provisional: rt.RD >= rating.ProvisionalRD, Games: rt.Games, History: []protocol.RatingPoint{}}
		hist, err := rs.RatingHistory(ctx, a.ID, rt.Key, historyPoints)
		if err != nil {
			s.httpError(w, err)
			return
		}
		for _, c := range hist {
			info.History = append(info.History, protocol.RatingPoint{Match: c.Match, At: c.At.UnixMilli(), Rating: c.After, RD: c.RD})
		}
		out.Ratings = append(out.Ratings, info)
	}
	tallies, err := rs.Tallies(ctx, a.ID)
	if err != nil {
		s.httpError(w, err)
		return
	}
	for _, t := range tallies {
		out.Tallies = append(out.Tallies, protocol.Tally{Game: t.Game, Wins: t.Wins, Draws: t.Draws, Losses: t.Losses})
		out.Wins += t.Wins
		out.Draws += t.Draws
		out.Losses += t.Losses
	}
	played, err := rs.PlayedMatches(ctx, a.ID, store.ArchiveFilter{Limit: profileMatches})
	if err != nil {
		s.httpError(w, err)
		return
	}
	for _, p := range played {
		out.Recent = append(out.Recent, s.playedWire(p))
	}
	s.writeJSON(w, http.StatusOK, out)
}

// playedWire is a played match as the profile and the archive show it.
func (s *Server) playedWire(p store.PlayedMatch) protocol.PlayedMatch {
	m := p.Match
	pm := protocol.PlayedMatch{ID: m.ID, Game: m.Game, Variant: m.Variant, Players: m.Players, Seat: p.Seat, Rated: m.Rated,
		Outcome: p.Outcome, Opponents: []protocol.Opponent{}, Ended: m.Updated.UnixMilli()}
	if info, ok := s.games[m.Game]; ok {
		pm.Result = wireResult(info, m)
	}
	for seat := range m.Players {
		if seat == p.Seat {
			continue
		}
		o := protocol.Opponent{Seat: seat}
		if seat < len(p.Names) {
			o.Username = p.Names[seat]
		}
		if seat < len(m.Seats) {
			o.Bot = m.Seats[seat].Bot
		}
		pm.Opponents = append(pm.Opponents, o)
	}
	if c := p.Change; c != nil {
		before, after := c.Before, c.After
		pm.RatingBefore, pm.RatingAfter = &before, &after
	}
	return pm
}

// GET /api/users/{name}/games?game=G&result=win|draw|loss&rated=true|false&after=CURSOR:
// a page of the account's finished matches, newest first; Next is the
// after= of the next page.
func (s *Server) handleArchive(w http.ResponseWriter, r *http.Request) {
	rs, a, err := s.profileAccount(r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	f, err := s.archiveFilter(r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	// One more than a page tells whether there is a next one.
	f.Limit = archivePage + 1
	played, err := rs.PlayedMatches(r.Context(), a.ID, f)
	if err != nil {
		s.httpError(w, err)
		return
	}
	out := protocol.Archive{Username: a.Name, Games: []protocol.PlayedMatch{}}
	if len(played) > archivePage {
		played = played[:archivePage]
		last := played[len(played)-1].Match
		out.Next = strconv.FormatInt(last.Updated.UnixMilli(), 10) + "." + last.ID
	}
	for _, p := range played {
		out.Games = append(out.Games, s.playedWire(p))
	}
	s.writeJSON(w, http.StatusOK, out)
}

// archiveFilter reads an archive request's query: every value checked,
// none passed on as text the store did not expect.
func (s *Server) archiveFilter(r *http.Request) (store.ArchiveFilter, error) {
	var f store.ArchiveFilter
	q := r.URL.Query()
	if g := q.Get("game"); g != "" {
		info, ok := s.games[g]
		if !ok {
			return f, protocol.Errorf(protocol.CodeUnknownGame, "no game %q", g)
		}
		f.Game = info.ID
	}
	switch res := q.Get("result"); res {
	case "":
	case protocol.OutcomeWin, protocol.OutcomeDraw, protocol.OutcomeLoss:
		f.Outcome = res
	default:
		return f, protocol.Errorf(protocol.CodeBadRequest, "result %q: want win, draw or loss", res)
	}
	switch rated := q.Get("rated"); rated {
	case "":
	case "true", "false":
		b := rated == "true"
		f.Rated = &b
	default:
		return f, protocol.Errorf(protocol.CodeBadRequest, "rated %q: want true or false", rated)
	}
	if after := q.Get("after"); after != "" {
		ms, id, ok := strings.Cut(after, ".")
		n, err := strconv.ParseInt(ms, 10, 64)
		if !ok || err != nil || id == "" || len(id) > maxCursorID {
			return f, protocol.Errorf(protocol.CodeBadRequest, "after %q: not a page of this archive", after)
		}
		f.After = &store.ArchiveCursor{Ended: time.UnixMilli(n).UTC(), ID: id}
	}
	return f, nil
}
