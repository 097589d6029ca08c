package server

import (
	"context"
	"crypto/subtle"
	"errors"

	"github.com/tabula-games/tabula/internal/protocol"
)

// claimSeat returns the match's ID and the seat token holds in it (-1:
// none), for POST /api/account/claim. A match whose room runs here is
// asked; one another node of the cluster runs is read from the store,
// whose seat tokens are those the owner committed when the seat was
// taken (a seat's token never changes after), so a claim works on any
// node.
func (s *Server) claimSeat(ctx context.Context, match, token string) (string, int, error) {
	rm, err := s.room(ctx, match)
	if errors.Is(err, errOwnedElsewhere) {
		m, _, err := s.cfg.Store.Load(ctx, match)
		if err != nil {
			return "", -1, err
		}
		h := []byte(hashToken(token))
		for i, st := range m.Seats {
			if st.TokenHash != "" && subtle.ConstantTimeCompare(h, []byte(st.TokenHash)) == 1 {
				return m.ID, i, nil
			}
		}
		return m.ID, -1, nil
	}
	if err != nil {
		return "", -1, err
	}
	seat := -1
	if !rm.do(func() { seat = rm.seatOf(token) }) {
		return "", -1, protocol.Errorf(protocol.CodeUnavailable, "match %s has closed", rm.id)
	}
	return rm.id, seat, nil
}
