package server

import (
	"fmt"
	"net/http"

	"github.com/tabula-games/tabula/internal/protocol"
)

// handlePositions answers GET /api/matches/{id}/positions: the position
// after every ply, replayed from the stored moves, for the web client's
// replay (the client never runs rules).
func (s *Server) handlePositions(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	sm, err := s.load(r.Context(), id)
	if err != nil {
		s.httpError(w, err)
		return
	}
	info, opts, m, moves, st := sm.info, sm.opts, sm.m, sm.moves, sm.start
	out := protocol.Positions{Summary: summary(info, m, nil), Options: opts.Values, Positions: make([]protocol.PlyPosition, 0, len(moves)+1)}
	out.Positions = append(out.Positions, protocol.PlyPosition{Seat: -1, Position: positionText(st, m), ToMove: int(st.ToMove())})
	out.Positions[0].Board = plyBoard(st, nil, 0)
	for _, mv := range moves {
		before := st
		m, err := st.ParseMove(mv.Text)
		if err == nil {
			st, err = st.Play(m)
		}
		if err != nil {
			s.httpError(w, fmt.Errorf("server: match %s ply %d: %w", id, mv.Ply, err))
			return
		}
		out.Positions = append(out.Positions, protocol.PlyPosition{
			Ply: mv.Ply, Move: mv.Text, Seat: mv.Seat, At: mv.At.UnixMilli(),
			Position: positionText(st, sm.m), ToMove: int(st.ToMove()), Board: plyBoard(st, before, m),
		})
	}
	s.writeJSON(w, http.StatusOK, out)
}
