package server

import (
	"errors"
	"net/http"
	"slices"

	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// GET /api/account/turn: the account's live correspondence matches where
// one of its seats is to move, the nearest deadline first (the home
// page's "your turn" list). Reads at most maxAccountMatches matches.
func (s *Server) handleYourTurn(w http.ResponseWriter, r *http.Request) {
	se := s.needSession(w, r)
	if se == nil {
		return
	}
	refs, err := s.acct.st.AccountMatches(r.Context(), se.a.ID, maxAccountMatches)
	if err != nil {
		s.httpError(w, err)
		return
	}
	out := protocol.TurnList{Matches: []protocol.TurnMatch{}}
	var ms []store.Match
	var turns []protocol.TurnMatch
	for i := 0; i < len(refs); {
		id := refs[i].Match
		var seats []int
		for ; i < len(refs) && refs[i].Match == id; i++ {
			seats = append(seats, refs[i].Seat)
		}
		rm, err := s.room(r.Context(), id)
		if errors.Is(err, errOwnedElsewhere) { // cluster2: another node runs it: read the store (turnstore.go)
			ms, turns = s.addStoredTurn(r.Context(), id, seats, ms, turns)
			continue
		}
		if err != nil {
			continue // gone since it was listed
		}
		var m store.Match
		toMove, deadline := -1, int64(0)
		rm.do(func() {
			m = rm.m
			toMove = int(rm.st.ToMove())
			if t, ok := rm.clocks.Deadline(); ok {
				deadline = t.UnixMilli()
			}
		})
		if m.Status != store.StatusLive || m.TimeControl.Kind != clock.Correspondence || !slices.Contains(seats, toMove) {
			continue
		}
		ms = append(ms, m)
		turns = append(turns, protocol.TurnMatch{Seat: toMove, Deadline: deadline})
	}
	names, err := s.listNames(r.Context(), ms)
	if err != nil {
		s.httpError(w, err)
		return
	}
	for i, m := range ms {
		if info, ok := s.games[m.Game]; ok {
			turns[i].Match = summary(info, m, nameList(names[m.ID], m.Players))
			out.Matches = append(out.Matches, turns[i])
		}
	}
	slices.SortStableFunc(out.Matches, func(a, b protocol.TurnMatch) int {
		switch {
		case a.Deadline < b.Deadline:
			return -1
		case a.Deadline > b.Deadline:
			return 1
		}
		return 0
	})
	s.writeJSON(w, http.StatusOK, out)
}
