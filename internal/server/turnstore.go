package server

import (
	"context"
	"slices"

	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// storedTurn reads from the store what the "your turn" list needs of a
// match whose room runs on another node of the cluster: its row, the
// seat to move and the move's deadline (Unix milliseconds). In a
// correspondence match the running clock is the mover's, and the store
// holds the clock as of the last committed change, so the list is the
// same on every node.
func (s *Server) storedTurn(ctx context.Context, id string) (m store.Match, toMove int, deadline int64, err error) {
	m, _, err = s.cfg.Store.Load(ctx, id)
	if err != nil {
		return store.Match{}, -1, 0, err
	}
	if m.TimeControl.Kind != clock.Correspondence {
		return m, -1, 0, nil
	}
	c := clock.Clocks{Control: control(m.TimeControl), Remaining: m.Clock.Remaining, Running: m.Clock.Running, Since: m.Clock.Since}
	if t, ok := c.Deadline(); ok {
		deadline = t.UnixMilli()
	}
	return m, m.Clock.Running, deadline, nil
}

// addStoredTurn appends match id to the "your turn" list's matches and
// turns when one of seats is to move in it (read by storedTurn).
func (s *Server) addStoredTurn(ctx context.Context, id string, seats []int, ms []store.Match, turns []protocol.TurnMatch) ([]store.Match, []protocol.TurnMatch) {
	m, toMove, deadline, err := s.storedTurn(ctx, id)
	if err != nil || m.Status != store.StatusLive || m.TimeControl.Kind != clock.Correspondence || !slices.Contains(seats, toMove) {
		return ms, turns
	}
	return append(ms, m), append(turns, protocol.TurnMatch{Seat: toMove, Deadline: deadline})
}
